package deflate

import "math/bits"

// The fixed part of every block, built once from the generated code
// lengths (table.go): the block header and the codes packed for the
// encoder. A packed code is its bits (first bit lowest) shifted left by 8,
// or'ed with its length in bits.

const (
	numLit  = 286 // literal/length symbols: bytes, end of block, 29 lengths
	numDist = 30
	eob     = 256
)

// lengthBase and lengthExtra are RFC 1951 §3.2.5's table for symbols 257–285.
var lengthBase = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
	35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
var lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
	3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}

// distBase and distExtra are the same for the 30 distance symbols.
var distBase = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
	257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
var distExtra = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
	7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}

var (
	litCode [256]uint32 // a byte's packed code
	eobCode uint32
	// lenCode is a match length's packed code with its extra bits
	// (at most 15+5 bits), for lengths 3–258.
	lenCode [259]uint32
	lenSym  [259]uint8 // a length's symbol minus 257, for the counts
	// distCode is a distance symbol's code (bits 0–15), its length (16–23),
	// its length with the extra bits (24–31) and its base distance (32–):
	// the extra bits are the distance minus the base, put after the code.
	distCode [numDist]uint64

	// header is the dynamic block header for the code, final or not (they
	// differ in the first bit): headerBytes whole bytes, then headerTail
	// bits (headerTailLen of them) that the encoder carries on.
	header        [2][]byte
	headerTail    [2]uint64
	headerTailLen uint
)

func init() {
	lc := canonical(litLengths[:])
	for b := range 256 {
		litCode[b] = uint32(lc[b])<<8 | uint32(litLengths[b])
	}
	eobCode = uint32(lc[eob])<<8 | uint32(litLengths[eob])
	sym := 0
	for l := 3; l <= 258; l++ {
		for sym+1 < 29 && int(lengthBase[sym+1]) <= l {
			sym++
		}
		n := uint32(litLengths[257+sym])
		extra := uint32(l - int(lengthBase[sym]))
		lenCode[l] = (uint32(lc[257+sym])|extra<<n)<<8 | (n + uint32(lengthExtra[sym]))
		lenSym[l] = uint8(sym)
	}
	dc := canonical(distLengths[:])
	for s := range numDist {
		distCode[s] = uint64(dc[s]) | uint64(distLengths[s])<<16 |
			uint64(distLengths[s]+distExtra[s])<<24 | uint64(distBase[s])<<32
	}
	for final := range 2 {
		var w headerWriter
		w.write(uint64(final), 1)
		w.write(2, 2) // BTYPE 10: dynamic Huffman codes
		w.codeLengths(litLengths[:], distLengths[:])
		header[final] = w.out
		headerTail[final], headerTailLen = w.acc, w.n
	}
}

// distSym is the symbol of a distance 1–32768: from 5 on, two symbols
// for each power of two (RFC 1951 §3.2.5), told by the bit under the top
// one. Computed, not looked up behind a test of the distance's size, which
// the processor would guess wrong often.
func distSym(d int) int {
	dm := uint(d - 1)
	l := uint(bits.Len(dm | 2)) // at least 2
	sym := 2*(l-1) + (dm>>(l-2))&1
	if dm < 4 {
		sym = dm
	}
	return int(sym)
}

// headerWriter writes bits first-bit-lowest, for the header (once).
type headerWriter struct {
	out []byte
	acc uint64
	n   uint
}

func (w *headerWriter) write(v uint64, n uint) {
	w.acc |= v << w.n
	w.n += n
	for w.n >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.n -= 8
	}
}

// clOrder is the order in which the code-length code's lengths are sent.
var clOrder = [19]int{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// codeLengths writes HLIT, HDIST, HCLEN, the code-length code and the
// literal/length and distance code lengths, run-length coded (RFC 1951
// §3.2.7): a length, then "repeat the previous 3–6 times" (16) while it
// repeats, or runs of zeros (17, 18).
func (w *headerWriter) codeLengths(lit, dist []uint8) {
	all := append(append([]uint8(nil), lit...), dist...)
	type op struct {
		sym   int
		extra uint64
		n     uint
	}
	var ops []op
	for i := 0; i < len(all); {
		v, run := all[i], 1
		for i+run < len(all) && all[i+run] == v {
			run++
		}
		i += run
		if v == 0 {
			for run >= 11 {
				r := min(run, 138)
				ops, run = append(ops, op{18, uint64(r - 11), 7}), run-r
			}
			if run >= 3 {
				ops, run = append(ops, op{17, uint64(run - 3), 3}), 0
			}
		} else {
			ops, run = append(ops, op{int(v), 0, 0}), run-1
			for run >= 3 {
				r := min(run, 6)
				ops, run = append(ops, op{16, uint64(r - 3), 2}), run-r
			}
		}
		for ; run > 0; run-- {
			ops = append(ops, op{int(v), 0, 0})
		}
	}
	var count [19]uint64
	for _, o := range ops {
		count[o.sym]++
	}
	var used []int
	for s, c := range count {
		if c > 0 {
			used = append(used, s)
		}
	}
	if len(used) == 1 { // a one-symbol code is not complete: add a second
		used = append(used, (used[0]+1)%19)
	}
	sub := make([]uint64, len(used))
	for i, s := range used {
		sub[i] = max(count[s], 1)
	}
	var cl [19]uint8
	for i, l := range lengthsOf(sub, 7) {
		cl[used[i]] = l
	}
	codes := canonical(cl[:])
	hclen := 19
	for hclen > 4 && cl[clOrder[hclen-1]] == 0 {
		hclen--
	}
	w.write(uint64(len(lit)-257), 5)
	w.write(uint64(len(dist)-1), 5)
	w.write(uint64(hclen-4), 4)
	for _, s := range clOrder[:hclen] {
		w.write(uint64(cl[s]), 3)
	}
	for _, o := range ops {
		w.write(uint64(codes[o.sym]), uint(cl[o.sym]))
		w.write(o.extra, o.n)
	}
}
