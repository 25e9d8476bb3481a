package bgstats

import (
	"slices"
	"testing"
)

// BG Stats ranks the teams of a team play, and the seats of any other play.
func TestRanks(t *testing.T) {
	for _, c := range []struct {
		name   string
		places []int
		teams  []string
		want   []int
	}{
		{"two teams", []int{1, 1, 3, 3}, []string{"Red", "Red", "Blue", "Blue"}, []int{1, 1, 2, 2}},
		{"no teams, a tie for second", []int{1, 2, 2, 4}, []string{"", "", "", ""}, []int{1, 2, 2, 4}},
		{"no teams given", []int{2, 1}, nil, []int{2, 1}},
		{"two teams and one alone", []int{3, 1, 1, 3, 5}, []string{"Blue", "Red", "Red", "Blue", ""}, []int{2, 1, 1, 2, 3}},
		{"a lone seat ahead of a team", []int{1, 2, 2}, []string{"", "Red", "Red"}, []int{1, 2, 2}},
	} {
		if got := Ranks(c.places, c.teams); !slices.Equal(got, c.want) {
			t.Errorf("%s: Ranks(%v, %q) = %v, want %v", c.name, c.places, c.teams, got, c.want)
		}
	}
}
