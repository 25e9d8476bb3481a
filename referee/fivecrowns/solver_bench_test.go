package fivecrowns

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// dealRandom deals n cards from a shuffled 116-card game.
func dealRandom(rng *rand.Rand, n int) []Card {
	var game []Card
	for _, c := range Deck() {
		for range Copies(c) {
			game = append(game, c)
		}
	}
	rng.Shuffle(len(game), func(i, j int) { game[i], game[j] = game[j], game[i] })
	return game[:n]
}

// worstHands are hands built to make the solver work hard.
var worstHands = []struct {
	name  string
	round int
	hand  string
}{
	{"two copies of 3..9 of one suit", 11, "3H 3H 4H 4H 5H 5H 6H 6H 7H 7H 8H 8H 9H 9H"},
	{"3..Q of one suit, two jokers, two kings", 11, "3S 4S 5S 6S 7S 8S 9S 10S JS QS JK JK KH KD"},
	{"ten scattered spades and four wilds", 11, "3S 5S 6S 7S 8S 9S 10S JS QS 4S JK JK KH KD"},
	{"six jokers and the wild rank", 11, "JK JK JK JK JK JK KS KH KD KC K* QH JH 9H"},
	{"pairs over two suits with gaps", 11, "3H 3H 5H 5H 7H 7H 9H 9H 4S 4S 6S 6S JK KC"},
	{"books and runs crossing", 11, "5H 5S 5D 6H 6S 6D 7H 7S 7D 8H 8S 8D JK KC"},
	{"two copies, gaps, one wild", 11, "3H 3H 4H 5H 5H 7H 7H 8H 9H 9H 10H QH QH KC"},
	{"ten in a row and four wilds, wrap", 11, "3S 4S 5S 6S 7S 8S 9S 10S JS QS JK JK KH KD"},
}

// worstLayOffs are hands with out melds built to make lay-offs costly:
// runs open at both ends, melds that read either way, wilds to spare.
var worstLayOffs = []struct {
	name      string
	round     int
	hand, out string // out: melds separated by "|"
}{
	{"two runs open at both ends, books, jokers", 11,
		"3H 4H 9H 10H JH QH 3S 4S 9S 10S JS QS JK JK", "6H 7H 8H | 6S 7S 8S | 5C 5D 5* | JK KD KC"},
	{"four melds that read either way", 11,
		"3H 4H 5H 7H 9H 10H JH QH 4S 4D 4C JK JK JK", "6H KD KC | 8H JK KS | 5S K* KH | 4* JK KC"},
	{"one suit everywhere, gaps and wilds", 11,
		"3D 4D 5D 6D 8D 9D 10D 3D 4D 5D 6D JK JK KH", "7D 8D JK | JD QD JK | 10D JD KS"},
}

func layOffTable(tb testing.TB, out string) Table {
	var t Table
	for _, m := range strings.Split(out, "|") {
		t.OutMelds = append(t.OutMelds, cards(tb, m))
	}
	return t
}

func BenchmarkSolveLayOff(b *testing.B) {
	for _, h := range worstLayOffs {
		hand, table := cards(b, h.hand), layOffTable(b, h.out)
		for _, opts := range []Options{{AllowLayOff: true}, {AllowLayOff: true, RunsWrap: true}} {
			name := h.name
			if opts.RunsWrap {
				name += "/wrap"
			}
			b.Run(name, func(b *testing.B) {
				for range b.N {
					SolveAt(h.round, hand, table, opts)
				}
			})
		}
	}
}

func BenchmarkSolveRandomRound11(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	hands := make([][]Card, 1024)
	for i := range hands {
		hands[i] = dealRandom(rng, 13)
	}
	b.ResetTimer()
	for i := range b.N {
		Solve(11, hands[i%len(hands)], Options{})
	}
}

func BenchmarkSolveRandomRound11AfterDraw(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	hands := make([][]Card, 1024)
	for i := range hands {
		hands[i] = dealRandom(rng, 14)
	}
	b.ResetTimer()
	for i := range b.N {
		Solve(11, hands[i%len(hands)], Options{})
	}
}

func BenchmarkSolveWorst(b *testing.B) {
	for _, h := range worstHands {
		hand := cards(b, h.hand)
		for _, opts := range []Options{{}, {RunsWrap: true}} {
			name := h.name
			if opts.RunsWrap {
				name += "/wrap"
			}
			b.Run(name, func(b *testing.B) {
				for range b.N {
					Solve(h.round, hand, opts)
				}
			})
		}
	}
}

func BenchmarkCheckMeld(b *testing.B) {
	m := cards(b, "6D 7* 7H 9D")
	for range b.N {
		CheckMeld(m, 5, Options{})
	}
}

// TestSolveSpeed reports the median and slowest solve over random hands of
// every round and the constructed worst cases, and fails past 10 ms so a
// slow path is caught without making the test flaky on a busy machine.
func TestSolveSpeed(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	rng := rand.New(rand.NewPCG(7, 7))
	var times []time.Duration
	var worst time.Duration
	var worstHand []Card
	measure := func(round int, hand []Card, opts Options, table ...Table) {
		d := time.Duration(1 << 62)
		for range 3 { // the best of three, so a GC pause is not blamed on the hand
			start := time.Now()
			SolveAt(round, hand, append(table, Table{})[0], opts)
			d = min(d, time.Since(start))
		}
		times = append(times, d)
		if d > worst {
			worst, worstHand = d, hand
		}
	}
	for i := range 20000 {
		round := 1 + i%11
		measure(round, dealRandom(rng, CardsDealt(round)+i%2), Options{RunsWrap: i%7 == 0, MinNaturals: i % 2})
	}
	for _, h := range worstHands {
		measure(h.round, cards(t, h.hand), Options{})
		measure(h.round, cards(t, h.hand), Options{RunsWrap: true})
	}
	for _, h := range worstLayOffs {
		measure(h.round, cards(t, h.hand), Options{AllowLayOff: true}, layOffTable(t, h.out))
		measure(h.round, cards(t, h.hand), Options{AllowLayOff: true, RunsWrap: true}, layOffTable(t, h.out))
	}
	slices.Sort(times)
	t.Logf("%d solves: median %v, 99th %v, slowest %v (%v)", len(times), times[len(times)/2], times[len(times)*99/100], worst, worstHand)
	if worst > 10*time.Millisecond {
		t.Errorf("slowest solve took %v on %v", worst, worstHand)
	}
}
