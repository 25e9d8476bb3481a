package handlers

import (
	"encoding/json"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
	fcscore "github.com/tablekeeper/tablekeeper/scoring/fivecrowns"
	t5score "github.com/tablekeeper/tablekeeper/scoring/take5"
	tfscore "github.com/tablekeeper/tablekeeper/scoring/takefive"
)

// possibleEntries builds, for a test, the entries a group could have typed
// to score these rounds (each round's points in seat order), with the
// engines' own Entry types, and checks each with the engine's Score: the
// import refuses rounds the rules do not allow. Five Crowns takes typed
// points (a 0 in each round, none of 1 or 2); Take 5! finds each seat a
// tally of whole rows; Take Five takes the seat with a point as the round's
// winner.
func possibleEntries(t testing.TB, g Game, seats int, rounds [][]int) []json.RawMessage {
	t.Helper()
	var out []json.RawMessage
	switch g.ID() {
	case "fivecrowns":
		for i, pts := range rounds {
			e := fcscore.Entry{Round: i + 1}
			for _, p := range pts {
				e.Seats = append(e.Seats, fcscore.Typed(p))
			}
			out = append(out, e.Encode())
		}
	case "take5":
		for i, pts := range rounds {
			var ts []t5score.Tally
			for _, p := range pts {
				ts = append(ts, take5Tally(t, p))
			}
			out = append(out, t5score.NewEntry(i == len(rounds)-1, ts...).Marshal())
		}
	case "takefive":
		var winners []int
		for _, pts := range rounds {
			for seat, p := range pts {
				if p == 1 {
					winners = append(winners, seat)
				}
			}
		}
		sh, err := tfscore.Play(seats, 0, winners, rulebook.Defaults(g.HouseRules()))
		if err != nil {
			t.Fatalf("take five winners %v: %v", winners, err)
		}
		for _, r := range sh.Rounds {
			out = append(out, tfscore.EntryOf(r).Encode())
		}
	default:
		t.Fatalf("possibleEntries: no builder for %s", g.ID())
	}
	m := scoring.Match{Seats: seats, Options: map[string]string{}, Rules: rulebook.Defaults(g.HouseRules())}
	var before []scoring.Round
	for i, e := range out {
		pts, err := g.Score(m, before, e)
		if err != nil {
			t.Fatalf("%s round %d (%s) is not a possible round: %v", g.ID(), i+1, e, err)
		}
		before = append(before, scoring.Round{Entry: e, Points: pts})
	}
	return out
}

// take5Tally is one seat's tally of at most one row of five cards (g green
// cards with 1–2 cows each, the others red with 2–7) and a "+5", scoring p.
func take5Tally(t testing.TB, p int) t5score.Tally {
	t.Helper()
	if p == 0 {
		return t5score.Tally{}
	}
	for plus5 := 0; plus5 <= 1; plus5++ {
		for g := 0; g <= 5; g++ {
			for green := g; green <= 2*g; green++ {
				for red := 2 * (5 - g); red <= 7*(5-g); red++ {
					tl := t5score.Tally{Green: green, Red: red, Plus5: plus5}
					if t5score.Score(tl) == p {
						return tl
					}
				}
			}
		}
	}
	t.Fatalf("no one-row Take 5! tally scores %d", p)
	return t5score.Tally{}
}
