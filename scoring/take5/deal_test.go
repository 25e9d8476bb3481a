package take5

import (
	"slices"
	"testing"
)

func TestDeal(t *testing.T) {
	paul := Player{"Paul", Tally{Green: 5, Red: 3, Plus5: 1, X2: 1, SpecialsInHand: 1}} // 4
	anne := Player{"Anne", Tally{Green: 9, Red: 5}}                                     // 4: 2 rows
	eric := Player{"Eric", Tally{Green: 3, Red: 20, X2: 2}}                             // −68
	zoe := Player{"Zoé", Tally{Green: 12, Red: 2, Plus5: 1}}                            // 15
	tests := []struct {
		name        string
		in          []Player
		wantScores  []int
		wantWinners []string
	}{
		{"the highest score wins", []Player{paul, eric, zoe}, []int{4, -68, 15}, []string{"Zoé"}},
		{"a tie shares the win", []Player{paul, eric, anne}, []int{4, -68, 4}, []string{"Paul", "Anne"}},
		{"one player alone, as in example 4", []Player{paul}, []int{4}, []string{"Paul"}},
		{"everyone negative: the least negative wins (three players, as Max kept his x2)", []Player{eric, {"Max", Tally{SpecialsInHand: 2}}, {"Léa", Tally{Red: 30}}}, []int{-68, -20, -30}, []string{"Max"}},
		{"six players, three tied at the top", []Player{{"A", Tally{Green: 5, Red: 2}}, {"B", Tally{}}, {"C", Tally{Green: 5, Red: 2}}, {"D", Tally{Red: 10}}, {"E", Tally{Green: 4, Red: 4}}, {"F", Tally{Green: 6, Red: 3}}}, []int{3, 0, 3, -10, 0, 3}, []string{"A", "C", "F"}},
	}
	for _, tt := range tests {
		got, winners, err := Deal(0, tt.in)
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
	ten := Tally{Green: 20} // two rows at least
	tests := []struct {
		name      string
		table     int
		in        []Player
		wantField string
	}{
		{"no players", 0, nil, "players"},
		{"seven players", 0, seven, "players"},
		{"a table of one", 1, []Player{{"A", Tally{}}}, "tableSize"},
		{"more lines than the table", 2, []Player{{"A", Tally{}}, {"B", Tally{}}, {"C", Tally{}}}, "players"},
		{"a player without a name", 0, []Player{{"A", Tally{}}, {"  ", Tally{}}}, "players[1].name"},
		{"a name twice", 0, []Player{{"A", Tally{}}, {"A", Tally{}}}, "players[1].name"},
		{"a negative count", 0, []Player{{"A", Tally{Red: -2}}}, "players[0].red"},
		{"three x2 at a table of two", 0, []Player{{"A", Tally{Green: 15, X2: 3}}, {"B", Tally{}}}, "players[0].x2"},
		{"four players, six x2 between them", 0, []Player{{"A", Tally{Green: 10, X2: 2}}, {"B", Tally{Green: 10, X2: 2}}, {"C", Tally{Green: 10, X2: 2}}, {"D", Tally{}}}, "players[2].x2"},
		{"three players, four +5 between them", 0, []Player{{"A", Tally{Green: 10, Plus5: 2}}, {"B", Tally{Green: 10, Plus5: 2}}, {"C", Tally{}}}, "players[1].plus5"},
		{"three specials in one hand", 0, []Player{{"A", Tally{SpecialsInHand: 3}}, {"B", Tally{}}}, "players[0].specialsInHand"},
		{"two players, piles of eight rows", 0, []Player{{"A", Tally{Green: 35}}, {"B", Tally{Green: 35}}}, "players[1].green"},
		{"six players, piles of sixteen rows", 0, []Player{{"A", ten}, {"B", ten}, {"C", ten}, {"D", ten}, {"E", ten}, {"F", Tally{Green: 60}}}, "players[5].green"},
		{"red cows only no pile carries", 0, []Player{{"A", Tally{Red: 1}}, {"B", Tally{}}}, "players[0].red"},
		{"green cows only, too few for a row", 0, []Player{{"A", Tally{Green: 4}}, {"B", Tally{}}}, "players[0].green"},
	}
	for _, tt := range tests {
		_, _, err := Deal(tt.table, tt.in)
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
		{"C", Tally{Green: 3, Red: 20, X2: 2}}, {"D", Tally{Green: 12, Red: 2, Plus5: 1}},
		{"E", Tally{Green: 7}}, {"F", Tally{Red: 4, Plus5: 2}},
	}
	for b.Loop() {
		_, _, _ = Deal(0, players)
	}
}
