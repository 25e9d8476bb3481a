package taki

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// The plain 2 (RULES.md §4.1): «cartes Chiffre : 2 de chaque valeur (1-9)
// dans chaque couleur», and at the end of the round «toutes les autres cartes
// font perdre leur valeur». A 2 left in hand costs 2, whatever plus2ScoresAs
// says of the +2, and the deck holds two of each colour.
func TestPlain2Scores(t *testing.T) {
	tests := []struct {
		name, body string
		want       []int
		working    string // the working of the second player
		field      string
	}{
		{"a red 2 costs 2", `{"winner": "A", "players": [{"name": "A", "cards": []}, {"name": "B", "cards": ["R2", "b2"]}]}`,
			[]int{100, -4}, "−(2 + 2) = −4", ""},
		{"a 2 beside a +2 counted as an action", `{"winner": "A", "players": [{"name": "A"}, {"name": "B", "cards": ["R2", "G+2"]}]}`,
			[]int{100, -12}, "−(2) − 1 × 10 = −12", ""},
		{"a 2 beside a +2 counted as 2 (plus2ScoresAs 2)", `{"winner": "A", "rules": {"plus2ScoresAs": 2}, "players": [{"name": "A"}, {"name": "B", "cards": ["R2", "G+2"]}]}`,
			[]int{100, -4}, "−(2 + 2) = −4", ""},
		{"both yellow 2s in one hand, 2 players", `{"winner": "B", "players": [{"name": "A", "cards": ["Y2", "Y2", "Y9"]}, {"name": "B"}]}`,
			[]int{-13, 100}, "+100", ""},
		{"a 2 as the only card left, 10 players", `{"winner": "J", "players": [{"name": "A", "cards": ["R2"]}, {"name": "B", "cards": ["G2"]}, {"name": "C", "cards": ["B2"]},
			{"name": "D", "cards": ["Y2"]}, {"name": "E", "cards": ["R2"]}, {"name": "F", "cards": ["G2"]}, {"name": "G", "cards": ["B2"]}, {"name": "H", "cards": ["Y2"]},
			{"name": "I", "cards": ["R1"]}, {"name": "J", "cards": []}]}`,
			[]int{-2, -2, -2, -2, -2, -2, -2, -2, -1, 100}, "−(2) = −2", ""},
		{"a third red 2 is refused", `{"winner": "A", "players": [{"name": "A"}, {"name": "B", "cards": ["R2", "R2"]}, {"name": "C", "cards": ["R2"]}]}`,
			nil, "", "players[2].cards[0]"},
		{"a third red 2 in one hand is refused", `{"winner": "A", "players": [{"name": "A"}, {"name": "B", "cards": ["R2", "R5", "R2", "R2"]}]}`,
			nil, "", "players[1].cards[3]"},
		{"a 0 is still no card", `{"winner": "A", "players": [{"name": "A"}, {"name": "B", "cards": ["G0"]}]}`, nil, "", "players[1].cards[0]"},
	}
	for _, tt := range tests {
		var req ScoreRequest
		if err := json.Unmarshal([]byte(tt.body), &req); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		resp, err := AnswerScore(req, nil)
		if tt.field != "" {
			var ie *rulebook.InputError
			if !errors.As(err, &ie) || ie.Field != tt.field || !ie.Says() {
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
		if !slices.Equal(got, tt.want) || resp.Players[1].Working != tt.working {
			t.Errorf("%s: points %v, working %q, want %v, %q", tt.name, got, resp.Players[1].Working, tt.want, tt.working)
		}
	}
}
