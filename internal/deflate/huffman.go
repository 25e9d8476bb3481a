package deflate

import (
	"math/bits"
	"sort"
)

// lengthsOf returns Huffman code lengths for the counts, none longer than
// limit: every count must be at least 1 (every symbol gets a code). When
// the optimal code is too deep, the counts are halved (rounding up, so
// none reaches 0) and the code built again, which flattens it; this runs
// once per table, not per page.
func lengthsOf(counts []uint64, limit int) []uint8 {
	w := append([]uint64(nil), counts...)
	for {
		l := huffmanLengths(w)
		if maxOf(l) <= limit {
			return l
		}
		for i := range w {
			w[i] = (w[i] + 1) / 2
		}
	}
}

func maxOf(l []uint8) int {
	m := 0
	for _, v := range l {
		m = max(m, int(v))
	}
	return m
}

// huffmanLengths is the textbook construction: merge the two lightest
// nodes until one is left; a symbol's length is its leaf's depth. Ties are
// broken by symbol order, so the result does not depend on the sort.
func huffmanLengths(w []uint64) []uint8 {
	n := len(w)
	out := make([]uint8, n)
	if n == 1 {
		out[0] = 1
		return out
	}
	type node struct {
		w      uint64
		id     int // leaves 0..n-1, then the merged nodes
		parent int
	}
	nodes := make([]node, n, 2*n)
	for i := range w {
		nodes[i] = node{w: w[i], id: i, parent: -1}
	}
	queue := make([]int, n)
	for i := range queue {
		queue[i] = i
	}
	less := func(a, b int) bool {
		if nodes[a].w != nodes[b].w {
			return nodes[a].w < nodes[b].w
		}
		return nodes[a].id < nodes[b].id
	}
	for len(queue) > 1 {
		sort.Slice(queue, func(i, j int) bool { return less(queue[i], queue[j]) })
		a, b := queue[0], queue[1]
		id := len(nodes)
		nodes = append(nodes, node{w: nodes[a].w + nodes[b].w, id: id, parent: -1})
		nodes[a].parent, nodes[b].parent = id, id
		queue = append(queue[2:], id)
	}
	for i := range n {
		d := 0
		for p := nodes[i].parent; p >= 0; p = nodes[p].parent {
			d++
		}
		out[i] = uint8(d)
	}
	return out
}

// canonical gives each symbol its canonical code (RFC 1951 §3.2.2) for the
// lengths, bit-reversed, since deflate sends a code's first bit first and
// the bit writer fills a word from its low end. A length of 0 gets no code.
func canonical(lengths []uint8) []uint16 {
	var count [16]int
	for _, l := range lengths {
		count[l]++
	}
	count[0] = 0
	var next [16]int
	code := 0
	for l := 1; l < 16; l++ {
		code = (code + count[l-1]) << 1
		next[l] = code
	}
	out := make([]uint16, len(lengths))
	for i, l := range lengths {
		if l == 0 {
			continue
		}
		out[i] = bits.Reverse16(uint16(next[l])) >> (16 - l)
		next[l]++
	}
	return out
}

// complete tells whether the lengths make a complete prefix code: every
// code used, none a prefix of another (Kraft's sum is exactly 1).
func complete(lengths []uint8, limit int) bool {
	sum := 0
	for _, l := range lengths {
		if l == 0 || int(l) > limit {
			return false
		}
		sum += 1 << (limit - int(l))
	}
	return sum == 1<<limit
}
