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

// state is the matcher's hash table: for each hash of 4 bytes, the last
// position that had it, plus off. off grows by each input's length, so the
// positions of an earlier input come out negative and are not used: the
// table is never cleared between calls.
type state struct {
	table [tableSize]int32
	off   int32
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
// data, as a sync flush writes, or stored blocks), so that more blocks, of this package's or
// stored ones, can follow it.
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
	// out is written through n up to its capacity: a word at a time, the
	// bits beyond n being overwritten by the next word.
	out := append(dst, header[fin]...)
	n := len(out)
	out = out[:cap(out)]
	acc, nb := headerTail[fin], headerTailLen

	st := states.Get().(*state)
	if int64(st.off)+int64(len(src)) >= 1<<31-1 {
		clear(st.table[:])
		st.off = 1
	}
	off := st.off
	table := &st.table

	// Each literal takes at most 15 bits, a match at most 48 for 4 bytes:
	// room for 2 bytes per input byte, and a word, is always enough.
	emitLiterals := func(lits []byte) {
		if need := n + 2*len(lits) + 16; need > len(out) {
			out = grow(out, n, need)
		}
		for _, b := range lits {
			v := litCode[b]
			acc |= uint64(v>>8) << nb
			nb += uint(v & 0xff)
			if c != nil {
				c.Lit[b]++
			}
			if nb >= 48 {
				binary.LittleEndian.PutUint64(out[n:], acc)
				n += 6
				acc >>= 48
				nb -= 48
			}
		}
		binary.LittleEndian.PutUint64(out[n:], acc) // fewer than 8 bits left over
		n += int(nb >> 3)
		acc >>= nb &^ 7
		nb &= 7
	}

	s, emit := 0, 0
	sLimit := len(src) - minMatch
	for s <= sLimit {
		cv := binary.LittleEndian.Uint32(src[s:])
		h := (cv * 0x9e3779b1) >> (32 - tableBits)
		cand := int(table[h] - off)
		table[h] = int32(s) + off
		if cand < 0 || s-cand > window || binary.LittleEndian.Uint32(src[cand:]) != cv {
			s += 1 + (s-emit)>>6 // step faster through what does not repeat
			continue
		}
		// A match: take in the bytes before it that match too.
		for cand > 0 && s > emit && src[cand-1] == src[s-1] {
			cand--
			s--
		}
		if s > emit {
			emitLiterals(src[emit:s])
		}
		l := minMatch + matchLen(src[s+minMatch:], src[cand+minMatch:])
		d := s - cand
		s += l
		emit = s
		if s-2 <= sLimit && s-2 > cand { // the table learns a position inside the match
			p := s - 2
			table[(binary.LittleEndian.Uint32(src[p:])*0x9e3779b1)>>(32-tableBits)] = int32(p) + off
		}
		ds := distSym(d)
		dv := distCode[ds]
		dbits := uint64(dv>>8) | uint64(d-int(distBase[ds]))<<(dv&0xff)
		dn := uint(dv&0xff) + uint(distExtra[ds])
		for l > 0 {
			k := l
			if k > maxMatch {
				k = maxMatch
				if l-k < 3 { // what is left must be a match of 3 or more
					k = l - 3
				}
			}
			l -= k
			if n+8 > len(out) {
				out = grow(out, n, n+8)
			}
			v := lenCode[k]
			acc |= uint64(v>>8) << nb
			nb += uint(v & 0xff)
			acc |= dbits << nb
			nb += dn
			if c != nil {
				c.Lit[257+int(lenSym[k])]++
				c.Dist[ds]++
			}
			binary.LittleEndian.PutUint64(out[n:], acc)
			n += int(nb >> 3)
			acc >>= nb &^ 7
			nb &= 7
		}
	}
	emitLiterals(src[emit:])
	st.off = off + int32(len(src))
	states.Put(st)

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

// grow returns a buffer of at least need bytes with out[:n] in it.
func grow(out []byte, n, need int) []byte {
	g := make([]byte, max(need, 2*len(out)))
	copy(g, out[:n])
	return g
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
