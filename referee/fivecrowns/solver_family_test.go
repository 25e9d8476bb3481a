package fivecrowns

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
	"time"
)

// The pair family is the solver's worst known shape (issue 19): ranks r and
// r+1 in all five suits, two of those ten cards twice, and r+2 in one suit.
// Every card meets a book of five or six and a run of two or three, so the
// programme meets many sets of cards still to place, and from each many
// books. Round 11 (kings wild), where hands are longest: r runs from 3 to 10.

// pairFamily is the 13 naturals of the family for r, the cards at d1 and d2
// (0…9: r★ r+1★ r♥ r+1♥ …) doubled, r+2 of suit top.
func pairFamily(r Rank, d1, d2 int, top Suit) []Card {
	h := make([]Card, 0, 14)
	for _, s := range Suits {
		h = append(h, Card{Rank: r, Suit: s}, Card{Rank: r + 1, Suit: s})
	}
	return append(h, h[d1], h[d2], Card{Rank: r + 2, Suit: top})
}

// familyDraws are the cards a 13-card family hand may just have drawn: a
// joker, the round's wild rank, or a natural that meets the family's ranks
// (r+2 of another suit, r+3 over the top card, r-1 or a far card when r is 3).
func familyDraws(r Rank, top Suit) []Card {
	next := Suits[(int(top-Stars)+1)%len(Suits)]
	low := Card{Rank: r - 1, Suit: Hearts}
	if r == Three {
		low = Card{Rank: Queen, Suit: Clubs}
	}
	return []Card{Joker, {Rank: King, Suit: Hearts}, {Rank: r + 2, Suit: next}, {Rank: r + 3, Suit: top}, low}
}

// familyHand is one member: the 13 naturals, with the top card replaced by
// a joker when wild13, and with draw added (the zero Card for none).
type familyHand struct {
	name string
	hand []Card
}

// pairFamilyHands lists the family in round 11. every: each doubled pair
// with each top suit (the whole family); else each pair once, its top suit
// following the pair, which keeps every r and every doubled pair at a fifth
// of the cost.
func pairFamilyHands(every bool) (thirteen, fourteen []familyHand) {
	for r := Three; r <= Ten; r++ {
		for d1 := range 10 {
			for d2 := d1 + 1; d2 < 10; d2++ {
				for _, top := range Suits {
					if !every && top != Suits[(d1+d2)%len(Suits)] {
						continue
					}
					base := pairFamily(r, d1, d2, top)
					name := fmt.Sprint(base)
					wild := slices.Clone(base)
					wild[12] = Joker
					thirteen = append(thirteen, familyHand{name, base}, familyHand{name + " top→JK", wild})
					for _, d := range familyDraws(r, top) {
						fourteen = append(fourteen, familyHand{name + " +" + d.String(), append(slices.Clone(base), d)})
					}
				}
			}
		}
	}
	return thirteen, fourteen
}

// familyBench are members of the family picked for the worst-case
// benchmarks: the example, and the slowest of each kind measured
// before the change of issue 19 (13 naturals, 13 with a joker, 14 with a
// joker, with a wild king, with a natural), over low, middle and high r.
var familyBench = []struct {
	name string
	hand string
}{
	{"13 naturals r=7 (issue's example)", "7* 8* 8* 9* 7H 8H 7C 8C 7S 8S 7D 8D 8D"},
	{"13 naturals r=3", "3* 4* 3H 4H 3C 4C 3S 4S 3D 4D 3C 3S 5*"},
	{"13 naturals r=10", "10* J* 10H JH 10C JC 10S JS 10D JD J* JC Q*"},
	{"12 naturals and a joker r=8", "8* 9* 8H 9H 8C 9C 8S 9S 8D 9D 9* 9S JK"},
	{"14 with a joker r=8", "8* 9* 8H 9H 8C 9C 8S 9S 8D 9D 9* 9S 10* JK"},
	{"14 with a joker r=6", "6* 7* 6H 7H 6C 7C 6S 7S 6D 7D 6H 6D 8* JK"},
	{"14 with a wild king r=3", "3* 4* 3H 4H 3C 4C 3S 4S 3D 4D 4* 4D 5* KH"},
	{"14 with a wild king r=10", "10* J* 10H JH 10C JC 10S JS 10D JD J* JC Q* K*"},
	{"14 naturals r=7", "7* 8* 8* 9* 7H 8H 7C 8C 7S 8S 7D 8D 8D 9H"},
	{"14 naturals r=5", "5* 6* 5H 6H 5C 6C 5S 6S 5D 6D 6H 5C 7* 8*"},
}

func BenchmarkSolveFamily(b *testing.B) {
	for _, h := range familyBench {
		hand := cards(b, h.hand)
		for _, opts := range []Options{{}, {RunsWrap: true}} {
			name := h.name
			if opts.RunsWrap {
				name += "/wrap"
			}
			b.Run(name, func(b *testing.B) {
				for range b.N {
					Solve(11, hand, opts)
				}
			})
		}
	}
}

// solveSample is the fixed sample that defines "the median hand" and "p99"
// (docs/PERFORMANCE.md): 2,000 random hands of 13 cards and 2,000 of 14 in
// round 11 (seed 19), house rules off, and the pair family (each doubled
// pair once, see pairFamilyHands: 720 hands of 13, 1,800 of 14).
func solveSample() map[string][][]Card {
	rng := rand.New(rand.NewPCG(19, 19))
	out := map[string][][]Card{}
	for range 2000 {
		out["random13"] = append(out["random13"], dealRandom(rng, 13))
		out["random14"] = append(out["random14"], dealRandom(rng, 14))
	}
	thirteen, fourteen := pairFamilyHands(false)
	for _, h := range thirteen {
		out["family13"] = append(out["family13"], h.hand)
	}
	for _, h := range fourteen {
		out["family14"] = append(out["family14"], h.hand)
	}
	return out
}

// BenchmarkSolveSample times every hand of solveSample (the best of three
// solves, so a pause of the machine is not blamed on a hand) and reports,
// per group, the median, the 99th percentile and the slowest in µs. One
// iteration solves the whole sample: run it with -benchtime 1x -count 10
// and compare the runs with benchstat.
func BenchmarkSolveSample(b *testing.B) {
	sample := solveSample()
	groups := make([]string, 0, len(sample))
	for g := range sample {
		groups = append(groups, g)
	}
	sort.Strings(groups)
	for _, g := range groups {
		b.Run(g, func(b *testing.B) {
			var times []float64
			for range b.N {
				times = times[:0]
				for _, h := range sample[g] {
					d := time.Duration(1 << 62)
					for range 3 {
						start := time.Now()
						Solve(11, h, Options{})
						d = min(d, time.Since(start))
					}
					times = append(times, float64(d.Nanoseconds())/1e3)
				}
			}
			slices.Sort(times)
			b.ReportMetric(times[len(times)/2], "p50-µs")
			b.ReportMetric(times[len(times)*99/100], "p99-µs")
			b.ReportMetric(times[len(times)-1], "max-µs")
			b.ReportMetric(0, "ns/op") // the time of the whole sample says nothing
		})
	}
}
