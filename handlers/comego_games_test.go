package handlers

import (
	"encoding/json"
	"testing"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store"
)

// Every game scores a round without the player who left, the same way: the
// engine is asked about the seats still there (atRound), the leaver scores
// 0 and has no entry, and he is placed after those who stayed.
func TestEveryGameScoresARoundWithoutALeaver(t *testing.T) {
	for _, g := range testGames() {
		t.Run(g.ID(), func(t *testing.T) {
			// Round 1 with everyone, as the game draws a match of three.
			opts, entries, _ := sampledMatch(t, g, 3, 1)
			match := store.Match{Game: g.ID(), Options: opts, Rules: map[string]string{},
				Seats: []store.Seat{{Name: "Ana"}, {Name: "Ben", AwayFrom: 2}, {Name: "Cleo"}}}
			first := entries[0]
			pts1, err := g.Score(kit.EngineMatch(g, match), nil, first)
			if err != nil {
				t.Fatalf("round 1 with everyone: %v", err)
			}
			played := Played{Entries: []json.RawMessage{first}, Points: [][]int{pts1}}
			rc := RoundCtx{Table: 3}
			rc.Match, rc.Played, rc.Seated = atRound(match, played, 2)
			if len(rc.Match.Seats) != 2 || rc.Match.Seats[1].Name != "Cleo" {
				t.Fatalf("round 2 seats %v, want Ana and Cleo", rc.Match.Seats)
			}
			// Round 2 without Ben: a round of two the game draws that its
			// engine takes after that round 1 (the first of the matches of
			// two it draws that fits: whatever rides on an earlier round,
			// a phase or a round's number, is the engine's to judge).
			second, pts, err := fittingRound(t, g, kit.EngineMatch(g, rc.Match), kit.EngineRounds(rc.Played))
			if err != nil {
				t.Fatalf("round 2 without Ben: no round of two that %s draws is taken: %v", g.ID(), err)
			}
			full := seatedPoints(rc, pts)
			if len(full) != 3 || full[1] != 0 || full[0] != pts[0] || full[2] != pts[1] {
				t.Fatalf("round 2 points %v from %v, want Ben's 0 in the middle", full, pts)
			}
			prog := progress(g, match, Played{Entries: append(played.Entries, second), Points: [][]int{pts1, full}})
			for i, place := range prog.Places {
				if i != 1 && place >= prog.Places[1] {
					t.Errorf("places %v (totals %v): Ben, who left, is not after those who stayed", prog.Places, prog.Totals)
				}
			}
			for _, w := range prog.Winners {
				if w == 1 {
					t.Errorf("Ben, who left, is among the winners %v", prog.Winners)
				}
			}
		})
	}
}

// fittingRound is the first round of the matches of m.Seats players that g
// draws (sampledMatch, seeds 1 to 50) that its engine takes after before,
// with its points; the last refusal when none is.
func fittingRound(t *testing.T, g Game, m scoring.Match, before []scoring.Round) (json.RawMessage, []int, error) {
	t.Helper()
	var last error
	for seed := uint64(1); seed <= 50; seed++ {
		_, entries, _ := sampledMatch(t, g, m.Seats, seed)
		for _, e := range entries {
			pts, err := g.Score(m, before, e)
			if err == nil {
				return e, pts, nil
			}
			last = err
		}
	}
	return nil, nil, last
}
