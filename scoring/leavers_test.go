package scoring

import (
	"fmt"
	"testing"
)

// The deal passes one seat on each round, over the players who left, from
// whoever dealt last: 4 seats, seat 3 deals first, seat 1 leaves after
// round 2 (away from round 3): 3, 0, then 2 (not 1), 3 (not 2 again), 0, 2.
func TestPassedToPassesOverALeaver(t *testing.T) {
	away := []int{0, 3, 0, 0}
	for r, want := range []int{3, 0, 2, 3, 0, 2} {
		if got := PassedTo(4, 3, away, r+1); got != want {
			t.Errorf("round %d: seat %d deals, want %d", r+1, got, want)
		}
	}
	// Nobody left: one seat on each round.
	for r := 1; r <= 9; r++ {
		if got := PassedTo(4, 3, nil, r); got != (3+r-1)%4 {
			t.Errorf("nobody left, round %d: seat %d", r, got)
		}
	}
	// The first dealer left before round 1: the next one deals it.
	if got := PassedTo(3, 1, []int{0, 1, 0}, 1); got != 2 {
		t.Errorf("first dealer gone before round 1: seat %d deals, want 2", got)
	}
	// Two leavers side by side; the turn wraps round.
	if got := PassedTo(5, 4, []int{0, 2, 2, 0, 0}, 3); got != 3 {
		t.Errorf("seats 1 and 2 gone from round 2: round 3 dealt by %d, want 3 (4, 0, 3)", got)
	}
	if got := PassedTo(4, 4, nil, 1); got != -1 {
		t.Errorf("no seat 4 at a table of 4: %d, want −1", got)
	}
	if got := NextThere(3, 2, []bool{true, false, false}); got != 1 {
		t.Errorf("next after seat 2 with seat 0 gone: %d, want 1", got)
	}
}

// A finished match is ranked once for every page and export: by the
// places it keeps (a BG Stats play's), else by its totals with whoever
// left after those who stayed, whatever his total.
func TestFinalPlaces(t *testing.T) {
	for _, tt := range []struct {
		kept, totals []int
		low          bool
		left         []bool
		want         []int
	}{
		{nil, []int{20, 50, 30, 10}, false, []bool{false, true, false, false}, []int{2, 4, 1, 3}},
		{nil, []int{20, 50, 30, 10}, false, nil, []int{3, 1, 2, 4}},
		{[]int{2, 1, 2}, []int{0, 0, 0}, false, nil, []int{2, 1, 2}},
		{[]int{1, 2}, []int{5, 9}, true, []bool{true, false}, []int{1, 2}}, // kept places stand
		{[]int{1}, []int{5, 9}, true, nil, []int{1, 2}},                    // a ranking of other seats is none
	} {
		if got := FinalPlaces(tt.kept, tt.totals, tt.low, tt.left); fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("FinalPlaces(%v, %v, %v, %v) = %v, want %v", tt.kept, tt.totals, tt.low, tt.left, got, tt.want)
		}
	}
}
