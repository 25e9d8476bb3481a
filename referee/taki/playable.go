package taki

import (
	"fmt"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// Playable lists, in hand order (a card held twice appears twice), every
// card of hand that could legally START the current player's turn on s: it
// matches (TK-R2) or answers a pending +2 (TK-R3), and a Plus only when the
// hand holds a card of its colour to follow it (TK-R9). Under
// answerPlus2WithTakiRun a TAKI answering a +2 is listed only when the hand
// holds a +2 to end its run. It never returns nil. It returns an
// *rulebook.InputError when s is impossible or hand holds a card that does
// not exist (Field "hand[i]").
func Playable(s State, hand []Card, set rulebook.Settings) ([]Card, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	for i, c := range hand {
		if !c.Valid() {
			return nil, rulebook.Mistake(fmt.Sprintf("hand[%d]", i), "taki.mistake.not.taki.card")
		}
	}
	eff, skip := opening(s, set)
	if skip {
		return []Card{}, nil
	}
	return playable(eff, hand, set), nil
}

// playable is Playable on a validated state after the opening.
func playable(eff State, hand []Card, set rulebook.Settings) []Card {
	out := []Card{}
	for i, c := range hand {
		if _, ok := firstCard(c, eff, set); !ok {
			continue
		}
		rest := make([]Card, 0, len(hand)-1)
		rest = append(append(rest, hand[:i]...), hand[i+1:]...)
		switch {
		case c.Kind == Plus && !hasFollowUp(rest, c.Colour):
			continue
		case eff.PendingDraw > 0 && c.Kind != Plus2 && !endsWithPlus2(c, rest, eff, set):
			continue
		}
		out = append(out, c)
	}
	return out
}

// endsWithPlus2 reports whether a TAKI run started by c can end in a +2 from
// rest: a +2 of the TAKI's colour, or of any colour the Super TAKI may take.
func endsWithPlus2(c Card, rest []Card, eff State, set rulebook.Settings) bool {
	for _, r := range rest {
		if r.Kind != Plus2 {
			continue
		}
		switch {
		case c.Kind == Taki && r.Colour == c.Colour,
			c.Kind == SuperTaki && (set.Bool(HRSuperTakiChoosesColour) || eff.Colour == NoColour || r.Colour == eff.Colour):
			return true
		}
	}
	return false
}
