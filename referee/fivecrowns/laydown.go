package fivecrowns

import (
	"fmt"

	"github.com/tablekeeper/tablekeeper/referee"
)

// LayDown is a player's cards split into melds, one discard (or none) and
// the cards left in hand.
type LayDown struct {
	Melds    [][]Card
	Discard  *Card  // nil when the hand is already after its discard, or none was made
	Leftover []Card // the cards kept in hand, which score against the player
	Penalty  int    // the sum of the leftover's values
}

// Verdict is the judgement of a declared lay-down.
type Verdict struct {
	Valid      bool
	Violations []referee.Violation
	Penalty    int    // leftover's value; cards of invalid melds count as kept
	Leftover   []Card // cards neither in a valid meld nor discarded
}

// CheckLayDown judges a declared lay-down of hand in round: each meld must be
// valid (Step = its index in melds) and made of cards from the hand, each
// card used once, and a hand of round+3 cards (just after drawing) must
// discard one card from the hand unless every card is melded under the house
// rule goOutWithoutDiscard. A hand of round+2 cards is after its discard and
// discard must be nil. Cards not melded stay in hand and count in Penalty.
// The hand itself is assumed valid (see CheckCards and CheckHandSize).
func CheckLayDown(round int, hand []Card, melds [][]Card, discard *Card, opts Options) Verdict {
	left := map[Card]int{}
	for _, c := range hand {
		left[c]++
	}
	v := Verdict{Violations: []referee.Violation{}}
	for i, m := range melds {
		for j, c := range m {
			if left[c] > 0 {
				left[c]--
				continue
			}
			v.Violations = append(v.Violations, notInHand(c, fmt.Sprintf("meld %d", i+1), fmt.Sprintf("la combinaison %d", i+1), hand, i))
			for _, back := range m[:j] { // the meld is refused as a whole
				left[back]++
			}
			m = nil
			break
		}
		if m == nil {
			continue
		}
		if _, bad, ok := CheckMeld(m, round, opts); !ok {
			bad.Step = i
			v.Violations = append(v.Violations, bad)
			for _, c := range m {
				left[c]++
			}
		}
	}
	if discard != nil {
		if left[*discard] > 0 {
			left[*discard]--
		} else {
			v.Violations = append(v.Violations, notInHand(*discard, "the discard", "la défausse", hand, referee.NoStep))
		}
	}
	v.Leftover = []Card{}
	for _, c := range hand { // hand order, each kind as often as it is left
		if left[c] > 0 {
			left[c]--
			v.Leftover = append(v.Leftover, c)
			v.Penalty += c.Value(round)
		}
	}
	if len(hand) == CardsDealt(round)+1 && discard == nil && (!opts.GoOutWithoutDiscard || len(v.Leftover) > 0) {
		en := "After drawing, the player holds %d cards and must discard one to end the turn, even when going out."
		fr := "Après la pioche, le joueur tient %d cartes et doit en défausser une pour finir son tour, même pour poser sa main."
		if opts.GoOutWithoutDiscard {
			en = "After drawing, the player holds %d cards: he may skip the discard only by melding all of them (the house rule “going out without discarding”), which this lay-down does not."
			fr = "Après la pioche, le joueur tient %d cartes : il ne peut se passer de défausser qu'en les posant toutes (règle maison « sortir sans défausser »), ce que cette pose ne fait pas."
		}
		v.Violations = append(v.Violations, referee.Violation{Rule: RuleDiscardRequired, Step: referee.NoStep,
			Message: referee.Text{EN: fmt.Sprintf(en, len(hand)), FR: fmt.Sprintf(fr, len(hand))}})
	}
	v.Valid = len(v.Violations) == 0
	return v
}

func notInHand(c Card, whereEN, whereFR string, hand []Card, step int) referee.Violation {
	held := 0
	for _, h := range hand {
		if h == c {
			held++
		}
	}
	en := fmt.Sprintf("%s uses %s, which is not in the hand.", whereEN, c.Display())
	fr := fmt.Sprintf("%s utilise %s, qui n'est pas dans la main.", whereFR, c.Display())
	if held > 0 {
		en = fmt.Sprintf("%s uses %s once more than the hand holds it (%d).", whereEN, c.Display(), held)
		fr = fmt.Sprintf("%s utilise %s une fois de plus que la main n'en contient (%d).", whereFR, c.Display(), held)
	}
	return referee.Violation{Rule: RuleNotInHand, Step: step, Message: referee.Text{EN: capitalize(en), FR: capitalize(fr)}}
}

func capitalize(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}
