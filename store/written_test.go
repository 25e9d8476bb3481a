package store

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"
)

// Every write method tells the observers which group it changed, after it
// commits, and whether the group's members changed; a refused write tells
// nothing. The page cache relies on it to forget exactly that group.
func TestEveryWriteTellsItsGroup(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	other, err := f.s.CreateGroup(ctx, "Autre", "Zoé", "")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var told []Written
	f.s.OnWrite(func(w Written) { mu.Lock(); told = append(told, w); mu.Unlock() })
	gid, slug := f.g.Group.ID, f.g.Group.Slug
	expect := func(name string, members bool, write func() error) {
		t.Helper()
		mu.Lock()
		told = nil
		mu.Unlock()
		if err := write(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		mu.Lock()
		defer mu.Unlock()
		if len(told) != 1 || told[0].GroupID != gid || told[0].Slug != slug || told[0].Members != members || told[0].Remote {
			t.Errorf("%s told %+v, want one Written{%d %s %v}", name, told, gid, slug, members)
			return
		}
		// The writes that change a match's sheet or page name it: the live
		// updates of other instances are fed from them.
		var want []int64
		switch name {
		case "AddRound", "EditRound", "UndoLastRound", "AddRuling", "DeleteMatch":
			want = []int64{f.match}
		}
		if !reflect.DeepEqual(told[0].Matches, want) {
			t.Errorf("%s told matches %v, want %v", name, told[0].Matches, want)
		}
	}
	var round Round
	expect("AddRound", false, func() (err error) {
		round, _, err = f.s.addRound(ctx, f.match, RoundWrite{Number: 1, Entry: raw("{}"), Points: []int{0, 5, 7}})
		return err
	})
	expect("EditRound", false, func() error {
		_, err := f.s.editRound(ctx, f.match, round.ID, 1, RoundWrite{Entry: raw("{}"), Points: []int{0, 6, 7}})
		return err
	})
	expect("UndoLastRound", false, func() error { return f.s.undoRound(ctx, f.match, round.ID, "Ana") })
	expect("AddRuling", false, func() error {
		_, err := f.s.AddRuling(ctx, Ruling{MatchID: f.match, Form: "a=1", Legal: true, Summary: "ok", Author: "Ana"})
		return err
	})
	expect("AddPlayer", false, func() error { _, err := f.s.AddPlayer(ctx, gid, "Dan"); return err })
	// Ana plays as players[0]: renaming her renames a member, whom the cache keeps.
	expect("RenamePlayer", true, func() error { return f.s.RenamePlayer(ctx, gid, f.players[0].ID, "Anabel") })
	expect("SetArchived", false, func() error { return f.s.SetArchived(ctx, gid, f.players[2].ID, true) })
	expect("SetHouseRules", false, func() error {
		return f.s.SetHouseRules(ctx, gid, "fivecrowns", map[string]string{"runsWrap": "true"})
	})
	expect("CreateMatch", false, func() error {
		_, err := f.s.CreateMatch(ctx, gid, NewMatch{Game: "taki", Players: []int64{f.players[0].ID, f.players[1].ID}})
		return err
	})
	expect("DeleteMatch", false, func() error { return f.s.DeleteMatch(ctx, gid, f.match, "Ana") })
	var season Season
	expect("AddSeason", false, func() (err error) {
		season, err = f.s.AddSeason(ctx, gid, "Hiver", time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC))
		return err
	})
	expect("DeleteSeason", false, func() error { return f.s.DeleteSeason(ctx, gid, season.ID) })
	expect("Join", true, func() error { _, err := f.s.Join(ctx, slug, f.g.Group.InviteToken, "Eve", ""); return err })
	expect("RotateInvite", true, func() error { _, err := f.s.RotateInvite(ctx, gid); return err })
	expect("RotatePublicToken", true, func() error { _, err := f.s.RotatePublicToken(ctx, gid); return err })
	expect("DisablePublicToken", true, func() error { return f.s.DisablePublicToken(ctx, gid) })
	expect("ClaimAdmin", true, func() error { _, err := f.s.ClaimAdmin(ctx, slug, f.g.AdminToken, ""); return err })

	// A refused write (another group's match) tells nobody.
	mu.Lock()
	told = nil
	mu.Unlock()
	if err := f.s.DeleteMatch(ctx, other.Group.ID, f.match, "Ana"); err == nil {
		t.Fatal("deleting another group's match succeeded")
	}
	if len(told) != 0 {
		t.Errorf("a refused write told %+v", told)
	}
}

// A row the store cannot decode is an error, not a match with no rules: the
// page that needs it answers a server error instead of drawing wrong data.
func TestUndecodableRowsAreErrors(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	r, _, err := f.s.addRound(ctx, f.match, RoundWrite{Number: 1, Entry: raw("{}"), Points: []int{0, 5, 7}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.testExec(`UPDATE matches SET rules = '{oops' WHERE id = $1`, f.match); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.Match(ctx, f.g.Group.ID, f.match); err == nil || errors.Is(err, ErrNotFound) {
		t.Errorf("a match with undecodable rules: err %v, want a decode error", err)
	}
	if _, err := f.s.testExec(`UPDATE rounds SET points = 'x' WHERE id = $1`, r.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.Rounds(ctx, f.match); err == nil {
		t.Error("rounds with undecodable points: no error")
	}
}

// Points near the integer limit, stored before imports were bounded, make
// no later save of the match fail: the totals saturate.
func TestHugeStoredPointsDoNotFailLaterSaves(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	if _, _, err := f.s.addRound(ctx, f.match, RoundWrite{Number: 1, Entry: raw("{}"), Points: []int{0, 5, 7}}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.testExec(`UPDATE rounds SET points = '[0, 9223372036854775000, 7]' WHERE match_id = $1`, f.match); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.s.addRound(ctx, f.match, RoundWrite{Number: 2, Entry: raw("{}"), Points: []int{0, 9000, 7}}); err != nil {
		t.Fatalf("a save after huge stored points: %v", err)
	}
	m, err := f.s.Match(ctx, f.g.Group.ID, f.match)
	if err != nil {
		t.Fatal(err)
	}
	if m.Seats[2].Total != 14 || m.Seats[1].Total < 9223372036854775000 {
		t.Errorf("totals %d, %d: want 14 and a saturated one", m.Seats[2].Total, m.Seats[1].Total)
	}
}
