package take5

import (
	"fmt"
	"strings"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// Forced returns the position in c of the one row where number card goes
// (T5-R3): the row whose final is the largest one below card or, when no
// final is below card (wrap is then true), the row with the largest final.
// Returns −1 for an empty circle. Cards already on the table are not
// checked: the caller validates the table first.
func (c Circle) Forced(card int) (pos int, wrap bool) {
	below, top := -1, -1
	for i, r := range c {
		f := r.Final()
		if f < card && (below < 0 || f > c[below].Final()) {
			below = i
		}
		if top < 0 || f > c[top].Final() {
			top = i
		}
	}
	if below >= 0 {
		return below, false
	}
	return top, top >= 0
}

// SpecialRows returns the Index of every row a special of kind s may go
// under (T5-R5): those that do not hold one yet, clockwise. An empty list
// means the special is blocked and stays in hand (T5-A5).
func (c Circle) SpecialRows(s Special) []int {
	out := []int{}
	for _, r := range c {
		if !r.Has(s) {
			out = append(out, r.Index)
		}
	}
	return out
}

// Explain says why number card goes where Forced puts it, the sentence a
// page shows next to a step: "35 goes on the row ending 23, the largest
// final below 35." It assumes a non-empty circle.
func (c Circle) Explain(card int) rulebook.Text {
	pos, wrap := c.Forced(card)
	if pos < 0 {
		return rulebook.Text{
			EN: fmt.Sprintf("No row is left on the table for %d.", card),
			FR: fmt.Sprintf("Il ne reste aucune rangée sur la table pour le %d.", card),
		}
	}
	f := c[pos].Final()
	if wrap {
		return rulebook.Text{
			EN: fmt.Sprintf("%d goes on the row ending %d, the largest final, because no final is below %d.", card, f, card),
			FR: fmt.Sprintf("Le %d va sur la rangée qui finit par %d, le plus grand chiffre final, car aucun chiffre final n'est inférieur à %d.", card, f, card),
		}
	}
	return rulebook.Text{
		EN: fmt.Sprintf("%d goes on the row ending %d, the largest final below %d.", card, f, card),
		FR: fmt.Sprintf("Le %d va sur la rangée qui finit par %d, le plus grand chiffre final inférieur à %d.", card, f, card),
	}
}

// name returns how a sentence calls a special card.
func (s Special) name() rulebook.Text {
	return rulebook.Text{EN: "the " + string(s), FR: "le « " + string(s) + " »"}
}

// a returns the special with its English article: "an x2", "a +5".
func (s Special) a() string {
	if s == X2 {
		return "an x2"
	}
	return "a " + string(s)
}

// describeRow names a row for a player: "the row ending 49 (row 2)", rows
// numbered from 1 (rowNumber).
func describeRow(r Row) rulebook.Text {
	return rulebook.Text{
		EN: fmt.Sprintf("the row ending %d (row %d)", r.Final(), rowNumber(r.Index)),
		FR: fmt.Sprintf("la rangée qui finit par %d (rangée %d)", r.Final(), rowNumber(r.Index)),
	}
}

// finalsOf lists the finals of the rows named by indexes: "23, 43 or 55".
func (c Circle) finalsOf(indexes []int, or string) string {
	parts := make([]string, 0, len(indexes))
	for _, i := range indexes {
		parts = append(parts, fmt.Sprint(c[c.Find(i)].Final()))
	}
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " " + or + " " + parts[len(parts)-1]
}

// joinInts writes cards as "20, 35, 37, 39, 42".
func joinInts(cards []int) string {
	parts := make([]string, len(cards))
	for i, c := range cards {
		parts[i] = fmt.Sprint(c)
	}
	return strings.Join(parts, ", ")
}
