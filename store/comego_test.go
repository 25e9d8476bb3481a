package store

import (
	"context"
	"errors"
	"testing"
)

// A departure is a row of its own: taken back, it stays (stamped undone),
// and a second departure of the same seat is a new row; MatchSheet, Match
// and the standings' reading say the first round the player no longer
// plays. An early end finishes the match and marks it; a guest is seated
// without joining the roster and is added to it by AdmitGuest.
func TestDeparturesGuestsAndEarlyEnds(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	gid := f.g.Group.ID
	add := func(n int) {
		t.Helper()
		if _, _, err := f.s.addRound(ctx, f.match, RoundWrite{Number: n, Entry: raw(map[string]int{"n": n}), Points: []int{n, 2 * n, 3 * n}, Author: "t"}); err != nil {
			t.Fatal(err)
		}
	}
	add(1)
	if _, err := f.s.LeaveMatch(ctx, gid, f.match, 1, "Ana", 2); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.LeaveMatch(ctx, gid, f.match, 1, "Ana", 2); !errors.Is(err, ErrInvalid) {
		t.Errorf("leaving twice: %v, want ErrInvalid", err)
	}
	if err := f.s.ReturnToMatch(ctx, gid, f.match, 1); err != nil {
		t.Fatalf("back before any round without him: %v", err)
	}
	add(2)
	if _, err := f.s.LeaveMatch(ctx, gid, f.match, 1, "Ben", 2); err != nil {
		t.Fatal(err)
	}
	add(3)
	if err := f.s.ReturnToMatch(ctx, gid, f.match, 1); !errors.Is(err, ErrInvalid) {
		t.Errorf("back after a round without him: %v, want ErrInvalid", err)
	}
	var rows, undone int
	if err := f.s.testQueryRow(`SELECT COUNT(*), COUNT(undone_at) FROM departures WHERE match_id = $1`, f.match).Scan(&rows, &undone); err != nil {
		t.Fatal(err)
	}
	if rows != 2 || undone != 1 {
		t.Errorf("departures: %d rows, %d undone; want both kept, the first undone", rows, undone)
	}
	m, _, err := f.s.MatchSheet(ctx, gid, f.match)
	if err != nil {
		t.Fatal(err)
	}
	m2, err := f.s.Match(ctx, gid, f.match)
	if err != nil {
		t.Fatal(err)
	}
	if m.Seats[1].AwayFrom != 3 || m2.Seats[1].AwayFrom != 3 || m.Seats[0].AwayFrom != 0 {
		t.Errorf("Ben away from round %d (sheet), %d (match); want 3", m.Seats[1].AwayFrom, m2.Seats[1].AwayFrom)
	}
	if err := f.s.EndMatchEarly(ctx, gid, f.match); err != nil {
		t.Fatal(err)
	}
	if err := f.s.EndMatchEarly(ctx, gid, f.match); !errors.Is(err, ErrInvalid) {
		t.Errorf("ending twice: %v, want ErrInvalid", err)
	}
	played, err := f.s.PlayedMatches(ctx, gid, false)
	if err != nil {
		t.Fatal(err)
	}
	changed, _, err := f.s.ChangedMatches(ctx, gid, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(played) != 1 || !played[0].EndedEarly || played[0].Seats[1].AwayFrom != 3 {
		t.Errorf("played = %+v, want the match ended early, Ben away from round 3", played)
	}
	if len(changed) != 1 || !changed[0].Match.EndedEarly || changed[0].Match.Seats[1].AwayFrom != 3 {
		t.Errorf("changed = %+v, want the match ended early, Ben away from round 3", changed)
	}

	// A guest: seated, not on the roster until admitted; a roster name is refused.
	id, err := f.s.CreateMatch(ctx, gid, NewMatch{Game: "taki", Players: []int64{f.players[0].ID}, Guests: []string{"Gus"}, Rules: map[string]string{}, Options: map[string]string{}})
	if err != nil {
		t.Fatal(err)
	}
	gm, err := f.s.Match(ctx, gid, id)
	if err != nil || len(gm.Seats) != 2 || !gm.Seats[1].Guest || gm.Seats[1].Name != "Gus" {
		t.Fatalf("match with a guest: %+v, %v", gm.Seats, err)
	}
	if _, err := f.s.CreateMatch(ctx, gid, NewMatch{Game: "taki", Players: []int64{f.players[0].ID}, Guests: []string{"ben"}, Rules: map[string]string{}, Options: map[string]string{}}); !errors.Is(err, ErrNameTaken) {
		t.Errorf("a guest named as a roster player: %v, want ErrNameTaken", err)
	}
	again, err := f.s.CreateMatch(ctx, gid, NewMatch{Game: "taki", Players: []int64{f.players[0].ID}, Guests: []string{"gus"}, Rules: map[string]string{}, Options: map[string]string{}})
	if err != nil {
		t.Fatal(err)
	}
	if am, _ := f.s.Match(ctx, gid, again); am.Seats[1].PlayerID != gm.Seats[1].PlayerID {
		t.Errorf("a guest who comes back is a new player (%d, first %d)", am.Seats[1].PlayerID, gm.Seats[1].PlayerID)
	}
	if err := f.s.AdmitGuest(ctx, gid, gm.Seats[1].PlayerID); err != nil {
		t.Fatal(err)
	}
	if p, _ := f.s.Player(ctx, gid, gm.Seats[1].PlayerID); p.Guest {
		t.Errorf("Gus is still a guest once admitted")
	}
	if err := f.s.AdmitGuest(ctx, gid, f.players[0].ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("admitting a roster player: %v, want ErrNotFound", err)
	}
}

// A table never drops below the game's fewest players: before the first
// round the departure that would is refused (ErrTooFew, nothing written);
// once a round is played it ends the match early instead, with no
// departure, so the match is ranked by its totals as any early end.
func TestLeaveNeverDropsBelowTheFewest(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	gid := f.g.Group.ID
	departures := func() (n int) {
		t.Helper()
		if err := f.s.testQueryRow(`SELECT COUNT(*) FROM departures WHERE match_id = $1 AND undone_at IS NULL`, f.match).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	// Three seats, two at least: Chloé may leave, then nobody.
	if ended, err := f.s.LeaveMatch(ctx, gid, f.match, 2, "Ana", 2); err != nil || ended {
		t.Fatalf("Chloé leaves a table of 3 (2 at least): ended %v, %v", ended, err)
	}
	for _, seat := range []int{0, 1} {
		ended, err := f.s.LeaveMatch(ctx, gid, f.match, seat, "Ana", 2)
		if !errors.Is(err, ErrTooFew) || !errors.Is(err, ErrInvalid) || ended {
			t.Errorf("seat %d leaves the last 2 before the first round: ended %v, %v; want ErrTooFew", seat, ended, err)
		}
	}
	if m, _ := f.s.Match(ctx, gid, f.match); m.Finished() || departures() != 1 {
		t.Errorf("refused departures: finished %v, %d departures; want the match going on with Chloé's alone", m.Finished(), departures())
	}
	// Chloé comes back; a round is played; Ben leaves, then Ana would be alone.
	if err := f.s.ReturnToMatch(ctx, gid, f.match, 2); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.s.addRound(ctx, f.match, RoundWrite{Number: 1, Entry: raw(map[string]int{"n": 1}), Points: []int{9, 2, 4}, Author: "t"}); err != nil {
		t.Fatal(err)
	}
	if ended, err := f.s.LeaveMatch(ctx, gid, f.match, 1, "Ana", 2); err != nil || ended {
		t.Fatalf("Ben leaves a table of 3 after round 1: ended %v, %v", ended, err)
	}
	ended, err := f.s.LeaveMatch(ctx, gid, f.match, 2, "Ana", 2)
	if err != nil || !ended {
		t.Fatalf("Chloé leaves Ana alone after round 1: ended %v, %v; want the match ended", ended, err)
	}
	m, err := f.s.Match(ctx, gid, f.match)
	if err != nil || !m.Finished() || !m.EndedEarly() || m.Seats[2].AwayFrom != 0 || m.Seats[1].AwayFrom != 2 {
		t.Errorf("after Chloé's leave: %+v, %v; want finished, ended early, Ben away, Chloé not", m, err)
	}
	if _, err := f.s.LeaveMatch(ctx, gid, f.match, 0, "Ana", 2); !errors.Is(err, ErrInvalid) {
		t.Errorf("leaving an ended match: %v, want ErrInvalid", err)
	}
	// A game played alone (fewest 1): the last player's leave ends the match too.
	solo, err := f.s.CreateMatch(ctx, gid, NewMatch{Game: "mine", Players: []int64{f.players[0].ID}, Rules: map[string]string{}, Options: map[string]string{}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.LeaveMatch(ctx, gid, solo, 0, "Ana", 1); !errors.Is(err, ErrTooFew) {
		t.Errorf("the one player leaves before the first round: %v, want ErrTooFew", err)
	}
}

// An export carries who left, the early end and the guests; its import
// gives them back.
func TestExportCarriesComings(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	gid := f.g.Group.ID
	if _, _, err := f.s.addRound(ctx, f.match, RoundWrite{Number: 1, Entry: raw(map[string]int{"n": 1}), Points: []int{0, 5, 7}, Author: "t"}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.LeaveMatch(ctx, gid, f.match, 2, "Ana", 2); err != nil {
		t.Fatal(err)
	}
	if err := f.s.EndMatchEarly(ctx, gid, f.match); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.CreateMatch(ctx, gid, NewMatch{Game: "taki", Players: []int64{f.players[0].ID}, Guests: []string{"Gus"}, Rules: map[string]string{}, Options: map[string]string{}}); err != nil {
		t.Fatal(err)
	}
	e, err := f.s.ExportGroup(ctx, gid)
	if err != nil {
		t.Fatal(err)
	}
	var early bool
	var deps int
	for _, m := range e.Matches {
		early = early || m.EndedEarlyAt != nil
		deps += len(m.Departures)
	}
	guests := 0
	for _, p := range e.Players {
		if p.Guest {
			guests++
		}
	}
	if !early || deps != 1 || guests != 1 {
		t.Fatalf("export: ended early %v, %d departures, %d guests; want true, 1, 1", early, deps, guests)
	}
	g2, err := f.s.ImportGroup(ctx, e, "Ana", "")
	if err != nil {
		t.Fatal(err)
	}
	played, err := f.s.PlayedMatches(ctx, g2.Group.ID, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(played) != 1 || !played[0].EndedEarly || played[0].Seats[2].AwayFrom != 2 {
		t.Errorf("imported = %+v, want the match ended early, Chloé away from round 2", played)
	}
	ps, _ := f.s.Players(ctx, g2.Group.ID)
	n := 0
	for _, p := range ps {
		if p.Guest {
			n++
		}
	}
	if n != 1 {
		t.Errorf("imported guests: %d, want 1", n)
	}
}
