package taki

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// st writes a state: players, current, direction, top, then extra JSON fields.
func st(players, current int, dir, top string, extra ...string) string {
	s := fmt.Sprintf(`"players": %d, "current": %d, "direction": %q, "top": %q`, players, current, dir, top)
	for _, e := range extra {
		s += ", " + e
	}
	return "{" + s + "}"
}

// turnCase is one turn as the API receives it and what the referee must say.
type turnCase struct {
	name      string
	state     string
	hand      string // JSON array, or "" for no hand
	turn      string
	rules     string // JSON object, or ""
	wantRule  string // the violation's rule, or "" for a legal turn
	wantStep  int    // the violation's step (-1 for none)
	next      int
	draws     map[string]int
	skipped   []int
	wantState string // substrings the answer's state JSON must contain
	check     func(t *testing.T, r TurnResponse)
}

func (tt turnCase) body() string {
	b := `{"state": ` + tt.state + `, "turn": ` + tt.turn
	if tt.hand != "" {
		b += `, "hand": ` + tt.hand
	}
	if tt.rules != "" {
		b += `, "rules": ` + tt.rules
	}
	return b + "}"
}

func runTurnCases(t *testing.T, cases []turnCase) {
	t.Helper()
	for _, tt := range cases {
		var req TurnRequest
		dec := json.NewDecoder(strings.NewReader(tt.body()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			t.Fatalf("%s: decoding %s: %v", tt.name, tt.body(), err)
		}
		r, err := AnswerTurn(req, in("en"))
		if err != nil {
			t.Errorf("%s: AnswerTurn(%s) error %v", tt.name, tt.body(), err)
			continue
		}
		if tt.wantRule != "" {
			if r.Legal || len(r.Violations) != 1 || r.Violations[0].Rule != tt.wantRule || stepOf(r.Violations[0].Step) != tt.wantStep {
				t.Errorf("%s: AnswerTurn(%s) = legal %v, %+v, want %s at step %d", tt.name, tt.body(), r.Legal, r.Violations, tt.wantRule, tt.wantStep)
			}
			if r.Next != req.State.Current || len(r.Draws) != 0 {
				t.Errorf("%s: an illegal turn changed the table: next %d, draws %v", tt.name, r.Next, r.Draws)
			}
			continue
		}
		if !r.Legal {
			t.Errorf("%s: AnswerTurn(%s) illegal: %+v", tt.name, tt.body(), r.Violations)
			continue
		}
		draws := tt.draws
		if draws == nil {
			draws = map[string]int{}
		}
		skipped := tt.skipped
		if skipped == nil {
			skipped = []int{}
		}
		if r.Next != tt.next || !maps.Equal(r.Draws, draws) || !slices.Equal(r.Skipped, skipped) {
			t.Errorf("%s: AnswerTurn(%s) = next %d, draws %v, skipped %v, want next %d, draws %v, skipped %v",
				tt.name, tt.body(), r.Next, r.Draws, r.Skipped, tt.next, draws, skipped)
		}
		if r.State.Current != r.Next || r.State.Direction != r.Direction {
			t.Errorf("%s: state %+v disagrees with next %d / direction %s", tt.name, r.State, r.Next, r.Direction)
		}
		js, _ := json.Marshal(r.State)
		for _, want := range strings.Split(tt.wantState, "|") {
			if want != "" && !strings.Contains(string(js), want) {
				t.Errorf("%s: state after = %s, want it to contain %s", tt.name, js, want)
			}
		}
		if tt.check != nil {
			tt.check(t, r)
		}
	}
}

func stepOf(p *int) int {
	if p == nil {
		return -1
	}
	return *p
}
