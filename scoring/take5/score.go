// Package take5 scores a deal of Take 5! (Wolfgang Kramer, AMIGO), RULES.md
// §1.5, from each player's totals: green and red cows collected, "+5" and
// "x2" cards collected, and special cards left in hand. Totals rather than
// card lists, because the sheet does not print the cow count of every card
// (RULES.md §1.1, T5-A8). A match of several deals is the sum of the deals.
package take5

import (
	"strconv"
	"strings"
)

// HeldAtMost is the specials a player can keep in hand: he is dealt one
// x2 and one +5 («On distribue à chaque joueur une carte "x 2" et une carte
// "+ 5"»).
const HeldAtMost = 2

// Tally is what one player ends a deal with. Every count is ≥ 0.
type Tally struct {
	Green          int // G: green cows on the cards collected, +1 each
	Red            int // R: red cows on the cards collected, −1 each
	Plus5          int // P: "+5" cards collected
	X2             int // D: "x2" cards collected
	SpecialsInHand int // H: special cards still in hand at the end, −10 each
}

// Score returns (G − R + 5·P) × 2^D − 10·H, in the sheet's order: green minus
// red, then the +5s, then one doubling per x2 (a negative result doubles
// too), then −10 per special left in hand. The tally must be valid (Check).
func Score(t Tally) int {
	return (t.Green-t.Red+5*t.Plus5)<<t.X2 - 10*t.SpecialsInHand
}

// Working returns the calculation as a player writes it, in the form of the
// sheet's Example 4: "(5 − 3 + 5) × 2 − 10 = 4". Green and red always show;
// the +5s show as one term ("+ 10" for two); the parentheses and "× 2^D"
// only with an x2 ("× 4" for two); "− 10·H" only with specials in hand.
// Minus signs are U+2212 and the times sign U+00D7, negatives included:
// "(2 − 9) × 4 = −28".
func Working(t Tally) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(t.Green) + " − " + strconv.Itoa(t.Red))
	if t.Plus5 > 0 {
		b.WriteString(" + " + strconv.Itoa(5*t.Plus5))
	}
	s := b.String()
	if t.X2 > 0 {
		s = "(" + s + ") × " + strconv.Itoa(1<<t.X2)
	}
	if t.SpecialsInHand > 0 {
		s += " − " + strconv.Itoa(10*t.SpecialsInHand)
	}
	return s + " = " + signed(Score(t))
}

// signed writes n with a true minus sign (U+2212).
func signed(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}
