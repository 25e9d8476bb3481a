package take5

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
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

// apiVector is one entry of the game's API test vectors, kept with the
// referee's (referee/take5/testdata/api.json) and shared with
// handlers/agree_take5_test.go.
type apiVector struct {
	Name, Endpoint, Lang, Field string
	Status                      int
	Body, Answer                json.RawMessage
}

func scoreVectors(t *testing.T) []apiVector {
	t.Helper()
	raw, err := os.ReadFile("../../referee/take5/testdata/api.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Vectors []apiVector }
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	var out []apiVector
	for _, v := range file.Vectors {
		if v.Endpoint == "score" {
			out = append(out, v)
		}
	}
	return out
}

// TestAnswerScore runs every score vector: the answer exactly, or the 400's field.
func TestAnswerScore(t *testing.T) {
	for _, tt := range scoreVectors(t) {
		req, err := decode(t, string(tt.Body))
		if err != nil {
			t.Fatalf("%s: decode: %v", tt.Name, err)
		}
		resp, err := AnswerScore(req, nil)
		if tt.Status == 400 {
			checkField(t, tt.Name, "AnswerScore", string(tt.Body), err, tt.Field)
			continue
		}
		if err != nil {
			t.Errorf("%s: AnswerScore(%s) error = %v", tt.Name, tt.Body, err)
			continue
		}
		got, _ := json.Marshal(resp)
		var want bytes.Buffer
		_ = json.Compact(&want, tt.Answer)
		if string(got) != want.String() {
			t.Errorf("%s: AnswerScore(%s) = %s, want %s", tt.Name, tt.Body, got, want.String())
		}
	}
}

func FuzzAnswerScore(f *testing.F) {
	f.Add([]byte(`{"players": [{"name": "Paul", "green": 5, "red": 3, "plus5": 1, "x2": 1, "specialsInHand": 1}]}`))
	f.Add([]byte(`{"players": [{"name": "Eric", "green": 3, "red": 20, "x2": 2}, {"name": "Max", "green": 0, "red": 0, "specialsInHand": 2}], "tableSize": 3}`))
	f.Add([]byte(`{"players": [{"name": "A", "green": 99999999999, "red": -9999999999, "x2": 63}], "rules": {"pickupEndsTurn": false}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var req ScoreRequest
		if json.Unmarshal(body, &req) != nil {
			return
		}
		resp, err := AnswerScore(req, nil)
		if err != nil {
			var ie *rulebook.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("AnswerScore(%s) error = %T %v, want *rulebook.InputError", body, err, err)
			}
			if msg := says(ie); !msg.IsSentence() {
				t.Fatalf("input error for %s: message %q / %q is not a sentence", body, msg.EN, msg.FR)
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
	req, _ := decode(b, `{"players": [{"name": "Paul", "green": 5, "red": 3, "plus5": 1, "x2": 1, "specialsInHand": 1}, {"name": "Eric", "green": 3, "red": 20, "x2": 2}]}`)
	for b.Loop() {
		_, _ = AnswerScore(req, nil)
	}
}
