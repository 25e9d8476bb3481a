package take5

import (
	"errors"
	"slices"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name      string
		rows      Circle
		hands     []int
		wantField string // "" for a table that can occur
	}{
		{"the starting circle of example 1", singles(23, 43, 49, 55, 80), nil, ""},
		{"finals wrap once: 94 5 is the seam", table([]int{12}, []int{30}, []int{71, 87}, []int{94, 5}), nil, ""},
		{"one row left", table([]int{50, 60}), nil, ""},
		{"no rows", Circle{}, nil, "rows"},
		{"sixteen rows", singles(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16), nil, "rows"},
		{"an empty row", table([]int{10}, []int{}), nil, "rows[1].cards"},
		{"a row of 5 still on the table", table([]int{10}, []int{20, 21, 22, 23, 24}), nil, "rows[1].cards[4]"},
		{"card 0", table([]int{10}, []int{0}), nil, "rows[1].cards[0]"},
		{"card 99", table([]int{99}), nil, "rows[0].cards[0]"},
		{"a number twice", table([]int{10, 35}, []int{40}, []int{35, 60}), nil, "rows[2].cards[0]"},
		{"finals not cyclically ascending", singles(10, 40, 30, 60), nil, "rows[2].cards[0]"},
		{"finals descending", singles(60, 40, 20), nil, "rows[1].cards[0]"},
		{"capacity holds: 2 players, starting circle", singles(10, 20, 30, 40, 50, 60, 70), []int{14, 14}, ""},
		{"capacity holds mid-game", table([]int{10, 11}, []int{50}), []int{3, 4}, ""},
		{"capacity broken (T5-R7)", table([]int{10, 11}, []int{50}), []int{3, 3}, "handSizes"},
		{"one hand given", singles(10), []int{4}, "handSizes"},
		{"seven hands", singles(10), []int{0, 0, 0, 0, 0, 0, 4}, "handSizes"},
		{"a negative hand", singles(10, 20), []int{9, -1}, "handSizes[1]"},
		{"a hand of 15", singles(10, 20, 30), []int{15, 0}, "handSizes[0]"},
	}
	for _, tt := range tests {
		err := tt.rows.Validate(tt.hands)
		if tt.wantField == "" {
			if err != nil {
				t.Errorf("%s: Validate(%s, %v) = %v, want nil", tt.name, fmtRows(tt.rows), tt.hands, err)
			}
			continue
		}
		wantInputError(t, tt.name, err, tt.wantField)
	}
}

func TestForcedAndExplain(t *testing.T) {
	c := singles(23, 43, 49, 55, 80)
	tests := []struct {
		card     int
		wantRow  int
		wantWrap bool
		wantEN   string
		wantFR   string
	}{
		{35, 0, false, "35 goes on the row ending 23, the largest final below 35.", "Le 35 va sur la rangée qui finit par 23, le plus grand chiffre final inférieur à 35."},
		{50, 2, false, "50 goes on the row ending 49, the largest final below 50.", "Le 50 va sur la rangée qui finit par 49, le plus grand chiffre final inférieur à 50."},
		{98, 4, false, "98 goes on the row ending 80, the largest final below 98.", "Le 98 va sur la rangée qui finit par 80, le plus grand chiffre final inférieur à 98."},
		{5, 4, true, "5 goes on the row ending 80, the largest final, because no final is below 5.", "Le 5 va sur la rangée qui finit par 80, le plus grand chiffre final, car aucun chiffre final n'est inférieur à 5."},
	}
	for _, tt := range tests {
		pos, wrap := c.Forced(tt.card)
		if c[pos].Index != tt.wantRow || wrap != tt.wantWrap {
			t.Errorf("Forced(%d) = row %d, wrap %v, want row %d, wrap %v", tt.card, c[pos].Index, wrap, tt.wantRow, tt.wantWrap)
		}
		if got := said(c.Explain(tt.card)); got.EN != tt.wantEN || got.FR != tt.wantFR {
			t.Errorf("Explain(%d) = %+v, want %q / %q", tt.card, got, tt.wantEN, tt.wantFR)
		}
	}
	if pos, _ := (Circle{}).Forced(5); pos != -1 {
		t.Errorf("Forced on an empty circle = %d, want -1", pos)
	}
}

func TestSpecialRows(t *testing.T) {
	c := withPlus5(withX2(singles(23, 43, 49), 0, 2), 1)
	tests := []struct {
		s    Special
		want []int
	}{
		{X2, []int{1}},
		{Plus5, []int{0, 2}},
	}
	for _, tt := range tests {
		if got := c.SpecialRows(tt.s); !slices.Equal(got, tt.want) {
			t.Errorf("SpecialRows(%s) on %s = %v, want %v", tt.s, fmtRows(c), got, tt.want)
		}
	}
	full := withX2(singles(10, 60), 0, 1)
	if got := full.SpecialRows(X2); got == nil || len(got) != 0 {
		t.Errorf("SpecialRows(x2) on %s = %#v, want an empty list (blocked)", fmtRows(full), got)
	}
}

// Messages count rows and cards from 1, as players and the page do.
func TestInputMessagesCountFromOne(t *testing.T) {
	for _, tt := range []struct {
		name  string
		rows  Circle
		plays []Play
		want  string
	}{
		{"a number twice on the table", table([]int{10, 35}, []int{40}, []int{35, 60}), []Play{Number(70)},
			"Card 35 appears twice (it is also card 2 of row 1): each number exists once."},
		{"a card laid that is on the table", singles(10, 40), []Play{Number(40)},
			"Card 40 is already on the table, in row 2: each number exists once."},
		{"a claimed row that is not there", singles(10, 40), []Play{NumberOn(50, 2)},
			"There is no row 3 on the table."},
	} {
		_, err := PlayTurn(tt.rows, tt.plays, defaults)
		if err == nil {
			t.Errorf("%s: PlayTurn error = nil, want %q", tt.name, tt.want)
			continue
		}
		var ie *rulebook.InputError
		if !errors.As(err, &ie) {
			t.Errorf("%s: PlayTurn error = %v, want an input error saying %q", tt.name, err, tt.want)
		} else if got := says(ie).EN; got != tt.want {
			t.Errorf("%s: PlayTurn error = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestOrdinal(t *testing.T) {
	for step, want := range map[int]string{0: "1st/1re", 1: "2nd/2e", 2: "3rd/3e", 3: "4th/4e", 10: "11th/11e", 20: "21st/21e"} {
		if got := said(ordinal(step)); got.EN+"/"+got.FR != want {
			t.Errorf("ordinal(%d) = %s/%s, want %s", step, got.EN, got.FR, want)
		}
	}
}
