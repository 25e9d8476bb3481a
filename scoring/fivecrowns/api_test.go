package fivecrowns

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/tablekeeper/tablekeeper/referee"
)

const scoreExample = `{"round": 5, "players": [{"name": "Ana", "leftover": ["JK", "7H", "KC", "4*"]}, {"name": "Ben", "wentOut": true}]}`

func TestAnswerScoreAPIExample(t *testing.T) {
	var req ScoreRequest
	if err := json.Unmarshal([]byte(scoreExample), &req); err != nil {
		t.Fatal(err)
	}
	got, err := AnswerScore(req, "en")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(got)
	if want := `{"players":[{"name":"Ana","points":87},{"name":"Ben","points":0}]}`; string(b) != want {
		t.Errorf("AnswerScore(API.md example) = %s, want %s", b, want)
	}
}

func TestAnswerScoreHandForm(t *testing.T) {
	tests := []struct {
		name  string
		round int
		hand  []string
		rules referee.JSONRules
		want  int
	}{
		{"a hand that melds scores 0", 4, []string{"JH", "JS", "JD", "8S", "9S", "10S"}, nil, 0},
		{"TV-FC-3 hand without wrap", 2, []string{"QH", "KH", "3H", "9S"}, nil, 37},
		{"TV-FC-3 hand with runsWrap", 2, []string{"QH", "KH", "3H", "9S"}, referee.JSONRules{"runsWrap": "true"}, 9},
		{"TV-FC-6 all-wild meld by default", 1, []string{"JK", "JK", "3H"}, nil, 0},
		{"TV-FC-6 all-wild meld refused with minNaturalsPerMeld=1", 1, []string{"JK", "JK", "3H"}, referee.JSONRules{"minNaturalsPerMeld": "1"}, 120},
	}
	for _, tt := range tests {
		got, err := AnswerScore(ScoreRequest{Round: tt.round, Players: []ScorePlayer{{Name: "Ana", Hand: tt.hand}}, Rules: tt.rules}, "en")
		if err != nil || got.Players[0].Points != tt.want {
			t.Errorf("%s: AnswerScore(hand %v) = %+v, %v, want %d points", tt.name, tt.hand, got, err, tt.want)
		}
	}
	_, err := AnswerScore(ScoreRequest{Round: 4, Players: []ScorePlayer{{Hand: []string{"JH", "JS"}}}}, "en")
	var ie *referee.InputError
	if !errors.As(err, &ie) || ie.Field != "players[0].hand" {
		t.Errorf("AnswerScore(hand of 2 in round 4) error = %v, want field players[0].hand", err)
	}
}

func FuzzAnswerScore(f *testing.F) {
	f.Add([]byte(scoreExample))
	f.Add([]byte(`{"round": 11, "players": [{"name": "A", "leftover": ["KS", "QH", "3D"]}, {"name": "B", "hand": ["JK","JK","KH","3S","4S","5S","9D","9D","9C","QC","10*","7H","8H"]}]}`))
	f.Add([]byte(`{"round": 1, "players": [{"name": "A", "hand": ["JK","JK","3H"]}], "rules": {"minNaturalsPerMeld": 1}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var req ScoreRequest
		if json.Unmarshal(b, &req) != nil {
			return
		}
		resp, err := AnswerScore(req, "en")
		if err != nil {
			var ie *referee.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("AnswerScore(%s) error %v is not an InputError", b, err)
			}
			if !ie.Message.IsSentence() {
				t.Fatalf("input error for %s: message %q / %q is not a sentence", b, ie.Message.EN, ie.Message.FR)
			}
			return
		}
		if len(resp.Players) != len(req.Players) {
			t.Fatalf("AnswerScore(%s) = %d players, want %d", b, len(resp.Players), len(req.Players))
		}
		for i, p := range resp.Players {
			if p.Points < 0 || (req.Players[i].WentOut && p.Points != 0) {
				t.Fatalf("AnswerScore(%s): player %d scores %d", b, i, p.Points)
			}
		}
	})
}
