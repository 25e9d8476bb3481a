package taki

import (
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// turnVector is one case of testdata/turn_vectors.json: RULES.md's TV-TK
// vectors, API.md's examples and the tables that cannot exist, shared with
// the handlers' test that the referee page answers them as the API does.
type turnVector struct {
	Name    string      `json:"name"`
	Request TurnRequest `json:"request"`
	Legal   bool        `json:"legal"`
	Rule    string      `json:"rule"`  // the violation's rule when illegal
	Next    int         `json:"next"`  // who plays next when legal
	Field   string      `json:"field"` // the field refused, for an impossible table
}

func TestTurnVectors(t *testing.T) {
	raw, err := os.ReadFile("testdata/turn_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []turnVector
	if err := json.Unmarshal(raw, &vs); err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		r, err := AnswerTurn(v.Request, in("en"))
		if v.Field != "" {
			var ie *rulebook.InputError
			if !errors.As(err, &ie) || ie.Field != v.Field {
				t.Errorf("%s: error %v, want an InputError on %q", v.Name, err, v.Field)
			}
			continue
		}
		switch {
		case err != nil:
			t.Errorf("%s: %v", v.Name, err)
		case r.Legal != v.Legal:
			t.Errorf("%s: legal = %v (%v), want %v", v.Name, r.Legal, r.Violations, v.Legal)
		case !v.Legal && (len(r.Violations) != 1 || r.Violations[0].Rule != v.Rule):
			t.Errorf("%s: violations %v, want one under %s", v.Name, r.Violations, v.Rule)
		case v.Legal && r.Next != v.Next:
			t.Errorf("%s: next = %d, want %d", v.Name, r.Next, v.Next)
		}
	}
}
