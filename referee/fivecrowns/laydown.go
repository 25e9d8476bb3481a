package fivecrowns

import (
	"maps"
	"slices"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// LayDown is what a player declares at the end of his turn: his melds, his
// discard (nil when the hand is already after its discard, or he made
// none), and in a final turn the cards he lays off onto the melds of the
// player who went out.
type LayDown struct {
	Melds   [][]Card
	Discard *Card
	LayOff  []LayOff
}

// Verdict is the judgement of a declared lay-down.
type Verdict struct {
	Valid      bool
	Violations []rulebook.Violation
	Penalty    int    // leftover's value; cards of invalid melds and lay-offs count as kept
	Leftover   []Card // cards neither in a valid meld, validly laid off, nor discarded
}

// CheckLayDown judges a lay-down of hand declared in round at table: each
// meld must be valid (Step = its index in Melds) and made of cards from the
// hand, each card used once, and a hand of round+3 cards (just after drawing)
// must discard one card from the hand unless every card is melded under the
// house rule goOutWithoutDiscard. Under forbidImmediateRediscard the discard
// may not be table.Taken, unless the hand holds it twice. Laying off needs
// allowLayOff, and each out meld with what is laid off onto it must stay
// valid (Step = len(Melds) + the lay-off's index). A hand of round+2 cards is
// after its discard and Discard must be nil. Cards not melded stay in hand
// and count in Penalty. The hand itself, the table's out melds and each
// LayOff.Meld are assumed valid (see CheckCards, CheckHandSize, CheckTable).
func CheckLayDown(round int, hand []Card, ld LayDown, table Table, opts Options) Verdict {
	left := map[Card]int{}
	for _, c := range hand {
		left[c]++
	}
	v := Verdict{Violations: []rulebook.Violation{}}
	// take uses cards from the hand, all or none: it reports the first one
	// missing and gives back those taken before it.
	take := func(cards []Card, where rulebook.Msg, step int) bool {
		for j, c := range cards {
			if left[c] > 0 {
				left[c]--
				continue
			}
			v.Violations = append(v.Violations, notInHand(c, where, hand, step))
			for _, back := range cards[:j] {
				left[back]++
			}
			return false
		}
		return true
	}
	giveBack := func(cards []Card) {
		for _, c := range cards {
			left[c]++
		}
	}
	for i, m := range ld.Melds {
		if !take(m, rulebook.Say("fcref.v.where.meld", "Meld", i+1), i) {
			continue
		}
		if _, bad, ok := CheckMeld(m, round, opts); !ok {
			bad.Step = i
			v.Violations = append(v.Violations, bad)
			giveBack(m)
		}
	}
	v.Violations = append(v.Violations, checkLayOffs(round, ld, table, opts, take, giveBack)...)
	if ld.Discard != nil {
		if left[*ld.Discard] > 0 {
			left[*ld.Discard]--
			if c, locked := lockedDiscard(hand, table, opts); locked && c == *ld.Discard {
				v.Violations = append(v.Violations, rediscard(c))
			}
		} else {
			v.Violations = append(v.Violations, notInHand(*ld.Discard, rulebook.Say("fcref.v.where.discard"), hand, rulebook.NoStep))
		}
	}
	v.Leftover = []Card{}
	for _, c := range hand { // hand order, each kind as often as it is left
		if left[c] > 0 {
			left[c]--
			v.Leftover = append(v.Leftover, c)
			v.Penalty += c.Value(round)
		}
	}
	if len(hand) == CardsDealt(round)+1 && ld.Discard == nil && (!opts.GoOutWithoutDiscard || len(v.Leftover) > 0) {
		v.Violations = append(v.Violations, rulebook.Violation{Rule: RuleDiscardRequired, Step: rulebook.NoStep,
			Message: rulebook.Say("fcref.v.discard", "Held", len(hand), "GoOutRule", opts.GoOutWithoutDiscard)})
	}
	v.Valid = len(v.Violations) == 0
	return v
}

// checkLayOffs judges what is laid off: refused as a whole without
// allowLayOff, else meld by meld, every lay-off onto one meld together.
// Cards refused stay in hand.
func checkLayOffs(round int, ld LayDown, table Table, opts Options,
	take func(cards []Card, where rulebook.Msg, step int) bool, giveBack func([]Card)) []rulebook.Violation {
	var out []rulebook.Violation
	byMeld := map[int][]Card{}
	first := map[int]int{} // the step of the first lay-off onto each meld
	for i, l := range ld.LayOff {
		step := len(ld.Melds) + i
		if !take(l.Cards, rulebook.Say("fcref.v.where.layoff", "LayOff", i+1), step) {
			continue
		}
		if !opts.AllowLayOff {
			giveBack(l.Cards)
			out = append(out, layOffForbidden(l, step))
			continue
		}
		if _, seen := first[l.Meld]; !seen {
			first[l.Meld] = step
		}
		byMeld[l.Meld] = append(byMeld[l.Meld], l.Cards...)
	}
	for _, j := range slices.Sorted(maps.Keys(byMeld)) {
		if !CanLayOff(table.OutMelds[j], byMeld[j], round, opts) {
			giveBack(byMeld[j])
			out = append(out, layOffMisfit(table.OutMelds[j], byMeld[j], j, first[j]))
		}
	}
	return out
}

func layOffForbidden(l LayOff, step int) rulebook.Violation {
	return rulebook.Violation{Rule: RuleLayOff, Step: step,
		Message: rulebook.Say("fcref.v.layoff.forbidden", "Cards", cardList(l.Cards), "Meld", l.Meld+1)}
}

func layOffMisfit(meld, laid []Card, j, step int) rulebook.Violation {
	return rulebook.Violation{Rule: RuleLayOffFit, Step: step,
		Message: rulebook.Say("fcref.v.layoff.misfit", "Cards", cardList(laid), "Meld", j+1, "Onto", cardList(meld))}
}

func rediscard(c Card) rulebook.Violation {
	return rulebook.Violation{Rule: RuleRediscard, Step: rulebook.NoStep, Message: rulebook.Say("fcref.v.rediscard", "Card", c.Display())}
}

// notInHand says that where (a meld, a lay-off, the discard: a sentence's
// start) uses c, which the hand does not hold, or not that often.
func notInHand(c Card, where rulebook.Msg, hand []Card, step int) rulebook.Violation {
	held := 0
	for _, h := range hand {
		if h == c {
			held++
		}
	}
	return rulebook.Violation{Rule: RuleNotInHand, Step: step,
		Message: rulebook.Say("fcref.v.notinhand", "Where", where, "Card", c.Display(), "Held", held)}
}
