package taki

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	tk "github.com/tablekeeper/tablekeeper/referee/taki"
	"github.com/tablekeeper/tablekeeper/rulebook"
)

func cards(t *testing.T, ss ...string) []tk.Card {
	t.Helper()
	out := make([]tk.Card, len(ss))
	for i, s := range ss {
		c, err := tk.ParseCard(s)
		if err != nil {
			t.Fatalf("ParseCard(%q): %v", s, err)
		}
		out[i] = c
	}
	return out
}

// TV-TK-1: {7 red, 3 blue, +2 green, Stop yellow, Super TAKI} costs 40, or 32
// when a +2 counts as a 2.
func TestHandPointsTVTK1(t *testing.T) {
	hand := cards(t, "R7", "B3", "G+2", "YSTOP", "SUPERTAKI")
	tests := []struct {
		plus2       int
		want        int
		wantWorking string
	}{
		{10, -40, "−(7 + 3) − 3 × 10 = −40"},
		{2, -32, "−(7 + 3 + 2) − 2 × 10 = −32"},
	}
	for _, tt := range tests {
		got, work := HandPoints(hand, tt.plus2)
		if got != tt.want || work != tt.wantWorking {
			t.Errorf("HandPoints(%v, %d) = %d, %q, want %d, %q", hand, tt.plus2, got, work, tt.want, tt.wantWorking)
		}
	}
}

func TestHandPointsShapes(t *testing.T) {
	tests := []struct {
		hand []string
		want string
	}{
		{[]string{"Y1"}, "−(1) = −1"},
		{[]string{"CRAZY", "COLOR"}, "−2 × 10 = −20"},
		{nil, "0 = 0"},
	}
	for _, tt := range tests {
		if _, got := HandPoints(cards(t, tt.hand...), 10); got != tt.want {
			t.Errorf("HandPoints(%v) working = %q, want %q", tt.hand, got, tt.want)
		}
	}
}

func TestMaxLoss(t *testing.T) {
	// numbers: 2 × 4 × (1+2+3+…+9 = 45) = 360, the seed's plain 2s
	// included; 48 action cards × 10 = 480.
	if got := MaxLoss(10); got != 840 {
		t.Errorf("MaxLoss(10) = %d, want 840", got)
	}
	if got := MaxLoss(2); got != 840-8*8 {
		t.Errorf("MaxLoss(2) = %d, want %d", got, 840-64)
	}
}

func TestAnswerScore(t *testing.T) {
	minus7 := -7
	tests := []struct {
		name  string
		body  string
		want  []int
		field string
	}{
		{"API.md example", `{"winner": "Dana", "players": [{"name": "Dana", "cards": []}, {"name": "Eli", "cards": ["R7", "B3", "G+2", "YSTOP", "SUPERTAKI"]}]}`, []int{100, -40}, ""},
		{"plus2ScoresAs 2", `{"winner": "Dana", "rules": {"plus2ScoresAs": 2}, "players": [{"name": "Dana"}, {"name": "Eli", "cards": ["R7", "B3", "G+2", "YSTOP", "SUPERTAKI"]}]}`, []int{100, -32}, ""},
		{"typed points", `{"winner": "B", "players": [{"name": "A", "points": -7}, {"name": "B"}, {"name": "C", "cards": ["Y9"]}]}`, []int{minus7, 100, -9}, ""},
		{"winner typed 100", `{"winner": "B", "players": [{"name": "A", "points": -7}, {"name": "B", "points": 100}]}`, []int{-7, 100}, ""},
		{"third copy of a card", `{"winner": "A", "players": [{"name": "A"}, {"name": "B", "cards": ["R5", "R5"]}, {"name": "C", "cards": ["r5"]}]}`, nil, "players[2].cards[0]"},
		{"fifth colour change", `{"winner": "A", "players": [{"name": "A"}, {"name": "B", "cards": ["COLOR", "COLOR", "COLOR", "COLOR", "COLOR"]}]}`, nil, "players[1].cards[4]"},
		{"unknown card", `{"winner": "A", "players": [{"name": "A"}, {"name": "B", "cards": ["R0"]}]}`, nil, "players[1].cards[0]"},
		{"winner with cards", `{"winner": "A", "players": [{"name": "A", "cards": ["R1"]}, {"name": "B", "cards": ["R3"]}]}`, nil, "players[0]"},
		{"loser without cards", `{"winner": "A", "players": [{"name": "A"}, {"name": "B", "cards": []}]}`, nil, "players[1].cards"},
		{"positive typed points for a loser", `{"winner": "A", "players": [{"name": "A"}, {"name": "B", "points": 5}]}`, nil, "players[1].points"},
		{"both cards and points", `{"winner": "A", "players": [{"name": "A"}, {"name": "B", "points": -5, "cards": ["R5"]}]}`, nil, "players[1]"},
		{"unknown winner", `{"winner": "Z", "players": [{"name": "A"}, {"name": "B", "cards": ["R5"]}]}`, nil, "winner"},
		{"same name twice", `{"winner": "A", "players": [{"name": "A"}, {"name": "A", "cards": ["R5"]}]}`, nil, "players[1].name"},
		{"one player", `{"winner": "A", "players": [{"name": "A"}]}`, nil, "players"},
		{"unknown house rule", `{"winner": "A", "rules": {"nope": true}, "players": [{"name": "A"}, {"name": "B", "cards": ["R5"]}]}`, nil, "rules.nope"},
		{"bad plus2ScoresAs", `{"winner": "A", "rules": {"plus2ScoresAs": 5}, "players": [{"name": "A"}, {"name": "B", "cards": ["R5"]}]}`, nil, "rules.plus2ScoresAs"},
	}
	for _, tt := range tests {
		var req ScoreRequest
		if err := json.Unmarshal([]byte(tt.body), &req); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		resp, err := AnswerScore(req, nil)
		if tt.field != "" {
			var ie *rulebook.InputError
			if !errors.As(err, &ie) || ie.Field != tt.field {
				t.Errorf("%s: AnswerScore error = %v, want an InputError on %q", tt.name, err, tt.field)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: AnswerScore error = %v", tt.name, err)
			continue
		}
		var got []int
		for _, p := range resp.Players {
			got = append(got, p.Points)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: AnswerScore points = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func FuzzAnswerScore(f *testing.F) {
	f.Add([]byte(`{"winner": "Dana", "players": [{"name": "Dana", "cards": []}, {"name": "Eli", "cards": ["R7", "B3", "G+2", "YSTOP", "SUPERTAKI"]}]}`))
	f.Add([]byte(`{"winner": "B", "rules": {"plus2ScoresAs": 2}, "players": [{"name": "A", "points": -7}, {"name": "B"}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var req ScoreRequest
		if json.Unmarshal(body, &req) != nil {
			return
		}
		resp, err := AnswerScore(req, nil)
		if err != nil {
			var ie *rulebook.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("AnswerScore(%s) error %T %v, want *InputError", body, err, err)
			}
			if !ie.Says() {
				t.Fatalf("input error for %s says nothing: %v", body, ie)
			}
			return
		}
		winners := 0
		for _, p := range resp.Players {
			switch {
			case p.Points == WinnerPoints:
				winners++
			case p.Points > -1 || p.Points < -MaxLoss(10):
				t.Fatalf("AnswerScore(%s) gives %s %d points", body, p.Name, p.Points)
			}
		}
		if winners != 1 || len(resp.Players) != len(req.Players) {
			t.Fatalf("AnswerScore(%s) = %+v, want exactly one +100", body, resp)
		}
	})
}

func BenchmarkAnswerScore(b *testing.B) {
	req := ScoreRequest{Winner: "Dana", Players: []ScorePlayer{{Name: "Dana"},
		{Name: "Eli", Cards: []string{"R7", "B3", "G+2", "YSTOP", "SUPERTAKI", "Y9", "G4", "CRAZY"}},
		{Name: "Fay", Cards: []string{"R1", "B+2", "GTAKI"}}}}
	for b.Loop() {
		if _, err := AnswerScore(req, nil); err != nil {
			b.Fatal(err)
		}
	}
}
