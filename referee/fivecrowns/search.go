package fivecrowns

import (
	"math/bits"
	"slices"
)

// table returns the offset in slab of state's table: entry [t] is the least
// value of the natural cards kept when the melds and lay-offs absorb exactly
// t wilds and no natural card is discarded; entry [width+t] (hands that owe
// a discard) the same when one natural card of state is discarded. The
// direct memo is asked here, without a call: most tables asked for are
// known already.
func (s *solver) table(state uint32) int32 {
	if s.memo.direct {
		if e := s.memo.stamped[state]; e>>32 == s.memo.stamp {
			return int32(uint32(e))
		}
		return s.solveState(state)
	}
	return s.lookUp(state)
}

// lookUp is table with a hash or dense memo.
func (s *solver) lookUp(state uint32) int32 {
	if off, ok := s.memo.get(state); ok {
		return off
	}
	return s.solveState(state)
}

// solveState works out the table of state, not yet known.
func (s *solver) solveState(state uint32) int32 {
	var i int
	if state&s.natBits != 0 {
		i = s.branchCard(state)
		if state&s.partners[i] == 0 && len(s.out) == 0 {
			return s.solveLone(state, i)
		}
	}
	off := int32(len(s.slab))
	n := s.layers * s.width
	if cap(s.slab)-len(s.slab) < n {
		s.slab = slices.Grow(s.slab, n)
	}
	s.slab = s.slab[:int(off)+n]
	if state&s.natBits == 0 {
		// Layer 1 stays infinite: a discard still owed here must be a wild,
		// which finish charges at the top.
		room := s.wildRoom(state)
		for t := range n {
			s.slab[int(off)+t] = inf
			if t < s.width && (t <= room || (s.opts.MinNaturals == 0 && t >= 3)) {
				s.slab[int(off)+t] = 0 // extra wilds form one all-wild book, or are laid off
			}
		}
		s.memo.set(state, off)
		return off
	}
	start, end := s.placements(state, i)
	// The first move keeps the card (see appendMoves) and is never skipped:
	// it writes every entry, so the table need not be filled first.
	bit := uint32(1) << i                           // keep: always the first move, with no claim
	rest := s.table(s.after(state, move{set: bit})) // the set without the card
	s.keep(off, rest, bit)
	for i := start + 1; i < end; i++ {
		m := s.buf[i] // a copy: solving the child may grow and move s.buf
		if m.kind == moveMeld && s.slab[int(off)+int(m.lo)] == 0 && s.settled(off, int(m.lo)) {
			// Nothing is cheaper than keeping no natural card: the meld
			// cannot improve the table, and its child need not be solved.
			// The table is the same either way; the rebuild solves the
			// children it needs (see solve).
			continue
		}
		child := rest // the discard, the card alone with wilds
		if m.set != bit || m.claim != 0 {
			child = s.table(s.after(state, m))
		}
		s.relax(off, child, state, &m)
	}
	s.done(start)
	s.memo.set(state, off)
	return off
}

// solveLone works out the table of state, whose card i has no card left
// to meld with, and those of the sets below it whose card has none either
// (most sets of a random hand): from the first set below them that is known
// or has a meld, up, in a loop rather than one call each.
func (s *solver) solveLone(state uint32, i int) int32 {
	var chainAt [32]uint32 // the sets, and their cards
	var cardAt [32]uint8
	k := 0
	next := state
	for {
		chainAt[k], cardAt[k] = next, uint8(i)
		k++
		next &^= 1 << i
		if next&s.natBits == 0 {
			break
		}
		if _, ok := s.memo.get(next); ok {
			break
		}
		if i = s.branchCard(next); next&s.partners[i] != 0 {
			break
		}
	}
	rest := s.table(next)
	// Then each set from rest, its card alone (see appendMoves): kept,
	// discarded, or made a book with two wilds or more, each leading to the
	// set below. The slab is grown once for all of them.
	w := s.width
	n := s.layers * w
	if cap(s.slab)-len(s.slab) < k*n {
		s.slab = slices.Grow(s.slab, k*n)
	}
	off := len(s.slab)
	slab := s.slab[:off+k*n]
	s.slab = slab
	for j := k - 1; j >= 0; j-- {
		i := int(cardAt[j])
		row := slab[off : off+n]
		from := slab[rest : int(rest)+n]
		from = from[:len(row)]
		v := s.val[i]
		for e := range row {
			row[e] = from[e] + v // an entry inf or more stays infinite (see inf)
		}
		if s.discard && !(s.isLocked && s.nat[i] == s.locked) {
			for t := range w {
				row[w+t] = min(row[w+t], from[t])
			}
		}
		if w > 2 { // the book: entry t is the least of from[0 … t-2]
			for d := 0; d < n; d += w {
				best := int32(inf)
				for t := d + 2; t < d+w; t++ {
					best = min(best, from[t-2])
					row[t] = min(row[t], best)
				}
			}
		}
		s.memo.set(chainAt[j], int32(off))
		rest = int32(off)
		off += n
	}
	return rest
}

// branchCard is the card of state whose placements the programme tries.
// A table is the best of all placements of its set of cards, whatever card
// is placed first, so any card that is the lowest of its suit (and the
// first of two copies) gives the same tables as the rebuild's order (the
// lowest card of the first suit, see moves): every run it is in starts
// with it. Which one changes only how many sets the programme meets. By
// suit, a book takes cards from later suits, and the sets grow with them;
// by rank (the lowest card of the lowest rank), books are decided early but
// runs cross the ranks. Hands rich in books (the pair family of issue 19:
// up to 1,254 sets by suit, 404 by rank) go by rank, when bookRich and
// frontier say so (see newSolver).
//
// With lay-offs the first suit always goes first, as in the rebuild: runs
// open at both ends of two out melds make more sets the other way.
func (s *solver) branchCard(state uint32) int {
	if !s.rankMajor {
		return bits.TrailingZeros32(state & s.natBits)
	}
	for _, m := range s.ofRank[Three:] {
		if m&state != 0 {
			return bits.TrailingZeros32(m & state)
		}
	}
	panic("fivecrowns: no natural card left to place")
}

// settled reports whether every entry of table off for lo wilds or more,
// in every layer, is already 0, the least any entry can be. The caller
// looks at entry lo first (a meld's lo is nWild at most, so it is in the
// table): it is nearly always not 0, and the call is saved.
func (s *solver) settled(off int32, lo int) bool {
	w := s.width
	row := s.slab[off : int(off)+s.layers*w]
	for d := 0; d < len(row); d += w {
		for t := d + lo; t < d+w; t++ {
			if row[t] != 0 {
				return false
			}
		}
	}
	return true
}

// wildRoom is how many wilds alone can still be laid off onto the out melds
// of state not yet laid off onto: any number onto one that reads as a book,
// up to 11 cards onto a run.
func (s *solver) wildRoom(state uint32) int {
	if s.roomToSpare {
		return s.nWild
	}
	room := 0
	for j, o := range s.out {
		switch {
		case state&s.claimOf[j] != 0:
		case o.book:
			return s.nWild
		default:
			room += 11 - o.size
		}
	}
	return room
}

// keep writes table off from table child, where the state's card (bit)
// is kept: each entry is the child's plus the card's value.
func (s *solver) keep(off, child int32, bit uint32) {
	n := s.layers * s.width
	row := s.slab[off : int(off)+n]
	from := s.slab[child : int(child)+n]
	v := s.val[bits.TrailingZeros32(bit)]
	for e, x := range from {
		row[e] = x + v // an entry inf or more stays infinite (see inf)
	}
}

// relax improves table off with move m onto table child (m is not the
// move that keeps the card: see keep).
func (s *solver) relax(off, child int32, state uint32, m *move) {
	w := s.width
	n := s.layers * w
	row := s.slab[off : int(off)+n]
	from := s.slab[child : int(child)+n]
	switch m.kind {
	case moveDiscard:
		for t := range w {
			row[w+t] = min(row[w+t], from[t])
		}
	case moveMeld:
		lo, hi := int(m.lo), int(m.hi)
		if hi >= w-1 {
			// The meld may take any number of wilds from lo up (nearly every
			// meld: hi is all the wilds held): entry t is the least of
			// from[0 … t-lo], a running minimum.
			for d := 0; d < n; d += w {
				best := int32(inf)
				for t := d + lo; t < d+w; t++ {
					best = min(best, from[t-lo])
					row[t] = min(row[t], best)
				}
			}
			return
		}
		for d := 0; d < n; d += w {
			row, from := row[d:d+w], from[d:d+w]
			for t := lo; t < w; t++ {
				best := row[t]
				for _, v := range from[t-min(hi, t) : t-lo+1] {
					best = min(best, v)
				}
				row[t] = best
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
	extra := 0
	if s.discard && layer == 0 {
		if spare == 0 {
			if s.opts.GoOutWithoutDiscard && nat == 0 {
				return 0
			}
			return inf
		}
		if t == 0 && s.wildLocked() {
			// With a wild in a meld the locked one goes there instead; with
			// none, the next wild is thrown and the locked one kept.
			if spare == 1 {
				return inf
			}
			extra = s.wilds[0].Value(s.round) - s.wilds[1].Value(s.round)
		}
		spare-- // the discard is a spare wild
	}
	return int(nat) + s.keepCost(spare) + extra
}

// bookRich reports whether some rank has four natural cards or more: only
// then have books enough to make placing by rank pay (on random hands the
// estimate of frontier often favours it wrongly, and costs as much as a
// few sets).
func (s *solver) bookRich() bool {
	for _, m := range s.ofRank[Three:] {
		if bits.OnesCount32(m) >= 4 {
			return true
		}
	}
	return false
}

// frontier estimates how many sets the programme meets placing the cards in
// rank order (byRank) and in suit order (bySuit): after each card, the cards
// still to place that a meld could have taken with one already placed may be
// there or not, 2^k sets.
func (s *solver) frontier() (byRank, bySuit int) {
	var inSuit [Diamonds + 1]uint16 // the ranks held in each suit, bit r-3
	for _, c := range s.nat {
		inSuit[c.Suit] |= 1 << (c.Rank - Three)
	}
	var link [16]uint32
	for i, a := range s.nat {
		link[i] = s.ofRank[a.Rank] &^ (1 << i)
		for m := s.ofSuit[a.Suit] &^ s.ofRank[a.Rank]; m != 0; m &= m - 1 {
			j := bits.TrailingZeros32(m)
			// a run takes both if wilds fill the ranks between them
			lo, hi := min(a.Rank, s.nat[j].Rank)-Three, max(a.Rank, s.nat[j].Rank)-Three
			between := uint16(1)<<hi - uint16(1)<<(lo+1)
			if int(hi-lo)-1-bits.OnesCount16(inSuit[a.Suit]&between) <= s.nWild {
				link[i] |= 1 << j
			}
		}
	}
	var placed, linked uint32
	for r := Three; r <= King; r++ {
		for m := s.ofRank[r]; m != 0; m &= m - 1 {
			i := bits.TrailingZeros32(m)
			placed |= 1 << i
			linked |= link[i]
			byRank += 1 << bits.OnesCount32(linked&^placed)
		}
	}
	placed, linked = 0, 0
	for i := range s.nat {
		placed |= 1 << i
		linked |= link[i]
		bySuit += 1 << bits.OnesCount32(linked&^placed)
	}
	return byRank, bySuit
}
