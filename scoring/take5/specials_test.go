package take5

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// sheetSpecials is the sentence the specials bound rests on (seed 000,
// «Préparation du jeu»).
const sheetSpecials = "On distribue à chaque joueur une carte „x 2” et une carte „+ 5”. Les cartes spéciales restantes sont écartées du jeu."

// rows gives a tally the green cows of the fewest rows its specials need,
// so that only the specials decide.
func rows(t Tally) Tally {
	t.Green = 5 * max(t.X2, t.Plus5)
	return t
}

func TestSpecialsDealt(t *testing.T) {
	tests := []struct {
		name      string
		table     int
		in        []Tally
		wantField string // "" when the deal can occur
		wantEN    string
	}{
		{"issue 27: two players, A collected both x2 while B still holds both his specials", 2,
			[]Tally{rows(Tally{X2: 2}), {SpecialsInHand: 2}}, "players[1].specialsInHand",
			"2 “x2” were collected and 1 player still holds both his specials, so his “x2” too: that makes 3, but each of the 2 players is dealt one “x2”"},
		{"the same, B's line first: the x2 of A's line is the one too many", 2,
			[]Tally{{SpecialsInHand: 2}, rows(Tally{X2: 2})}, "players[1].x2", "that makes 3"},
		{"two players: A collected his own x2 while B kept both his specials", 2,
			[]Tally{rows(Tally{X2: 1}), {SpecialsInHand: 2}}, "", ""},
		{"two players, both kept both specials to the end of the game", 2,
			[]Tally{{SpecialsInHand: 2}, {SpecialsInHand: 2}}, "", ""},
		{"two players, both kept both specials, yet a +5 was collected", 2,
			[]Tally{rows(Tally{Plus5: 1, SpecialsInHand: 2}), {SpecialsInHand: 2}}, "players[1].specialsInHand",
			"1 “+5” was collected and 2 players still hold both their specials, so their “+5” too: that makes 3"},
		{"two players, one special left in each hand: A collected both x2, each kept his +5", 2,
			[]Tally{rows(Tally{X2: 2, SpecialsInHand: 1}), {SpecialsInHand: 1}}, "", ""},
		{"two players, one special left in each hand, and both x2 and a +5 collected: five specials", 2,
			[]Tally{rows(Tally{X2: 2, Plus5: 1, SpecialsInHand: 1}), {SpecialsInHand: 1}}, "players[1].specialsInHand", "5 special cards between them"},
		{"six players: five x2 collected, the sixth in the hand of a player who kept both", 6,
			[]Tally{rows(Tally{X2: 3}), rows(Tally{X2: 2}), {}, {}, {}, {SpecialsInHand: 2}}, "", ""},
		{"six players: all six x2 collected, yet a player kept both his specials", 6,
			[]Tally{rows(Tally{X2: 3}), rows(Tally{X2: 3}), {}, {}, {}, {SpecialsInHand: 2}}, "players[5].specialsInHand", "that makes 7, but each of the 6 players"},
		{"six players: five +5 collected and two players kept both", 6,
			[]Tally{{SpecialsInHand: 2}, rows(Tally{Plus5: 3}), rows(Tally{Plus5: 2}), {}, {}, {SpecialsInHand: 2}}, "players[5].specialsInHand", "that makes 7"},
		{"two lines of a table of four: three x2 collected, one kept", 4,
			[]Tally{rows(Tally{X2: 3}), {SpecialsInHand: 2}}, "", ""},
	}
	for _, tt := range tests {
		players := make([]Player, len(tt.in))
		for i, in := range tt.in {
			players[i] = Player{Name: fmt.Sprint("P", i+1), Tally: in}
		}
		_, _, err := Deal(tt.table, players)
		checkField(t, tt.name+" «"+sheetSpecials+"»", "Deal", tt.in, err, tt.wantField)
		if ie, ok := err.(*rulebook.InputError); ok && !strings.Contains(says(ie).EN, tt.wantEN) {
			t.Errorf("%s: Deal says %q, want it to say %q", tt.name, says(ie).EN, tt.wantEN)
		}
	}
}

// TestSpecialsDealtExact sends every player's x2 and +5 everywhere it can
// end (kept in hand, collected by any player, or left under a row on the
// table) and checks that checkDeal accepts exactly the tallies so made, at
// two and three players: the bound refuses nothing that can occur, and
// lets through nothing that cannot.
func TestSpecialsDealtExact(t *testing.T) {
	for _, n := range []int{2, 3} {
		s, _ := SetupFor(n)
		// fate of each of the 2n specials: 0..n−1 collected by that player, n kept, n+1 left on the table
		made := map[string]bool{}
		fates := make([]int, 2*n)
		for {
			tallies := make([]Tally, n)
			for k, f := range fates {
				owner, isX2 := k/2, k%2 == 0
				switch {
				case f == n:
					tallies[owner].SpecialsInHand++
				case f < n && isX2:
					tallies[f].X2++
				case f < n:
					tallies[f].Plus5++
				}
			}
			made[fmt.Sprint(tallies)] = true
			k := 0
			for ; k < len(fates) && fates[k] == n+1; k++ {
				fates[k] = 0
			}
			if k == len(fates) {
				break
			}
			fates[k]++
		}
		// every tally of up to n of each kind collected and 2 in hand, per line
		line := []Tally{}
		for x := 0; x <= n; x++ {
			for p := 0; p <= n; p++ {
				for h := 0; h <= HeldAtMost; h++ {
					line = append(line, Tally{X2: x, Plus5: p, SpecialsInHand: h})
				}
			}
		}
		accepted := 0
		pick := make([]int, n)
		for {
			tallies := make([]Tally, n)
			for i, j := range pick {
				tallies[i] = line[j]
			}
			want := made[fmt.Sprint(tallies)]
			for i := range tallies {
				tallies[i] = rows(tallies[i])
			}
			err := checkDeal("players", s, tallies)
			if (err == nil) != want {
				t.Fatalf("%d players: checkDeal(%+v) = %v, yet made by some deal: %v «%s»", n, tallies, err, want, sheetSpecials)
			}
			if want {
				accepted++
			}
			k := 0
			for ; k < n && pick[k] == len(line)-1; k++ {
				pick[k] = 0
			}
			if k == n {
				break
			}
			pick[k]++
		}
		if accepted != len(made) {
			t.Errorf("%d players: %d deals accepted, %d made", n, accepted, len(made))
		}
	}
}
