package take5

import "github.com/tablekeeper/tablekeeper/rulebook"

// wrongRow is the T5-R3 violation for a number card claimed on a row other
// than the one at pos, where it must go.
func (t *Turn) wrongRow(i int, p Play, pos int, wrap bool) *rulebook.Violation {
	forced := t.Rows[pos]
	claimed := rulebook.Say("take5.ref.v.rowname", "Row", rowNumber(p.Row))
	if cp := t.Rows.Find(p.Row); cp >= 0 {
		claimed = describeRow(t.Rows[cp])
	}
	msg := rulebook.Say("take5.ref.v.forced", "Card", p.Card, "Claimed", claimed, "To", describeRow(forced), "Final", forced.Final())
	if wrap {
		msg = rulebook.Say("take5.ref.v.forced.wrap", "Card", p.Card, "Claimed", claimed, "To", describeRow(forced))
	}
	if t.Rows.Find(p.Row) < 0 {
		msg = rulebook.Both(t.gone(p.Row), msg)
	}
	return &rulebook.Violation{Rule: RuleForcedRow, Step: i, Message: msg}
}

// gone says that row index was taken earlier this turn.
func (t *Turn) gone(index int) rulebook.Msg {
	for _, pk := range t.Pickups {
		if pk.Row == index {
			return rulebook.Say("take5.ref.v.row.taken", "Row", rowNumber(index), "Nth", ordinal(pk.Step))
		}
	}
	return rulebook.Say("take5.ref.v.row.none", "Row", rowNumber(index))
}

// turnOver is the house-rule violation for a card laid after a pickup
// ended the turn.
func (t *Turn) turnOver(i int) rulebook.Violation {
	pk := t.Pickups[len(t.Pickups)-1]
	return rulebook.Violation{Rule: RuleTurnOver, Step: i,
		Message: rulebook.Say("take5.ref.v.turnover", "Nth", ordinal(pk.Step), "Row", rowNumber(pk.Row))}
}

// rowNumber is how players number the row named index: the web page and
// every message count rows 1, 2, … in the order the request gives them,
// while Index (and the API's "row") counts from 0.
func rowNumber(index int) int { return index + 1 }

// ordinal names card step (0-based) of a turn as players count it, for a
// sentence to put before "card": "1st", "2nd", "3rd" in English; "1re",
// "2e", "3e" in French (carte is feminine).
func ordinal(step int) rulebook.Msg { return rulebook.Say("take5.ref.v.ordinal", "Nth", step+1) }
