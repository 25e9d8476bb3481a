package fivecrowns

import (
	"math/bits"
	"slices"
)

// Solution is the best lay-down of a hand: the lowest penalty it can keep.
type Solution struct {
	Melds    [][]Card // each a valid meld, runs in rank order with their wilds in place
	LayOff   []LayOff // cards added to the melds of the player who went out, by meld
	Leftover []Card   // the cards kept, scoring against the player
	Discard  *Card    // the card to discard, for a hand just after drawing
	Penalty  int      // the sum of the leftover's values: the minimum possible
	CanGoOut bool     // every card but the discard is melded or laid off
}

// Solve finds the lay-down of hand with the lowest penalty in round under
// opts, knowing nothing of the table (see SolveAt).
func Solve(round int, hand []Card, opts Options) Solution {
	return SolveAt(round, hand, Table{}, opts)
}

// SolveAt finds the lay-down of hand with the lowest penalty in round under
// opts. A hand of round+3 cards is a hand just after drawing: one card must
// be discarded (it does not count), unless the whole hand melds and the house
// rule goOutWithoutDiscard is on; the best discard is part of the answer, and
// under forbidImmediateRediscard it is never table.Taken (unless the hand
// holds that card twice). Under allowLayOff, cards may also be laid off onto
// table.OutMelds (see CanLayOff). Any other size is scored as it is, every
// card either melded, laid off or kept. The answer is exact for every hand;
// cards must be valid, the out melds valid melds (at most 16), and the hand
// hold at most 16 natural (non-wild) cards.
//
// How: wild cards are interchangeable inside melds, so only their number
// matters there, and the ones kept should be the cheapest (a wild of the
// round's rank, 20, before a joker, 50). The natural cards are split by a
// dynamic programme over the set still to place, taking one card each time,
// the lowest of its suit (see branchCard for which): it is kept, discarded,
// starts the book or run it belongs to, or starts what is laid off onto one
// out meld (all of it at once, so the meld is then marked used in the
// state). Each state's answer is a table over the
// number of wilds the melds and lay-offs absorb, so the wild count is chosen
// exactly at the end. A meld is not tried when every entry it could lower
// is 0 already, the least possible: in hands that can go out, that cuts
// most of the work.
func SolveAt(round int, hand []Card, table Table, opts Options) Solution {
	s := newSolver(round, hand, table, opts, len(hand) == CardsDealt(round)+1)
	sol := s.solve()
	s.release() // sol holds no part of the memo or the slab
	return sol
}

// inf marks an impossible table entry. Entries are not clamped to it: one
// of inf or more is impossible (finish and the rebuild only take less), and
// adding the cards of a hand to it (16 × 13 at most) stays far from overflow.
const inf = 1 << 20

type solver struct {
	buffers // kept from one solve to the next, emptied
	perHand // worked out afresh for each solve
}

// buffers are the solver's slices and memos, kept in the pool with it.
type buffers struct {
	nat       []Card // natural cards, sorted by suit then rank
	wilds     []Card // wild cards, dearest first, a locked wild last among equals
	memo      memo
	slab      []int32
	val       []int32    // each natural card's value
	suitAfter []uint32   // each natural card's later cards of its suit
	buf       []move     // the moves of the states being solved (see placements)
	known     spanMemo   // by card and companions (see placements), their moves' span
	spans     []span     // the spans known gives
	partners  []uint32   // each natural card's companions: the other cards of its rank, the later of its suit in reach
	bookBuf   []bookPick // the books of one state's lowest card, before they become moves
}

// perHand is what the solver works out for each hand: zeroed as one block.
type perHand struct {
	round    int
	opts     Options
	discard  bool // the hand must discard one card
	nWild    int
	rankWild int    // how many wilds are of the round's rank (value 20)
	width    int    // nWild+1: one table entry per number of wilds absorbed
	layers   int    // 2 when a discard is owed (layer 1: not yet made)
	natBits  uint32 // the state's bits for natural cards

	// Read by the programme at every state, so worked out once.
	ofRank    [King + 1]uint32     // the natural cards of each rank
	ofSuit    [Diamonds + 1]uint32 // the natural cards of each suit
	rankMajor bool                 // the programme places cards by rank (see branchCard)

	locked      Card           // the card that may not be discarded (forbidImmediateRediscard)
	isLocked    bool           // locked is set
	out         []outMeld      // the melds that may be laid off onto (allowLayOff)
	claimOf     []uint32       // each out meld's bit in the state, 0 for a book that takes cards one by one
	needs       []rankCache    // per out meld, its runNeed by laid ranks
	own         rankCache      // ownNeed by ranks
	takers      []uint32       // per out meld, the natural cards that could ever be laid off onto it
	roomToSpare bool           // the out melds take every wild the hand holds, however they are used
	bookOfRank  [King + 1]int8 // per rank, the out meld that is a book of it alone, or -1 (with out melds only)
}

func newSolver(round int, hand []Card, table Table, opts Options, discard bool) *solver {
	s := solverPool.Get().(*solver)
	s.perHand = perHand{round: round, opts: opts, discard: discard, layers: 1}
	b := &s.buffers // the buffers of the last solve, emptied
	b.nat, b.wilds, b.val, b.suitAfter = b.nat[:0], b.wilds[:0], b.val[:0], b.suitAfter[:0]
	b.buf, b.bookBuf, b.slab, b.spans, b.partners = b.buf[:0], b.bookBuf[:0], b.slab[:0], b.spans[:0], b.partners[:0]
	if discard {
		s.locked, s.isLocked = lockedDiscard(hand, table, opts)
	}
	// The naturals in Index order (by suit, then rank), twins together: the
	// cards held are marked in two masks of the 55 suited kinds, the second
	// for a card's second copy, and read back in order.
	var once, twice uint64
	more := false // a card held three times or more: sorted the slow way, stable
	for _, c := range hand {
		if c.IsWild(round) {
			s.wilds = append(s.wilds, c)
			continue
		}
		k := c.Index()
		bit := uint64(1) << (k & 63)
		switch {
		case k < 0: // not a card: the order the slow way gives
			more = true
		case once&bit == 0:
			once |= bit
		case twice&bit == 0:
			twice |= bit
		default:
			more = true
		}
	}
	if more {
		for _, c := range hand {
			if !c.IsWild(round) {
				s.nat = append(s.nat, c)
			}
		}
		order := func(c Card) int { return int(c.Suit)<<4 | int(c.Rank) }
		slices.SortStableFunc(s.nat, func(a, b Card) int { return order(a) - order(b) })
	} else {
		for m := once; m != 0; m &= m - 1 {
			k := bits.TrailingZeros64(m)
			c := Card{Rank: Three + Rank(k%11), Suit: Stars + Suit(k/11)}
			s.nat = append(s.nat, c)
			if twice&(1<<k) != 0 {
				s.nat = append(s.nat, c)
			}
		}
	}
	wildAfter := func(a, b Card) bool { // a goes after b
		if va, vb := a.Value(round), b.Value(round); va != vb {
			return va < vb
		}
		return s.lockRank(a) > s.lockRank(b)
	}
	for i := 1; i < len(s.wilds); i++ {
		for j := i; j > 0 && wildAfter(s.wilds[j-1], s.wilds[j]); j-- {
			s.wilds[j], s.wilds[j-1] = s.wilds[j-1], s.wilds[j]
		}
	}
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
	if opts.AllowLayOff && len(table.OutMelds) > 0 {
		s.readOutMelds(table.OutMelds)
	}
	s.natBits = 1<<len(s.nat) - 1
	var held [Diamonds + 1]uint16 // the ranks held in each suit, bit r-3
	for i, c := range s.nat {
		s.val = append(s.val, int32(c.Rank)) // a natural card's value
		s.ofRank[c.Rank] |= 1 << i
		s.ofSuit[c.Suit] |= 1 << i
		held[c.Suit] |= 1 << (c.Rank - Three)
	}
	for i, c := range s.nat {
		after := s.ofSuit[c.Suit] &^ (2<<i - 1) // sorted by suit: the cards after
		s.suitAfter = append(s.suitAfter, after)
		partners := s.ofRank[c.Rank] &^ (1 << i)
		if after != 0 {
			partners |= s.reach(i, after, held[c.Suit])
		}
		s.partners = append(s.partners, partners)
	}
	s.memo = newMemo(len(s.nat)+len(s.out), len(s.out) > 0, s.memo)
	if len(s.out) == 0 {
		s.known.reset()
	}
	if len(s.out) == 0 && s.bookRich() {
		byRank, bySuit := s.frontier()
		s.rankMajor = byRank < bySuit
	}
	return s
}

// reach is the later cards of card i's suit that a run could hold with it:
// those the hand's cards of the suit (held, bit r-3) and its wilds can join
// to it. A card out of reach is out of reach in every set (a set holds
// fewer cards to bridge the gap), so it never changes card i's moves (see
// placements).
func (s *solver) reach(i int, after uint32, held uint16) uint32 {
	lo := int(s.nat[i].Rank - Three)
	var out uint32
	if !s.opts.RunsWrap {
		// A card is in reach when the ranks the hand lacks between them
		// are nWild at most: when it is below the (nWild+1)th lacking rank.
		top := Rank(King + 1)
		lack := ^held & (1<<11 - 1) &^ (2<<lo - 1)
		for k := s.nWild; k > 0 && lack != 0; k-- {
			lack &= lack - 1
		}
		if lack != 0 {
			top = Three + Rank(bits.TrailingZeros16(lack))
		}
		for m := after; m != 0 && s.nat[bits.TrailingZeros32(m)].Rank < top; m &= m - 1 {
			out |= m & -m // sorted by rank: the later cards are further still
		}
		return out
	}
	for m := after; m != 0; m &= m - 1 {
		j := bits.TrailingZeros32(m)
		hi := int(s.nat[j].Rank - Three)
		inside := uint16(1)<<hi - uint16(2)<<lo // the ranks strictly between
		gap := hi - lo - 1 - bits.OnesCount16(held&inside)
		// or the way round, past the king
		gap = min(gap, 10-(hi-lo)-bits.OnesCount16(held&^inside&^(1<<lo|1<<hi)))
		if gap <= s.nWild {
			out |= 1 << j
		}
	}
	return out
}

// readOutMelds reads the melds of the player who went out for the
// programme: the reading each may take, the cards it may take, its bit in
// the state when laying off onto it must happen in one move.
func (s *solver) readOutMelds(melds [][]Card) {
	for i := range s.bookOfRank {
		s.bookOfRank[i] = -1
	}
	holds := func(keep func(Card) bool) bool { return slices.ContainsFunc(s.nat, keep) }
	room, book := 0, false
	for _, m := range melds {
		o := readOutMeld(m, s.round, s.opts)
		if o.twoReads && o.rank != 0 && !holds(func(c Card) bool { return c.Suit == o.suit }) {
			// one natural card and no card of its suit: it can only grow as a book
			o.run, o.suit, o.ranks, o.twoReads = false, NoSuit, 0, false
		}
		s.out = append(s.out, o)
		room += 11 - o.size
		book = book || (o.book && !o.run)
	}
	// Room to spare: a book takes any number of wilds, and runs with room for
	// every card of the hand never run out of it.
	s.roomToSpare = book || room >= len(s.nat)+s.nWild
	for j := range s.out {
		o := &s.out[j]
		if s.roomToSpare && o.twoReads && o.rank != 0 && !holds(func(c Card) bool { return c.Rank == o.rank }) {
			// no card of its rank: as a book it would only take wilds, which
			// other melds take as well
			o.book, o.rank, o.twoReads = false, 0, false
		}
		var claim, takers uint32
		if o.run || o.twoReads {
			claim = 1 << (len(s.nat) + j)
		} else if s.bookOfRank[o.rank] < 0 {
			s.bookOfRank[o.rank] = int8(j)
		}
		for i, c := range s.nat {
			if (o.book && (o.rank == 0 || o.rank == c.Rank)) || (o.run && (o.suit == NoSuit || o.suit == c.Suit)) {
				takers |= 1 << i
			}
		}
		s.claimOf, s.takers = append(s.claimOf, claim), append(s.takers, takers)
		s.needs = append(s.needs, newRankCache())
	}
	s.own = newRankCache()
}

// after is the state a move leads to. With room to spare, an out meld that
// no card left can go onto is no longer marked as laid off onto.
func (s *solver) after(state uint32, m move) uint32 {
	next := state&^m.set | m.claim
	if !s.roomToSpare {
		return next
	}
	for claims := next &^ s.natBits; claims != 0; claims &= claims - 1 {
		j := bits.TrailingZeros32(claims) - len(s.nat)
		if next&s.takers[j] == 0 {
			next &^= s.claimOf[j]
		}
	}
	return next
}

// lockRank sorts the locked card after the other wilds of its value, so that
// another one is discarded first.
func (s *solver) lockRank(c Card) int {
	if s.isLocked && c == s.locked {
		return 1
	}
	return 0
}

// wildLocked reports whether the dearest wild is the locked card with no
// other wild of its value: a hand that melds no wild and discards a wild
// must then discard the next one and keep this one.
func (s *solver) wildLocked() bool {
	// sorted last among equals, it comes first only when it is the dearest alone
	return s.isLocked && s.nWild > 0 && s.wilds[0] == s.locked
}

// keepCost is the value of the k cheapest wilds.
func (s *solver) keepCost(k int) int {
	r := min(k, s.rankWild)
	return r*WildRankValue + (k-r)*JokerValue
}
