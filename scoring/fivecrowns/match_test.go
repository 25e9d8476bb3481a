package fivecrowns

import (
	"slices"
	"strconv"
	"testing"

	"github.com/tablekeeper/tablekeeper/scoring"
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

// The deal passes one seat to the left each round («le joueur placé à
// gauche du donneur précédent») and the player on the dealer's left starts
// («le joueur placé à gauche du donneur commence»), from any first dealer
// and any starting round.
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
	var s Sheet
	for _, tt := range tests {
		m := scoring.Match{Seats: tt.players, Options: map[string]string{OptFirstDealer: strconv.Itoa(tt.first), OptStartRound: strconv.Itoa(tt.start)}}
		number := tt.round - tt.start + 1
		if d := s.DealerOf(m, number); d != tt.dealer {
			t.Errorf("%d players, seat %d deals round %d first: round %d is dealt by %d, want %d", tt.players, tt.first, tt.start, tt.round, d, tt.dealer)
		}
		if got := s.StarterOf(m, number); got != tt.firstPlayer {
			t.Errorf("%d players, seat %d deals round %d first: round %d is started by %d, want %d", tt.players, tt.first, tt.start, tt.round, got, tt.firstPlayer)
		}
	}
	m := scoring.Match{Seats: 4, Options: map[string]string{OptFirstDealer: "0", OptStartRound: "6"}}
	if s.DealerOf(m, 7) != -1 || s.StarterOf(m, 7) != -1 {
		t.Errorf("a round after the 11th has a dealer or a starter")
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
