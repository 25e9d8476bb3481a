package deflate

import (
	"encoding/binary"
	"math/bits"
	"sync"
)

const (
	tableBits = 14 // 16,384 positions, 64 KB
	tableSize = 1 << tableBits
	minMatch  = 4
	maxMatch  = 258
	window    = 32768
	// maxInput is the most one call codes with one table; longer input is
	// cut into pieces of this size (matches do not cross them).
	maxInput = 1 << 30
)

// state is the matcher's hash table: for each hash of 5 bytes, the last
// position that had it, plus off. off grows by each input's length, so the
// positions of an earlier input come out negative and are not used: the
// table is never cleared between calls.
type state struct {
	table [tableSize]int32
	off   int32
	count *Counts // the symbols are counted here, when not nil
}

var states = sync.Pool{New: func() any { return &state{off: 1} }}

// Counts are the symbols an encoding used: the input to Derive.
type Counts struct {
	Lit  [numLit]uint64
	Dist [numDist]uint64
}

// Append appends src, deflated, to dst and returns the extended slice.
// With final, the last block has BFINAL set and ends the stream. Without,
// the output ends on a byte boundary (an empty stored block after the
// data, as a sync flush writes), so that more blocks, of this package's
// or stored ones, can follow it. Input that the code would make larger
// (noise, another alphabet) is sent as stored blocks. Append allocates
// only when dst lacks the room.
func Append(dst, src []byte, final bool) []byte {
	for len(src) > maxInput {
		dst = encode(dst, src[:maxInput], false, nil)
		src = src[maxInput:]
	}
	return encode(dst, src, final, nil)
}

// Count adds the symbols that Append's coding of src uses to c.
func Count(src []byte, c *Counts) {
	encode(nil, src, true, c)
}

// emptyFinal is a final block of fixed codes holding only its end.
var emptyFinal = []byte{0x03, 0x00}

// emptyStored is a non-final stored block of no bytes.
var emptyStored = []byte{0, 0, 0, 0xff, 0xff}

func encode(dst, src []byte, final bool, c *Counts) []byte {
	if len(src) == 0 {
		if final {
			return append(dst, emptyFinal...)
		}
		return append(dst, emptyStored...)
	}
	start := len(dst)
	fin := 0
	if final {
		fin = 1
	}
	// out is written through n up to its length (the capacity), a word at
	// a time: the bytes past n are written over by the next word. acc
	// holds the nb bits not yet written, first bit lowest; nb is under 8
	// between codes.
	out := append(dst, header[fin]...)
	n := len(out)
	out = out[:cap(out)]
	acc, nb := headerTail[fin], headerTailLen

	st := states.Get().(*state)
	if int64(st.off)+int64(len(src)) >= 1<<31-1 {
		clear(st.table[:])
		st.off = 1
	}
	st.count = c
	// The loop reads 8 bytes at s: the last 7 bytes are never the start
	// of a match, and go as literals.
	s, emit := 0, 0
	for {
		var cand, l int
		if s, cand, l = st.find(src, s, emit); l == 0 {
			break
		}
		// The literals before it: each takes at most 15 bits, so room for
		// 2 bytes each, and a word, is enough.
		if need := n + 2*(s-emit) + 16; need > len(out) {
			out = grow(out, n, need)
		}
		if st.count != nil {
			for _, b := range src[emit:s] {
				st.count.Lit[b]++
			}
		}
		// Three codes at a time (at most 45 bits, with fewer than 8
		// already there), then the whole bytes are written.
		for ; emit+3 <= s; emit += 3 {
			v0, v1, v2 := litCode[src[emit]], litCode[src[emit+1]], litCode[src[emit+2]]
			acc |= uint64(v0>>8) << nb
			nb += uint(v0 & 0xff)
			acc |= uint64(v1>>8) << nb
			nb += uint(v1 & 0xff)
			acc |= uint64(v2>>8) << nb
			nb += uint(v2 & 0xff)
			binary.LittleEndian.PutUint64(out[n:], acc)
			n += int(nb >> 3)
			acc >>= nb &^ 7
			nb &= 7
		}
		for ; emit < s; emit++ {
			v := litCode[src[emit]]
			acc |= uint64(v>>8) << nb
			nb += uint(v & 0xff)
		}
		// The match: its length (with extra bits), then the distance's
		// code and its extra bits, at most 48 bits; one longer than 258
		// goes as several at the same distance.
		d := s - cand
		dv := distCode[distSym(d)]
		dbits := dv&0xffff | uint64(d-int(dv>>32))<<(dv>>16&0xff)
		dn := uint(dv >> 24 & 0xff)
		s += l
		emit = s
		for l > 0 {
			k := l
			if k > maxMatch {
				k = maxMatch
				if l-k < 3 { // what is left must be a match of 3 or more
					k = l - 3
				}
			}
			l -= k
			if n+16 > len(out) {
				out = grow(out, n, n+16)
			}
			v := lenCode[k]
			if nb+uint(v&0xff)+dn >= 64 { // after up to two literals
				binary.LittleEndian.PutUint64(out[n:], acc)
				n += int(nb >> 3)
				acc >>= nb &^ 7
				nb &= 7
			}
			acc |= uint64(v>>8) << nb
			nb += uint(v & 0xff)
			acc |= dbits << nb
			nb += dn
			if st.count != nil {
				st.count.Lit[257+int(lenSym[k])]++
				st.count.Dist[distSym(d)]++
			}
			binary.LittleEndian.PutUint64(out[n:], acc)
			n += int(nb >> 3)
			acc >>= nb &^ 7
			nb &= 7
		}
	}
	st.off += int32(len(src))
	st.count = nil
	states.Put(st)

	// The last literals, the end of the block and, for a part that is
	// not final, an empty stored block.
	out, n, acc, nb = putLiterals(out, n, acc, nb, src[emit:], c)
	if n+16 > len(out) {
		out = grow(out, n, n+16)
	}
	acc |= uint64(eobCode>>8) << nb
	nb += uint(eobCode & 0xff)
	if c != nil {
		c.Lit[eob]++
	}
	if !final {
		nb += 3 // an empty stored block: BFINAL 0, BTYPE 00, ...
	}
	binary.LittleEndian.PutUint64(out[n:], acc)
	n += int(nb+7) >> 3 // ... padded to the byte
	out = out[:n]
	if !final {
		out = append(out, 0, 0, 0xff, 0xff) // LEN 0, NLEN
	}
	if len(out)-start > storedSize(len(src)) {
		return appendStored(out[:start], src, final)
	}
	return out
}

// find looks for the next match from s on (emit is where the bytes not
// yet written start), and returns its start, the start of the earlier copy
// and its length; a length of 0 when there is none. The loop reads 8 bytes
// at s: the last 7 bytes are never the start of a match.
func (st *state) find(src []byte, s, emit int) (int, int, int) {
	table, off := &st.table, st.off
	for ; s <= len(src)-8; s += 1 + (s-emit)>>6 { // faster through what does not repeat
		cv := binary.LittleEndian.Uint64(src[s:])
		// The hash of 5 bytes: fewer candidates that match only 4, which
		// cost about what 4 literals do (5 and 6 measured; 5 is smaller).
		h := ((cv << 24) * 0x9e3779b97f4a7c15) >> (64 - tableBits)
		cand := int(table[h] - off)
		table[h] = int32(s) + off
		if uint(cand) >= uint(s) || s-cand > window { // none, or from an earlier input
			continue
		}
		x := binary.LittleEndian.Uint64(src[cand:]) ^ cv
		if uint32(x) != 0 {
			continue
		}
		// A match of at least 4 bytes: how long it is.
		if x != 0 {
			return s, cand, bits.TrailingZeros64(x) >> 3
		}
		return s, cand, 8 + matchLen(src[s+8:], src[cand+8:])
	}
	return s, 0, 0
}

// putLiterals writes the codes of lits into out at n, with acc holding
// nb < 8 bits, and returns the same, nb again under 8. Each literal takes
// at most 15 bits: room for 2 bytes per literal, and a word, is enough.
func putLiterals(out []byte, n int, acc uint64, nb uint, lits []byte, c *Counts) ([]byte, int, uint64, uint) {
	if need := n + 2*len(lits) + 16; need > len(out) {
		out = grow(out, n, need)
	}
	for _, b := range lits {
		if c != nil {
			c.Lit[b]++
		}
		v := litCode[b]
		acc |= uint64(v>>8) << nb
		nb += uint(v & 0xff)
		binary.LittleEndian.PutUint64(out[n:], acc)
		n += int(nb >> 3)
		acc >>= nb &^ 7
		nb &= 7
	}
	return out, n, acc, nb
}

// matchLen is how many bytes a and b have in common at their start, a
// being the later one (and not longer than b).
func matchLen(a, b []byte) int {
	n := 0
	for len(a) >= 8 {
		x := binary.LittleEndian.Uint64(a) ^ binary.LittleEndian.Uint64(b)
		if x != 0 {
			return n + bits.TrailingZeros64(x)>>3
		}
		a, b, n = a[8:], b[8:], n+8
	}
	for i := range a {
		if a[i] != b[i] {
			return n + i
		}
	}
	return n + len(a)
}

// grow returns a buffer of at least need bytes with out[:n] in it.
func grow(out []byte, n, need int) []byte {
	g := make([]byte, max(need, 2*len(out)))
	copy(g, out[:n])
	return g
}

// storedSize is the length of src sent as stored blocks.
func storedSize(n int) int {
	return n + 5*max(1, (n+0xffff-1)/0xffff)
}

// appendStored sends src as stored blocks of at most 65,535 bytes, the
// last one final if final.
func appendStored(dst, src []byte, final bool) []byte {
	for {
		k := min(len(src), 0xffff)
		last := byte(0)
		if final && k == len(src) {
			last = 1
		}
		dst = append(dst, last, byte(k), byte(k>>8), ^byte(k), ^byte(k>>8))
		dst = append(dst, src[:k]...)
		src = src[k:]
		if len(src) == 0 {
			return dst
		}
	}
}
