package fivecrowns

import (
	"encoding/json"

	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
)

// EntryVersion is the version of Entry's stored form written today. Rows
// stored before the field existed have no "v" and are version 1, which has
// the same shape: a new version is needed only when a field changes meaning.
const EntryVersion = 1

// Entry is one Five Crowns round as the scoresheet stores it: the game round
// (1…11, which fixes the cards dealt and the wild rank) and, seat by seat,
// how the points were given. Build it from code with the Seat constructors:
//
//	Entry{Round: 3, Seats: []Seat{WentOut(), Typed(12), Leftover("KH", "3S")}}
type Entry struct {
	V     int    `json:"v,omitempty"`
	Round int    `json:"round"`
	Seats []Seat `json:"seats"`
}

// Modes of a Seat.
const (
	ModeOut    = "out"    // went out: 0 points
	ModePoints = "points" // points typed as counted at the table
	ModeCards  = "cards"  // the cards left unmelded, valued by the engine
	ModeHand   = "hand"   // the whole final hand, at its lowest penalty
)

// Seat is how one seat's points were given. Points is what was typed (mode
// points); for cards and hand it is what the cards made when the round was
// entered, kept for the round's summary: Score always counts them again.
type Seat struct {
	Mode   string   `json:"mode"`
	Cards  []string `json:"cards,omitempty"`
	Points int      `json:"points"`
}

// WentOut is the seat of the player who went out.
func WentOut() Seat { return Seat{Mode: ModeOut} }

// Typed is a seat whose points were counted at the table.
func Typed(points int) Seat { return Seat{Mode: ModePoints, Points: points} }

// Leftover is a seat given by its unmelded cards (API notation).
func Leftover(cards ...string) Seat {
	return Seat{Mode: ModeCards, Cards: append([]string{}, cards...)}
}

// WholeHand is a seat given by its whole final hand.
func WholeHand(cards ...string) Seat {
	return Seat{Mode: ModeHand, Cards: append([]string{}, cards...)}
}

// Encode is the entry's stored form, at the current version.
func (e Entry) Encode() json.RawMessage {
	e.V = EntryVersion
	b, _ := json.Marshal(e) // strings and ints only: cannot fail
	return b
}

// DecodeEntry reads a stored entry of any version into today's shape. It
// returns an *rulebook.InputError for text that is not an entry or a version
// this build does not know (written by a newer one).
func DecodeEntry(raw json.RawMessage) (Entry, error) {
	var e Entry
	if err := json.Unmarshal(raw, &e); err != nil {
		return Entry{}, rulebook.Mistake("entry", "fivecrowns.mistake.round.not.five.crowns")
	}
	v, err := scoring.DecodeVersion(e.V, EntryVersion)
	if err != nil {
		return Entry{}, err
	}
	e.V = v
	return e, nil
}
