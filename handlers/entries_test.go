package handlers

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
)

// sampledMatch is, for a test, a whole match of g at seats players as the
// game itself draws one (its kit.Sampler, the load generator's matches),
// with the engine's options and each round's points as its Score gives
// them: a history the rules allow, which the import checks. The same seed
// draws the same match. A game without a sampler skips the test that asks.
func sampledMatch(t testing.TB, g Game, seats int, seed uint64) (opts map[string]string, entries []json.RawMessage, points [][]int) {
	t.Helper()
	s, ok := g.(kit.Sampler)
	if !ok {
		t.Skipf("%s offers no kit.Sampler: no match to draw", g.ID())
	}
	raw, entries := s.Sample(rand.New(rand.NewPCG(seed, 36)), seats)
	opts, err := g.CheckOptions(seats, raw)
	if err != nil {
		t.Fatalf("%s: its sampler's options %v: %v", g.ID(), raw, err)
	}
	m := scoring.Match{Seats: seats, Options: opts, Rules: rulebook.Defaults(g.HouseRules())}
	var before []scoring.Round
	for i, e := range entries {
		pts, err := g.Score(m, before, e)
		if err != nil {
			t.Fatalf("%s round %d (%s), drawn by its sampler, is not a possible round: %v", g.ID(), i+1, e, err)
		}
		before = append(before, scoring.Round{Entry: e, Points: pts})
	}
	return opts, entries, scoring.Points(before)
}
