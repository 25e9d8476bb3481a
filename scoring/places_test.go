package scoring

import (
	"slices"
	"testing"
)

func TestPlaces(t *testing.T) {
	tests := []struct {
		name    string
		totals  []int
		lowWins bool
		want    []int
	}{
		{"Five Crowns: lowest total wins", []int{42, 17, 88, 30}, true, []int{3, 1, 4, 2}},
		{"Take 5!: highest total wins", []int{42, 17, 88, 30}, false, []int{2, 4, 1, 3}},
		{"a shared second place skips third", []int{10, 20, 20, 30}, true, []int{1, 2, 2, 4}},
		{"a shared win: both first", []int{66, 66, 40}, false, []int{1, 1, 3}},
		{"everyone tied", []int{5, 5, 5}, true, []int{1, 1, 1}},
		{"two players", []int{3, 9}, false, []int{2, 1}},
		{"negative totals (TAKI penalties)", []int{-5, 0, -20}, false, []int{2, 1, 3}},
		{"one player", []int{12}, true, []int{1}},
		{"no players", nil, true, []int{}},
	}
	for _, tt := range tests {
		if got := Places(tt.totals, tt.lowWins); !slices.Equal(got, tt.want) {
			t.Errorf("%s: Places(%v, %v) = %v, want %v", tt.name, tt.totals, tt.lowWins, got, tt.want)
		}
	}
}

// Places are between 1 and the number of players, someone is first, and a
// better total never gets a worse place.
func FuzzPlaces(f *testing.F) {
	f.Add([]byte{10, 20, 20, 30}, true)
	f.Add([]byte{1}, false)
	f.Fuzz(func(t *testing.T, raw []byte, lowWins bool) {
		totals := make([]int, len(raw))
		for i, b := range raw {
			totals[i] = int(int8(b))
		}
		got := Places(totals, lowWins)
		if len(totals) > 0 && !slices.Contains(got, 1) {
			t.Errorf("Places(%v, %v) = %v: nobody first", totals, lowWins, got)
		}
		for i := range got {
			if got[i] < 1 || got[i] > len(totals) {
				t.Errorf("Places(%v, %v)[%d] = %d out of range", totals, lowWins, i, got[i])
			}
			for j := range got {
				better := totals[i] < totals[j]
				if !lowWins {
					better = totals[i] > totals[j]
				}
				if better && got[i] >= got[j] {
					t.Errorf("Places(%v, %v): total %d placed %d, not ahead of %d placed %d", totals, lowWins, totals[i], got[i], totals[j], got[j])
				}
			}
		}
	})
}
