package fivecrowns

import (
	"math/bits"
	"slices"
)

// Solution is the best lay-down of a hand: the lowest penalty it can keep.
type Solution struct {
	Melds    [][]Card // each a valid meld, runs in rank order with their wilds in place
	Leftover []Card   // the cards kept, scoring against the player
	Discard  *Card    // the card to discard, for a hand just after drawing
	Penalty  int      // the sum of the leftover's values: the minimum possible
	CanGoOut bool     // every card but the discard is melded
}

// Solve finds the lay-down of hand with the lowest penalty in round under
// opts. A hand of round+3 cards is a hand just after drawing: one card must
// be discarded (it does not count), unless the whole hand melds and the house
// rule goOutWithoutDiscard is on; the best discard is part of the answer. Any
// other size is scored as it is, every card either melded or kept. The answer
// is exact for every hand; cards must be valid and the hand hold at most 16
// natural (non-wild) cards.
//
// How: wild cards are interchangeable inside melds, so only their number
// matters there, and the ones kept should be the cheapest (a wild of the
// round's rank, 20, before a joker, 50). The natural cards are split by a
// dynamic programme over the set still to place, taking its lowest card each
// time: it is kept, discarded, or starts the book or run it belongs to. Each
// set's answer is a table over the number of wilds the melds absorb, so the
// wild count is chosen exactly at the end.
func Solve(round int, hand []Card, opts Options) Solution {
	s := newSolver(round, hand, opts, len(hand) == CardsDealt(round)+1)
	return s.solve()
}

const inf = 1 << 20

type solver struct {
	round    int
	opts     Options
	discard  bool   // the hand must discard one card
	nat      []Card // natural cards, sorted by suit then rank
	wilds    []Card // wild cards, jokers first
	nWild    int
	rankWild int // how many wilds are of the round's rank (value 20)
	width    int // nWild+1: one table entry per number of wilds absorbed
	layers   int // 2 when a discard is owed (layer 1: not yet made)
	memo     map[uint32]int32
	slab     []int32
}

func newSolver(round int, hand []Card, opts Options, discard bool) *solver {
	s := &solver{round: round, opts: opts, discard: discard, layers: 1}
	for _, c := range hand {
		if c.IsWild(round) {
			s.wilds = append(s.wilds, c)
		} else {
			s.nat = append(s.nat, c)
		}
	}
	slices.SortFunc(s.nat, func(a, b Card) int { return a.Index() - b.Index() })
	slices.SortFunc(s.wilds, func(a, b Card) int { return b.Value(round) - a.Value(round) })
	s.nWild = len(s.wilds)
	for _, w := range s.wilds {
		if !w.IsJoker() {
			s.rankWild++
		}
	}
	s.width = s.nWild + 1
	if discard {
		s.layers = 2
	}
	s.memo = make(map[uint32]int32, 4*len(s.nat)+4)
	return s
}

// keepCost is the value of the k cheapest wilds.
func (s *solver) keepCost(k int) int {
	r := min(k, s.rankWild)
	return r*WildRankValue + (k-r)*JokerValue
}

// move is one way to place the lowest natural card of a set.
type move struct {
	kind   uint8 // moveKeep, moveDiscard or moveMeld
	set    uint32
	lo, hi int // wilds the meld takes, at least and at most
	run    bool
}

const (
	moveKeep uint8 = iota
	moveDiscard
	moveMeld
)

// moves calls f for every placement of the lowest card of mask.
func (s *solver) moves(mask uint32, f func(move)) {
	i := bits.TrailingZeros32(mask)
	c := s.nat[i]
	bit := uint32(1) << i
	f(move{kind: moveKeep, set: bit})
	if s.discard {
		f(move{kind: moveDiscard, set: bit})
	}
	// Books: c with any copies of its rank still in mask, taking the first
	// remaining copy of a card before its twin.
	var same []uint32 // positions of same-rank cards after c
	for j := i + 1; j < len(s.nat); j++ {
		if mask&(1<<j) != 0 && s.nat[j].Rank == c.Rank {
			same = append(same, 1<<j)
		}
	}
	s.books(bit, 1, same, f)
	// Runs: c as the lowest natural with distinct higher ranks of its suit.
	var up []uint32
	var upRank []int
	last := Rank(0)
	for j := i + 1; j < len(s.nat); j++ {
		d := s.nat[j]
		if d.Suit != c.Suit {
			break
		}
		if mask&(1<<j) != 0 && d.Rank != c.Rank && d.Rank != last {
			up = append(up, 1<<j)
			upRank = append(upRank, int(d.Rank-Three))
			last = d.Rank
		}
	}
	low := int(c.Rank - Three)
	s.runs(bit, 1, low, low, 0, 0, up, upRank, f)
}

func (s *solver) books(set uint32, k int, same []uint32, f func(move)) {
	if len(same) == 0 {
		f(move{kind: moveMeld, set: set, lo: max(0, 3-k), hi: s.nWild})
		return
	}
	s.books(set|same[0], k+1, same[1:], f)
	// skipping a card: skip its twin too, so copies are taken in order
	rest := same[1:]
	if len(rest) > 0 && s.nat[bits.TrailingZeros32(rest[0])] == s.nat[bits.TrailingZeros32(same[0])] {
		rest = rest[1:]
	}
	s.books(set, k, rest, f)
}

// runs builds the runs whose lowest natural is the card at set, one card at
// a time in rank order: each higher rank of the suit still in the mask is
// taken or passed over. The ranks chosen so far are summed up by the lowest
// (low) and last rank taken, k the cards, and the gaps between them: gapSum
// the missing ranks inside, gapMax the widest gap. A gap inside the chosen
// ranks is never filled by a later card (later cards are higher), so a run
// needs at least gapSum wilds, or, when runs wrap, gapSum − gapMax (the
// widest gap may become the way round). A branch that needs more wilds
// than the hand holds is cut at once instead of at its leaves.
func (s *solver) runs(set uint32, k, low, last, gapSum, gapMax int, up []uint32, upRank []int, f func(move)) {
	if len(up) == 0 {
		if k < 2 { // one natural and wilds reads better, and no worse, as a book
			return
		}
		span := last - low + 1
		if s.opts.RunsWrap {
			span = 11 - max(gapMax, 11-span) // the widest gap, inside or round the top, is left out
		}
		lo := max(span, 3) - k
		if lo <= s.nWild {
			f(move{kind: moveMeld, set: set, lo: lo, hi: min(11-k, s.nWild), run: true})
		}
		return
	}
	gap := upRank[0] - last - 1
	sum, widest := gapSum+gap, max(gapMax, gap)
	need := sum
	if s.opts.RunsWrap {
		need = sum - widest
	}
	if need <= s.nWild {
		s.runs(set|up[0], k+1, low, upRank[0], sum, widest, up[1:], upRank[1:], f)
	} else if !s.opts.RunsWrap {
		// every later rank leaves a wider gap still
		s.runs(set, k, low, last, gapSum, gapMax, nil, nil, f)
		return
	}
	s.runs(set, k, low, last, gapSum, gapMax, up[1:], upRank[1:], f)
}

// table returns the offset in slab of mask's table: entry [t] is the least
// value of the natural cards kept when the melds absorb exactly t wilds and
// no natural card is discarded; entry [width+t] (hands that owe a discard)
// the same when one natural card of mask is discarded.
func (s *solver) table(mask uint32) int32 {
	if off, ok := s.memo[mask]; ok {
		return off
	}
	off := int32(len(s.slab))
	for range s.layers * s.width {
		s.slab = append(s.slab, inf)
	}
	if mask == 0 {
		// Layer 1 stays infinite: a discard still owed here must be a wild,
		// which finish charges at the top.
		for t := range s.width {
			if t == 0 || (s.opts.MinNaturals == 0 && t >= 3) {
				s.slab[int(off)+t] = 0 // extra wilds form one all-wild book
			}
		}
		s.memo[mask] = off
		return off
	}
	s.moves(mask, func(m move) {
		child := s.table(mask &^ m.set)
		s.relax(off, child, mask, m)
	})
	s.memo[mask] = off
	return off
}

// relax improves table off with move m onto table child.
func (s *solver) relax(off, child int32, mask uint32, m move) {
	w := s.width
	switch m.kind {
	case moveKeep:
		v := int32(s.nat[bits.TrailingZeros32(mask)].Value(s.round))
		for e := range s.layers * w {
			s.slab[int(off)+e] = min(s.slab[int(off)+e], s.slab[int(child)+e]+v)
		}
	case moveDiscard:
		for t := range w {
			s.slab[int(off)+w+t] = min(s.slab[int(off)+w+t], s.slab[int(child)+t])
		}
	case moveMeld:
		for d := range s.layers {
			for t := m.lo; t < w; t++ {
				best := s.slab[int(off)+d*w+t]
				for j := m.lo; j <= min(m.hi, t); j++ {
					best = min(best, s.slab[int(child)+d*w+t-j])
				}
				s.slab[int(off)+d*w+t] = best
			}
		}
	}
}

// finish is the total penalty of a root table entry: nat for the naturals
// kept, when the melds absorb t wilds; layer is 1 when a natural card was
// discarded, 0 when none was (then a hand that owes a discard throws a spare
// wild, or melds everything under goOutWithoutDiscard).
func (s *solver) finish(nat int32, t, layer int) int {
	if nat >= inf {
		return inf
	}
	spare := s.nWild - t
	if s.discard && layer == 0 {
		if spare == 0 {
			if s.opts.GoOutWithoutDiscard && nat == 0 {
				return 0
			}
			return inf
		}
		spare-- // the discard is a spare wild
	}
	return int(nat) + s.keepCost(spare)
}
