package take5

import (
	"fmt"

	"github.com/tablekeeper/tablekeeper/referee"
)

// checkPlays returns an *referee.InputError, Field "play[i]…", for a play
// that cannot be described on table c (see PlayTurn).
func checkPlays(c Circle, plays []Play) error {
	onTable := make(map[int]int, RowLimit*len(c)) // card → row Index
	for _, r := range c {
		for _, card := range r.Cards {
			onTable[card] = r.Index
		}
	}
	laid := make(map[int]bool, len(plays))
	held := make(map[Special]bool, 2)
	for i, p := range plays {
		at := fmt.Sprintf("play[%d]", i)
		switch {
		case p.Card != 0 && p.Special != "":
			return referee.Invalid(at, "a card is either a number card (card) or a special card (special), not both",
				"une carte est soit une carte vachette (card), soit une carte spéciale (special), pas les deux")
		case p.Card == 0 && p.Special == "":
			return referee.Invalid(at, "say which card is laid: a number card (card) or a special card (special)",
				"indiquez la carte posée : une carte vachette (card) ou une carte spéciale (special)")
		case p.Special != "" && !p.Special.Valid():
			return referee.Invalid(at+".special",
				fmt.Sprintf("there is no special card %q: the special cards are \"x2\" and \"+5\"", p.Special),
				fmt.Sprintf("la carte spéciale « %s » n'existe pas : les cartes spéciales sont « x2 » et « +5 »", p.Special))
		case p.Special != "" && held[p.Special]:
			return referee.Invalid(at+".special",
				fmt.Sprintf("a player holds only one %s, and this is a second one", p.Special),
				fmt.Sprintf("un joueur n'a qu'une carte « %s », et celle-ci est la deuxième", p.Special))
		case p.Special != "" && !p.Claimed:
			return referee.Invalid(at+".row",
				fmt.Sprintf("say under which row the %s goes", p.Special),
				fmt.Sprintf("indiquez sous quelle rangée va le « %s »", p.Special))
		}
		if p.Special != "" {
			held[p.Special] = true
		} else {
			if err := checkCard(at+".card", p.Card); err != nil {
				return err
			}
			if r, ok := onTable[p.Card]; ok {
				return referee.Invalid(at+".card",
					fmt.Sprintf("card %d is already on the table, in row %d: each number exists once", p.Card, r),
					fmt.Sprintf("la carte %d est déjà sur la table, dans la rangée %d : chaque numéro n'existe qu'une fois", p.Card, r))
			}
			if laid[p.Card] {
				return referee.Invalid(at+".card",
					fmt.Sprintf("card %d is laid twice: each number exists once", p.Card),
					fmt.Sprintf("la carte %d est posée deux fois : chaque numéro n'existe qu'une fois", p.Card))
			}
			laid[p.Card] = true
		}
		if p.Claimed && c.Find(p.Row) < 0 {
			return referee.Invalid(at+".row",
				fmt.Sprintf("there is no row %d on the table", p.Row),
				fmt.Sprintf("il n'y a pas de rangée %d sur la table", p.Row))
		}
	}
	return nil
}
