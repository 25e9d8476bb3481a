package take5

import (
	"fmt"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// checkDeal returns an *rulebook.InputError, Field "<list>[i].<key>", when
// no deal of setup s ends with these tallies (some or all of the table's):
// a negative count, more than HeldAtMost specials left in one hand, more
// "x2" or "+5" collected and held than the players were dealt (T5-R9,
// checkSpecials), a pile that is not whole rows of five number cards with
// at most one special of each kind under each, or piles holding more rows
// than the deal lays (rowsFit), or than the deck's red cards fill
// (redCount), each pile's cows being carried by its cards (rule
// take5.cows: a green card carries 1 or 2, a red one 2, 3, 5 or 7). It is
// the one check of a deal's tallies: the API's scorer, the scoresheet and
// the import of a saved match all call it. Every pile that no player can
// end a deal with is refused at once (three impossible piles, three
// mistakes in one answer); the checks of the piles together come after.
func checkDeal(list string, s Setup, tallies []Tally) error {
	var own []error
	for i, t := range tallies {
		if err := t.check(fmt.Sprintf("%s[%d]", list, i), s); err != nil {
			own = append(own, rulebook.OfSeat(i, err))
		}
	}
	if err := rulebook.All(own); err != nil {
		return err
	}
	var sp specials
	rows := make([]int, len(tallies))
	red := newRedCount(s.Rows)
	for i, t := range tallies {
		at := fmt.Sprintf("%s[%d]", list, i)
		if err := sp.add(at, t, s.Players); err != nil {
			if all := overDealt(list, tallies[:i+1], s.Players); all != nil {
				return all
			}
			return rulebook.OfSeat(i, err)
		}
		rows[i] = pileRows(t, s.Rows)
		if err := rowsFit(list, s, tallies[:i+1], rows[:i+1]); err != nil {
			return err
		}
		if err := red.add(at, t, s); err != nil {
			return rulebook.OfSeat(i, err)
		}
	}
	return nil
}

// check refuses a tally that no single player can end a deal of s with.
func (t Tally) check(at string, s Setup) error {
	for _, c := range []struct {
		key  string
		n    int
		name rulebook.Msg
	}{
		{"green", t.Green, rulebook.Say("take5.count.green")},
		{"red", t.Red, rulebook.Say("take5.count.red")},
		{"plus5", t.Plus5, rulebook.Say("take5.count.plus5")},
		{"x2", t.X2, rulebook.Say("take5.count.x2")},
		{"specialsInHand", t.SpecialsInHand, rulebook.Say("take5.count.inhand")},
	} {
		if c.n < 0 {
			return rulebook.Mistake(at+"."+c.key, "take5.mistake.number.cannot.negative", "Name", c.name, "Num", c.n)
		}
	}
	switch {
	case t.SpecialsInHand > HeldAtMost:
		return rulebook.Mistake(at+".specialsInHand", "take5.mistake.player.dealt.one.x2", "HeldAtMost", HeldAtMost, "SpecialsInHand", t.SpecialsInHand)
	case t.X2 > s.Players:
		return dealtOnly(at+".x2", "x2", t.X2, s.Players)
	case t.Plus5 > s.Players:
		return dealtOnly(at+".plus5", "+5", t.Plus5, s.Players)
	case pileRows(t, s.Rows) > s.Rows && fewestRows(t, s.Rows, true) <= s.Rows:
		return redRefused(at, t, s, 0)
	case pileRows(t, s.Rows) > s.Rows:
		return rulebook.Mistake(cowField(at, t), "take5.mistake.green.red.cows.x2", "Green", t.Green, "Red", t.Red, "X2", t.X2, "Plus5", t.Plus5).
			Because(rulebook.Say("take5.rule.pile", "Rows", s.Rows))
	}
	return nil
}

// noRowTaken reports whether the whole table's piles are empty: no deal
// ends so (T5-R7: the last number card played takes the last row).
func noRowTaken(tallies []Tally) bool {
	for _, t := range tallies {
		if pileRows(t, 0) != 0 {
			return false
		}
	}
	return true
}

// cowField names the cow count to correct: red when there are red cows
// and no green ones, green otherwise.
func cowField(at string, t Tally) string {
	if t.Green == 0 && t.Red > 0 {
		return at + ".red"
	}
	return at + ".green"
}

func dealtOnly(field, special string, n, players int) error {
	return rulebook.Mistake(field, "take5.mistake.cards.were.collected.but", "Num", n, "Special", special, "Players", players)
}
