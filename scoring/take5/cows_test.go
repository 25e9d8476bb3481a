package take5

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
)

// sheetCows is what the cow checks rest on (seed 000, «Les cartes»).
const sheetCows = "Sur les cartes vachettes vertes, il y a 1 ou 2 vachettes vertes qui rapportent 1 ou 2 points positifs. Sur les cartes vachettes rouges, il y a 2, 3, 5 ou 7 vachettes rouges qui rapportent 2, 3, 5 ou 7 points négatifs."

// Issue 41: at two players the circle has 7 rows. A, with 52 green and 10
// red cows, needs at least 6 of them, so B took at most one row of 5 cards,
// and five cards worth 2, 3, 5 or 7 make 33 or 35 red cows, never 34.
func TestRedCowsIssue41(t *testing.T) {
	a := Tally{Green: 52, Red: 10}
	tests := []struct {
		name      string
		lines     []Tally
		wantField string // "" when the deal can occur
		wantEN    string
		wantFR    string
	}{
		{"B's 34 red cows in the one row A leaves", []Tally{a, {Red: 34}}, "players[1].red",
			"34 red cows cannot be collected in the only row the other piles leave (they hold at least 6 of the 7). «Sur les cartes vachettes rouges, il y a 2, 3, 5 ou 7 vachettes rouges» (2, 3, 5 or 7 red cows a card): with 0 green cows beside them that row holds 33 or 35 red cows, never 34.",
			"34 vachettes rouges ne peuvent pas être ramassées dans la seule rangée que laissent les autres tas (ils en ont au moins 6 sur 7). « Sur les cartes vachettes rouges, il y a 2, 3, 5 ou 7 vachettes rouges » : avec 0 vachette verte à côté, cette rangée en porte 33 ou 35, jamais 34."},
		{"the same with B's line first: still B's red cows", []Tally{{Red: 34}, a}, "players[0].red", "34 red cows cannot be collected in the only row", ""},
		{"B's 35 red cows: five cards of 7", []Tally{a, {Red: 35}}, "", "", ""},
		{"B's 33 red cows: four of 7 and one of 5", []Tally{a, {Red: 33}}, "", "", ""},
		{"B's 34 red cows alone make two rows", []Tally{{Green: 40}, {Red: 34}}, "", "", ""},
		{"one pile of the 7 rows with 26 red cards of 7 but one: 181 is never made", []Tally{{Green: 9, Red: 181}}, "players[0].red",
			"181 red cows cannot be collected in the 7 rows 2 players lay", "181 vachettes rouges ne peuvent pas être ramassées dans les 7 rangées posées à 2 joueurs"},
		{"one pile of the 7 rows with all 26 red cards of 7", []Tally{{Green: 9, Red: 182}}, "", "", ""},
		{"two piles, 20 and 10 red cards: the deck has 26", []Tally{{Red: 140}, {Red: 70}}, "players[1].red", "30 red cards cannot be: the game has only 26.", "30 cartes rouges, c'est impossible : le jeu n'en a que 26."},
	}
	for _, tt := range tests {
		players := make([]Player, len(tt.lines))
		for i, l := range tt.lines {
			players[i] = Player{Name: fmt.Sprint("P", i+1), Tally: l}
		}
		_, _, err := Deal(2, players)
		checkField(t, tt.name+" «"+sheetCows+"»", "Deal", tt.lines, err, tt.wantField)
		if err == nil {
			continue
		}
		msg := says(err.(*rulebook.InputError))
		if !strings.Contains(msg.EN, tt.wantEN) || !strings.Contains(msg.FR, tt.wantFR) {
			t.Errorf("%s: Deal says %q / %q, want %q / %q", tt.name, msg.EN, msg.FR, tt.wantEN, tt.wantFR)
		}
		if !msg.IsSentence() {
			t.Errorf("%s: %+v is not a sentence in both languages", tt.name, msg)
		}
	}
	// The scoresheet and the import score a deal with Sheet.Score.
	raw, _ := json.Marshal(NewEntry(false, a, Tally{Red: 34}))
	_, err := Sheet{}.Score(scoring.Match{Seats: 2}, nil, raw)
	checkField(t, "Sheet.Score: B's 34 red cows «"+sheetCows+"»", "Score", string(raw), err, "seats[1].red")
}

// TestCowsExact holds the cow checks to the cards, at two and three
// players: from every way number cards (green of 1 or 2 cows, red of 2, 3,
// 5 or 7, at most 26 red) fill k rows, it lists, for each pile, the fewest
// red cards each number of rows can hold it, then checks that checkDeal
// accepts exactly the piles some deal makes: every single pile of up to
// 2 × 5 × rows green and 7 × 26 + 1 red cows, and every table of two piles
// and, at three players, of three, whose piles each stand for all those
// with the same choices of (rows, red cards) that no other choice beats.
func TestCowsExact(t *testing.T) {
	for _, n := range []int{2, 3} {
		s, _ := SetupFor(n)
		// reds[r]: the red totals r red cards make, card by card
		reds := make([]map[int]bool, redCards+1)
		reds[0] = map[int]bool{0: true}
		for r := 1; r <= redCards; r++ {
			reds[r] = map[int]bool{}
			for sum := range reds[r-1] {
				for _, v := range []int{2, 3, 5, 7} {
					reds[r][sum+v] = true
				}
			}
		}
		// made[G][R][k]: the fewest red cards of a pile of k rows with G green and R red cows, −1 none
		maxG, maxR := 2*5*s.Rows+1, 7*redCards+1
		made := make([][][]int, maxG+1)
		for g := range made {
			made[g] = make([][]int, maxR+1)
			for r := range made[g] {
				made[g][r] = make([]int, s.Rows+1)
				for k := range made[g][r] {
					made[g][r][k] = -1
				}
			}
		}
		for k := 0; k <= s.Rows; k++ {
			for r := min(5*k, redCards); r >= 0; r-- {
				g := 5*k - r
				for twos := 0; twos <= g; twos++ { // green cards of 2 cows
					for red := range reds[r] {
						made[g+twos][red][k] = r
					}
				}
			}
		}
		classes := map[string]Tally{}
		var frontier = func(p []int) string {
			var b strings.Builder
			best := -1
			for k, r := range p {
				if r >= 0 && (best < 0 || r < best) {
					best = r
					fmt.Fprintf(&b, "%d:%d ", k, r)
				}
			}
			return b.String()
		}
		for g := 0; g <= maxG; g++ {
			for r := 0; r <= maxR; r++ {
				tally := Tally{Green: g, Red: r}
				want := made[g][r]
				fewest := s.Rows + 1
				for k := len(want) - 1; k >= 0; k-- {
					if want[k] >= 0 {
						fewest = k
					}
				}
				if got := fewestRed(tally, s.Rows, false); fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("%d players, %+v: fewest red cards by rows %v, the cards make %v «%s»", n, tally, got, want, sheetCows)
				}
				err := checkDeal("players", s, []Tally{tally})
				if (err == nil) != (fewest <= s.Rows) {
					t.Fatalf("%d players, one pile %+v: checkDeal = %v, want accepted %v «%s»", n, tally, err, fewest <= s.Rows, sheetCows)
				}
				if f := frontier(want); f != "" {
					classes[f] = tally
				}
			}
		}
		var piles [][]int
		var reps []Tally
		for _, tally := range classes {
			piles = append(piles, made[tally.Green][tally.Red])
			reps = append(reps, tally)
		}
		t.Logf("%d players: %d kinds of pile", n, len(reps))
		fits := func(ps ...[]int) bool {
			var try func(i, rows, red int) bool
			try = func(i, rows, red int) bool {
				if i == len(ps) {
					return true
				}
				for k, r := range ps[i] {
					if r >= 0 && rows+k <= s.Rows && red+r <= redCards && try(i+1, rows+k, red+r) {
						return true
					}
				}
				return false
			}
			return try(0, 0, 0)
		}
		for i := range reps {
			for j := i; j < len(reps); j++ {
				want := fits(piles[i], piles[j])
				if err := checkDeal("players", s, []Tally{reps[i], reps[j]}); (err == nil) != want {
					t.Fatalf("%d players, piles %+v and %+v: checkDeal = %v, want accepted %v «%s»", n, reps[i], reps[j], err, want, sheetCows)
				}
				for l := j; n == 3 && l < len(reps); l++ {
					want := fits(piles[i], piles[j], piles[l])
					if err := checkDeal("players", s, []Tally{reps[i], reps[j], reps[l]}); (err == nil) != want {
						t.Fatalf("%d players, piles %+v, %+v and %+v: checkDeal = %v, want accepted %v «%s»", n, reps[i], reps[j], reps[l], err, want, sheetCows)
					}
				}
			}
		}
	}
}
