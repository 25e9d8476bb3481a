package take5

import (
	"fmt"
	"slices"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// Row is one row of the circle: its number cards in the order laid (the
// first is the card of the starting circle, the last is the row's final
// number) and the special cards slid under it.
type Row struct {
	// Index names the row as the request did (its place in the circle as
	// entered). It does not change when other rows are taken.
	Index int
	Cards []int
	X2    bool // an x2 lies under the row
	Plus5 bool // a +5 lies under the row
}

// Final returns the row's final number ("chiffre final"), its last card.
// The row must hold a card.
func (r Row) Final() int { return r.Cards[len(r.Cards)-1] }

// Has reports whether a special of kind s lies under the row.
func (r Row) Has(s Special) bool {
	if s == X2 {
		return r.X2
	}
	return s == Plus5 && r.Plus5
}

func (r Row) clone() Row {
	r.Cards = slices.Clone(r.Cards)
	return r
}

// Circle is the rows on the table, clockwise. Taken rows are removed and
// their neighbours become adjacent (T5-A2); rows keep their Index.
type Circle []Row

// NewCircle returns the rows as a circle, numbered 0, 1, … in the order
// given (clockwise), with their cards copied.
func NewCircle(rows []Row) Circle {
	c := make(Circle, len(rows))
	for i, r := range rows {
		c[i] = r.clone()
		c[i].Index = i
	}
	return c
}

// Clone returns a deep copy of the circle.
func (c Circle) Clone() Circle {
	out := make(Circle, len(c))
	for i, r := range c {
		out[i] = r.clone()
	}
	return out
}

// Find returns the position in c of the row named index, or −1 when that
// row is not on the table.
func (c Circle) Find(index int) int {
	return slices.IndexFunc(c, func(r Row) bool { return r.Index == index })
}

// Cards returns the number cards on the table.
func (c Circle) Cards() int {
	n := 0
	for _, r := range c {
		n += len(r.Cards)
	}
	return n
}

// Room returns how many more number cards the rows take before all are
// gone: Σ (5 − cards in the row). By T5-R7 it equals the number cards in
// the hands.
func (c Circle) Room() int { return RowLimit*len(c) - c.Cards() }

// Validate returns an *rulebook.InputError, Field the JSON path of the
// culprit ("rows[2].cards[1]"), when the table cannot occur in a game: no
// rows or more rows than the deal lays («On ne peut pas ajouter une rangée
// supplémentaire»), a row without cards, a row of 5 or more number cards
// still on the table (it was taken), a card outside 1–98 or twice, two rows
// with one Index, finals or row starts that are not cyclically ascending
// clockwise (T5-R3; «classées, en ordre croissant, dans le sens des
// aiguilles d'une montre»), rows that no order of play builds from their
// starting cards (T5-R9, checkHistory: 40 after 50 beside a row of 60), or
// more specials of one kind under the rows than there are players (each is
// dealt one of each and «les cartes spéciales restantes sont écartées du
// jeu»). Each row's cards are read as laid, from its starting card.
//
// Without hands the table is judged for the largest deal (6 players, 15
// rows). With hands (the number cards in each player's hand, specials not
// counted, one entry per player) it is judged for that many players: 2 to
// 6 of them, no hand larger than the deal's, and the capacity invariant
// T5-R7 (Field "handSizes").
func (c Circle) Validate(hands []int) error {
	players, maxRows := MaxPlayers, MaxRows
	if hands != nil {
		if len(hands) < MinPlayers || len(hands) > MaxPlayers {
			return rulebook.Invalid("handSizes",
				fmt.Sprintf("Give one hand size per player, %d to %d of them, not %d.", MinPlayers, MaxPlayers, len(hands)),
				fmt.Sprintf("Indiquez une taille de main par joueur, de %d à %d, pas %d.", MinPlayers, MaxPlayers, len(hands)))
		}
		players = len(hands)
		_, maxRows, _ = DealFor(players)
	}
	if len(c) == 0 {
		return rulebook.Invalid("rows", "Give the rows on the table: with no row left, every card has been played and the game is over.",
			"Indiquez les rangées sur la table : sans rangée, toutes les cartes ont été jouées et la partie est finie.")
	}
	if len(c) > maxRows {
		return rulebook.Invalid("rows",
			fmt.Sprintf("There are %d rows, but %d players start with %d and no row is ever added.", len(c), players, maxRows),
			fmt.Sprintf("Il y a %d rangées, mais à %d joueurs on en pose %d au départ et on ne peut pas en ajouter.", len(c), players, maxRows))
	}
	var where [MaxCard + 1]struct{ row, col int } // card → its first sighting, rowNumber (0: unseen)
	indexes := make(map[int]bool, len(c))
	for pos, r := range c {
		if r.Index < 0 || indexes[r.Index] {
			return rulebook.Invalid(fmt.Sprintf("rows[%d]", pos), "Two rows have the same index.", "Deux rangées ont le même numéro.")
		}
		indexes[r.Index] = true
		if len(r.Cards) == 0 {
			return rulebook.Invalid(fmt.Sprintf("rows[%d].cards", r.Index), "A row always holds at least its starting card.",
				"Une rangée contient toujours au moins sa première carte.")
		}
		if len(r.Cards) >= RowLimit {
			return rulebook.Invalid(cardPath(r.Index, RowLimit-1),
				fmt.Sprintf("A row of %d number cards cannot still be on the table: the player who laid the 5th card took it.", len(r.Cards)),
				fmt.Sprintf("Une rangée de %d cartes vachettes ne peut pas être encore sur la table : le joueur qui a posé la 5e l'a ramassée.", len(r.Cards)))
		}
		for j, card := range r.Cards {
			if card < MinCard || card > MaxCard {
				return checkCard(cardPath(r.Index, j), card)
			}
			if w := where[card]; w.row != 0 {
				return rulebook.Invalid(cardPath(r.Index, j),
					fmt.Sprintf("Card %d appears twice (it is also card %d of row %d): each number exists once.", card, w.col+1, w.row),
					fmt.Sprintf("La carte %d apparaît deux fois (c'est aussi la carte %d de la rangée %d) : chaque numéro n'existe qu'une fois.", card, w.col+1, w.row))
			}
			where[card].row, where[card].col = rowNumber(r.Index), j
		}
	}
	if err := c.checkSpecials(players); err != nil {
		return err
	}
	if err := c.checkOrder(); err != nil {
		return err
	}
	if err := c.checkStarts(); err != nil {
		return err
	}
	if err := c.checkHistory(); err != nil {
		return err
	}
	if hands != nil {
		return c.checkCapacity(hands)
	}
	return nil
}

// checkSpecials refuses more specials of one kind under the rows than the
// players were dealt.
func (c Circle) checkSpecials(players int) error {
	for _, s := range []Special{X2, Plus5} {
		n := 0
		for _, r := range c {
			if r.Has(s) {
				n++
			}
			if n > players {
				return tooManySpecials(fmt.Sprintf("rows[%d].%s", r.Index, s.key()), s, n, players)
			}
		}
	}
	return nil
}

// tooManySpecials says that n specials s are more than players were dealt.
func tooManySpecials(field string, s Special, n, players int) error {
	return rulebook.Invalid(field,
		fmt.Sprintf("There are %d “%s” cards here, but %d players are dealt only %d “%s”, one each, and the others leave the game.", n, s, players, players, s),
		fmt.Sprintf("Il y a ici %d cartes « %s », mais %d joueurs n'en reçoivent que %d, une chacun, et les autres sont écartées du jeu.", n, s, players, players))
}

// key is the special's JSON key under a row: "x2" or "plus5".
func (s Special) key() string {
	if s == Plus5 {
		return "plus5"
	}
	return "x2"
}

// checkStarts walks clockwise from the smallest starting card: the circle
// was laid in ascending order and rows are only ever removed, so the starts
// still rise clockwise.
func (c Circle) checkStarts() error {
	start := 0
	for i, r := range c {
		if r.Cards[0] < c[start].Cards[0] {
			start = i
		}
	}
	for k := 1; k < len(c); k++ {
		prev, r := c[(start+k-1)%len(c)], c[(start+k)%len(c)]
		if r.Cards[0] < prev.Cards[0] {
			return rulebook.Invalid(cardPath(r.Index, 0),
				fmt.Sprintf("The starting cards were laid in ascending order clockwise, but the row starting with %d follows the row starting with %d.", r.Cards[0], prev.Cards[0]),
				fmt.Sprintf("Les cartes de départ sont posées en ordre croissant dans le sens des aiguilles d'une montre, or la rangée qui commence par %d suit celle qui commence par %d.", r.Cards[0], prev.Cards[0]))
		}
	}
	return nil
}

// cardPath is the JSON path of card j of the row named index.
func cardPath(index, j int) string { return fmt.Sprintf("rows[%d].cards[%d]", index, j) }

func checkCard(path string, card int) error {
	if card < MinCard || card > MaxCard {
		return rulebook.Invalid(path,
			fmt.Sprintf("There is no card %d: number cards go from %d to %d.", card, MinCard, MaxCard),
			fmt.Sprintf("La carte %d n'existe pas : les cartes vachettes vont de %d à %d.", card, MinCard, MaxCard))
	}
	return nil
}

// checkOrder walks clockwise from the smallest final; each final must be
// larger than the one before, and the first that is not is the culprit.
func (c Circle) checkOrder() error {
	start := 0
	for i, r := range c {
		if r.Final() < c[start].Final() {
			start = i
		}
	}
	for k := 1; k < len(c); k++ {
		prev, r := c[(start+k-1)%len(c)], c[(start+k)%len(c)]
		if r.Final() < prev.Final() {
			return rulebook.Invalid(fmt.Sprintf("rows[%d].cards[%d]", r.Index, len(r.Cards)-1),
				fmt.Sprintf("The finals must rise clockwise, but the row ending %d follows the row ending %d: no placement can produce this.", r.Final(), prev.Final()),
				fmt.Sprintf("Les chiffres finals montent dans le sens des aiguilles d'une montre, or la rangée qui finit par %d suit celle qui finit par %d : aucune pose ne peut produire cela.", r.Final(), prev.Final()))
		}
	}
	return nil
}

func (c Circle) checkCapacity(hands []int) error {
	most, _, _ := DealFor(len(hands))
	total := 0
	for i, h := range hands {
		if h < 0 || h > most {
			return rulebook.Invalid(fmt.Sprintf("handSizes[%d]", i),
				fmt.Sprintf("At %d players a hand holds 0 to %d number cards, not %d.", len(hands), most, h),
				fmt.Sprintf("À %d joueurs, une main contient de 0 à %d cartes vachettes, pas %d.", len(hands), most, h))
		}
		total += h
	}
	if room := c.Room(); room != total {
		return rulebook.Invalid("handSizes",
			fmt.Sprintf("The rows have room for %d more number cards but the hands hold %d: the two are always equal (5 per row, less the cards already laid), so the table or the hands were entered wrongly.", room, total),
			fmt.Sprintf("Les rangées peuvent encore recevoir %d cartes vachettes mais les mains en contiennent %d : les deux sont toujours égaux (5 par rangée, moins les cartes déjà posées), la table ou les mains sont donc mal saisies.", room, total))
	}
	return nil
}
