package taki

import (
	"encoding/json"
	"fmt"

	tk "github.com/tablekeeper/tablekeeper/referee/taki"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
)

// EntryVersion is the version of Entry's stored form written today. Rows
// stored before the field existed have no "v" and are version 1, which has
// the same shape: a new version is needed only when a field changes meaning.
const EntryVersion = 1

// Entry is one TAKI round as the scoresheet stores it: the seat that played
// its last card and, seat by seat, how the others' points were given. Build
// it from code with the Seat constructors:
//
//	Entry{Winner: 0, Seats: []Seat{WentOut(), Holding("R7", "CRAZY"), Lost(-12)}}
type Entry struct {
	V      int    `json:"v,omitempty"`
	Winner int    `json:"winner"`
	Seats  []Seat `json:"seats"`
}

// Modes of a Seat.
const (
	ModeOut    = "out"    // played his last card: +100
	ModeCards  = "cards"  // the cards left in hand, counted by the engine
	ModePoints = "points" // the points lost, typed as counted at the table
)

// Seat is how one seat's points were given. Points is what was typed (mode
// points, negative); rows of version 1 also kept there what an out or cards
// seat made when it was entered, which Score never reads: it counts again.
type Seat struct {
	Mode   string   `json:"mode"`
	Cards  []string `json:"cards,omitempty"`
	Points int      `json:"points"`
}

// WentOut is the seat of the player who played his last card.
func WentOut() Seat { return Seat{Mode: ModeOut} }

// Holding is a seat given by the cards left in hand (API notation: "R7").
func Holding(cards ...string) Seat {
	return Seat{Mode: ModeCards, Cards: append([]string{}, cards...)}
}

// Lost is a seat whose points were counted at the table (negative).
func Lost(points int) Seat { return Seat{Mode: ModePoints, Points: points} }

// Encode is the entry's stored form, at the current version.
func (e Entry) Encode() json.RawMessage {
	e.V = EntryVersion
	raw, _ := json.Marshal(e) // strings and ints only: cannot fail
	return raw
}

// DecodeEntry reads a stored or posted entry. A missing "v" is version 1.
// It returns an *rulebook.InputError for what is not an entry or is of a
// version this code does not know (written by a newer release).
func DecodeEntry(raw json.RawMessage) (Entry, error) {
	var e Entry
	if err := json.Unmarshal(raw, &e); err != nil {
		return Entry{}, rulebook.Mistake("", "taki.mistake.round.not.taki.round")
	}
	v, err := scoring.DecodeVersion(e.V, EntryVersion)
	if err != nil {
		return Entry{}, err
	}
	e.V = v
	return e, nil
}

// hands turns the seats into the scorer's hands. Errors name the field as
// "seats[i]…": an unknown mode, an unknown card, or both cards and points.
// Every seat is read: each seat's first mistake is in errs (by seat), and
// a seat with a mistake has what could be read of it.
func (e Entry) hands() (hands []Hand, errs map[int]error) {
	hands = make([]Hand, len(e.Seats))
	for i, s := range e.Seats {
		if err := e.hand(i, s, &hands[i]); err != nil {
			if errs == nil {
				errs = map[int]error{}
			}
			errs[i] = err
		}
	}
	return hands, errs
}

// hand reads seat i into h, or says its first mistake.
func (e Entry) hand(i int, s Seat, h *Hand) error {
	f := fmt.Sprintf("seats[%d]", i)
	switch s.Mode {
	case ModeOut, ModeCards:
	case ModePoints:
		if len(s.Cards) > 0 {
			return rulebook.SeatMistake(i, f, "taki.mistake.give.either.cards.left")
		}
		p := s.Points
		h.Typed = &p
		return nil
	default:
		return rulebook.SeatMistake(i, f+".mode", "taki.mistake.seat.entered.not", "ModeOut", ModeOut, "ModeCards", ModeCards, "ModePoints", ModePoints, "Mode", s.Mode)
	}
	if len(s.Cards) > tk.DeckSize {
		return rulebook.SeatMistake(i, f+".cards", "taki.mistake.more.cards.than.deck")
	}
	for j, code := range s.Cards {
		c, err := tk.ParseCard(code)
		if err != nil {
			return rulebook.OfSeat(i, at(err, fmt.Sprintf("%s.cards[%d]", f, j)))
		}
		h.Cards = append(h.Cards, c)
	}
	return nil
}

// at returns err, an *rulebook.InputError, with its Field set to field.
func at(err error, field string) error {
	if ie, ok := err.(*rulebook.InputError); ok {
		return ie.At(field)
	}
	return err
}
