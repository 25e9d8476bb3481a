package handlers

import (
	"math/bits"

	"github.com/tablekeeper/tablekeeper/scoring/standings"
)

// nightGrid is what a rating chart needs of its players besides their
// points, taken from the ledger (Ledger.Nights), which keeps it as matches
// are folded: no request reads every point of ten years to find it.
//   - nights: every night a charted player played, in order, as Unix times
//     of their midnights;
//   - day: each of those nights' place among all the filter's nights, and
//     for each player a bit set on the places it played;
//   - best: each player's best rating.
type nightGrid struct {
	nights []int64
	day    []int
	stride int      // words of bits per player
	bits   []uint64 // player i's places are bits[i*stride:(i+1)*stride]
	best   []float64
}

// gridOfNights is the grid of the players of played (as Ledger.Nights gives
// them) over the filter's nights: the nights none of them played are left
// out of the chart.
func gridOfNights(nights []int64, played []standings.PlayerNights) nightGrid {
	g := nightGrid{stride: (len(nights) + 63) / 64, best: make([]float64, len(played))}
	g.bits = make([]uint64, len(played)*g.stride)
	anyone := make([]uint64, g.stride)
	for i, pn := range played {
		copy(g.bits[i*g.stride:(i+1)*g.stride], pn.Bits)
		for k, w := range pn.Bits[:min(len(pn.Bits), g.stride)] {
			anyone[k] |= w
		}
		g.best[i] = pn.Best
	}
	n := 0
	for _, w := range anyone {
		n += bits.OnesCount64(w)
	}
	g.nights, g.day = make([]int64, 0, n), make([]int, 0, n)
	for k, w := range anyone {
		for ; w != 0; w &= w - 1 {
			d := k*64 + bits.TrailingZeros64(w)
			g.nights, g.day = append(g.nights, nights[d]), append(g.day, d)
		}
	}
	return g
}

// count is how many of the places [from, to) player i played.
func (g *nightGrid) count(i, from, to int) int {
	w := g.bits[i*g.stride : (i+1)*g.stride]
	n := 0
	for from < to {
		word, lo := from/64, from%64
		hi := min(64, lo+to-from)
		mask := ^uint64(0) >> (64 - (hi - lo)) << lo
		n += bits.OnesCount64(w[word] & mask)
		from += hi - lo
	}
	return n
}
