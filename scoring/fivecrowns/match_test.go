package fivecrowns

import (
	"slices"
	"testing"
)

func TestMatchRounds(t *testing.T) {
	if got := MatchRounds(1); len(got) != 11 || got[0] != 1 || got[10] != 11 {
		t.Errorf("MatchRounds(1) = %v, want 1…11", got)
	}
	if got := MatchRounds(6); !slices.Equal(got, []int{6, 7, 8, 9, 10, 11}) {
		t.Errorf("MatchRounds(6) (express) = %v, want 6…11", got)
	}
	for _, bad := range []int{0, 12} {
		if got := MatchRounds(bad); got != nil {
			t.Errorf("MatchRounds(%d) = %v, want nil", bad, got)
		}
	}
}

func TestDealerRotatesLeft(t *testing.T) {
	tests := []struct {
		players, first, start, round, dealer, firstPlayer int
	}{
		{4, 0, 1, 1, 0, 1},
		{4, 0, 1, 2, 1, 2},
		{4, 0, 1, 4, 3, 0},
		{4, 0, 1, 5, 0, 1},
		{2, 1, 1, 11, 1, 0},
		{7, 6, 1, 11, 2, 3},
		{3, 2, 6, 6, 2, 0},
		{3, 2, 6, 7, 0, 1},
	}
	for _, tt := range tests {
		d := Dealer(tt.players, tt.first, tt.start, tt.round)
		if d != tt.dealer {
			t.Errorf("Dealer(%d, %d, %d, %d) = %d, want %d", tt.players, tt.first, tt.start, tt.round, d, tt.dealer)
		}
		if got := FirstPlayer(tt.players, d); got != tt.firstPlayer {
			t.Errorf("FirstPlayer(%d, %d) = %d, want %d", tt.players, d, got, tt.firstPlayer)
		}
	}
	if Dealer(4, 0, 6, 5) != -1 || Dealer(0, 0, 1, 1) != -1 || FirstPlayer(3, 3) != -1 {
		t.Errorf("Dealer/FirstPlayer accept impossible seats or rounds")
	}
}

func TestWinnersLowestTotalTiesShared(t *testing.T) {
	tests := []struct {
		totals, want []int
	}{
		{[]int{120, 85, 300}, []int{1}},
		{[]int{85, 120, 85}, []int{0, 2}},
		{[]int{0, 0}, []int{0, 1}},
		{[]int{}, []int{}},
	}
	for _, tt := range tests {
		if got := Winners(tt.totals); !slices.Equal(got, tt.want) {
			t.Errorf("Winners(%v) = %v, want %v", tt.totals, got, tt.want)
		}
	}
}
