package fivecrowns

import (
	"encoding/json"
	"errors"
	"os"
	"slices"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// ScoreVector is one question to POST /api/v1/fivecrowns/score and its
// answer: the points, or the field of the 400. The vectors live in
// testdata/score_vectors.json so that the handlers' agreement test posts the
// very same ones through the scoresheet (APIOnly: a mistake only JSON can
// make, such as giving two forms for one player).
type ScoreVector struct {
	Name    string          `json:"name"`
	Request json.RawMessage `json:"request"`
	Points  []int           `json:"points"`
	Field   string          `json:"field"`
	APIOnly bool            `json:"apiOnly"`
}

func loadScoreVectors(t *testing.T) []ScoreVector {
	t.Helper()
	b, err := os.ReadFile("testdata/score_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []ScoreVector
	if err := json.Unmarshal(b, &vs); err != nil {
		t.Fatal(err)
	}
	return vs
}

func TestAnswerScoreVectors(t *testing.T) {
	for _, v := range loadScoreVectors(t) {
		var req ScoreRequest
		if err := json.Unmarshal(v.Request, &req); err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		got, err := AnswerScore(req, nil)
		var ie *rulebook.InputError
		switch {
		case v.Field != "":
			if !errors.As(err, &ie) || ie.Field != v.Field || !ie.Says() {
				t.Errorf("%s: AnswerScore error = %v, want a sentence on field %q", v.Name, err, v.Field)
			}
		case err != nil:
			t.Errorf("%s: AnswerScore = %v", v.Name, err)
		default:
			var pts []int
			for _, p := range got.Players {
				pts = append(pts, p.Points)
			}
			if !slices.Equal(pts, v.Points) {
				t.Errorf("%s: AnswerScore points = %v, want %v", v.Name, pts, v.Points)
			}
		}
	}
}

func TestAnswerScoreKeepsNames(t *testing.T) {
	got, err := AnswerScore(ScoreRequest{Round: 5, Players: []ScorePlayer{{Name: "Ana", Leftover: []string{"JK", "7H", "KC", "4*"}}, {Name: "Ben", WentOut: true}}}, nil)
	b, _ := json.Marshal(got)
	if want := `{"players":[{"name":"Ana","points":87},{"name":"Ben","points":0}]}`; err != nil || string(b) != want {
		t.Errorf("AnswerScore(API contract example) = %s, %v, want %s", b, err, want)
	}
}

const scoreExample = `{"round": 5, "players": [{"name": "Ana", "leftover": ["JK", "7H", "KC", "4*"]}, {"name": "Ben", "wentOut": true}]}`

func FuzzAnswerScore(f *testing.F) {
	f.Add([]byte(scoreExample))
	f.Add([]byte(`{"round": 11, "players": [{"name": "A", "leftover": ["KS", "QH", "3D"]}, {"name": "B", "hand": ["JK","JK","KH","3S","4S","5S","9D","9D","9C","QC","10*","7H","8H"]}, {"name": "C", "wentOut": true}]}`))
	f.Add([]byte(`{"round": 1, "players": [{"name": "A", "hand": ["JK","JK","3H"]}, {"wentOut": true}], "rules": {"minNaturalsPerMeld": 1}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var req ScoreRequest
		if json.Unmarshal(b, &req) != nil {
			return
		}
		resp, err := AnswerScore(req, nil)
		if err != nil {
			var ie *rulebook.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("AnswerScore(%s) error %v is not an InputError", b, err)
			}
			if !ie.Says() {
				t.Fatalf("input error for %s says nothing: %v", b, ie)
			}
			return
		}
		if len(resp.Players) != len(req.Players) || len(req.Players) < MinPlayers || len(req.Players) > MaxPlayers {
			t.Fatalf("AnswerScore(%s) = %d players for %d asked", b, len(resp.Players), len(req.Players))
		}
		zero := false
		for i, p := range resp.Players {
			if p.Points < 0 || p.Points == 1 || p.Points == 2 || (req.Players[i].WentOut && p.Points != 0) {
				t.Fatalf("AnswerScore(%s): player %d scores %d", b, i, p.Points)
			}
			zero = zero || p.Points == 0
		}
		if !zero {
			t.Fatalf("AnswerScore(%s): nobody went out", b)
		}
	})
}

// A round with several mistakes names each by the request's JSON path, as
// one mistake is (docs/API.md: `field`, and each of `more`): two players
// out and a card that is none were "seats[1].mode" and "seats[2].cards[0]"
// (and both players marked out are named, the first last).
func TestAnswerScoreNamesEveryMistakeByItsPath(t *testing.T) {
	req := ScoreRequest{Round: 5, Players: []ScorePlayer{{WentOut: true}, {WentOut: true}, {Leftover: []string{"ZZ"}}}}
	_, err := AnswerScore(req, nil)
	j, ok := err.(interface{ Unwrap() []error })
	if !ok {
		t.Fatalf("AnswerScore = %v, want the mistakes joined", err)
	}
	var fields []string
	for _, e := range j.Unwrap() {
		var ie *rulebook.InputError
		if errors.As(e, &ie) {
			fields = append(fields, ie.Field)
		}
	}
	if want := []string{"players[1]", "players[2].leftover[0]", "players[0]"}; !slices.Equal(fields, want) {
		t.Errorf("the mistakes are at %q, want %q", fields, want)
	}
}
