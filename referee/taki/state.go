package taki

import (
	"fmt"
	"slices"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// Way is the direction of play: Clockwise (players 0, 1, 2…) or
// CounterClockwise.
type Way int8

// The two directions of play; their values are the seat step.
const (
	Clockwise        Way = 1
	CounterClockwise Way = -1
)

// String is the API's "cw" or "ccw".
func (w Way) String() string {
	if w == CounterClockwise {
		return "ccw"
	}
	return "cw"
}

// Side is where hands go after a crazy card: Left is the next seat
// clockwise (seat+1), Right the previous one. NoSide when none.
type Side int8

// The sides a hand may be passed to.
const (
	NoSide Side = 0
	Left   Side = 1
	Right  Side = -1
)

// String is the API's "left" or "right" ("" for NoSide).
func (s Side) String() string {
	return map[Side]string{Left: "left", Right: "right"}[s]
}

// Player counts (RULES.md §4.2).
const (
	MinPlayers = 2
	MaxPlayers = 10
)

// State is the table between two turns (RULES.md §4.3).
type State struct {
	Players     int
	Current     int // whose turn it is, seat 0…Players−1 clockwise (SeatName)
	Direction   Way
	Top         Card   // the top of the discard pile
	Colour      Colour // the colour in force; NoColour only on an opening colourless card (any card may be played)
	PendingDraw int    // the total owed from a chain of +2 (0, 2, 4…)
	OpenTaki    Colour // the colour of a TAKI left open, or NoColour
	// SilentOneCard lists the players who hold one card and have not said
	// «Taki»; they draw the penalty when the current player completes his
	// turn (TK-R12, TK-A5). A player who calls in time is removed by the client.
	SilentOneCard []int
	// Opening is true for the first turn of a round: Top is the card turned
	// up from the stock, and startCardAction says whether it acts (TK-A10).
	Opening bool
}

// step returns the seat k places from seat p in direction w.
func (s State) step(p int, w Way, k int) int {
	n := s.Players
	return ((p+int(w)*k)%n + n) % n
}

// maxPending is the largest chain: every +2 of the deck.
func maxPending() int {
	return 2 * Copies(Card{Colour: Red, Kind: Plus2}) * len(Colours)
}

// Validate reports the first impossible thing in s as an *rulebook.InputError
// whose Field is the API's JSON path ("state.color"…): players outside 2…10,
// a current player who is not seated, a card that does not exist, a colour in
// force that differs from a coloured top card or is missing under a
// colourless one (outside the opening), a pending draw that is odd, negative,
// larger than the deck's +2s allow or without a +2 on top, an open TAKI in
// another colour than the one in force or under a change of colour or a
// crazy card, a Plus on top outside the opening (a Plus is always followed),
// or a silent player listed twice or not seated.
func (s State) Validate() error {
	if s.Players < MinPlayers || s.Players > MaxPlayers {
		return rulebook.Mistake("state.players", "taki.mistake.taki.played.10.players")
	}
	if s.Current < 0 || s.Current >= s.Players {
		return rulebook.Mistake("state.current", "taki.mistake.current.player.one.seats", "Last", SeatName(s.Players-1), "Players", s.Players)
	}
	if s.Direction != Clockwise && s.Direction != CounterClockwise {
		return rulebook.Mistake("state.direction", "taki.mistake.direction.plain")
	}
	if !s.Top.Valid() {
		return rulebook.Mistake("state.top", "taki.mistake.top.card.not.taki")
	}
	if s.Colour > Yellow {
		return rulebook.Mistake("state.color", "taki.mistake.colour")
	}
	if s.Top.Colour != NoColour && s.Colour != s.Top.Colour {
		return rulebook.Mistake("state.color", "taki.mistake.colour.force.top.card", "Name", s.Top.Colour.Name())
	}
	if s.Top.Colour == NoColour && s.Colour == NoColour && !s.Opening {
		return rulebook.Mistake("state.color", "taki.mistake.give.colour.force.top", "Name", s.Top.Name())
	}
	if s.Top.Kind == Plus && !s.Opening {
		return rulebook.Mistake("state.top", "taki.mistake.plus.always.followed.another")
	}
	switch p := s.PendingDraw; {
	case p < 0 || p%2 != 0 || p > maxPending():
		return rulebook.Mistake("state.pendingDraw", "taki.mistake.pending.draw.even.number", "Max", maxPending())
	case p > 0 && s.Top.Kind != Plus2:
		return rulebook.Mistake("state.pendingDraw", "taki.mistake.cards.owed.only.when")
	case p > 2 && s.Opening:
		return rulebook.Mistake("state.pendingDraw", "taki.mistake.opening.only.starting.can")
	}
	if s.OpenTaki != NoColour {
		if s.OpenTaki > Yellow || s.OpenTaki != s.Colour || s.Top.Kind == ChangeColour || s.Top.Kind == Crazy {
			return rulebook.Mistake("state.openTaki", "taki.mistake.open.taki.colour.force")
		}
	}
	for i, p := range s.SilentOneCard {
		f := fmt.Sprintf("state.silentOneCard[%d]", i)
		if p < 0 || p >= s.Players {
			return rulebook.Mistake(f, "taki.mistake.player.not.table.each", "Player", SeatName(p), "Players", s.Players, "Last", SeatName(s.Players-1))
		}
		if slices.Contains(s.SilentOneCard[:i], p) {
			return rulebook.Mistake(f, "taki.mistake.player.listed.twice.among", "Player", SeatName(p))
		}
	}
	return nil
}

// SeatName is how players name seat (0-based): "A" for seat 0, "B" for
// seat 1, … "J" for seat 9, as the referee page labels them. Messages use
// it; the API keeps numbering seats from 0.
func SeatName(seat int) string {
	if seat < 0 || seat >= MaxPlayers {
		return fmt.Sprint(seat)
	}
	return string(rune('A' + seat))
}
