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
// the import of a saved match all call it.
func checkDeal(list string, s Setup, tallies []Tally) error {
	var sp specials
	rows := make([]int, len(tallies))
	red := newRedCount(s.Rows)
	for i, t := range tallies {
		at := fmt.Sprintf("%s[%d]", list, i)
		if err := t.check(at, s); err != nil {
			return err
		}
		if err := sp.add(at, t, s.Players); err != nil {
			return err
		}
		rows[i] = pileRows(t, s.Rows)
		if err := rowsFit(list, s, tallies[:i+1], rows[:i+1]); err != nil {
			return err
		}
		if err := red.add(at, t, s); err != nil {
			return err
		}
	}
	return nil
}

// check refuses a tally that no single player can end a deal of s with.
func (t Tally) check(at string, s Setup) error {
	for _, c := range []struct {
		key  string
		n    int
		name rulebook.Text
	}{
		{"green", t.Green, rulebook.Text{EN: "green cows", FR: "de vachettes vertes"}},
		{"red", t.Red, rulebook.Text{EN: "red cows", FR: "de vachettes rouges"}},
		{"plus5", t.Plus5, rulebook.Text{EN: "+5 cards", FR: "de cartes « +5 »"}},
		{"x2", t.X2, rulebook.Text{EN: "x2 cards", FR: "de cartes « x2 »"}},
		{"specialsInHand", t.SpecialsInHand, rulebook.Text{EN: "specials in hand", FR: "de cartes spéciales en main"}},
	} {
		if c.n < 0 {
			return rulebook.Invalid(at+"."+c.key,
				fmt.Sprintf("The number of %s cannot be negative (%d).", c.name.EN, c.n),
				fmt.Sprintf("Le nombre %s ne peut pas être négatif (%d).", c.name.FR, c.n))
		}
	}
	switch {
	case t.SpecialsInHand > HeldAtMost:
		return rulebook.Invalid(at+".specialsInHand",
			fmt.Sprintf("A player is dealt one x2 and one +5, so at most %d specials stay in hand, not %d.", HeldAtMost, t.SpecialsInHand),
			fmt.Sprintf("Chaque joueur reçoit une carte « x2 » et une « +5 », il lui en reste donc %d au plus en main, pas %d.", HeldAtMost, t.SpecialsInHand))
	case t.X2 > s.Players:
		return dealtOnly(at+".x2", "x2", t.X2, s.Players)
	case t.Plus5 > s.Players:
		return dealtOnly(at+".plus5", "+5", t.Plus5, s.Players)
	case pileRows(t, s.Rows) > s.Rows && fewestRows(t, s.Rows, true) <= s.Rows:
		return redRefused(at, t, s, 0)
	case pileRows(t, s.Rows) > s.Rows:
		return rulebook.Invalid(cowField(at, t),
			fmt.Sprintf("%d green and %d red cows with %d x2 and %d +5 make no pile of at most %d rows: each row taken is 5 cards, a green card has 1 or 2 cows, a red one 2, 3, 5 or 7, and a row holds at most one x2 and one +5.", t.Green, t.Red, t.X2, t.Plus5, s.Rows),
			fmt.Sprintf("Vachettes vertes : %d, rouges : %d, avec %d « x2 » et %d « +5 » : aucun tas d'au plus %d rangées ne donne cela. Chaque rangée prise compte 5 cartes, une carte verte porte 1 ou 2 vachettes, une rouge 2, 3, 5 ou 7, et une rangée a au plus une « x2 » et une « +5 ».", t.Green, t.Red, t.X2, t.Plus5, s.Rows))
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
	return rulebook.Invalid(field,
		fmt.Sprintf("%d “%s” cards were collected, but each of the %d players is dealt one and the others leave the game.", n, special, players),
		fmt.Sprintf("%d cartes « %s » ont été ramassées, mais chacun des %d joueurs en reçoit une et les autres sont écartées du jeu.", n, special, players))
}
