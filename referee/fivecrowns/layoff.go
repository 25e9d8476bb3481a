package fivecrowns

import (
	"math/bits"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// Table is what the referee knows of the turn beyond the hand (RULES.md
// §3.3). The zero Table knows nothing: a turn drawn from the stock, before
// anyone has gone out.
type Table struct {
	// Taken is the card taken from the discard pile this turn, nil when the
	// player drew from the stock. Read under forbidImmediateRediscard.
	Taken *Card
	// OutMelds are the melds laid down by the player who went out, each a
	// valid meld, in a final turn. Read under allowLayOff.
	OutMelds [][]Card
}

// LayOff is cards a final-turn player adds to one meld of the player who
// went out (house rule allowLayOff, RULES.md FC-A4). Meld indexes
// Table.OutMelds.
type LayOff struct {
	Meld  int
	Cards []Card
}

// lockedDiscard returns the card the player may not discard under
// forbidImmediateRediscard: the card taken from the discard pile, when the
// hand holds it once. Two copies of a card are indistinguishable, so a hand
// holding the taken card twice may discard either: nothing is locked.
func lockedDiscard(hand []Card, t Table, opts Options) (Card, bool) {
	if !opts.ForbidRediscard || t.Taken == nil || count(hand, *t.Taken) != 1 {
		return Card{}, false
	}
	return *t.Taken, true
}

func count(cards []Card, c Card) int {
	n := 0
	for _, d := range cards {
		if d == c {
			n++
		}
	}
	return n
}

// outMeld is how a meld of the player who went out may still grow. A meld
// whose natural cards are one rank twice or more reads only as a book; one
// whose natural cards follow in one suit only as a run; one with one natural
// card or none (all wild) as either, and the first lay-off decides.
type outMeld struct {
	size     int
	book     bool   // may read as a book
	rank     Rank   // the book's rank, 0 when the meld is all wild
	run      bool   // may read as a run
	suit     Suit   // the run's suit, NoSuit when the meld is all wild
	ranks    uint16 // the run's natural ranks, bit r-3
	twoReads bool   // both readings are open until a lay-off picks one
}

// readOutMeld reads a valid meld of round under opts.
func readOutMeld(meld []Card, round int, opts Options) outMeld {
	o := outMeld{size: len(meld), book: true, run: len(meld) <= 11}
	nat := 0
	for _, c := range meld {
		if c.IsWild(round) {
			continue
		}
		nat++
		bit := uint16(1) << (c.Rank - Three)
		if o.rank != 0 && c.Rank != o.rank {
			o.book = false
		}
		if (o.suit != NoSuit && c.Suit != o.suit) || o.ranks&bit != 0 {
			o.run = false
		}
		o.rank, o.suit, o.ranks = c.Rank, c.Suit, o.ranks|bit
	}
	if !o.book {
		o.rank = 0
	}
	if o.run {
		span := bits.Len16(o.ranks) - bits.TrailingZeros16(o.ranks)
		if opts.RunsWrap {
			span = cyclicSpan(o.ranks)
		}
		o.run = span <= o.size
	}
	if !o.run {
		o.suit, o.ranks = NoSuit, 0
	}
	o.twoReads = nat <= 1
	return o
}

// runNeed is the fewest wild cards a player must add to run o to lay off
// natural cards of ranks laid (bit r-3, of the run's suit), or -1 when no
// wilds make it: the run's own cards stay together, in ranks 3..K (or round
// the circle under runsWrap), and the laid cards extend it at either end,
// wilds filling the gaps.
func (o outMeld) runNeed(laid uint16, opts Options) int {
	if o.ranks&laid != 0 {
		return -1
	}
	q := bits.OnesCount16(laid)
	if o.size+q > 11 {
		return -1
	}
	best := -1
	for a := range 11 { // the run's own cards stand on ranks a … a+size-1
		if !opts.RunsWrap && a+o.size > 11 {
			break
		}
		block := arc(a, o.size)
		if o.ranks&^block != 0 || laid&block != 0 {
			continue
		}
		// The ranks beyond the block, going up from its top: those above it
		// come first, those below it (from the bottom up) last.
		var at [11]int // 0-based distance beyond the top of each laid rank
		path := at[:0]
		free := 11 - o.size
		for k := range free {
			if laid&(1<<((a+o.size+k)%11)) != 0 {
				path = append(path, k)
			}
		}
		for h := 0; h <= len(path); h++ { // the first h laid cards go above
			if !opts.RunsWrap {
				// without wrapping, the cards above the block are those below the king
				if h != aboveKing(path, 11-a-o.size) {
					continue
				}
			}
			up, down := 0, 0
			if h > 0 {
				up = path[h-1] + 1
			}
			if h < len(path) {
				down = free - path[h]
			}
			if need := up + down - q; best < 0 || need < best {
				best = need
			}
		}
	}
	return best
}

// aboveKing counts the entries of path below limit.
func aboveKing(path []int, limit int) int {
	n := 0
	for _, k := range path {
		if k < limit {
			n++
		}
	}
	return n
}

// arc is the ranks a … a+n-1, round the circle.
func arc(a, n int) uint16 {
	var b uint16
	for k := range n {
		b |= 1 << ((a + k) % 11)
	}
	return b
}

// canTake reports whether cards laid off onto o keep it a valid meld of
// round under opts.
func (o outMeld) canTake(laid []Card, round int, opts Options) bool {
	wilds, sameRank, sameSuit := 0, true, true
	var ranks uint16
	var first Card
	for _, c := range laid {
		if c.IsWild(round) {
			wilds++
			continue
		}
		if first.Rank == 0 {
			first = c
		}
		sameRank = sameRank && c.Rank == first.Rank
		sameSuit = sameSuit && c.Suit == first.Suit
		bit := uint16(1) << (c.Rank - Three)
		if ranks&bit != 0 {
			sameSuit = false // a rank twice cannot extend a run
		}
		ranks |= bit
	}
	if first.Rank == 0 { // wilds only
		return o.book || o.size+wilds <= 11
	}
	if o.book && sameRank && (o.rank == 0 || o.rank == first.Rank) {
		return true
	}
	if !o.run || !sameSuit || (o.suit != NoSuit && o.suit != first.Suit) {
		return false
	}
	need := o.runNeed(ranks, opts)
	return need >= 0 && need <= wilds && o.size+len(laid) <= 11
}

// CanLayOff reports whether laying cards off onto meld (a valid meld of the
// player who went out) leaves a valid meld of round under opts: a book takes
// cards of its rank and wilds; a run takes cards of its suit and wilds that
// extend it at either end, up to 11 cards, within 3..K unless runs wrap.
// The run's own cards keep their places: a wild already in it stays the
// rank it stands for, so a card cannot slide into the middle.
func CanLayOff(meld, cards []Card, round int, opts Options) bool {
	return readOutMeld(meld, round, opts).canTake(cards, round, opts)
}

// MaxOutMelds is how many melds the player who went out can have laid down
// in round: he held round+3 cards at most, three or more to a meld.
func MaxOutMelds(round int) int { return (CardsDealt(round) + 1) / 3 }

// CheckOutMelds refuses out melds that cannot be on the table beside hand
// in round under opts: more than MaxOutMelds (field(-1)), a meld that is not
// a valid run or book (field(i)), or a card that the hand and the melds
// together hold more often than the game does (field(i) + "[j]"). Errors are
// *rulebook.InputError.
func CheckOutMelds(field func(i int) string, round int, hand []Card, melds [][]Card, opts Options) error {
	if n := MaxOutMelds(round); len(melds) > n {
		return rulebook.Mistake(field(-1), "fcref.mistake.out.melds.at.most", "Round", round, "Held", CardsDealt(round)+1, "Most", n, "Melds", len(melds))
	}
	var supply Supply
	if err := supply.Take("hand", hand); err != nil {
		return err
	}
	for i, m := range melds {
		if err := supply.Take(field(i), m); err != nil {
			return err
		}
		if _, bad, ok := CheckMeld(m, round, opts); !ok {
			return rulebook.Mistake(field(i), "fcref.mistake.out.meld.invalid", "Why", bad.Message)
		}
	}
	return nil
}

// CheckTaken refuses a card taken from the discard pile (field) that the
// hand does not hold, or given for a hand that is already after its
// discard. The error is an *rulebook.InputError.
func CheckTaken(field string, round int, hand []Card, taken Card) error {
	if len(hand) != CardsDealt(round)+1 {
		return rulebook.Mistake(field, "fcref.mistake.card.taken.discard.pile", "Drawn", CardsDealt(round)+1, "Round", round, "Hand", len(hand))
	}
	if count(hand, taken) == 0 {
		return rulebook.Mistake(field, "fcref.mistake.taken.discard.pile.not", "Card", taken.Display())
	}
	return nil
}
