// Package take5 scores a deal of Take 5! (Wolfgang Kramer, AMIGO), RULES.md
// §1.5, from each player's totals: green and red cows collected, "+5" and
// "x2" cards collected, and special cards left in hand. Totals rather than
// card lists, because the sheet does not print the cow count of every card
// (RULES.md §1.1, T5-A8). A match of several deals is the sum of the deals.
package take5

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tablekeeper/tablekeeper/referee"
)

// Limits of what a deal can hand one player, from the deck (RULES.md §1.1).
const (
	MaxGreen = 144 // 72 green cards, at most 2 green cows each
	MaxRed   = 182 // 26 red cards, at most 7 red cows each
	MaxX2    = 6   // six x2 cards in the box
	MaxPlus5 = 6   // six +5 cards in the box
	MaxHeld  = 2   // each player is dealt one x2 and one +5
	// MaxCardsInPlay is the most number cards a deal uses (hands + circle).
	MaxCardsInPlay = 75
)

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

// Check returns an *referee.InputError when no deal can end with t. Fields
// are named below prefix (e.g. "players[1]" gives "players[1].red").
func (t Tally) Check(prefix string) error {
	for _, c := range []struct {
		key      string
		n, max   int
		name     referee.Text // what the number counts, as players say it
		why, frW string
	}{
		{"green", t.Green, MaxGreen, referee.Text{EN: "green cows collected", FR: "de vachettes vertes ramassées"},
			"the 72 green cards carry at most 144 green cows", "les 72 cartes vertes portent au plus 144 vachettes vertes"},
		{"red", t.Red, MaxRed, referee.Text{EN: "red cows collected", FR: "de vachettes rouges ramassées"},
			"the 26 red cards carry at most 182 red cows", "les 26 cartes rouges portent au plus 182 vachettes rouges"},
		{"plus5", t.Plus5, MaxPlus5, referee.Text{EN: "“+5” cards collected", FR: "de cartes « +5 » ramassées"},
			"there are only 6 “+5” cards", "il n'y a que 6 cartes « +5 »"},
		{"x2", t.X2, MaxX2, referee.Text{EN: "“x2” cards collected", FR: "de cartes « x2 » ramassées"},
			"there are only 6 “x2” cards", "il n'y a que 6 cartes « x2 »"},
		{"specialsInHand", t.SpecialsInHand, MaxHeld, referee.Text{EN: "special cards left in hand", FR: "de cartes spéciales restées en main"},
			"each player is dealt only one x2 and one +5", "chaque joueur ne reçoit qu'un « x2 » et un « +5 »"},
	} {
		field := join(prefix, c.key)
		if c.n < 0 {
			return referee.Invalid(field,
				fmt.Sprintf("The number of %s cannot be negative (%d).", c.name.EN, c.n),
				fmt.Sprintf("Le nombre %s ne peut pas être négatif (%d).", c.name.FR, c.n))
		}
		if c.n > c.max {
			return referee.Invalid(field,
				fmt.Sprintf("The number of %s cannot be %d: %s.", c.name.EN, c.n, c.why),
				fmt.Sprintf("Le nombre %s ne peut pas être %d : %s.", c.name.FR, c.n, c.frW))
		}
	}
	if n := cardsNeeded(t.Green, t.Red); n > MaxCardsInPlay {
		return tooManyCows(join(prefix, "green"), t.Green, t.Red, n)
	}
	return nil
}

// cardsNeeded is the fewest number cards that carry g green and r red cows.
func cardsNeeded(g, r int) int { return (g+1)/2 + (r+6)/7 }

func tooManyCows(field string, g, r, n int) error {
	return referee.Invalid(field,
		fmt.Sprintf("%d green and %d red cows need at least %d cards, but a deal uses at most %d number cards.", g, r, n, MaxCardsInPlay),
		fmt.Sprintf("%d vachettes vertes et %d rouges demandent au moins %d cartes, mais une donne n'utilise que %d cartes vachettes au plus.", g, r, n, MaxCardsInPlay))
}

func join(prefix, key string) string {
	if prefix == "" {
		return key
	}
	return prefix + "." + key
}
