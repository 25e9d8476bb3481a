package fivecrowns

import (
	"math/rand/v2"
	"testing"
)

// bruteForce tries every way to split hand into kept cards, at most one
// discard and melds, judging each meld with CheckMeld.
func bruteForce(round int, hand []Card, opts Options) int {
	return bruteForceAt(round, hand, Table{}, opts)
}

// bruteForceAt is bruteForce at a table: the locked card is never the
// discard, and under allowLayOff each card may also go onto an out meld,
// judged with CanLayOff.
func bruteForceAt(round int, hand []Card, table Table, opts Options) int {
	mustDiscard := len(hand) == CardsDealt(round)+1
	locked, isLocked := lockedDiscard(hand, table, opts)
	best := inf
	var melds [][]Card
	laid := make([][]Card, len(table.OutMelds))
	var rec func(i, kept int, discarded bool)
	rec = func(i, kept int, discarded bool) {
		if i == len(hand) {
			if mustDiscard && !discarded && !(opts.GoOutWithoutDiscard && kept == 0) {
				return
			}
			for _, m := range melds {
				if _, _, ok := CheckMeld(m, round, opts); !ok {
					return
				}
			}
			for j, l := range laid {
				if len(l) > 0 && !CanLayOff(table.OutMelds[j], l, round, opts) {
					return
				}
			}
			best = min(best, kept)
			return
		}
		c := hand[i]
		rec(i+1, kept+c.Value(round), discarded)
		if mustDiscard && !discarded && !(isLocked && c == locked) {
			rec(i+1, kept, true)
		}
		if opts.AllowLayOff {
			for j := range laid {
				laid[j] = append(laid[j], c)
				rec(i+1, kept, discarded)
				laid[j] = laid[j][:len(laid[j])-1]
			}
		}
		for j := range melds {
			melds[j] = append(melds[j], c)
			rec(i+1, kept, discarded)
			melds[j] = melds[j][:len(melds[j])-1]
		}
		melds = append(melds, []Card{c})
		rec(i+1, kept, discarded)
		melds = melds[:len(melds)-1]
	}
	rec(0, 0, false)
	return best
}

// randomHand deals n cards from a pool narrow enough to make melds likely.
func randomHand(rng *rand.Rand, n, suits, ranks int, jokers bool) []Card {
	for suits*ranks*2 < n+2 {
		ranks++
	}
	var s Supply
	var out []Card
	for len(out) < n {
		c := Card{Rank: Three + Rank(rng.IntN(ranks)), Suit: Suits[rng.IntN(suits)]}
		if jokers && rng.IntN(6) == 0 {
			c = Joker
		}
		if s.Take("", []Card{c}) != nil {
			s = Supply{}
			out = out[:0]
			continue
		}
		out = append(out, c)
	}
	return out
}

// checkSolution verifies that sol is a valid lay-down of hand with the
// penalty it claims.
func checkSolution(t *testing.T, round int, hand []Card, opts Options, sol Solution) {
	t.Helper()
	checkSolutionAt(t, round, hand, Table{}, opts, sol)
}

func checkSolutionAt(t *testing.T, round int, hand []Card, table Table, opts Options, sol Solution) {
	t.Helper()
	v := CheckLayDown(round, hand, LayDown{Melds: sol.Melds, Discard: sol.Discard, LayOff: sol.LayOff}, table, opts)
	if !v.Valid || v.Penalty != sol.Penalty || len(v.Leftover) != len(sol.Leftover) {
		t.Fatalf("SolveAt(round %d, %v, %+v, %+v) = %v melds, lay-off %v, discard %v, leftover %v, penalty %d; CheckLayDown says valid %v, penalty %d, %v",
			round, hand, table, opts, sol.Melds, sol.LayOff, sol.Discard, sol.Leftover, sol.Penalty, v.Valid, v.Penalty, v.Violations)
	}
	if sol.CanGoOut != (sol.Penalty == 0) {
		t.Fatalf("Solve(%v).CanGoOut = %v with penalty %d", hand, sol.CanGoOut, sol.Penalty)
	}
}

func TestSolveMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	allOpts := []Options{{}, {MinNaturals: 1}, {RunsWrap: true}, {GoOutWithoutDiscard: true}, {MinNaturals: 1, RunsWrap: true, GoOutWithoutDiscard: true}}
	cases := 1500
	if testing.Short() {
		cases = 300
	}
	for i := range cases {
		round := 1 + rng.IntN(5)
		n := CardsDealt(round) + rng.IntN(2)
		if n > 8 {
			n = 8 - rng.IntN(2)
		}
		hand := randomHand(rng, n, 1+rng.IntN(3), 3+rng.IntN(9), rng.IntN(2) == 0)
		opts := allOpts[i%len(allOpts)]
		sol := Solve(round, hand, opts)
		if want := bruteForce(round, hand, opts); sol.Penalty != want {
			t.Fatalf("Solve(round %d, %v, %+v).Penalty = %d, want %d (melds %v, discard %v, leftover %v)",
				round, hand, opts, sol.Penalty, want, sol.Melds, sol.Discard, sol.Leftover)
		}
		checkSolution(t, round, hand, opts, sol)
	}
}

func TestSolveVectors(t *testing.T) {
	tests := []struct {
		name  string
		round int
		hand  string
		opts  Options
		want  int
	}{
		{"TV-FC-1 Sophie goes out discarding 3♣", 4, "JH JS JD 8S 9S 10S 3C", Options{}, 0},
		{"TV-FC-5 discard K★, book of 9s", 1, "3S 3D 9C K*", Options{}, 0},
		{"TV-FC-6 all wild by default", 1, "JK JK 3H 8C", Options{}, 0},
		{"TV-FC-3 no wrap: Q♥ K♥ 3♥ kept in round 2, K♥ discarded", 2, "QH KH 3H 9S 5C", Options{}, 12 + 3 + 9 + 5},
		{"TV-FC-3 runsWrap: Q♥ K♥ 3♥ melds, 9♠ discarded", 2, "QH KH 3H 9S 5C", Options{RunsWrap: true}, 5},
		{"TV-FC-7 5♠ 6♠ 6♠ 7♠: one 6 is kept", 11, "5S 6S 6S 7S", Options{}, 6},
		{"going out without discard only with the house rule", 1, "5H 5S 5D 5C", Options{}, 0},
		{"six jokers and the wild rank all meld", 11, "JK JK JK JK JK JK KS KH KD 3S 8H QD QC QH", Options{}, 0},
		{"a run of 3♥ to Q♥ and a book of 4s with two wilds", 11, "3H 4H 5H 6H 7H 8H 9H 10H JH QH KS 4S JK", Options{}, 0},
		{"a spare natural makes a book with two wilds", 11, "3H 4H 5H 6H 7H 8H 9H 10H JH QH KS JK 5C 9C", Options{MinNaturals: 1}, 0},
		{"minNaturalsPerMeld=1 and no natural to carry two jokers", 1, "JK JK 3H 8C", Options{MinNaturals: 1}, 0},
	}
	for _, tt := range tests {
		hand := cards(t, tt.hand)
		sol := Solve(tt.round, hand, tt.opts)
		if sol.Penalty != tt.want {
			t.Errorf("%s: Solve(%s).Penalty = %d, want %d (melds %v, discard %v, leftover %v)", tt.name, tt.hand, sol.Penalty, tt.want, sol.Melds, sol.Discard, sol.Leftover)
		}
		checkSolution(t, tt.round, hand, tt.opts, sol)
	}
}

// randomTable gives hand a table: maybe a card taken from the discard pile
// (one of the hand's), and maybe out melds, valid in round, dealt from what
// the hand leaves of the game and found by the solver itself.
func randomTable(rng *rand.Rand, round int, hand []Card, opts Options) Table {
	var t Table
	if rng.IntN(2) == 0 {
		c := hand[rng.IntN(len(hand))]
		t.Taken = &c
	}
	if rng.IntN(4) == 0 {
		return t
	}
	var s Supply
	_ = s.Take("", hand)
	for range 1 + rng.IntN(2) {
		pool := randomHand(rng, 3+rng.IntN(4), 1+rng.IntN(2), 3+rng.IntN(6), rng.IntN(3) == 0)
		sol := Solve(round, pool, Options{MinNaturals: opts.MinNaturals, RunsWrap: opts.RunsWrap})
		for _, m := range sol.Melds {
			if len(t.OutMelds) < MaxOutMelds(round) && s.Take("", m) == nil {
				t.OutMelds = append(t.OutMelds, m)
			}
		}
	}
	return t
}

func TestSolveAtMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 13))
	allOpts := []Options{
		{AllowLayOff: true}, {ForbidRediscard: true}, {AllowLayOff: true, ForbidRediscard: true},
		{AllowLayOff: true, RunsWrap: true}, {AllowLayOff: true, MinNaturals: 1},
		{AllowLayOff: true, ForbidRediscard: true, GoOutWithoutDiscard: true, RunsWrap: true},
		{}, // a table with every house rule off changes nothing
	}
	cases := 3000
	if testing.Short() {
		cases = 500
	}
	for i := range cases {
		round := 1 + rng.IntN(4)
		n := CardsDealt(round) + rng.IntN(2)
		if n > 7 {
			n = 7 - rng.IntN(2)
		}
		hand := randomHand(rng, n, 1+rng.IntN(3), 3+rng.IntN(9), rng.IntN(2) == 0)
		opts := allOpts[i%len(allOpts)]
		table := randomTable(rng, round, hand, opts)
		sol := SolveAt(round, hand, table, opts)
		if want := bruteForceAt(round, hand, table, opts); sol.Penalty != want {
			t.Fatalf("SolveAt(round %d, %v, taken %v, out %v, %+v).Penalty = %d, want %d (melds %v, lay-off %v, discard %v, leftover %v)",
				round, hand, table.Taken, table.OutMelds, opts, sol.Penalty, want, sol.Melds, sol.LayOff, sol.Discard, sol.Leftover)
		}
		checkSolutionAt(t, round, hand, table, opts, sol)
		if locked, ok := lockedDiscard(hand, table, opts); ok && sol.Discard != nil && *sol.Discard == locked {
			t.Fatalf("SolveAt(round %d, %v, taken %v) discards the card taken", round, hand, locked)
		}
	}
}
