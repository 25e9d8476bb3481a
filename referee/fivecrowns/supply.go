package fivecrowns

import (
	"fmt"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// ParseCards parses API notation card by card. It returns an
// *rulebook.InputError naming "field[i]" for the first string that is not a
// card.
func ParseCards(field string, ss []string) ([]Card, error) {
	out := make([]Card, len(ss))
	for i, s := range ss {
		c, err := ParseCard(s)
		if err != nil {
			return nil, rulebook.Mistake(fmt.Sprintf("%s[%d]", field, i), "fcref.mistake.not.card.how", "Card", s)
		}
		out[i] = c
	}
	return out, nil
}

// Supply counts cards against the 116-card game: each suited card exists
// twice and the joker six times. Add cards group by group (one player's hand,
// then another's) so that an impossible total names the card that broke it.
type Supply struct{ n [Kinds]uint8 }

// Take counts cards, whose JSON path is field[i]. It returns an
// *rulebook.InputError naming the first card that is invalid or exceeds the
// number of copies in the game; the cards before it stay counted.
func (s *Supply) Take(field string, cards []Card) error {
	for i, c := range cards {
		k := c.Index()
		path := func() string { return fmt.Sprintf("%s[%d]", field, i) }
		if k < 0 {
			return rulebook.Mistake(path(), "fcref.mistake.not.card.this")
		}
		s.n[k]++
		if int(s.n[k]) > Copies(c) {
			if c.IsJoker() {
				return rulebook.Mistake(path(), "fcref.mistake.more.than.six.jokers")
			}
			return rulebook.Mistake(path(), "fcref.mistake.appears.more.than.twice", "Card", c.Display())
		}
	}
	return nil
}

// CheckCards reports whether cards could all come from one game: no suited
// card more than twice, no more than six jokers. The error is an
// *rulebook.InputError naming field[i] of the first card too many.
func CheckCards(field string, cards []Card) error {
	var s Supply
	return s.Take(field, cards)
}
