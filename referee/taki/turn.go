package taki

import (
	"fmt"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// Turn is what the current player does: draw, or play cards in order.
type Turn struct {
	Draw      bool
	Play      []Card
	Colour    Colour   // named by the last change of colour or Super TAKI of the turn
	CloseTaki bool     // the player announces «TAKI fermé»
	PassHands Side     // where hands go after a crazy card
	Counter   *Counter // another player's answer to a +3
	CallTaki  bool     // the player says «Taki» as he is left with one card
}

// Counter is another player countering a +3 out of turn (TK-R10).
type Counter struct {
	Player int
	Play   []Card
}

// Result is the verdict on one turn. When Legal is false the turn changes
// nothing: State is the state before it, Next the same player, and Draws,
// Skipped and Penalized are empty.
type Result struct {
	Legal       bool
	Violations  []rulebook.Violation
	Next        int
	Direction   Way
	Draws       map[int]int // who draws how many cards because of this turn
	Skipped     []int       // players who lose their turn
	HandsPassed Side        // NoSide, or where every hand went (crazy card)
	Penalized   []int       // players who drew the «Taki» penalty
	RoundOver   bool        // the player played his last card (known only with a hand)
	State       State       // the table after the turn
}

// Judge decides one turn of s. hand is the player's hand before the turn, or
// nil when unknown (then the end of round and the «Taki» call cannot be
// detected). Cards are evaluated in order and evaluation stops at the first
// illegal one, which the single violation names by its step.
//
// It returns an *rulebook.InputError (Field as in the API: "state.top",
// "turn.play[2]", "hand[0]"…) when s is impossible (see State.Validate), the
// hand is given but empty, the turn neither draws nor plays or does both, a card played is not in hand,
// the cards in sight hold more copies than the deck, a colour is missing for
// a change of colour or Super TAKI (or given with none), a crazy card's side
// is missing (or given with none), or the counter is by the current player or
// an unseated one.
func Judge(s State, hand []Card, t Turn, set rulebook.Settings) (Result, error) {
	if err := s.Validate(); err != nil {
		return Result{}, err
	}
	if err := checkTurn(s, hand, t, set); err != nil {
		return Result{}, err
	}
	j := judge{s: s, hand: hand, t: t, set: set}
	j.eff, j.skipStart = opening(s, set)
	return j.run()
}

// opening applies the starting card's action (TK-A10) to the state the first
// player faces; skip is true when a starting Stop takes his turn.
func opening(s State, set rulebook.Settings) (eff State, skip bool) {
	eff = s
	if !s.Opening || set.Get(HRStartCardAction) != "apply" {
		return eff, false
	}
	switch s.Top.Kind {
	case Stop:
		skip = true
	case Plus2:
		if eff.PendingDraw == 0 {
			eff.PendingDraw = 2
		}
	case Direction:
		eff.Direction = -eff.Direction
	case Taki:
		eff.OpenTaki = s.Top.Colour
	case SuperTaki:
		eff.OpenTaki = s.Colour
	}
	return eff, skip
}

// matches is TK-R2 against the table: a colourless card always, else the
// colour in force, or the top card's number or symbol. A free colour (an
// opening colourless card) takes anything, and so does a crazy card («on peut
// donc jouer une carte de n'importe quelle couleur sur elle», TK-A3) unless
// crazyAnyColour is off: then only the colour underneath, the colour in force.
func matches(c Card, eff State, set rulebook.Settings) bool {
	switch {
	case c.Kind.Colourless(), eff.Colour == NoColour, c.Colour == eff.Colour:
		return true
	case eff.Top.Kind == Crazy:
		return set.Bool(HRCrazyAnyColour)
	}
	return !eff.Top.Kind.Colourless() && c.Kind == eff.Top.Kind && c.Value == eff.Top.Value
}

// firstCard checks the card that starts a turn, returning its violation.
func firstCard(c Card, eff State, set rulebook.Settings) (rulebook.Violation, bool) {
	if eff.PendingDraw > 0 {
		if c.Kind == Plus2 || (set.Bool(HRAnswerPlus2WithTakiRun) && (c.Kind == Taki || c.Kind == SuperTaki) && matches(c, eff, set)) {
			return rulebook.Violation{}, true
		}
		return msgPending(eff.PendingDraw, c, 0), false
	}
	// On an open TAKI the cards of its colour match anyway; any other card,
	// a TAKI of another colour included, matches the top card (TK-R7).
	if matches(c, eff, set) {
		return rulebook.Violation{}, true
	}
	if eff.OpenTaki != NoColour {
		return msgOpenTaki(eff.OpenTaki, c, eff.Top, 0), false
	}
	return msgMatch(c, eff.Top, eff.Colour, 0), false
}

// checkTurn finds the input errors of a turn (see Judge).
func checkTurn(s State, hand []Card, t Turn, set rulebook.Settings) error {
	if t.Draw == (len(t.Play) > 0) {
		return rulebook.Mistake("turn", "taki.mistake.turn.either.draws.plays")
	}
	if hand != nil && len(hand) == 0 {
		return rulebook.Mistake("hand", "taki.mistake.player.whose.turn.holds")
	}
	if len(hand) > DeckSize || len(t.Play) > DeckSize {
		return rulebook.Mistake("hand", "taki.mistake.more.cards.than.deck")
	}
	seen := map[Card]int{s.Top: 1}
	count := func(c Card, field string) error {
		if !c.Valid() {
			return rulebook.Mistake(field, "taki.mistake.not.taki.card")
		}
		seen[c]++
		if seen[c] > Copies(c) {
			return rulebook.Mistake(field, "taki.mistake.deck.holds.only.more", "Copies", Copies(c), "Name", c.Name())
		}
		return nil
	}
	if hand != nil {
		left := map[Card]int{}
		for i, c := range hand {
			if err := count(c, fmt.Sprintf("hand[%d]", i)); err != nil {
				return err
			}
			left[c]++
		}
		for i, c := range t.Play {
			if left[c] == 0 {
				return rulebook.Mistake(fmt.Sprintf("turn.play[%d]", i), "taki.mistake.played.not.hand", "Name", c.Name())
			}
			left[c]--
		}
	} else {
		for i, c := range t.Play {
			if err := count(c, fmt.Sprintf("turn.play[%d]", i)); err != nil {
				return err
			}
		}
	}
	if t.Counter != nil {
		if t.Draw {
			return rulebook.Mistake("turn.counter", "taki.mistake.counter.answers.play.not")
		}
		if t.Counter.Player < 0 || t.Counter.Player >= s.Players || t.Counter.Player == s.Current {
			return rulebook.Mistake("turn.counter.player", "taki.mistake.counter.played.another.player", "Last", SeatName(s.Players-1), "Current", SeatName(s.Current))
		}
		if len(t.Counter.Play) > 2 {
			return rulebook.Mistake("turn.counter.play", "taki.mistake.counter.two.cards.plus")
		}
		for i, c := range t.Counter.Play {
			if err := count(c, fmt.Sprintf("turn.counter.play[%d]", i)); err != nil {
				return err
			}
		}
	}
	// The colour and the side are asked for exactly when a card needs them.
	n := len(t.Play)
	needColour, chooser, crazy := false, false, false
	for i, c := range t.Play {
		switch c.Kind {
		case ChangeColour:
			chooser = true
			needColour = needColour || i == n-1
		case SuperTaki:
			chooser = true
			free := set.Bool(HRSuperTakiChoosesColour) || (i == 0 && s.Colour == NoColour)
			needColour = needColour || (free && (i == n-1 || t.Play[i+1].Colour == NoColour))
		case Crazy:
			crazy = true
		}
	}
	switch {
	case t.Draw && (t.Colour != NoColour || t.PassHands != NoSide || t.CloseTaki):
		return rulebook.Mistake("turn", "taki.mistake.draw.takes.no.colour")
	case needColour && t.Colour == NoColour:
		return rulebook.Mistake("turn.color", "taki.mistake.name.colour.chosen.change")
	case t.Colour != NoColour && !chooser:
		return rulebook.Mistake("turn.color", "taki.mistake.colour.named.only.change")
	case t.PassHands != NoSide && !crazy:
		return rulebook.Mistake("turn.passHands", "taki.mistake.hands.passed.only.after")
	case n > 0 && t.Play[n-1].Kind == Crazy && t.PassHands == NoSide &&
		(hand == nil || len(hand) > n || set.Bool(HRCrazyLastCardPasses)):
		return rulebook.Mistake("turn.passHands", "taki.mistake.say.whether.hands.go")
	}
	return nil
}
