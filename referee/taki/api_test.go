package taki

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

func TestAnswerTurnInputErrors(t *testing.T) {
	tests := []struct {
		name  string
		body  string
		field string
	}{
		{"one player", `{"state": ` + st(1, 0, "cw", "R5") + `, "turn": {"draw": true}}`, "state.players"},
		{"eleven players", `{"state": ` + st(11, 0, "cw", "R5") + `, "turn": {"draw": true}}`, "state.players"},
		{"current not seated", `{"state": ` + st(4, 4, "cw", "R5") + `, "turn": {"draw": true}}`, "state.current"},
		{"bad direction", `{"state": ` + st(4, 0, "up", "R5") + `, "turn": {"draw": true}}`, "state.direction"},
		{"unknown top", `{"state": ` + st(4, 0, "cw", "R0") + `, "turn": {"draw": true}}`, "state.top"},
		{"missing top", `{"state": {"players": 4, "current": 0, "direction": "cw"}, "turn": {"draw": true}}`, "state.top"},
		{"colour unlike the coloured top", `{"state": ` + st(4, 0, "cw", "R5", `"color": "G"`) + `, "turn": {"draw": true}}`, "state.color"},
		{"no colour under a colourless top", `{"state": ` + st(4, 0, "cw", "COLOR") + `, "turn": {"draw": true}}`, "state.color"},
		{"unknown colour", `{"state": ` + st(4, 0, "cw", "COLOR", `"color": "P"`) + `, "turn": {"draw": true}}`, "state.color"},
		{"pending draw without a +2", `{"state": ` + st(4, 0, "cw", "R5", `"pendingDraw": 2`) + `, "turn": {"draw": true}}`, "state.pendingDraw"},
		{"odd pending draw", `{"state": ` + st(4, 0, "cw", "R+2", `"pendingDraw": 3`) + `, "turn": {"draw": true}}`, "state.pendingDraw"},
		{"pending draw beyond the deck", `{"state": ` + st(4, 0, "cw", "R+2", `"pendingDraw": 18`) + `, "turn": {"draw": true}}`, "state.pendingDraw"},
		{"open TAKI of another colour", `{"state": ` + st(4, 0, "cw", "R5", `"openTaki": "G"`) + `, "turn": {"draw": true}}`, "state.openTaki"},
		{"open TAKI under a colour change", `{"state": ` + st(4, 0, "cw", "COLOR", `"color": "G"`, `"openTaki": "G"`) + `, "turn": {"draw": true}}`, "state.openTaki"},
		{"Plus on top mid-round", `{"state": ` + st(4, 0, "cw", "RPLUS") + `, "turn": {"draw": true}}`, "state.top"},
		{"silent player twice", `{"state": ` + st(4, 0, "cw", "R5", `"silentOneCard": [1, 1]`) + `, "turn": {"draw": true}}`, "state.silentOneCard[1]"},
		{"draw and play", `{"state": ` + st(4, 0, "cw", "R5") + `, "turn": {"draw": true, "play": ["R1"]}}`, "turn"},
		{"neither draw nor play", `{"state": ` + st(4, 0, "cw", "R5") + `, "turn": {}}`, "turn"},
		{"unknown card played", `{"state": ` + st(4, 0, "cw", "R5") + `, "turn": {"play": ["R1", "Q7"]}}`, "turn.play[1]"},
		{"card not in hand", `{"state": ` + st(4, 0, "cw", "R5") + `, "hand": ["R1"], "turn": {"play": ["R9"]}}`, "turn.play[0]"},
		{"third copy in sight", `{"state": ` + st(4, 0, "cw", "R5") + `, "hand": ["R5", "R5"], "turn": {"play": ["R5"]}}`, "hand[1]"},
		{"colour change without a colour", `{"state": ` + st(4, 0, "cw", "R5") + `, "turn": {"play": ["COLOR"]}}`, "turn.color"},
		{"Super TAKI alone without a colour", `{"state": ` + st(4, 0, "cw", "R5") + `, "turn": {"play": ["SUPERTAKI"]}}`, "turn.color"},
		{"colour with no card to name it", `{"state": ` + st(4, 0, "cw", "R5") + `, "turn": {"play": ["R1"], "color": "G"}}`, "turn.color"},
		{"crazy card without a side", `{"state": ` + st(4, 0, "cw", "R5") + `, "turn": {"play": ["CRAZY"]}}`, "turn.passHands"},
		{"bad side", `{"state": ` + st(4, 0, "cw", "R5") + `, "turn": {"play": ["CRAZY"], "passHands": "up"}}`, "turn.passHands"},
		{"side without a crazy card", `{"state": ` + st(4, 0, "cw", "R5") + `, "turn": {"play": ["R1"], "passHands": "left"}}`, "turn.passHands"},
		{"counter by the current player", `{"state": ` + st(4, 0, "cw", "R5") + `, "turn": {"play": ["RPLUS", "R3"], "counter": {"player": 0, "play": ["GPLUS", "G3"]}}}`, "turn.counter.player"},
		{"counter of three cards", `{"state": ` + st(4, 0, "cw", "R5") + `, "turn": {"play": ["RPLUS", "R3"], "counter": {"player": 1, "play": ["GPLUS", "G3", "G4"]}}}`, "turn.counter.play"},
		{"unknown house rule", `{"state": ` + st(4, 0, "cw", "R5") + `, "turn": {"draw": true}, "rules": {"nope": 1}}`, "rules.nope"},
		{"bad penalty", `{"state": ` + st(4, 0, "cw", "R5") + `, "turn": {"draw": true}, "rules": {"lastCardPenalty": 2}}`, "rules.lastCardPenalty"},
	}
	for _, tt := range tests {
		var req TurnRequest
		if err := json.Unmarshal([]byte(tt.body), &req); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		_, err := AnswerTurn(req, in("en"))
		var ie *rulebook.InputError
		if !errors.As(err, &ie) || ie.Field != tt.field {
			t.Errorf("%s: AnswerTurn(%s) error = %v, want an InputError on %q", tt.name, tt.body, err, tt.field)
		} else if !says(ie).IsSentence() {
			t.Errorf("%s: message %+v, want English and French", tt.name, says(ie))
		}
	}
}

// The answer keeps API.md's shape: lists are [], openTaki is null, draws keyed by seat.
func TestAnswerTurnWireShape(t *testing.T) {
	body := `{"state": {"players": 4, "current": 0, "direction": "cw", "top": "R5", "color": "R", "pendingDraw": 0, "openTaki": null},
 "hand": ["RPLUS", "R3", "B7"], "turn": {"play": ["RPLUS", "R3"]}}`
	var req TurnRequest
	if err := json.Unmarshal([]byte(body), &req); err != nil {
		t.Fatal(err)
	}
	r, err := AnswerTurn(req, in("fr"))
	if err != nil {
		t.Fatal(err)
	}
	js, _ := json.Marshal(r)
	want := `{"legal":true,"violations":[],"next":1,"direction":"cw","draws":{"1":3,"2":3,"3":3},"skipped":[],"handsPassed":null,"penalized":[],` +
		`"state":{"players":4,"current":1,"direction":"cw","top":"R3","color":"R","pendingDraw":0,"openTaki":null,"silentOneCard":[0]},"roundOver":false}`
	// Player 0 is left with the B7 and did not say «Taki»: the addition silentOneCard lists him.
	if string(js) != want {
		t.Errorf("AnswerTurn(API.md example) =\n%s\nwant\n%s", js, want)
	}
	// A French violation.
	req.Turn.Play = []string{"B7"}
	r, _ = AnswerTurn(req, in("fr"))
	if r.Legal || len(r.Violations) != 1 || !strings.Contains(r.Violations[0].Message, "« 7 bleu »") {
		t.Errorf("AnswerTurn(B7 on R5, fr) = %+v, want a French taki.match violation", r)
	}
}

func FuzzAnswerTurn(f *testing.F) {
	f.Add([]byte(`{"state": {"players": 4, "current": 0, "direction": "cw", "top": "R5", "color": "R", "pendingDraw": 0, "openTaki": null}, "hand": ["RPLUS", "R3", "B7"], "turn": {"play": ["RPLUS", "R3"]}}`))
	f.Add([]byte(`{"state": {"players": 4, "current": 2, "direction": "ccw", "top": "G+2", "color": "G", "pendingDraw": 4, "openTaki": "G", "silentOneCard": [1]}, "turn": {"draw": true}, "rules": {"mustPlayIfAble": true}}`))
	f.Add([]byte(`{"state": {"players": 2, "current": 1, "direction": "cw", "top": "COLOR", "opening": true}, "turn": {"play": ["SUPERTAKI", "B1", "CRAZY"], "passHands": "left", "color": "Y"}}`))
	f.Add([]byte(`{"state": {"players": 10, "current": 9, "direction": "cw", "top": "R5", "color": "R"}, "turn": {"play": ["RPLUS", "R3"], "counter": {"player": 2, "play": ["GPLUS", "G3"]}}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var req TurnRequest
		if json.Unmarshal(body, &req) != nil {
			return
		}
		r, err := AnswerTurn(req, in("en"))
		if err != nil {
			var ie *rulebook.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("AnswerTurn(%s) error %T %v, want *InputError", body, err, err)
			}
			if said := says(ie); !said.IsSentence() {
				t.Fatalf("input error for %s: message %q / %q is not a sentence", body, said.EN, said.FR)
			}
			return
		}
		if r.Violations == nil || r.Skipped == nil || r.Draws == nil || r.Penalized == nil {
			t.Fatalf("AnswerTurn(%s) has a null list: %+v", body, r)
		}
		if r.Legal != (len(r.Violations) == 0) {
			t.Fatalf("AnswerTurn(%s): legal %v with violations %v", body, r.Legal, r.Violations)
		}
		// The state after a legal turn is itself a valid state.
		if r.Legal {
			if _, err := r.State.decode(); err != nil {
				t.Fatalf("AnswerTurn(%s) left state %+v: %v", body, r.State, err)
			}
			s, _ := r.State.decode()
			if err := s.Validate(); err != nil {
				t.Fatalf("AnswerTurn(%s) left an impossible state %+v: %v", body, r.State, err)
			}
		}
	})
}
