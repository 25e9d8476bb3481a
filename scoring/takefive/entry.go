package takefive

import (
	"encoding/json"

	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
)

// EntryVersion is the version of the stored form Entry writes. Rows stored
// before versions existed carry no "v" and read as version 1: the shape is
// the same.
const EntryVersion = 1

// Entry is one round as the scoresheet stores it: its phase and starter as
// they stood when it was saved, the winner (a seat, or NoWinner when every
// player was eliminated from a 21 round) and, optionally, the winning rack.
// The phase and starter follow from the rounds before it: build an entry
// with Game.EntryFor (or EntryOf a Play round) rather than by hand.
type Entry struct {
	V       int    `json:"v"`
	Phase   string `json:"phase"`
	Starter int    `json:"starter"`
	Winner  int    `json:"winner"`
	Rack    []int  `json:"rack,omitempty"`
}

// EntryOf is the entry of a round of a Sheet (the load generator and the
// import build theirs this way).
func EntryOf(r Round) Entry {
	return Entry{V: EntryVersion, Phase: r.Phase.String(), Starter: r.Starter, Winner: r.Winner}
}

// storedEntry is Entry as read, so that a missing winner is told from seat 0.
type storedEntry struct {
	V       int    `json:"v"`
	Phase   string `json:"phase"`
	Starter int    `json:"starter"`
	Winner  *int   `json:"winner"`
	Rack    []int  `json:"rack"`
}

// MissingWinner is the error for a round whose winner was not given.
func MissingWinner() error {
	return rulebook.Mistake("winner", "takefive.mistake.choose.who.won.round")
}

// DecodeEntry reads a stored entry of any version (no "v" is version 1).
// Like the rows it reads, it is lenient about fields it does not know.
// Returns an *rulebook.InputError for a body that is not an entry, an
// unknown version or a missing winner.
func DecodeEntry(raw json.RawMessage) (Entry, error) {
	var s storedEntry
	if err := json.Unmarshal(raw, &s); err != nil {
		return Entry{}, rulebook.Mistake("entry", "takefive.mistake.round.not.take.five")
	}
	v, err := scoring.DecodeVersion(s.V, EntryVersion)
	if err != nil {
		return Entry{}, err
	}
	s.V = v
	if s.Winner == nil {
		return Entry{}, MissingWinner()
	}
	return Entry{V: s.V, Phase: s.Phase, Starter: s.Starter, Winner: *s.Winner, Rack: s.Rack}, nil
}

// Encode is the entry's stored form, at the current version.
func (e Entry) Encode() json.RawMessage {
	e.V = EntryVersion
	raw, _ := json.Marshal(e) // ints and strings always marshal
	return raw
}
