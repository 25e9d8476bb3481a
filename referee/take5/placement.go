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
func (c Circle) Explain(card int) rulebook.Msg {
	pos, wrap := c.Forced(card)
	if pos < 0 {
		return rulebook.Say("take5.ref.why.norow", "Card", card)
	}
	if wrap {
		return rulebook.Say("take5.ref.why.wrap", "Card", card, "Final", c[pos].Final())
	}
	return rulebook.Say("take5.ref.why.forced", "Card", card, "Final", c[pos].Final())
}

// describeRow names a row for a player: "the row ending 49 (row 2)", rows
// numbered from 1 (rowNumber).
func describeRow(r Row) rulebook.Msg {
	return rulebook.Say("take5.ref.v.rowending", "Final", r.Final(), "Row", rowNumber(r.Index))
}

// finalsOf lists the finals of the rows named by indexes: "23, 43 or 55".
func (c Circle) finalsOf(indexes []int) rulebook.Msg {
	parts := make([]string, 0, len(indexes))
	for _, i := range indexes {
		parts = append(parts, fmt.Sprint(c[c.Find(i)].Final()))
	}
	if len(parts) <= 1 {
		return rulebook.Say("take5.ref.v.finals", "Some", strings.Join(parts, ""), "Last", "")
	}
	return rulebook.Say("take5.ref.v.finals", "Some", strings.Join(parts[:len(parts)-1], ", "), "Last", parts[len(parts)-1])
}

// joinInts writes cards as "20, 35, 37, 39, 42".
func joinInts(cards []int) string {
	parts := make([]string, len(cards))
	for i, c := range cards {
		parts[i] = fmt.Sprint(c)
	}
	return strings.Join(parts, ", ")
}
