package take5

import (
	"fmt"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// checkPlays returns an *rulebook.InputError, Field "play[i]…", for a play
// that cannot be described on table c (see PlayTurn) at a table of
// players: a special laid when every one of its kind dealt already lies
// under a row is one that left the game.
func checkPlays(c Circle, plays []Play, players int) error {
	under := map[Special]int{}
	for _, r := range c {
		for _, s := range []Special{X2, Plus5} {
			if r.Has(s) {
				under[s]++
			}
		}
	}
	var onTable [MaxCard + 1]int // card → rowNumber of its row (0: not on the table)
	for _, r := range c {
		for _, card := range r.Cards {
			onTable[card] = rowNumber(r.Index)
		}
	}
	var laid [MaxCard + 1]bool
	held := map[Special]bool{}
	for i, p := range plays {
		at := func(suffix string) string { return fmt.Sprintf("play[%d]%s", i, suffix) }
		switch {
		case p.Card != 0 && p.Special != "":
			return rulebook.Mistake(at(""), "take5.ref.mistake.card.and.special")
		case p.Card == 0 && p.Special == "":
			return rulebook.Mistake(at(""), "take5.ref.mistake.card.or.special")
		case p.Special != "" && !p.Special.Valid():
			return rulebook.Mistake(at(".special"), "take5.ref.mistake.no.such.special", "Special", p.Special)
		case p.Special != "" && held[p.Special]:
			return rulebook.Mistake(at(".special"), "take5.ref.mistake.special.twice", "Special", p.Special)
		case p.Special != "" && !p.Claimed:
			return rulebook.Mistake(at(".row"), "take5.ref.mistake.special.row.missing", "Special", p.Special)
		}
		if p.Special != "" {
			if under[p.Special] >= players {
				return tooManySpecials(at(".special"), p.Special, under[p.Special]+1, players)
			}
			held[p.Special] = true
		} else {
			if p.Card < MinCard || p.Card > MaxCard {
				return checkCard(at(".card"), p.Card)
			}
			if r := onTable[p.Card]; r > 0 {
				return rulebook.Mistake(at(".card"), "take5.ref.mistake.card.on.table", "Card", p.Card, "Row", r)
			}
			if laid[p.Card] {
				return rulebook.Mistake(at(".card"), "take5.ref.mistake.card.laid.twice", "Card", p.Card)
			}
			laid[p.Card] = true
		}
		if p.Claimed && c.Find(p.Row) < 0 {
			return rulebook.Mistake(at(".row"), "take5.ref.mistake.no.such.row", "Row", rowNumber(p.Row))
		}
	}
	return nil
}
