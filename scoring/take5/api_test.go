package take5

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/referee"
)

// decode reads a request body as the handler does: unknown fields rejected.
func decode(t testing.TB, body string) (ScoreRequest, error) {
	t.Helper()
	var req ScoreRequest
	dec := json.NewDecoder(strings.NewReader(body))
	dec.DisallowUnknownFields()
	err := dec.Decode(&req)
	return req, err
}

func TestAnswerScore(t *testing.T) {
	tests := []struct {
		name string
		body string
		want string // the JSON answer
	}{
		{"API.md example (TV-T5-4)",
			`{"players": [{"name": "Paul", "green": 5, "red": 3, "plus5": 1, "x2": 1, "specialsInHand": 1}]}`,
			`{"players":[{"name":"Paul","score":4,"working":"(5 − 3 + 5) × 2 − 10 = 4"}],"winners":["Paul"]}`},
		{"TV-T5-6, specials omitted count 0, a house rule of the game accepted",
			`{"players": [{"name": "Eric", "green": 2, "red": 9, "x2": 2}, {"name": "Max", "green": 0, "red": 0, "specialsInHand": 2}], "rules": {"pickupEndsTurn": true}}`,
			`{"players":[{"name":"Eric","score":-28,"working":"(2 − 9) × 4 = −28"},{"name":"Max","score":-20,"working":"0 − 0 − 20 = −20"}],"winners":["Max"]}`},
		{"a tie",
			`{"players": [{"name": "A", "green": 1, "red": 0}, {"name": "B", "green": 1, "red": 0}]}`,
			`{"players":[{"name":"A","score":1,"working":"1 − 0 = 1"},{"name":"B","score":1,"working":"1 − 0 = 1"}],"winners":["A","B"]}`},
	}
	for _, tt := range tests {
		req, err := decode(t, tt.body)
		if err != nil {
			t.Fatalf("%s: decode: %v", tt.name, err)
		}
		resp, err := AnswerScore(req, "fr")
		if err != nil {
			t.Errorf("%s: AnswerScore(%s) error = %v", tt.name, tt.body, err)
			continue
		}
		got, _ := json.Marshal(resp)
		if string(got) != tt.want {
			t.Errorf("%s: AnswerScore(%s) = %s, want %s", tt.name, tt.body, got, tt.want)
		}
	}
}

func TestAnswerScoreRejects(t *testing.T) {
	tests := []struct {
		name, body, wantField string
	}{
		{"no players field", `{}`, "players"},
		{"empty list", `{"players": []}`, "players"},
		{"green missing", `{"players": [{"name": "A", "red": 1}]}`, "players[0].green"},
		{"red missing", `{"players": [{"name": "A", "green": 1, "red": 0}, {"name": "B", "green": 1}]}`, "players[1].red"},
		{"name missing", `{"players": [{"green": 1, "red": 1}]}`, "players[0].name"},
		{"negative cows", `{"players": [{"name": "A", "green": -1, "red": 1}]}`, "players[0].green"},
		{"three specials in hand", `{"players": [{"name": "A", "green": 1, "red": 1, "specialsInHand": 3}]}`, "players[0].specialsInHand"},
		{"unknown house rule", `{"players": [{"name": "A", "green": 1, "red": 1}], "rules": {"nope": true}}`, "rules.nope"},
		{"house rule of the wrong kind", `{"players": [{"name": "A", "green": 1, "red": 1}], "rules": {"pickupEndsTurn": 3}}`, "rules.pickupEndsTurn"},
	}
	for _, tt := range tests {
		req, err := decode(t, tt.body)
		if err != nil {
			t.Fatalf("%s: decode: %v", tt.name, err)
		}
		_, err = AnswerScore(req, "en")
		checkField(t, tt.name, "AnswerScore", tt.body, err, tt.wantField)
	}
}

func FuzzAnswerScore(f *testing.F) {
	f.Add([]byte(`{"players": [{"name": "Paul", "green": 5, "red": 3, "plus5": 1, "x2": 1, "specialsInHand": 1}]}`))
	f.Add([]byte(`{"players": [{"name": "Eric", "green": 2, "red": 9, "x2": 2}, {"name": "Max", "green": 0, "red": 0, "specialsInHand": 2}]}`))
	f.Add([]byte(`{"players": [{"name": "A", "green": 99999999999, "red": -9999999999, "x2": 63}], "rules": {"pickupEndsTurn": false}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var req ScoreRequest
		if json.Unmarshal(body, &req) != nil {
			return
		}
		resp, err := AnswerScore(req, "en")
		if err != nil {
			var ie *referee.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("AnswerScore(%s) error = %T %v, want *referee.InputError", body, err, err)
			}
			if !ie.Message.IsSentence() {
				t.Fatalf("input error for %s: message %q / %q is not a sentence", body, ie.Message.EN, ie.Message.FR)
			}
			return
		}
		if len(resp.Players) != len(req.Players) || len(resp.Winners) == 0 {
			t.Fatalf("AnswerScore(%s) = %+v: one line per player and at least one winner", body, resp)
		}
		for i, p := range req.Players {
			want := Score(Tally{*p.Green, *p.Red, orZero(p.Plus5), orZero(p.X2), orZero(p.SpecialsInHand)})
			if resp.Players[i].Score != want {
				t.Fatalf("AnswerScore(%s) player %d score = %d, want %d", body, i, resp.Players[i].Score, want)
			}
		}
	})
}

func BenchmarkAnswerScore(b *testing.B) {
	req, _ := decode(b, `{"players": [{"name": "Paul", "green": 5, "red": 3, "plus5": 1, "x2": 1, "specialsInHand": 1}, {"name": "Eric", "green": 2, "red": 9, "x2": 2}]}`)
	for b.Loop() {
		_, _ = AnswerScore(req, "en")
	}
}
