package take5

import (
	"errors"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

func TestScore(t *testing.T) {
	tests := []struct {
		name        string
		in          Tally
		want        int
		wantWorking string
	}{
		{"TV-T5-4 seed example 4: Paul keeps a +5 in hand", Tally{Green: 5, Red: 3, Plus5: 1, X2: 1, SpecialsInHand: 1}, 4, "(5 − 3 + 5) × 2 − 10 = 4"},
		{"TV-T5-6 two x2 quadruple a negative result", Tally{Green: 2, Red: 9, X2: 2}, -28, "(2 − 9) × 4 = −28"},
		{"TV-T5-6 nothing collected, both specials in hand", Tally{SpecialsInHand: 2}, -20, "0 − 0 − 20 = −20"},
		{"no x2: no parentheses and no × 1", Tally{Green: 8, Red: 2, Plus5: 1}, 11, "8 − 2 + 5 = 11"},
		{"no specials left: no − 0", Tally{Green: 5, Red: 3, Plus5: 1, X2: 1}, 14, "(5 − 3 + 5) × 2 = 14"},
		{"two +5 show as one term", Tally{Green: 1, Red: 0, Plus5: 2}, 11, "1 − 0 + 10 = 11"},
		{"x2 doubles a negative result", Tally{Green: 1, Red: 7, X2: 1}, -12, "(1 − 7) × 2 = −12"},
		{"the +5 is added before doubling", Tally{Green: 0, Red: 7, Plus5: 1, X2: 1}, -4, "(0 − 7 + 5) × 2 = −4"},
		{"the −10 comes after doubling", Tally{Green: 3, X2: 1, SpecialsInHand: 1}, -4, "(3 − 0) × 2 − 10 = −4"},
		{"empty pile", Tally{}, 0, "0 − 0 = 0"},
		{"three x2 multiply by 8", Tally{Green: 2, X2: 3}, 16, "(2 − 0) × 8 = 16"},
	}
	for _, tt := range tests {
		if got := Score(tt.in); got != tt.want {
			t.Errorf("%s: Score(%+v) = %d, want %d", tt.name, tt.in, got, tt.want)
		}
		if got := Working(tt.in); got != tt.wantWorking {
			t.Errorf("%s: Working(%+v) = %q, want %q", tt.name, tt.in, got, tt.wantWorking)
		}
	}
}

// TestTallyCheck: what one player can end a deal with, by table size.
func TestTallyCheck(t *testing.T) {
	two, _ := SetupFor(2)
	six, _ := SetupFor(6)
	tests := []struct {
		name      string
		s         Setup
		in        Tally
		wantField string // "" when the tally can occur
	}{
		{"TV-T5-4 seed example 4", two, Tally{Green: 5, Red: 3, Plus5: 1, X2: 1, SpecialsInHand: 1}, ""},
		{"nothing collected", two, Tally{SpecialsInHand: 2}, ""},
		{"every row of six players, all six x2 and +5", six, Tally{Green: 60, Red: 20, Plus5: 6, X2: 6}, ""},
		{"all 7 rows of two players, green only", two, Tally{Green: 70}, ""},
		{"negative green", two, Tally{Green: -1}, "players[0].green"},
		{"negative red", two, Tally{Red: -3}, "players[0].red"},
		{"negative +5", two, Tally{Plus5: -1}, "players[0].plus5"},
		{"negative x2", two, Tally{X2: -1}, "players[0].x2"},
		{"negative specials in hand", two, Tally{SpecialsInHand: -1}, "players[0].specialsInHand"},
		{"three x2 at two players", two, Tally{Green: 15, X2: 3}, "players[0].x2"},
		{"seven +5 at six players", six, Tally{Green: 35, Plus5: 7}, "players[0].plus5"},
		{"three specials in hand", six, Tally{SpecialsInHand: 3}, "players[0].specialsInHand"},
		{"more green cows than 7 rows carry", two, Tally{Green: 71}, "players[0].green"},
		{"RULES.md TV-T5-6: G = 2, R = 9 with D = 2", six, Tally{Green: 2, Red: 9, X2: 2}, "players[0].green"},
		{"one red cow", six, Tally{Red: 1}, "players[0].red"},
		{"more red cards than the deck's 26", six, Tally{Green: 0, Red: 190}, "players[0].red"},
	}
	for _, tt := range tests {
		err := tt.in.check("players[0]", tt.s)
		checkField(t, tt.name, "check", tt.in, err, tt.wantField)
	}
}

// checkField fails unless err is nil (wantField "") or an *rulebook.InputError on wantField.
func checkField(t *testing.T, name, fn string, in any, err error, wantField string) {
	t.Helper()
	var ie *rulebook.InputError
	switch {
	case wantField == "" && err != nil:
		t.Errorf("%s: %s(%+v) = %v, want nil", name, fn, in, err)
	case wantField != "" && !errors.As(err, &ie):
		t.Errorf("%s: %s(%+v) = %v, want an input error on %s", name, fn, in, err, wantField)
	case wantField != "" && ie.Field != wantField:
		t.Errorf("%s: %s(%+v) field = %q, want %q", name, fn, in, ie.Field, wantField)
	case wantField != "" && !says(ie).IsSentence():
		t.Errorf("%s: %s(%+v) message = %+v, want a sentence in English and French", name, fn, in, says(ie))
	}
}

func TestSetupFor(t *testing.T) {
	tests := []struct {
		players int
		want    Setup
	}{
		{2, Setup{2, 14, 7}}, {3, Setup{3, 12, 9}}, {4, Setup{4, 12, 12}}, {5, Setup{5, 12, 15}}, {6, Setup{6, 10, 15}},
	}
	for _, tt := range tests {
		got, err := SetupFor(tt.players)
		if err != nil || got != tt.want {
			t.Errorf("SetupFor(%d) = %+v, %v, want %+v", tt.players, got, err, tt.want)
		}
		// RULES.md §1.2: hands + circle = 5 × rows, so the last card takes the last row.
		if got.CardsInPlay() != 5*got.Rows || got.CardsInPlay() > 75 {
			t.Errorf("SetupFor(%d).CardsInPlay() = %d, want 5 × %d ≤ 75", tt.players, got.CardsInPlay(), got.Rows)
		}
	}
	for _, n := range []int{-1, 0, 1, 7, 10} {
		_, err := SetupFor(n)
		checkField(t, "player count outside 2..6", "SetupFor", n, err, "players")
	}
}

func BenchmarkScore(b *testing.B) {
	t := Tally{Green: 5, Red: 3, Plus5: 1, X2: 1, SpecialsInHand: 1}
	for b.Loop() {
		_ = Working(t)
	}
}
