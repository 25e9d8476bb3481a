package fivecrowns

import (
	"math/bits"
)

// move is one way to place the lowest natural card of a set. It is kept
// small (20 bytes): every state copies its moves in and out of s.buf.
type move struct {
	set    uint32
	claim  uint32 // the state bit the lay-off uses up
	lo, hi int32  // wilds the meld takes, at least and at most
	kind   uint8  // moveKeep, moveDiscard or moveMeld
	run    bool   // the meld reads as a run
	out    int8   // the out meld laid off onto (at most 16), -1 for a meld of the hand's own
}

const (
	moveKeep uint8 = iota
	moveDiscard
	moveMeld
)

// moves calls f for every placement of the lowest card of state, in the
// order the rebuild tries them (see solve). f may solve other states.
func (s *solver) moves(state uint32, f func(move)) {
	start, end := s.placements(state, bits.TrailingZeros32(state&s.natBits))
	for i := start; i < end; i++ {
		f(s.buf[i]) // by index: solving a child may grow and move s.buf
	}
	s.done(start)
}

// placements returns where in s.buf the moves of card i of state are
// (see appendMoves); s.done(start) when they have been used. Without
// lay-offs they depend only on the cards of state that could meld with
// card i, so they are made once for each such set and kept for the
// solve: the programme meets the same card with the same companions in
// many sets (others differ in cards far from it), and the rebuild meets
// them all again.
func (s *solver) placements(state uint32, i int) (start, end int) {
	if len(s.out) > 0 {
		start = len(s.buf)
		s.appendMoves(state, i)
		return start, len(s.buf)
	}
	key := uint32(i)<<16 | state&s.partners[i] // natural cards: 16 at most
	if at, ok := s.known.get(key); ok {
		sp := s.spans[at]
		return int(sp.start), int(sp.end)
	}
	start = len(s.buf)
	s.appendMoves(state, i)
	s.known.set(key, int32(len(s.spans)))
	s.spans = append(s.spans, span{int32(start), int32(len(s.buf))})
	return start, len(s.buf)
}

// done releases the moves placements returned at start, when they are not
// kept (lay-offs depend on the whole state).
func (s *solver) done(start int) {
	if len(s.out) > 0 {
		s.buf = s.buf[:start]
	}
}

// span is a range of s.buf.
type span struct{ start, end int32 }

// appendMoves appends to s.buf every placement of card i of state that can
// lower a table: keep it, discard it, start a book or run with it, or lay
// it off. Card i must be the lowest of its suit in state (and the first
// of two copies), so that every run it is in starts with it. A book of k
// naturals needs 3-k wilds; one the hand has not the wilds for is left
// out, as it could never be chosen.
func (s *solver) appendMoves(state uint32, i int) {
	mask := state & s.natBits
	c := s.nat[i]
	bit := uint32(1) << i
	s.buf = append(s.buf, move{kind: moveKeep, set: bit, out: -1})
	if s.discard && !(s.isLocked && c == s.locked) {
		s.buf = append(s.buf, move{kind: moveDiscard, set: bit, out: -1})
	}
	if mask&s.partners[i] == 0 && len(s.out) == 0 {
		// No card left to meld with (most states of a random hand): only
		// the book of c and wilds.
		if 2 <= s.nWild {
			s.buf = append(s.buf, move{kind: moveMeld, set: bit, lo: 2, hi: int32(s.nWild), out: -1})
		}
		return
	}
	// Books: c with any copies of its rank still in mask, taking the first
	// remaining copy of a card before its twin.
	var sameAt [2*len(Suits) - 1]uint32 // bits of the other cards of c's rank
	same := sameAt[:0]
	for m := mask & s.ofRank[c.Rank] &^ bit; m != 0; m &= m - 1 {
		same = append(same, m&-m)
	}
	if len(same) == 0 { // the book of c alone (what books would give)
		if 2 <= s.nWild {
			s.buf = append(s.buf, move{kind: moveMeld, set: bit, lo: 2, hi: int32(s.nWild), out: -1})
		}
	} else {
		s.bookBuf = s.books(bit, 1, same, s.bookBuf[:0])
		for _, b := range s.bookBuf {
			if lo := max(0, 3-b.k); lo <= s.nWild {
				s.buf = append(s.buf, move{kind: moveMeld, set: b.set, lo: int32(lo), hi: int32(s.nWild), out: -1})
			}
		}
	}
	// Runs: c as the lowest natural with distinct higher ranks of its suit.
	var upAt [10]uint32 // one card of each higher rank of c's suit
	var upRankAt [10]int8
	up, upRank := upAt[:0], upRankAt[:0]
	last := c.Rank
	later := mask & s.suitAfter[i]
	if len(s.out) == 0 {
		// only the cards in reach: the others are in no run with c (with
		// out melds, one may bridge the gap)
		later &= s.partners[i]
	}
	for m := later; m != 0; m &= m - 1 {
		j := bits.TrailingZeros32(m)
		if d := s.nat[j]; d.Rank != last { // sorted: c's rank and twins come first
			up = append(up, 1<<j)
			upRank = append(upRank, int8(d.Rank-Three))
			last = d.Rank
		}
	}
	if len(up) > 0 { // c alone is no run
		low := int(c.Rank - Three)
		s.runs(bit, 1, low, low, 0, 0, up, upRank)
	}
	s.layOffs(state, c, bit, same, up, upRank)
}

// rankCache keeps a small number per set of ranks (bit r-3): the same ranks
// are laid off from many states.
type rankCache []int8

const unknown = -128

func newRankCache() rankCache {
	c := make(rankCache, 1<<11)
	for i := range c {
		c[i] = unknown
	}
	return c
}

func (c rankCache) get(ranks uint16, f func() int) int {
	if c[ranks] == unknown {
		c[ranks] = int8(f())
	}
	return int(c[ranks])
}

// ownNeed is the fewest wilds that make the k naturals of ranks laid (one
// suit) a meld of the hand's own: a run, or with one card a book. A lay-off
// that needs as many is skipped: the meld of its own is as good, absorbs as
// many wilds, and leaves the out meld free.
func (s *solver) ownNeed(laid uint16, k int) int {
	if k == 1 {
		return 2
	}
	span := bits.Len16(laid) - bits.TrailingZeros16(laid)
	if s.opts.RunsWrap {
		span = cyclicSpan(laid)
	}
	return max(span, 3) - k
}

// layOffs calls f for every lay-off that c starts under allowLayOff: onto a
// book of its rank alone (a book takes any number of cards, one at a time),
// or, with the cards of same (its rank) or up (its suit, higher) that go
// with it, onto an out meld not yet laid off onto.
func (s *solver) layOffs(state uint32, c Card, bit uint32, same, up []uint32, upRank []int8) {
	if len(s.out) == 0 {
		return
	}
	if j := s.bookOfRank[c.Rank]; j >= 0 {
		s.buf = append(s.buf, move{kind: moveMeld, set: bit, out: j})
	}
	for j, o := range s.out {
		claim := s.claimOf[j]
		if claim == 0 || state&claim != 0 {
			continue
		}
		if o.book && (o.rank == 0 || o.rank == c.Rank) {
			s.bookBuf = s.books(bit, 1, same, s.bookBuf[:0])
			for _, b := range s.bookBuf {
				if b.k < 3 { // three or more make a book of the hand's own, which is no worse
					s.buf = append(s.buf, move{kind: moveMeld, set: b.set, hi: int32(s.nWild), out: int8(j), claim: claim})
				}
			}
		}
		if o.run && (o.suit == NoSuit || o.suit == c.Suit) {
			room := 11 - o.size
			var try func(set uint32, laid uint16, k, from int)
			try = func(set uint32, laid uint16, k, from int) {
				// Prune when no more cards can bring the need within the wilds
				// held: each card added fills one missing rank at most.
				need := s.needs[j].get(laid, func() int { return o.runNeed(laid, s.opts) })
				if need < 0 || need-min(len(up)-from, room-k) > s.nWild {
					return
				}
				if need <= s.nWild && need < s.own.get(laid, func() int { return s.ownNeed(laid, k) }) {
					s.buf = append(s.buf, move{kind: moveMeld, set: set, lo: int32(need), hi: int32(min(room-k, s.nWild)), run: true, out: int8(j), claim: claim})
				}
				for u := from; u < len(up) && k < room; u++ {
					if b := uint16(1) << upRank[u]; o.ranks&b == 0 {
						try(set|up[u], laid|b, k+1, u+1)
					}
				}
			}
			if b := uint16(1) << (c.Rank - Three); o.ranks&b == 0 {
				try(bit, b, 1, 0)
			}
		}
	}
}

// bookPick is a book books found: its cards, and how many.
type bookPick struct {
	set uint32
	k   int
}

// books appends to out every book of set (k cards) with any of same, twins
// in order, and returns it.
func (s *solver) books(set uint32, k int, same []uint32, out []bookPick) []bookPick {
	if len(same) == 0 {
		return append(out, bookPick{set, k})
	}
	out = s.books(set|same[0], k+1, same[1:], out)
	// skipping a card: skip its twin too, so copies are taken in order
	rest := same[1:]
	if len(rest) > 0 && s.nat[bits.TrailingZeros32(rest[0])] == s.nat[bits.TrailingZeros32(same[0])] {
		rest = rest[1:]
	}
	return s.books(set, k, rest, out)
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
func (s *solver) runs(set uint32, k, low, last, gapSum, gapMax int, up []uint32, upRank []int8) {
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
			s.buf = append(s.buf, move{kind: moveMeld, set: set, lo: int32(lo), hi: int32(min(11-k, s.nWild)), run: true, out: -1})
		}
		return
	}
	gap := int(upRank[0]) - last - 1
	sum, widest := gapSum+gap, max(gapMax, gap)
	need := sum
	if s.opts.RunsWrap {
		need = sum - widest
	}
	if need <= s.nWild {
		s.runs(set|up[0], k+1, low, int(upRank[0]), sum, widest, up[1:], upRank[1:])
	} else if !s.opts.RunsWrap {
		// every later rank leaves a wider gap still
		s.runs(set, k, low, last, gapSum, gapMax, nil, nil)
		return
	}
	s.runs(set, k, low, last, gapSum, gapMax, up[1:], upRank[1:])
}
