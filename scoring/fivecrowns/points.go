// Package fivecrowns scores Les Cinq Rois (Five Crowns): a round's points
// from the cards left over, and the match rules a scoresheet needs (rounds,
// dealer rotation, the winner). Card types come from referee/fivecrowns.
package fivecrowns

import (
	fc "github.com/tablekeeper/tablekeeper/referee/fivecrowns"
	"github.com/tablekeeper/tablekeeper/rulebook"
)

// LeftoverPoints is a round's points for a player who did not go out: the sum
// of the values of his unmelded cards (RULES.md §3.5): face value for 3…10,
// J 11, Q 12, K 13, 20 for the round's wild rank, 50 for a joker. An empty
// leftover (everything melded in the final turn) scores 0.
//
// It returns an *rulebook.InputError when round is not 1…11, when the
// leftover holds more cards than were dealt, or when it is impossible (a
// suited card more than twice, more than six jokers); its Field is "round"
// or "leftover[i]".
func LeftoverPoints(round int, leftover []fc.Card) (int, error) {
	if err := CheckRound(round); err != nil {
		return 0, err
	}
	if n := fc.CardsDealt(round); len(leftover) > n {
		return 0, rulebook.Mistake("leftover", "fivecrowns.mistake.cards.left.over.but", "Leftover", len(leftover), "Num", n, "Round", round)
	}
	if err := fc.CheckCards("leftover", leftover); err != nil {
		return 0, err
	}
	return sum(round, leftover), nil
}

// WentOutPoints is the score of the player who went out: 0.
const WentOutPoints = 0

func sum(round int, cards []fc.Card) int {
	p := 0
	for _, c := range cards {
		p += c.Value(round)
	}
	return p
}

// CheckRound returns an *rulebook.InputError on field "round" unless round is
// 1…11.
func CheckRound(round int) error {
	if !fc.ValidRound(round) {
		return rulebook.Mistake("round", "fivecrowns.mistake.round.11.not", "Round", round)
	}
	return nil
}
