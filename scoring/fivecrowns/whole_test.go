package fivecrowns

import (
	"testing"

	"github.com/tablekeeper/tablekeeper/scoring"
)

// Only a match from round 1 is the whole game: an express match (from a
// later round) sets no records. A match stored before the express variant
// (no start round) started at round 1.
func TestWholeMatch(t *testing.T) {
	for opts, want := range map[string]bool{"1": true, "6": false, "9": false, "": true} {
		m := scoring.Match{Seats: 3, Options: map[string]string{}}
		if opts != "" {
			m.Options[OptStartRound] = opts
		}
		if got := (Sheet{}).Whole(m); got != want {
			t.Errorf("Whole(start round %q) = %v, want %v", opts, got, want)
		}
	}
}
