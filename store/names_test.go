package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestCheckName(t *testing.T) {
	for name, want := range map[string]string{
		"Ana": "", "  Chloé  ": "", "👩‍👩‍👧": "", "سارة": "", "=HYPERLINK(1)": "", strings.Repeat("é", MaxNameLen): "",
		"": NameRequired, " \t ": NameRequired, "\u200b": NameRequired, "\ufeff\u200d": NameRequired,
		strings.Repeat("a", MaxNameLen+1): NameTooLong,
		"a\xff":                           NameEncoding, "\xc3": NameEncoding,
		"a\x00b": NameControl, "a\nb": NameControl, "a\x7fb": NameControl, "a\u0085b": NameControl, "a\u2029b": NameControl,
		"a\u202eb": NameBidi, "a\u202ab": NameBidi, "\u2066a": NameBidi, "a\u2069": NameBidi, "a\u200e": NameBidi, "a\u200f": NameBidi, "a\u061c": NameBidi,
	} {
		got, why := CheckName(name)
		if why != want {
			t.Errorf("CheckName(%q) refuses %q, want %q", name, why, want)
		}
		if why == "" && got != strings.TrimSpace(name) {
			t.Errorf("CheckName(%q) = %q, want it trimmed", name, got)
		}
	}
}

// The access writes of issue 15 tell the page cache like every other write:
// removing a member changes the members (the cache must forget them at
// once), a new admin link changes no page, and refreshing a session is no
// change to any group.
func TestAccessWritesTellTheirGroup(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	ben, err := f.s.Join(ctx, f.g.Group.Slug, f.g.Group.InviteToken, "Ben", "")
	if err != nil {
		t.Fatal(err)
	}
	_, bm, err := f.s.Membership(ctx, f.g.Group.Slug, ben)
	if err != nil {
		t.Fatal(err)
	}
	var told []Written
	f.s.OnWrite(func(w Written) { told = append(told, w) })
	want := func(name string, ws ...Written) {
		t.Helper()
		for i := range told {
			told[i].Version = 0 // PostgreSQL's write counter: checked in TestGroupVersion
		}
		if fmt.Sprint(told) != fmt.Sprint(ws) {
			t.Errorf("%s told %+v, want %+v", name, told, ws)
		}
		told = nil
	}
	if err := f.s.TouchSession(ctx, bm.SessionID); err != nil {
		t.Fatal(err)
	}
	want("TouchSession")
	if _, err := f.s.RotateAdmin(ctx, f.g.Group.ID); err != nil {
		t.Fatal(err)
	}
	want("RotateAdmin", Written{GroupID: f.g.Group.ID, Slug: f.g.Group.Slug})
	if err := f.s.RemoveMember(ctx, f.g.Group.ID, bm.SessionID); err != nil {
		t.Fatal(err)
	}
	want("RemoveMember", Written{GroupID: f.g.Group.ID, Slug: f.g.Group.Slug, Members: true})
	if err := f.s.RemoveMember(ctx, f.g.Group.ID, bm.SessionID); !errors.Is(err, ErrNotFound) {
		t.Errorf("removing a member twice: %v, want ErrNotFound", err)
	}
	want("a refused RemoveMember")
	if _, _, err := f.s.Membership(ctx, f.g.Group.Slug, ben); !errors.Is(err, ErrNotFound) {
		t.Errorf("a removed member's membership: %v", err)
	}
}

// A session idle past SessionIdle opens nothing, and is deleted (with its
// memberships) when a new session is made.
func TestIdleSessionsEnd(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	var offset time.Duration
	clock := f.s.Now
	f.s.Now = func() time.Time { return clock().Add(offset) }
	ben, _ := f.s.Join(ctx, f.g.Group.Slug, f.g.Group.InviteToken, "Ben", "")
	offset = SessionIdle - time.Hour
	if _, _, err := f.s.Membership(ctx, f.g.Group.Slug, ben); err != nil {
		t.Errorf("a session idle for less than SessionIdle: %v", err)
	}
	offset = SessionIdle + time.Hour
	if _, _, err := f.s.Membership(ctx, f.g.Group.Slug, ben); !errors.Is(err, ErrNotFound) {
		t.Errorf("a session idle past SessionIdle: %v, want ErrNotFound", err)
	}
	if gs, _ := f.s.GroupsOf(ctx, ben); len(gs) != 0 {
		t.Errorf("an idle session still lists %d groups", len(gs))
	}
	again, err := f.s.Join(ctx, f.g.Group.Slug, f.g.Group.InviteToken, "Ben", ben)
	if err != nil || again == ben {
		t.Fatalf("joining again with an idle session: %v, same token %v", err, again == ben)
	}
	var n int
	f.s.testQueryRow(`SELECT count(*) FROM sessions WHERE token_hash = $1`, hashToken(ben)).Scan(&n)
	if n != 0 {
		t.Errorf("the idle session was not deleted")
	}
}

// Migration 00020 stamps existing sessions with SQLite's clock: it must
// write the store's own time format, or they would all read as idle.
func TestMigrationStampsSessionsInTheStoreFormat(t *testing.T) {
	s := newTestStore(t)
	var v string
	q := `SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now')` // as migrations/00020 writes it
	if onPG {
		q = `SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` // migrations_pg/00020
	}
	if err := s.testQueryRow(q).Scan(&v); err != nil {
		t.Fatal(err)
	}
	if at, err := time.Parse(timeFormat, v); err != nil || time.Since(at) > time.Minute || time.Since(at) < -time.Minute {
		t.Errorf("SQLite wrote %q (%v), not a time in the store's format %q", v, err, timeFormat)
	}
}
