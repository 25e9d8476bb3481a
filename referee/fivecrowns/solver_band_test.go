package fivecrowns

import (
	"slices"
	"testing"
)

// medianBand is the hands of group (random13 or random14) of solveSample
// that meet between the 40th and the 60th percentile of the sets solved:
// the hands "the median hand" is, chosen without timing them, so that
// instruction counts (callgrind) compare builds on a noisy machine.
func medianBand(group string) [][]Card {
	type met struct {
		hand []Card
		sets int
	}
	var all []met
	for _, h := range solveSample()[group] {
		s := newSolver(11, h, Table{}, Options{}, len(h) == 14)
		s.solve()
		all = append(all, met{h, s.memo.sets()})
		s.release()
	}
	slices.SortStableFunc(all, func(a, b met) int { return a.sets - b.sets })
	var out [][]Card
	for _, m := range all[len(all)*2/5 : len(all)*3/5] {
		out = append(out, m.hand)
	}
	return out
}

// BenchmarkSolveMedianBand solves the median band of each random group in
// turn (400 hands: run it 1200x and 2400x and take the difference over
// 1200 for the instructions of one solve, set-up cancelled).
func BenchmarkSolveMedianBand(b *testing.B) {
	for _, g := range []string{"random13", "random14"} {
		hands := medianBand(g)
		b.Run(g, func(b *testing.B) {
			for i := range b.N {
				Solve(11, hands[i%len(hands)], Options{})
			}
		})
	}
}
