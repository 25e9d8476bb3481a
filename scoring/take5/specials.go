package take5

import (
	"fmt"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// specials counts, line by line, what T5-R9 (rule take5.specials-dealt)
// bounds: «On distribue à chaque joueur une carte „x 2” et une carte
// „+ 5”. Les cartes spéciales restantes sont écartées du jeu.»
//
// Each player's x2 ends in one of three places: still in his hand, under a
// row left on the table, or collected by someone (himself included) with
// the row it lay under. So, of each kind, collected + held ≤ players (≤,
// not =: a row may be left on the table, and a list may be part of a
// table). A tally says how many specials a player holds, not which: a hand
// of 2 is his x2 and his +5, a hand of 1 is one or the other. With X and P
// collected, A hands of 2 and B hands of 1, some split of the B hands fits
// exactly when X + A ≤ players, P + A ≤ players and X + P + 2A + B ≤
// 2·players; nothing more follows from the tallies. A hand of 2 laid
// nothing, so none of that player's specials can have been collected: at
// two players, one player collecting both x2 while the other holds both
// his specials cannot be.
type specials struct {
	x2, plus5 int // collected by the lines so far
	both      int // lines holding both their specials
	all       int // collected and held, both kinds
}

// add counts line t (field prefix at) and returns the input error of the
// first bound the lines so far break at a table of players.
func (sp *specials) add(at string, t Tally, players int) error {
	sp.x2, sp.plus5 = sp.x2+t.X2, sp.plus5+t.Plus5
	sp.all += t.X2 + t.Plus5 + t.SpecialsInHand
	if t.SpecialsInHand == HeldAtMost {
		sp.both++
	}
	for _, k := range []struct {
		key, name string
		n, own    int
	}{{"x2", "x2", sp.x2, t.X2}, {"plus5", "+5", sp.plus5, t.Plus5}} {
		switch {
		case k.n > players:
			return dealtOnly(at+"."+k.key, k.name, k.n, players)
		case k.n+sp.both > players:
			field := at + "." + k.key
			if t.SpecialsInHand == HeldAtMost {
				field = at + ".specialsInHand"
			}
			return keptBoth(field, k.name, k.n, sp.both, players)
		}
	}
	if sp.all > 2*players {
		return rulebook.Mistake(at+".specialsInHand", "take5.mistake.players.special.cards.between", "All", sp.all, "Players", players, "Dealt", 2*players)
	}
	return nil
}

// keptBoth says that n specials s collected, and one more in each of the
// both hands that kept their two specials, are more than players were dealt.
func keptBoth(field, s string, n, both, players int) error {
	got := rulebook.Say("take5.specials.collected", "N", n, "Special", s)
	held := rulebook.Say("take5.specials.heldboth", "N", both, "Special", s)
	return rulebook.Mistake(field, "take5.mistake.makes.but.each.players", "Got", got, "Held", held, "Total", n+both, "Players", players, "Special", s)
}

// overDealt refuses the lines (field prefix list[i]) when they collected
// more of a special than the players were dealt: every line that collected
// any is part of it, and no count alone is the wrong one, so each is named
// with its own count, the rule said once (InputError's Rule): first the
// last line, whose count took the total over, then the others in order.
// Nil when neither special is over.
func overDealt(list string, tallies []Tally, players int) error {
	for _, k := range []struct {
		key, name string
		n         func(Tally) int
	}{{"x2", "x2", func(t Tally) int { return t.X2 }}, {"plus5", "+5", func(t Tally) int { return t.Plus5 }}} {
		sum := 0
		for _, t := range tallies {
			sum += k.n(t)
		}
		if sum <= players {
			continue
		}
		var errs []error
		last := len(tallies) - 1
		for _, i := range append([]int{last}, seq(last)...) {
			if own := k.n(tallies[i]); own > 0 {
				errs = append(errs, rulebook.SeatMistake(i, fmt.Sprintf("%s[%d].%s", list, i, k.key), "take5.mistake.special.share", "Own", own, "Num", sum, "Special", k.name).
					Because(rulebook.Say("take5.rule.special.dealt", "Players", players, "Special", k.name)))
			}
		}
		return rulebook.All(errs)
	}
	return nil
}

// seq is 0, 1, … n-1.
func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
