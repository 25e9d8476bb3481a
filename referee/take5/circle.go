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
			return rulebook.Mistake("handSizes", "take5.ref.mistake.hand.sizes.count", "MinPlayers", MinPlayers, "MaxPlayers", MaxPlayers, "Hands", len(hands))
		}
		players = len(hands)
		_, maxRows, _ = DealFor(players)
	}
	if len(c) == 0 {
		return rulebook.Mistake("rows", "take5.ref.mistake.rows.none")
	}
	if len(c) > maxRows {
		return rulebook.Mistake("rows", "take5.ref.mistake.rows.too.many", "Rows", len(c), "Players", players, "MaxRows", maxRows)
	}
	var where [MaxCard + 1]struct{ row, col int } // card → its first sighting, rowNumber (0: unseen)
	indexes := make(map[int]bool, len(c))
	for pos, r := range c {
		if r.Index < 0 || indexes[r.Index] {
			return rulebook.Mistake(fmt.Sprintf("rows[%d]", pos), "take5.ref.mistake.rows.same.index")
		}
		indexes[r.Index] = true
		if len(r.Cards) == 0 {
			return rulebook.Mistake(fmt.Sprintf("rows[%d].cards", r.Index), "take5.ref.mistake.row.empty")
		}
		if len(r.Cards) >= RowLimit {
			return rulebook.Mistake(cardPath(r.Index, RowLimit-1), "take5.ref.mistake.row.full", "Cards", len(r.Cards))
		}
		for j, card := range r.Cards {
			if card < MinCard || card > MaxCard {
				return checkCard(cardPath(r.Index, j), card)
			}
			if w := where[card]; w.row != 0 {
				return rulebook.Mistake(cardPath(r.Index, j), "take5.ref.mistake.card.twice.on.table", "Card", card, "Col", w.col+1, "Row", w.row)
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
	return rulebook.Mistake(field, "take5.ref.mistake.specials.too.many", "Count", n, "Special", s, "Players", players)
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
			return rulebook.Mistake(cardPath(r.Index, 0), "take5.ref.mistake.starts.not.rising", "Start", r.Cards[0], "PrevStart", prev.Cards[0])
		}
	}
	return nil
}

// cardPath is the JSON path of card j of the row named index.
func cardPath(index, j int) string { return fmt.Sprintf("rows[%d].cards[%d]", index, j) }

func checkCard(path string, card int) error {
	if card < MinCard || card > MaxCard {
		return rulebook.Mistake(path, "take5.ref.mistake.no.such.card", "Card", card, "MinCard", MinCard, "MaxCard", MaxCard)
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
			return rulebook.Mistake(fmt.Sprintf("rows[%d].cards[%d]", r.Index, len(r.Cards)-1), "take5.ref.mistake.finals.not.rising", "Final", r.Final(), "PrevFinal", prev.Final())
		}
	}
	return nil
}

func (c Circle) checkCapacity(hands []int) error {
	most, _, _ := DealFor(len(hands))
	total := 0
	for i, h := range hands {
		if h < 0 || h > most {
			return rulebook.Mistake(fmt.Sprintf("handSizes[%d]", i), "take5.ref.mistake.hand.size", "Players", len(hands), "Most", most, "Hand", h)
		}
		total += h
	}
	if room := c.Room(); room != total {
		return rulebook.Mistake("handSizes", "take5.ref.mistake.room.not.hands", "Room", room, "Total", total)
	}
	return nil
}
