package take5

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// wrongRow is the T5-R3 violation for a number card claimed on a row other
// than the one at pos, where it must go.
func (t *Turn) wrongRow(i int, p Play, pos int, wrap bool) *rulebook.Violation {
	forced := t.Rows[pos]
	var claimed rulebook.Text
	if cp := t.Rows.Find(p.Row); cp >= 0 {
		claimed = describeRow(t.Rows[cp])
	} else {
		claimed = rulebook.Text{EN: fmt.Sprintf("row %d", rowNumber(p.Row)), FR: fmt.Sprintf("la rangée %d", rowNumber(p.Row))}
	}
	to := describeRow(forced)
	msg := rulebook.Text{
		EN: fmt.Sprintf("%d cannot go on %s: it must go on %s, because %d is the largest final below %d.", p.Card, claimed.EN, to.EN, forced.Final(), p.Card),
		FR: fmt.Sprintf("Le %d ne peut pas aller sur %s : il doit aller sur %s, car %d est le plus grand chiffre final inférieur à %d.", p.Card, claimed.FR, to.FR, forced.Final(), p.Card),
	}
	if wrap {
		msg = rulebook.Text{
			EN: fmt.Sprintf("%d cannot go on %s: no final is below %d, so it must go on the row with the largest final, %s.", p.Card, claimed.EN, p.Card, to.EN),
			FR: fmt.Sprintf("Le %d ne peut pas aller sur %s : aucun chiffre final n'est inférieur à %d, il doit donc aller sur la rangée qui a le plus grand chiffre final, %s.", p.Card, claimed.FR, p.Card, to.FR),
		}
	}
	if t.Rows.Find(p.Row) < 0 {
		msg = appendText(t.gone(p.Row), msg)
	}
	return &rulebook.Violation{Rule: RuleForcedRow, Step: i, Message: msg}
}

// gone says that row index was taken earlier this turn.
func (t *Turn) gone(index int) rulebook.Text {
	for _, pk := range t.Pickups {
		if pk.Row == index {
			return rulebook.Text{
				EN: fmt.Sprintf("Row %d is no longer on the table: your %s card took it.", rowNumber(index), ordinal(pk.Step).EN),
				FR: fmt.Sprintf("La rangée %d n'est plus sur la table : votre %s carte l'a ramassée.", rowNumber(index), ordinal(pk.Step).FR),
			}
		}
	}
	return rulebook.Text{
		EN: fmt.Sprintf("Row %d is not on the table.", rowNumber(index)),
		FR: fmt.Sprintf("La rangée %d n'est pas sur la table.", rowNumber(index)),
	}
}

// turnOver is the house-rule violation for a card laid after a pickup
// ended the turn.
func (t *Turn) turnOver(i int) rulebook.Violation {
	pk := t.Pickups[len(t.Pickups)-1]
	return rulebook.Violation{Rule: RuleTurnOver, Step: i, Message: rulebook.Text{
		EN: fmt.Sprintf("Your turn ended when your %s card took row %d (house rule: a pickup ends the turn), so you cannot lay another card.", ordinal(pk.Step).EN, rowNumber(pk.Row)),
		FR: fmt.Sprintf("Votre tour s'est terminé quand votre %s carte a ramassé la rangée %d (règle maison : ramasser termine le tour), vous ne pouvez donc plus poser de carte.", ordinal(pk.Step).FR, rowNumber(pk.Row)),
	}}
}

// rowNumber is how players number the row named index: the web page and
// every message count rows 1, 2, … in the order the request gives them,
// while Index (and the API's "row") counts from 0.
func rowNumber(index int) int { return index + 1 }

// ordinal names card step (0-based) of a turn as players count it: "1st",
// "2nd", "3rd", "4th" in English; "1re", "2e", "3e" in French (carte is
// feminine).
func ordinal(step int) rulebook.Text {
	n := step + 1
	en := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			en = "st"
		case 2:
			en = "nd"
		case 3:
			en = "rd"
		}
	}
	fr := "e"
	if n == 1 {
		fr = "re"
	}
	return rulebook.Text{EN: fmt.Sprint(n, en), FR: fmt.Sprint(n, fr)}
}

// appendText joins two sentences in each language.
func appendText(a, b rulebook.Text) rulebook.Text {
	return rulebook.Text{EN: strings.TrimSpace(a.EN + " " + b.EN), FR: strings.TrimSpace(a.FR + " " + b.FR)}
}

// capital upper-cases the first letter of a sentence.
func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
