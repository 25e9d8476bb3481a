package fivecrowns

import (
	"encoding/json"
	"errors"
	"os"
	"slices"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// HandVector is one question to POST /api/v1/fivecrowns/hand and its
// answer: the lowest penalty and, with melds, the verdict and the rules
// broken; or the field of the 400. They live in testdata/hand_vectors.json
// so that the handlers' agreement test asks the referee page the same.
type HandVector struct {
	Name       string          `json:"name"`
	Request    json.RawMessage `json:"request"`
	MinPenalty int             `json:"minPenalty"`
	Valid      *bool           `json:"valid"`
	Rules      []string        `json:"rules"`
	Field      string          `json:"field"`
}

func TestHandVectors(t *testing.T) {
	b, err := os.ReadFile("testdata/hand_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []HandVector
	if err := json.Unmarshal(b, &vs); err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		var req HandRequest
		if err := json.Unmarshal(v.Request, &req); err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		got, err := AnswerHand(req, in("en"))
		if v.Field != "" {
			var ie *rulebook.InputError
			if !errors.As(err, &ie) || ie.Field != v.Field {
				t.Errorf("%s: error %v, want field %q", v.Name, err, v.Field)
			}
			continue
		}
		if err != nil || got.MinPenalty != v.MinPenalty {
			t.Errorf("%s: AnswerHand = %+v, %v, want minimum %d", v.Name, got, err, v.MinPenalty)
			continue
		}
		if (v.Valid == nil) != (got.Declared == nil) {
			t.Errorf("%s: declared = %+v, want valid %v", v.Name, got.Declared, v.Valid)
			continue
		}
		if d := got.Declared; d != nil {
			rules := []string{}
			for _, vi := range d.Violations {
				rules = append(rules, vi.Rule)
			}
			if d.Valid != *v.Valid || !slices.Equal(rules, v.Rules) {
				t.Errorf("%s: declared %+v, want valid %v, rules %v", v.Name, d, *v.Valid, v.Rules)
			}
		}
	}
}
