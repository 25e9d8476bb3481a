package store

import (
	"context"
	"slices"
	"testing"
)

// PlayedMatches gives finished, not deleted matches only, with the live
// rounds' points per seat and totals equal to their sum.
func TestPlayedMatches(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	s, gid := f.s, f.g.Group.ID
	for n, pts := range [][]int{{3, 0, 5}, {9, 9, 9}, {0, 4, 1}} {
		if _, _, err := s.addRound(ctx, f.match, RoundWrite{Number: n + 1, Entry: raw("{}"), Points: pts, Author: "Ana"}); err != nil {
			t.Fatal(err)
		}
	}
	r3, _ := s.Rounds(ctx, f.match)
	if err := s.undoRound(ctx, f.match, r3[2].ID, "Ana"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.addRound(ctx, f.match, RoundWrite{Number: 3, Entry: raw("{}"), Points: []int{1, 2, 0}, Author: "Ana", Finished: true}); err != nil {
		t.Fatal(err)
	}
	// An unfinished match and a deleted one are not played matches.
	ids := []int64{f.players[0].ID, f.players[1].ID}
	open, _ := s.CreateMatch(ctx, gid, NewMatch{Game: "taki", Players: ids})
	s.addRound(ctx, open, RoundWrite{Number: 1, Entry: raw("{}"), Points: []int{1, 0}})
	gone, _ := s.CreateMatch(ctx, gid, NewMatch{Game: "taki", Players: ids})
	s.addRound(ctx, gone, RoundWrite{Number: 1, Entry: raw("{}"), Points: []int{1, 0}, Finished: true})
	if err := s.DeleteMatch(ctx, gid, gone, "Ana"); err != nil {
		t.Fatal(err)
	}

	got, err := s.PlayedMatches(ctx, gid, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].ID != f.match || got[0].Game != "fivecrowns" || got[0].FinishedAt.IsZero() {
		t.Fatalf("PlayedMatches = %+v, want the one finished Five Crowns match", got)
	}
	wantRounds := [][]int{{3, 9, 1}, {0, 9, 2}, {5, 9, 0}}
	for i, st := range got[0].Seats {
		if st.PlayerID != f.players[i].ID || !slices.Equal(st.Rounds, wantRounds[i]) {
			t.Errorf("seat %d = %+v, want player %d with rounds %v", i, st, f.players[i].ID, wantRounds[i])
		}
		sum := 0
		for _, p := range st.Rounds {
			sum += p
		}
		if st.Total != sum {
			t.Errorf("seat %d total %d, rounds add up to %d", i, st.Total, sum)
		}
	}
}

func TestPlayedMatchesWithoutRounds(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	f.s.addRound(ctx, f.match, RoundWrite{Number: 1, Entry: raw("{}"), Points: []int{3, 0, 5}, Finished: true})
	got, err := f.s.PlayedMatches(ctx, f.g.Group.ID, false)
	if err != nil || len(got) != 1 || got[0].Seats[2].Total != 5 || got[0].Seats[2].Rounds != nil {
		t.Errorf("PlayedMatches without rounds = %+v, %v; want totals and no rounds", got, err)
	}
}
