package take5

import (
	"slices"
	"testing"
)

func TestDeal(t *testing.T) {
	paul := Player{"Paul", Tally{Green: 5, Red: 3, Plus5: 1, X2: 1, SpecialsInHand: 1}} // 4
	anne := Player{"Anne", Tally{Green: 9, Red: 5}}                                     // 4
	eric := Player{"Eric", Tally{Green: 2, Red: 9, X2: 2}}                              // −28
	zoe := Player{"Zoé", Tally{Green: 12, Red: 2, Plus5: 1}}                            // 15
	tests := []struct {
		name        string
		in          []Player
		wantScores  []int
		wantWinners []string
	}{
		{"the highest score wins", []Player{paul, eric, zoe}, []int{4, -28, 15}, []string{"Zoé"}},
		{"a tie shares the win", []Player{paul, eric, anne}, []int{4, -28, 4}, []string{"Paul", "Anne"}},
		{"one player alone, as in example 4", []Player{paul}, []int{4}, []string{"Paul"}},
		{"everyone negative: the least negative wins", []Player{eric, {"Max", Tally{SpecialsInHand: 2}}}, []int{-28, -20}, []string{"Max"}},
		{"six players, three tied at the top", []Player{{"A", Tally{Green: 3}}, {"B", Tally{}}, {"C", Tally{Green: 3}}, {"D", Tally{Red: 2}}, {"E", Tally{Green: 1, Red: 1, Plus5: 0}}, {"F", Tally{Green: 3}}}, []int{3, 0, 3, -2, 0, 3}, []string{"A", "C", "F"}},
	}
	for _, tt := range tests {
		got, winners, err := Deal(tt.in)
		if err != nil {
			t.Errorf("%s: Deal(%+v) error = %v", tt.name, tt.in, err)
			continue
		}
		var scores []int
		for _, r := range got {
			scores = append(scores, r.Score)
		}
		if !slices.Equal(scores, tt.wantScores) || !slices.Equal(winners, tt.wantWinners) {
			t.Errorf("%s: Deal(%+v) = %v %v, want %v %v", tt.name, tt.in, scores, winners, tt.wantScores, tt.wantWinners)
		}
	}
}

func TestDealRejects(t *testing.T) {
	seven := make([]Player, 7)
	for i := range seven {
		seven[i] = Player{Name: string(rune('A' + i))}
	}
	x2s := []Player{{"A", Tally{X2: 4}}, {"B", Tally{X2: 3}}}
	tests := []struct {
		name      string
		in        []Player
		wantField string
	}{
		{"no players", nil, "players"},
		{"seven players", seven, "players"},
		{"a player without a name", []Player{{"A", Tally{}}, {"  ", Tally{}}}, "players[1].name"},
		{"a name twice", []Player{{"A", Tally{}}, {"A", Tally{}}}, "players[1].name"},
		{"a negative count", []Player{{"A", Tally{Red: -2}}}, "players[0].red"},
		{"seven x2 between them", x2s, "players[1].x2"},
		{"seven +5 between them", []Player{{"A", Tally{Plus5: 6}}, {"B", Tally{Plus5: 1}}}, "players[1].plus5"},
		{"more red cows than the deck between them", []Player{{"A", Tally{Red: 100}}, {"B", Tally{Red: 100}}}, "players[1].red"},
		{"more green cows than the deck between them", []Player{{"A", Tally{Green: 100}}, {"B", Tally{Green: 100}}}, "players[1].green"},
	}
	for _, tt := range tests {
		_, _, err := Deal(tt.in)
		checkField(t, tt.name, "Deal", tt.in, err, tt.wantField)
	}
}

func TestWinnersEmpty(t *testing.T) {
	if got := Winners(nil); got == nil || len(got) != 0 {
		t.Errorf("Winners(nil) = %#v, want an empty list", got)
	}
}

func BenchmarkDeal(b *testing.B) {
	players := []Player{
		{"A", Tally{Green: 5, Red: 3, Plus5: 1, X2: 1, SpecialsInHand: 1}}, {"B", Tally{Green: 9, Red: 5}},
		{"C", Tally{Green: 2, Red: 9, X2: 2}}, {"D", Tally{Green: 12, Red: 2, Plus5: 1}},
		{"E", Tally{Green: 7}}, {"F", Tally{Red: 4, Plus5: 2}},
	}
	for b.Loop() {
		_, _, _ = Deal(players)
	}
}
