package take5

import (
	"encoding/json"

	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
)

// EntryVersion is the stored form Entry writes. Version 1 is the form the
// scoresheet has always stored ({"seats": [{"Green": 5, …}], "last": true});
// rows stored before the version field existed have no "v" and are read as
// version 1.
const EntryVersion = 1

// Entry is one deal on the scoresheet, as stored: each seat's tally, in seat
// order, and whether the group said it was the last deal of the match.
// Build one with NewEntry; Sheet.Score checks it.
type Entry struct {
	V     int     `json:"v"`
	Seats []Tally `json:"seats"`
	Last  bool    `json:"last,omitempty"`
}

// NewEntry is the deal with these tallies, one per seat in seat order.
func NewEntry(last bool, seats ...Tally) Entry {
	return Entry{V: EntryVersion, Seats: seats, Last: last}
}

// Marshal is the entry's stored form.
func (e Entry) Marshal() json.RawMessage {
	e.V = EntryVersion
	raw, _ := json.Marshal(e) // ints and a bool: cannot fail
	return raw
}

// DecodeEntry reads a stored entry of any version. Returns an
// *rulebook.InputError for a form that is not an entry (field "entry") or
// a version this code does not know.
func DecodeEntry(raw json.RawMessage) (Entry, error) {
	var e Entry
	if err := json.Unmarshal(raw, &e); err != nil {
		return Entry{}, rulebook.Mistake("entry", "take5.mistake.deal.not.form.scoresheet")
	}
	v, err := scoring.DecodeVersion(e.V, EntryVersion)
	if err != nil {
		return Entry{}, err
	}
	e.V = v
	return e, nil
}
