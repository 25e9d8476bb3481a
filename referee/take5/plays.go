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
			return rulebook.Invalid(at(""), "A card is either a number card (card) or a special card (special), not both.",
				"Une carte est soit une carte vachette (card), soit une carte spéciale (special), pas les deux.")
		case p.Card == 0 && p.Special == "":
			return rulebook.Invalid(at(""), "Say which card is laid: a number card (card) or a special card (special).",
				"Indiquez la carte posée : une carte vachette (card) ou une carte spéciale (special).")
		case p.Special != "" && !p.Special.Valid():
			return rulebook.Invalid(at(".special"),
				fmt.Sprintf("There is no special card %q: the special cards are \"x2\" and \"+5\".", p.Special),
				fmt.Sprintf("La carte spéciale « %s » n'existe pas : les cartes spéciales sont « x2 » et « +5 ».", p.Special))
		case p.Special != "" && held[p.Special]:
			return rulebook.Invalid(at(".special"),
				fmt.Sprintf("A player holds only one %s, and this is a second one.", p.Special),
				fmt.Sprintf("Un joueur n'a qu'une carte « %s », et celle-ci est la deuxième.", p.Special))
		case p.Special != "" && !p.Claimed:
			return rulebook.Invalid(at(".row"),
				fmt.Sprintf("Say under which row the %s goes.", p.Special),
				fmt.Sprintf("Indiquez sous quelle rangée va le « %s ».", p.Special))
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
				return rulebook.Invalid(at(".card"),
					fmt.Sprintf("Card %d is already on the table, in row %d: each number exists once.", p.Card, r),
					fmt.Sprintf("La carte %d est déjà sur la table, dans la rangée %d : chaque numéro n'existe qu'une fois.", p.Card, r))
			}
			if laid[p.Card] {
				return rulebook.Invalid(at(".card"),
					fmt.Sprintf("Card %d is laid twice: each number exists once.", p.Card),
					fmt.Sprintf("La carte %d est posée deux fois : chaque numéro n'existe qu'une fois.", p.Card))
			}
			laid[p.Card] = true
		}
		if p.Claimed && c.Find(p.Row) < 0 {
			return rulebook.Invalid(at(".row"),
				fmt.Sprintf("There is no row %d on the table.", rowNumber(p.Row)),
				fmt.Sprintf("Il n'y a pas de rangée %d sur la table.", rowNumber(p.Row)))
		}
	}
	return nil
}
