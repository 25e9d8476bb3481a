package fivecrowns

import (
	"errors"
	"slices"
	"testing"

	"github.com/tablekeeper/tablekeeper/referee"
)

func TestAnswerScoreTVFC4(t *testing.T) {
	tests := []struct {
		name string
		req  ScoreRequest
		want []int
	}{
		{"TV-FC-4 round 5: joker, wild 7, K, 4 = 87; going out = 0",
			ScoreRequest{Round: 5, Players: []ScorePlayer{{Name: "Ana", Leftover: []string{"JK", "7H", "KC", "4*"}}, {Name: "Ben", WentOut: true}}},
			[]int{87, 0}},
		{"TV-FC-4 round 11: wild K, Q, 3 = 35",
			ScoreRequest{Round: 11, Players: []ScorePlayer{{Name: "Ana", Leftover: []string{"KS", "QH", "3D"}}}},
			[]int{35}},
		{"everything melded in the final turn scores 0",
			ScoreRequest{Round: 3, Players: []ScorePlayer{{Name: "Ana", Leftover: []string{}}}},
			[]int{0}},
		{"symbols and lower case",
			ScoreRequest{Round: 1, Players: []ScorePlayer{{Name: "Ana", Leftover: []string{"q★", "3♥", "jk"}}}},
			[]int{82}},
	}
	for _, tt := range tests {
		got, err := AnswerScore(tt.req, "en")
		if err != nil {
			t.Errorf("%s: AnswerScore = %v", tt.name, err)
			continue
		}
		var pts []int
		for _, p := range got.Players {
			pts = append(pts, p.Points)
		}
		if !slices.Equal(pts, tt.want) {
			t.Errorf("%s: AnswerScore points = %v, want %v", tt.name, pts, tt.want)
		}
	}
}

func TestAnswerScoreInputErrors(t *testing.T) {
	k := []string{"KH", "KH"}
	tests := []struct {
		name      string
		req       ScoreRequest
		wantField string
	}{
		{"round 0", ScoreRequest{Round: 0, Players: []ScorePlayer{{WentOut: true}}}, "round"},
		{"round 12", ScoreRequest{Round: 12, Players: []ScorePlayer{{WentOut: true}}}, "round"},
		{"no players", ScoreRequest{Round: 1}, "players"},
		{"no form", ScoreRequest{Round: 1, Players: []ScorePlayer{{Name: "A"}}}, "players[0]"},
		{"two forms", ScoreRequest{Round: 1, Players: []ScorePlayer{{Name: "A", WentOut: true, Leftover: []string{}}}}, "players[0]"},
		{"unknown card", ScoreRequest{Round: 1, Players: []ScorePlayer{{Leftover: []string{"5H", "2S"}}}}, "players[0].leftover[1]"},
		{"a card three times across players", ScoreRequest{Round: 3, Players: []ScorePlayer{{Leftover: k}, {Leftover: []string{"3S", "KH"}}}}, "players[1].leftover[1]"},
		{"seven jokers", ScoreRequest{Round: 11, Players: []ScorePlayer{{Leftover: []string{"JK", "JK", "JK", "JK"}}, {Leftover: []string{"JK", "JK", "JK"}}}}, "players[1].leftover[2]"},
		{"more leftover than dealt", ScoreRequest{Round: 1, Players: []ScorePlayer{{Leftover: []string{"5H", "6H", "7H", "8H"}}}}, "players[0].leftover"},
		{"unknown house rule", ScoreRequest{Round: 1, Players: []ScorePlayer{{WentOut: true}}, Rules: referee.JSONRules{"nope": "true"}}, "rules.nope"},
	}
	for _, tt := range tests {
		_, err := AnswerScore(tt.req, "en")
		var ie *referee.InputError
		if !errors.As(err, &ie) || ie.Field != tt.wantField {
			t.Errorf("%s: AnswerScore error = %v, want field %q", tt.name, err, tt.wantField)
		}
	}
}
