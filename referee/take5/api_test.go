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

// apiVector is one entry of testdata/api.json, the game's API test vectors
// shared with scoring/take5 and handlers/agree_take5_test.go.
type apiVector struct {
	Name, Endpoint, Lang, Field, Pageless string
	Status                                int
	Body, Answer                          json.RawMessage
}

func apiVectors(t *testing.T, endpoint string) []apiVector {
	t.Helper()
	raw, err := os.ReadFile("testdata/api.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Vectors []apiVector }
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	var out []apiVector
	for _, v := range file.Vectors {
		if v.Endpoint == endpoint {
			out = append(out, v)
		}
	}
	return out
}

// TestAnswerPlay runs every play vector: the answer exactly, or the 400's field.
func TestAnswerPlay(t *testing.T) {
	for _, tt := range apiVectors(t, "play") {
		resp, err := AnswerPlay(decodePlay(t, string(tt.Body)), in(tt.Lang))
		if tt.Status == 400 {
			wantInputError(t, tt.Name, err, tt.Field)
			continue
		}
		if err != nil {
			t.Errorf("%s: AnswerPlay(%s) error = %v", tt.Name, tt.Body, err)
			continue
		}
		got, _ := json.Marshal(resp)
		var want bytes.Buffer
		_ = json.Compact(&want, tt.Answer)
		if string(got) != want.String() {
			t.Errorf("%s: AnswerPlay(%s) =\n%s\nwant\n%s", tt.Name, tt.Body, got, want.String())
		}
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
		resp, err := AnswerPlay(req, in("fr"))
		if err != nil {
			var ie *rulebook.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("AnswerPlay(%s) error = %T %v, want *rulebook.InputError", body, err, err)
			}
			if msg := says(ie); !msg.IsSentence() {
				t.Fatalf("input error for %s: message %q / %q is not a sentence", body, msg.EN, msg.FR)
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
		_, _ = AnswerPlay(req, in("en"))
	}
}
