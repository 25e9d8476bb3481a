package fivecrowns

import (
	"math/bits"
	"slices"
	"sync"
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

// A state of the programme is the set of natural cards still to place (the
// low bits, one per natural card) and the out melds already laid off onto
// (the bits above).
//
// memo finds the table of a state already solved. It is an array indexed by
// state when lay-offs make most states reachable, and otherwise a small
// open-addressing hash table: a hand meets from a few dozen states (most
// hands) to a few thousand (the pair family of issue 19) out of up to 2^16,
// and a Go map cost more per look-up than the solver's own work per move.
type memo struct {
	dense []int32  // by state, the offset + 1 (0 unknown, so no fill is needed)
	keys  []uint32 // by slot, state + 1 (0 an empty slot)
	vals  []int32  // by slot, the offset
	shift uint     // 32 - log2(len(keys)), for the hash
	used  int      // slots taken (hash memo)

	// Without lay-offs and with few naturals, states are looked up directly:
	// by state, the solve's stamp (high half) and the offset (low half). An
	// entry of an earlier solve has an older stamp, so nothing is cleared
	// between solves; stamped is kept for the next solve whatever it uses.
	direct  bool
	stamped []uint64
	stamp   uint64
}

// directBits is the most natural cards a direct memo is made for: 2^14
// entries (128 KiB) at most, so a hand of 13 cards touches 16–64 KiB.
const directBits = 14

// denseBits is the most state bits a dense memo is made for (1 MiB).
const denseBits = 18

// hashBits is the log2 of a new hash memo's slots: 256 hold the states of
// nearly every hand, and are cheap to zero.
const hashBits = 8

// densePool keeps dense memos between solves: a fresh one of 64 KiB or more
// is paid for in page faults and zeroing by the runtime on every solve, a
// reused one only in clearing.
var densePool sync.Pool // of *[]int32

// solverPool keeps solvers between solves, with their slab, move buffers
// and small hash memo: most hands take a few microseconds, and making
// those afresh was a third of it.
var solverPool = sync.Pool{New: func() any { return new(solver) }}

// newMemo makes a memo for states of stateBits bits, reusing old's slots.
// Without lay-offs and with at most directBits naturals, a state's table is
// found by indexing an array by the state (stamped per solve, never
// cleared). Otherwise lay-offs multiply the states and make a dense memo pay
// for itself, and without them (more naturals) most states are never
// reached and a hash table holds them in a few cache lines.
func newMemo(stateBits int, layOffs bool, old memo) memo {
	if !layOffs && stateBits <= directBits {
		return newDirectMemo(stateBits, old)
	}
	m := newHashOrDense(stateBits, layOffs, old)
	m.stamped, m.stamp = old.stamped, old.stamp // kept for a later solve
	return m
}

// newDirectMemo makes a direct memo for states of stateBits bits, reusing
// old's entries with a new stamp.
func newDirectMemo(stateBits int, old memo) memo {
	n := 1 << stateBits
	m := memo{direct: true, stamped: old.stamped, stamp: old.stamp + 1}
	if len(m.stamped) < n {
		m.stamped, m.stamp = make([]uint64, n), 1
	} else if m.stamp == 1<<32 { // stamps used up: start again from clean entries
		clear(m.stamped)
		m.stamp = 1
	}
	return m
}

func newHashOrDense(stateBits int, layOffs bool, old memo) memo {
	if !layOffs || stateBits > denseBits {
		if len(old.keys) == 1<<hashBits {
			clear(old.keys) // vals are read only where keys say so
			return memo{keys: old.keys, vals: old.vals, shift: 32 - hashBits}
		}
		return newHashMemo(hashBits)
	}
	n := 1 << stateBits
	if p, ok := densePool.Get().(*[]int32); ok && cap(*p) >= n {
		d := (*p)[:n]
		clear(d)
		return memo{dense: d}
	}
	return memo{dense: make([]int32, n)}
}

func newHashMemo(logSlots uint) memo {
	return memo{keys: make([]uint32, 1<<logSlots), vals: make([]int32, 1<<logSlots), shift: 32 - logSlots}
}

// spanMemo finds the moves already made for a card and its companions (see
// placements): an open-addressing hash table whose slots hold the solve's
// stamp with the key, so that a new solve empties it by taking a new stamp
// rather than by clearing it.
type spanMemo struct {
	slots []uint64 // stamp<<32 | key (a slot of another stamp is empty)
	vals  []int32  // by slot, the index in spans
	stamp uint64
	shift uint // 32 - log2(len(slots))
	used  int
}

// reset empties m for a new solve.
func (m *spanMemo) reset() {
	m.stamp++
	m.used = 0
	if len(m.slots) == 0 || m.stamp == 1<<32 {
		*m = spanMemo{slots: make([]uint64, 1<<hashBits), vals: make([]int32, 1<<hashBits), stamp: 1, shift: 32 - hashBits}
	}
}

func (m *spanMemo) get(key uint32) (int32, bool) {
	mask := uint32(len(m.slots) - 1)
	want := m.stamp<<32 | uint64(key)
	for i := (key * 0x9E3779B1) >> m.shift; ; i = (i + 1) & mask {
		switch e := m.slots[i]; {
		case e == want:
			return m.vals[i], true
		case e>>32 != m.stamp:
			return 0, false
		}
	}
}

// set stores key, not yet in m.
func (m *spanMemo) set(key uint32, v int32) {
	if 2*(m.used+1) > len(m.slots) { // at most half full, so probes stay short
		bigger := spanMemo{slots: make([]uint64, 2*len(m.slots)), vals: make([]int32, 2*len(m.slots)),
			stamp: m.stamp, shift: m.shift - 1}
		for i, e := range m.slots {
			if e>>32 == m.stamp {
				bigger.set(uint32(e), m.vals[i])
			}
		}
		*m = bigger
	}
	mask := uint32(len(m.slots) - 1)
	i := (key * 0x9E3779B1) >> m.shift
	for m.slots[i]>>32 == m.stamp {
		i = (i + 1) & mask
	}
	m.slots[i], m.vals[i] = m.stamp<<32|uint64(key), v
	m.used++
}

// slot is where state's probe starts: Fibonacci hashing spreads the states,
// which differ mostly in a few high bits, over the whole table.
func (m *memo) slot(state uint32) uint32 { return (state * 0x9E3779B1) >> m.shift }

// maxPooledSlab is the largest slab kept for the next solve (1 MiB): the
// rare hand that needs more should not hold it for ever.
const maxPooledSlab = 1 << 18

// release gives the dense memo back to its pool, and the solver to its,
// once the solve is done with them: the Solution holds no part of them.
func (s *solver) release() {
	// The pool gets its own copy of the slice header: s.memo is cleared
	// below, so that nothing uses the memo after another solve has taken it.
	if s.memo.dense != nil {
		// declared here, not in the if: taking its address moves it to the
		// heap, which would cost every solve an allocation
		dense := s.memo.dense
		densePool.Put(&dense)
		s.memo = memo{stamped: s.memo.stamped, stamp: s.memo.stamp}
	}
	if cap(s.slab) > maxPooledSlab {
		s.slab = nil
	}
	solverPool.Put(s)
}

// sets is how many states m holds.
func (m *memo) sets() int {
	if !m.direct {
		return m.used
	}
	n := 0
	for _, e := range m.stamped {
		if e>>32 == m.stamp {
			n++
		}
	}
	return n
}

func (m *memo) get(state uint32) (int32, bool) {
	if m.direct {
		e := m.stamped[state]
		return int32(uint32(e)), e>>32 == m.stamp
	}
	if m.dense != nil {
		return m.dense[state] - 1, m.dense[state] > 0
	}
	mask := uint32(len(m.keys) - 1)
	for i := m.slot(state); ; i = (i + 1) & mask {
		switch m.keys[i] {
		case state + 1:
			return m.vals[i], true
		case 0:
			return 0, false
		}
	}
}

func (m *memo) set(state uint32, off int32) {
	if m.direct { // inlined: the others are behind a call (used is not kept: see sets)
		m.stamped[state] = m.stamp<<32 | uint64(uint32(off))
		return
	}
	m.setSlow(state, off)
}

func (m *memo) setSlow(state uint32, off int32) {
	if m.dense != nil {
		m.dense[state] = off + 1
		return
	}
	if 2*(m.used+1) > len(m.keys) { // at most half full, so probes stay short
		bigger := newHashMemo(32 - m.shift + 1)
		for i, k := range m.keys {
			if k != 0 {
				bigger.put(k, m.vals[i])
			}
		}
		*m = bigger
	}
	m.put(state+1, off)
}

// put stores key (a state + 1, not yet in m) in the first free slot.
func (m *memo) put(key uint32, off int32) {
	mask := uint32(len(m.keys) - 1)
	i := m.slot(key - 1)
	for m.keys[i] != 0 {
		i = (i + 1) & mask
	}
	m.keys[i], m.vals[i] = key, off
	m.used++
}

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
