package take5

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// deal is the seed's setup table: players → hand size, rows.
var deal = map[int][2]int{2: {14, 7}, 3: {12, 9}, 4: {12, 12}, 5: {12, 15}, 6: {10, 15}}

// hand is what a simulated player holds.
type hand struct {
	cards    []int
	specials []Special
}

// randomTurn picks 1 to 3 cards the player may legally lay, simulating on a
// copy of the table so that claims and special rows are right, and stopping
// at a pickup when the house rule says so. It returns nil when the player
// has nothing he can lay (T5-R6).
func randomTurn(r *rand.Rand, rows Circle, h *hand, endsOnPickup bool) []Play {
	work := rows.Clone()
	var plays []Play
	want := 1 + r.IntN(MaxCards)
	for len(plays) < want {
		var options []Play
		for _, c := range h.cards {
			if len(work) > 0 {
				options = append(options, Number(c))
			}
		}
		for _, s := range h.specials {
			if ok := work.SpecialRows(s); len(ok) > 0 {
				options = append(options, SpecialUnder(s, ok[r.IntN(len(ok))]))
			}
		}
		if len(options) == 0 {
			break
		}
		p := options[r.IntN(len(options))]
		if p.Special != "" {
			h.specials = slices.DeleteFunc(h.specials, func(s Special) bool { return s == p.Special })
			pos := work.Find(p.Row)
			work[pos].X2 = work[pos].X2 || p.Special == X2
			work[pos].Plus5 = work[pos].Plus5 || p.Special == Plus5
			plays = append(plays, p)
			continue
		}
		h.cards = slices.DeleteFunc(h.cards, func(c int) bool { return c == p.Card })
		pos, _ := work.Forced(p.Card)
		if r.IntN(2) == 0 {
			p = NumberOn(p.Card, work[pos].Index) // a right claim is legal too
		}
		plays = append(plays, p)
		work[pos].Cards = append(work[pos].Cards, p.Card)
		if len(work[pos].Cards) == RowLimit {
			work = slices.Delete(work, pos, pos+1)
			if endsOnPickup {
				break
			}
		}
	}
	return plays
}

// FuzzGame deals a random game and plays it to the end with random legal
// turns, checking after every turn that the turn is legal, the finals stay
// cyclically ascending, the capacity invariant holds, and number cards are
// conserved (on the table + picked up = before + laid).
func FuzzGame(f *testing.F) {
	for n := 2; n <= 6; n++ {
		f.Add(uint64(n), uint8(n), false)
		f.Add(uint64(n*7), uint8(n), true)
	}
	f.Fuzz(func(t *testing.T, seed uint64, players uint8, endsOnPickup bool) {
		n := 2 + int(players)%5
		r := rand.New(rand.NewPCG(seed, 0x7a6e))
		deck := r.Perm(MaxCard)
		handSize, nrows := deal[n][0], deal[n][1]
		circle := make([]int, nrows)
		for i := range circle {
			circle[i] = deck[i] + 1
		}
		slices.Sort(circle)
		rows := singles(circle...)
		hands := make([]hand, n)
		for p := range hands {
			for _, c := range deck[nrows+p*handSize : nrows+(p+1)*handSize] {
				hands[p].cards = append(hands[p].cards, c+1)
			}
			hands[p].specials = []Special{X2, Plus5}
		}
		s := defaults
		if endsOnPickup {
			s = endsOnTake
		}
		for turn, idle := 0, 0; idle < n; turn++ {
			h := &hands[turn%n]
			sizes := make([]int, n)
			for p := range hands {
				sizes[p] = len(hands[p].cards)
			}
			if err := rows.Validate(sizes); err != nil && len(rows) > 0 {
				t.Fatalf("turn %d: table %s with hands %v: %v", turn, fmtRows(rows), sizes, err)
			}
			plays := randomTurn(r, rows, h, endsOnPickup)
			if plays == nil {
				idle++
				continue
			}
			idle = 0
			got, err := PlayTurn(rows, plays, s)
			if err != nil || !got.Legal {
				t.Fatalf("turn %d: PlayTurn(%s, %v) = %v, %v: a legal turn was refused", turn, fmtRows(rows), plays, got.Violations, err)
			}
			laid, picked := 0, 0
			for _, p := range plays {
				if p.Special == "" {
					laid++
				}
			}
			for _, pk := range got.Pickups {
				picked += len(pk.Cards)
			}
			if got.Rows.Cards()+picked != rows.Cards()+laid {
				t.Fatalf("turn %d: %d on the table + %d picked up ≠ %d before + %d laid", turn, got.Rows.Cards(), picked, rows.Cards(), laid)
			}
			if len(got.Rows) > 0 {
				if err := got.Rows.checkOrder(); err != nil {
					t.Fatalf("turn %d: after %v the finals are out of order: %s", turn, plays, fmtRows(got.Rows))
				}
			}
			rows = got.Rows
		}
		for p, h := range hands {
			if len(h.cards) > 0 {
				t.Fatalf("player %d still holds %v at the end", p, h.cards)
			}
		}
		if len(rows) != 0 {
			t.Fatalf("rows %s left after the last card: the last card takes the last row (T5-R7)", fmtRows(rows))
		}
	})
}

func BenchmarkPlayTurn(b *testing.B) {
	rows := withX2(table([]int{12}, []int{30, 31, 32, 33}, []int{71}, []int{94}, []int{96}), 0)
	plays := []Play{Number(5), NumberOn(34, 1), SpecialUnder(Plus5, 2)}
	for b.Loop() {
		_, _ = PlayTurn(rows, plays, defaults)
	}
}

func BenchmarkValidate(b *testing.B) {
	rows := singles(3, 9, 15, 22, 30, 38, 44, 51, 59, 63, 70, 77, 85, 90, 97)
	hands := []int{10, 10, 10, 10, 10, 10}
	for b.Loop() {
		_ = rows.Validate(hands)
	}
}

func BenchmarkSpecialRows(b *testing.B) {
	rows := withX2(singles(3, 9, 15, 22, 30, 38, 44, 51, 59, 63, 70, 77, 85, 90, 97), 0, 3, 7)
	for b.Loop() {
		_ = rows.SpecialRows(X2)
	}
}
