package take5

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// The sheet's sentences the row-history check rests on.
const (
	sheetOnTop = "Les cartes doivent être posées à la suite, en respectant l'ordre croissant, sur la carte précédente."
	sheetWrap  = "Si le chiffre d'une carte qu'un joueur veut poser est plus grand que le plus grand chiffre ou plus petit que le plus petit chiffre final, dans les deux cas, le joueur peut poser cette carte à la suite de la rangée qui a le plus grand chiffre final."
)

// TestRowHistory: a row climbs, except where a card lower than every final
// went on the row with the largest final; and another row's final, at the
// time, is judged from that row's own cards.
func TestRowHistory(t *testing.T) {
	tests := []struct {
		name      string
		rows      Circle
		hands     []int
		wantField string // "" for a table that can occur
		wantEN    string // part of the refusal
	}{
		{"issue 27: 40 after 50 beside a row of 60 (the 40 would have gone on the 60)",
			table([]int{50, 40}, []int{60}), nil, "rows[0].cards[1]",
			"40 cannot follow 50 in row 1: a card lower than every final goes on the row with the largest final"},
		{"the same rows listed from the other one", table([]int{60}, []int{50, 40}), nil, "rows[1].cards[1]", "row 1, ended above 50 or below 40"},
		{"the only descent is a legal wrap: 5 below 30, and 50 the largest final",
			table([]int{30}, []int{50, 5}), nil, "", ""},
		{"two players, seven rows: the wrap 94 → 3 while every other final lay between 3 and 94",
			table([]int{12}, []int{30, 31}, []int{45}, []int{60}, []int{71, 87}, []int{90}, []int{94, 3}), []int{14, 11}, "", ""},
		{"two players, seven rows in order of finals: 40 after 50 cannot be, the 40 would have gone on the 31",
			table([]int{12}, []int{20}, []int{30, 31}, []int{50, 40}, []int{60}, []int{70}, []int{90}), []int{14, 12}, "rows[3].cards[1]",
			"40 cannot follow 50 in row 4"},
		{"10 then 30 beside a row of 20: the 20 lay between them all along",
			table([]int{10, 30}, []int{20}), nil, "rows[0].cards[1]",
			"30 cannot follow 10 in row 1: a card goes on the row whose final is the largest one below it, and whenever 30 could have been laid, the next row clockwise, row 2, ended with a card between 10 and 30 (it ends with 20"},
		{"30 after 10 once the next row had moved on past 30",
			table([]int{10, 30}, []int{20, 40}), nil, "", ""},
		{"a final lower at the time: 45 after 30 once the next row, ending 40 then, had moved on to 50",
			table([]int{30, 45}, []int{40, 50}, []int{70}), nil, "", ""},
		{"the next row wrapped first: 50 then 40 beside 55 then 45 then 60 (45 below every final went on the 55)",
			table([]int{50, 40}, []int{55, 45, 60}), nil, "", ""},
		{"several wraps in one row: 60 10 50 5 beside 80 20 55 7, each row waiting on the other",
			table([]int{60, 10, 50, 5}, []int{80, 20, 55, 7}), nil, "", ""},
		{"several wraps in one row, the last impossible: the 3 would have taken the 5",
			table([]int{60, 10, 50, 5}, []int{80, 20, 55, 3}), nil, "rows[0].cards[3]", "5 cannot follow 50 in row 1"},
		{"one row left: every card went on it, wrapping three times",
			table([]int{90, 5, 3, 2}), nil, "", ""},
		{"each row waits on the other all round the circle",
			table([]int{10, 60}, []int{50, 15}), nil, "rows[0].cards[1]", "every row waits like this on the next one"},
		{"six players, fifteen rows, a legal wrap at the seam",
			table([]int{3}, []int{9}, []int{15}, []int{22}, []int{30}, []int{38}, []int{44}, []int{51}, []int{59}, []int{63}, []int{70}, []int{77}, []int{85}, []int{90, 96}, []int{97, 1}),
			[]int{10, 10, 10, 10, 10, 8}, "", ""},
		{"six players, fifteen rows: 47 after 51 cannot be, the 47 would have gone on the 44",
			table([]int{3}, []int{9}, []int{15}, []int{22}, []int{30}, []int{38}, []int{44}, []int{51, 47}, []int{59}, []int{63}, []int{70}, []int{77}, []int{85}, []int{90}, []int{97}),
			[]int{10, 10, 10, 10, 10, 9}, "rows[7].cards[1]", "47 cannot follow 51 in row 8"},
	}
	for _, tt := range tests {
		err := tt.rows.Validate(tt.hands)
		if tt.wantField == "" {
			if err != nil {
				t.Errorf("%s: Validate(%s) = %v, want nil: «%s» «%s»", tt.name, fmtRows(tt.rows), err, sheetOnTop, sheetWrap)
			}
			continue
		}
		wantInputError(t, tt.name, err, tt.wantField)
		if ie, ok := err.(*rulebook.InputError); ok && !strings.Contains(says(ie).EN, tt.wantEN) {
			t.Errorf("%s: Validate(%s) says %q, want it to say %q: «%s» «%s»", tt.name, fmtRows(tt.rows), says(ie).EN, tt.wantEN, sheetOnTop, sheetWrap)
		}
	}
}

// TestRowHistoryExact lays every starting circle drawn from a few cards and
// every order of the other cards, by the sheet's placement (T5-R3, rows of
// five taken), and checks that Validate accepts exactly the tables so
// reached among every table those cards make: it refuses no table that can
// occur, and lets through none that cannot. The cards include 1 and 98, the
// ends of the wrap.
func TestRowHistoryExact(t *testing.T) {
	cards := []int{1, 15, 30, 50, 70, 85, 98}
	reached := map[string]bool{}
	seen := map[string]bool{}
	var lay func(c Circle, used uint)
	lay = func(c Circle, used uint) {
		key := fmt.Sprintf("%s|%b", tableKey(c), used)
		if seen[key] {
			return
		}
		seen[key] = true
		if len(c) > 0 {
			reached[tableKey(c)] = true
		}
		for i, card := range cards {
			if used&(1<<i) != 0 || len(c) == 0 {
				continue
			}
			next := c.Clone()
			pos, _ := next.Forced(card)
			next[pos].Cards = append(next[pos].Cards, card)
			if len(next[pos].Cards) == RowLimit {
				next = slices.Delete(next, pos, pos+1)
			}
			lay(next, used|1<<i)
		}
	}
	for starts := uint(1); starts < 1<<len(cards); starts++ {
		var circle []int
		for i, card := range cards {
			if starts&(1<<i) != 0 {
				circle = append(circle, card)
			}
		}
		lay(singles(circle...), starts)
	}

	tables, accepted := 0, 0
	var build func(i int, rows [][]int)
	build = func(i int, rows [][]int) {
		if i == len(cards) {
			if len(rows) == 0 {
				return
			}
			c := table(rows...)
			slices.SortFunc(c, func(a, b Row) int { return a.Cards[0] - b.Cards[0] }) // clockwise, ascending starts
			tables++
			want := reached[tableKey(c)]
			for turn := range len(c) { // the same circle listed from each row
				listed := NewCircle(append(slices.Clone(c[turn:]), c[:turn]...))
				err := listed.Validate(nil)
				if (err == nil) != want {
					t.Fatalf("Validate(%s) = %v, yet reached by some order of play: %v", fmtRows(listed), err, want)
				}
			}
			if want {
				accepted++
			}
			return
		}
		build(i+1, rows) // card i is not on the table
		card := cards[i]
		build(i+1, append(slices.Clone(rows), []int{card}))
		for r := range rows {
			if len(rows[r]) == RowLimit-1 {
				continue
			}
			for at := 0; at <= len(rows[r]); at++ {
				grown := slices.Clone(rows)
				grown[r] = slices.Insert(slices.Clone(rows[r]), at, card)
				build(i+1, grown)
			}
		}
	}
	build(0, nil)
	if accepted != len(reached) || accepted == tables {
		t.Errorf("%d tables, %d accepted, %d reached: the check must accept exactly the tables reached", tables, accepted, len(reached))
	}
	t.Logf("%d tables of %v, %d of them reached by some order of play", tables, cards, accepted)
}

// tableKey writes a circle from its smallest starting card, clockwise.
func tableKey(c Circle) string {
	start := 0
	for i, r := range c {
		if r.Cards[0] < c[start].Cards[0] {
			start = i
		}
	}
	var b strings.Builder
	for k := range c {
		fmt.Fprint(&b, c[(start+k)%len(c)].Cards)
	}
	return b.String()
}
