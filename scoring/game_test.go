package scoring

import "testing"

// Totals is the one sum of a match's points, seat by seat: a round shorter
// than the table counts 0 for the seats it lacks.
func TestTotals(t *testing.T) {
	rounds := []Round{{Points: []int{100, -40, -12}}, {Points: []int{-30, 100}}, {Points: []int{-8, -3, 100}}}
	if got := Totals(3, rounds); got[0] != 62 || got[1] != 57 || got[2] != 88 {
		t.Errorf("Totals = %v, want [62 57 88]", got)
	}
}
