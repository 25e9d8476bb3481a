package handlers

import (
	"encoding/json"
	"testing"

	"github.com/tablekeeper/tablekeeper/games/kit"
	tkscore "github.com/tablekeeper/tablekeeper/scoring/taki"
	"github.com/tablekeeper/tablekeeper/store"
)

// Every game scores a round without the player who left, the same way: the
// engine is asked about the seats still there (atRound), the leaver scores
// 0 and has no entry, and he is placed after those who stayed.
func TestEveryGameScoresARoundWithoutALeaver(t *testing.T) {
	for _, g := range testGames() {
		t.Run(g.ID(), func(t *testing.T) {
			opts, err := g.CheckOptions(3, map[string]string{"end": "rounds", "rounds": "5"})
			if err != nil {
				t.Fatal(err)
			}
			match := store.Match{Game: g.ID(), Options: opts, Rules: map[string]string{},
				Seats: []store.Seat{{Name: "Ana"}, {Name: "Ben", AwayFrom: 2}, {Name: "Cleo"}}}
			var first, second json.RawMessage
			if g.ID() == "taki" {
				first = tkscore.Entry{Winner: 0, Seats: []tkscore.Seat{tkscore.WentOut(), tkscore.Holding("R7"), tkscore.Holding("B3")}}.Encode()
				second = tkscore.Entry{Winner: 1, Seats: []tkscore.Seat{tkscore.Holding("G4"), tkscore.WentOut()}}.Encode()
			} else {
				r1, r2 := [][]int{{5, 0, 3}}, [][]int{{0, 4}, {4, 0}}
				if g.ID() == "takefive" { // a round is won: one marker
					r1, r2 = [][]int{{1, 0, 0}}, [][]int{{0, 1}, {1, 0}}
				}
				first = possibleEntries(t, g, 3, r1)[0]
				second = possibleEntries(t, g, 2, r2)[1]
			}
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
			pts, err := g.Score(kit.EngineMatch(g, rc.Match), kit.EngineRounds(rc.Played), second)
			if err != nil {
				t.Fatalf("round 2 without Ben refused: %v", err)
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
