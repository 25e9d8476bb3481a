package take5

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/referee"
)

// decodePlay reads a body as the handler does: unknown fields rejected.
func decodePlay(t testing.TB, body string) PlayRequest {
	t.Helper()
	var req PlayRequest
	dec := json.NewDecoder(strings.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		t.Fatalf("decode %s: %v", body, err)
	}
	return req
}

func TestAnswerPlay(t *testing.T) {
	tests := []struct {
		name, body, lang, want string
	}{
		{"TV-T5-1 as an API call",
			`{"rows": [{"cards": [23]}, {"cards": [43]}, {"cards": [49], "x2": true}, {"cards": [55]}, {"cards": [80]}], "play": [{"card": 35}, {"card": 50, "row": 2}, {"card": 60}]}`, "en",
			`{"legal":true,"violations":[],"steps":[{"card":35,"row":0,"pickup":false},{"card":50,"row":2,"pickup":false},{"card":60,"row":3,"pickup":false}],"pickups":[],` +
				`"rows":[{"index":0,"cards":[23,35],"x2":false,"plus5":false},{"index":1,"cards":[43],"x2":false,"plus5":false},{"index":2,"cards":[49,50],"x2":true,"plus5":false},{"index":3,"cards":[55,60],"x2":false,"plus5":false},{"index":4,"cards":[80],"x2":false,"plus5":false}],"turnEndsAfterStep":null}`},
		{"the API.md request: four cards, the fourth is one too many",
			`{"rows": [{"cards": [23]}, {"cards": [43]}, {"cards": [49], "x2": true}, {"cards": [55]}, {"cards": [80]}], "play": [{"card": 35}, {"card": 50, "row": 2}, {"special": "+5", "row": 4}, {"card": 60}]}`, "en",
			`{"legal":false,"violations":[{"rule":"take5.cards-per-turn","message":"You may lay at most 3 cards in a turn, and this is card 4.","step":3}],"steps":[{"card":35,"row":0,"pickup":false},{"card":50,"row":2,"pickup":false},{"special":"+5","row":4,"pickup":false}],"pickups":[],` +
				`"rows":[{"index":0,"cards":[23,35],"x2":false,"plus5":false},{"index":1,"cards":[43],"x2":false,"plus5":false},{"index":2,"cards":[49,50],"x2":true,"plus5":false},{"index":3,"cards":[55],"x2":false,"plus5":false},{"index":4,"cards":[80],"x2":false,"plus5":true}],"turnEndsAfterStep":null}`},
		{"a pickup with pickupEndsTurn, capacity checked, in French",
			`{"rows": [{"cards": [55, 56, 57, 58], "plus5": true}, {"cards": [80]}], "play": [{"card": 60}, {"card": 81}], "handSizes": [2, 3], "rules": {"pickupEndsTurn": true}}`, "fr",
			`{"legal":false,"violations":[{"rule":"take5.turn-over","message":"Votre tour s'est terminé quand votre 1re carte a ramassé la rangée 1 (règle maison : ramasser termine le tour), vous ne pouvez donc plus poser de carte.","step":1}],"steps":[{"card":60,"row":0,"pickup":true}],` +
				`"pickups":[{"row":0,"cards":[55,56,57,58,60],"x2":false,"plus5":true}],"rows":[{"index":1,"cards":[80],"x2":false,"plus5":false}],"turnEndsAfterStep":0}`},
		{"no card played", `{"rows": [{"cards": [10]}], "play": []}`, "en",
			`{"legal":false,"violations":[{"rule":"take5.cards-per-turn","message":"You must lay at least one card on your turn; only a player who has no card he can lay is skipped."}],"steps":[],"pickups":[],"rows":[{"index":0,"cards":[10],"x2":false,"plus5":false}],"turnEndsAfterStep":null}`},
	}
	for _, tt := range tests {
		resp, err := AnswerPlay(decodePlay(t, tt.body), tt.lang)
		if err != nil {
			t.Errorf("%s: AnswerPlay(%s) error = %v", tt.name, tt.body, err)
			continue
		}
		got, _ := json.Marshal(resp)
		if string(got) != tt.want {
			t.Errorf("%s: AnswerPlay(%s) =\n%s\nwant\n%s", tt.name, tt.body, got, tt.want)
		}
	}
}

func TestAnswerPlayRejects(t *testing.T) {
	tests := []struct{ name, body, wantField string }{
		{"no rows", `{"play": [{"card": 5}]}`, "rows"},
		{"no play", `{"rows": [{"cards": [10]}]}`, "play"},
		{"a row without cards", `{"rows": [{"cards": [10]}, {"x2": true}], "play": []}`, "rows[1].cards"},
		{"card 35 twice on the table", `{"rows": [{"cards": [23, 35]}, {"cards": [43]}, {"cards": [35]}], "play": [{"card": 50}]}`, "rows[2].cards[0]"},
		{"card 0 played", `{"rows": [{"cards": [10]}], "play": [{"card": 0}]}`, "play[0].card"},
		{"an empty special", `{"rows": [{"cards": [10]}], "play": [{"special": "", "row": 0}]}`, "play[0].special"},
		{"an empty play", `{"rows": [{"cards": [10]}], "play": [{}]}`, "play[0]"},
		{"a row out of range", `{"rows": [{"cards": [10]}], "play": [{"card": 5, "row": 1}]}`, "play[0].row"},
		{"capacity broken", `{"rows": [{"cards": [10]}, {"cards": [20]}], "play": [{"card": 5}], "handSizes": [4, 3]}`, "handSizes"},
		{"unknown house rule", `{"rows": [{"cards": [10]}], "play": [{"card": 5}], "rules": {"takeSix": true}}`, "rules.takeSix"},
	}
	for _, tt := range tests {
		_, err := AnswerPlay(decodePlay(t, tt.body), "en")
		wantInputError(t, tt.name, err, tt.wantField)
	}
}

func FuzzAnswerPlay(f *testing.F) {
	f.Add([]byte(`{"rows": [{"cards": [23]}, {"cards": [43]}, {"cards": [49], "x2": true}, {"cards": [55]}, {"cards": [80]}], "play": [{"card": 35}, {"card": 50, "row": 2}, {"special": "+5", "row": 4}, {"card": 60}]}`))
	f.Add([]byte(`{"rows": [{"cards": [12]}, {"cards": [30]}, {"cards": [71]}, {"cards": [94]}], "play": [{"card": 5}, {"card": 87}, {"card": 4}]}`))
	f.Add([]byte(`{"rows": [{"cards": [10, 11, 12, 13]}, {"cards": [40, 41, 42, 43]}, {"cards": [60]}], "play": [{"card": 14}, {"card": 44}], "rules": {"pickupEndsTurn": true}}`))
	f.Add([]byte(`{"rows": [{"cards": [55, 56, 57, 58], "plus5": true}, {"cards": [80]}], "play": [{"card": 60}, {"special": "x2", "row": 0}], "handSizes": [2, 3]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var req PlayRequest
		if json.Unmarshal(body, &req) != nil {
			return
		}
		resp, err := AnswerPlay(req, "fr")
		if err != nil {
			var ie *referee.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("AnswerPlay(%s) error = %T %v, want *referee.InputError", body, err, err)
			}
			if !ie.Message.IsSentence() {
				t.Fatalf("input error for %s: message %q / %q is not a sentence", body, ie.Message.EN, ie.Message.FR)
			}
			return
		}
		if resp.Violations == nil || resp.Steps == nil || resp.Pickups == nil || resp.Rows == nil {
			t.Fatalf("AnswerPlay(%s) = %+v: lists must be [] rather than null", body, resp)
		}
		if resp.Legal != (len(resp.Violations) == 0) {
			t.Fatalf("AnswerPlay(%s): legal %v with violations %v", body, resp.Legal, resp.Violations)
		}
		before, after := 0, 0
		for _, r := range req.Rows {
			before += len(r.Cards)
		}
		for _, s := range resp.Steps {
			if s.Card != 0 {
				before++
			}
		}
		for _, r := range resp.Rows {
			after += len(r.Cards)
		}
		for _, p := range resp.Pickups {
			after += len(p.Cards)
		}
		if before != after {
			t.Fatalf("AnswerPlay(%s): %d number cards before and laid, %d on the table and picked up", body, before, after)
		}
	})
}

func BenchmarkAnswerPlay(b *testing.B) {
	req := decodePlay(b, `{"rows": [{"cards": [12]}, {"cards": [30, 31, 32, 33]}, {"cards": [71]}, {"cards": [94]}], "play": [{"card": 5}, {"card": 34}, {"special": "x2", "row": 0}]}`)
	for b.Loop() {
		_, _ = AnswerPlay(req, "en")
	}
}
