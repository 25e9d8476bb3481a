package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/pressly/goose/v3"
)

// Issue 16: players and members are one. A name is a group's once, without
// regard to case, surrounding spaces or Unicode normalisation.
func TestPlayerNamesAreUniqueInAGroup(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t) // Ana (the creator), Ben, Chloé
	gid := f.g.Group.ID
	for _, name := range []string{"ana", " BEN ", "Chloe\u0301", "CHLOÉ"} {
		if _, err := f.s.AddPlayer(ctx, gid, name); !errors.Is(err, ErrNameTaken) {
			t.Errorf("AddPlayer(%q) = %v, want ErrNameTaken", name, err)
		}
	}
	if err := f.s.RenamePlayer(ctx, gid, f.players[1].ID, "chloé"); !errors.Is(err, ErrNameTaken) {
		t.Errorf("renaming Ben to chloé = %v, want ErrNameTaken", err)
	}
	if err := f.s.RenamePlayer(ctx, gid, f.players[1].ID, "BEN"); err != nil {
		t.Errorf("Ben may change the case of his own name: %v", err)
	}
	p, err := f.s.AddPlayer(ctx, gid, "Zoe\u0301")
	if err != nil || p.Name != "Zoé" {
		t.Errorf("AddPlayer(Zoe+combining) = %q, %v, want the NFC name Zoé", p.Name, err)
	}
	other, err := f.s.CreateGroup(ctx, "Autre", "Ben", "")
	if err != nil {
		t.Fatalf("another group may have its own Ben: %v", err)
	}
	if _, err := f.s.AddPlayer(ctx, other.Group.ID, "ana"); err != nil {
		t.Errorf("another group may have its own Ana: %v", err)
	}
}

func TestCreatorAndJoinersArePlayers(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	slug, inv, gid := f.g.Group.Slug, f.g.Group.InviteToken, f.g.Group.ID
	_, ana, err := f.s.Membership(ctx, slug, f.g.SessionToken)
	if err != nil || ana.PlayerID != f.players[0].ID || ana.Display != "Ana" {
		t.Fatalf("the creator = %+v, %v; want playing as Ana (%d)", ana, err, f.players[0].ID)
	}
	// Typing the name of a player no one plays as is picking them.
	ben, err := f.s.Join(ctx, slug, inv, " ben ", "")
	if err != nil {
		t.Fatal(err)
	}
	_, bm, _ := f.s.Membership(ctx, slug, ben)
	if bm.PlayerID != f.players[1].ID || bm.Display != "Ben" {
		t.Errorf("joining as ben = %+v, want playing as Ben", bm)
	}
	// Ana is taken: by name and by pick.
	if _, err := f.s.Join(ctx, slug, inv, "ANA", ""); !errors.Is(err, ErrClaimed) {
		t.Errorf("joining as ANA = %v, want ErrClaimed", err)
	}
	if _, err := f.s.JoinAsPlayer(ctx, slug, inv, f.players[0].ID, ""); !errors.Is(err, ErrClaimed) {
		t.Errorf("picking Ana = %v, want ErrClaimed", err)
	}
	// Picking Chloé; a new name makes a new player.
	chloe, err := f.s.JoinAsPlayer(ctx, slug, inv, f.players[2].ID, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, cm, _ := f.s.Membership(ctx, slug, chloe); cm.Display != "Chloé" {
		t.Errorf("picking Chloé: member named %q", cm.Display)
	}
	if _, err := f.s.Join(ctx, slug, inv, "Dom", ""); err != nil {
		t.Fatal(err)
	}
	ps, _ := f.s.Players(ctx, gid)
	if len(ps) != 4 {
		t.Errorf("players %+v, want Ana, Ben, Chloé, Dom", ps)
	}
	for _, p := range ps {
		if !p.Claimed {
			t.Errorf("%s is played by a member but not Claimed", p.Name)
		}
	}
	// A player of another group, or archived, cannot be picked.
	other, _ := f.s.CreateGroup(ctx, "Autre", "Yann", "")
	ops, _ := f.s.Players(ctx, other.Group.ID)
	if _, err := f.s.JoinAsPlayer(ctx, slug, inv, ops[0].ID, ""); !errors.Is(err, ErrNotFound) {
		t.Errorf("picking another group's player = %v, want ErrNotFound", err)
	}
	// Renaming the player renames the member; removing the member frees the player.
	if err := f.s.RenamePlayer(ctx, gid, f.players[1].ID, "Benoît"); err != nil {
		t.Fatal(err)
	}
	if _, bm, _ = f.s.Membership(ctx, slug, ben); bm.Display != "Benoît" {
		t.Errorf("after the rename the member is %q", bm.Display)
	}
	if err := f.s.RemoveMember(ctx, gid, bm.SessionID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.JoinAsPlayer(ctx, slug, inv, f.players[1].ID, ""); err != nil {
		t.Errorf("Benoît is free again once his member was removed: %v", err)
	}
}

// A member not linked yet (joined before issue 16, or through the admin
// link) picks their player later.
func TestClaimPlayer(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	slug, gid := f.g.Group.Slug, f.g.Group.ID
	tok, err := f.s.ClaimAdmin(ctx, slug, f.g.AdminToken, "")
	if err != nil {
		t.Fatal(err)
	}
	_, m, _ := f.s.Membership(ctx, slug, tok)
	if m.PlayerID != 0 {
		t.Fatalf("a member through the admin link is %+v, want unlinked", m)
	}
	if err := f.s.ClaimPlayer(ctx, gid, m.SessionID, f.players[0].ID); !errors.Is(err, ErrClaimed) {
		t.Errorf("claiming Ana = %v, want ErrClaimed", err)
	}
	if err := f.s.ClaimPlayer(ctx, gid, m.SessionID, f.players[2].ID); err != nil {
		t.Fatal(err)
	}
	if _, m, _ = f.s.Membership(ctx, slug, tok); m.Display != "Chloé" || m.PlayerID != f.players[2].ID {
		t.Errorf("after claiming Chloé the member is %+v", m)
	}
}

// Migration 00070 links existing members to the player of their name
// (ignoring case and spaces), the earliest joiner when two share one, and
// leaves the others unlinked; duplicate-by-case players stay as they were.
func TestMigrationLinksMembersToPlayers(t *testing.T) {
	ctx := context.Background()
	path := testDB(t)
	driver, dsn, dialect, dir := "sqlite", "file:"+path+"?_pragma=foreign_keys(1)", goose.DialectSQLite3, "migrations"
	if onPG {
		driver, dsn, dialect, dir = "pgx", path, goose.DialectPostgres, "migrations_pg"
	} else if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	sub, _ := fs.Sub(migrations, dir)
	p, err := goose.NewProvider(dialect, db, sub)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, 40); err != nil {
		t.Fatal(err)
	}
	now := "2026-01-01T00:00:00Z"
	for _, q := range []string{
		`INSERT INTO groups (id, slug, name, admin_token, invite_token, created_at) VALUES (1, 'g', 'G', 'x', 'y', '` + now + `')`,
		`INSERT INTO players (id, group_id, name, created_at) VALUES (1, 1, 'Marc', '` + now + `'), (2, 1, 'marc', '` + now + `'), (3, 1, 'Ana', '` + now + `')`,
		`INSERT INTO sessions (id, token_hash, created_at, seen_at) VALUES (1, 'a', '` + now + `', '2099-01-01T00:00:00Z'), (2, 'b', '` + now + `', '2099-01-01T00:00:00Z'), (3, 'c', '` + now + `', '2099-01-01T00:00:00Z'), (4, 'd', '` + now + `', '2099-01-01T00:00:00Z')`,
		`INSERT INTO memberships (session_id, group_id, display, is_admin, joined_at) VALUES
			(1, 1, ' ana ', 1, '2026-01-01T00:00:00Z'), (2, 1, 'MARC', 0, '2026-01-02T00:00:00Z'),
			(3, 1, 'Marc', 0, '2026-01-03T00:00:00Z'), (4, 1, 'Zed', 0, '2026-01-04T00:00:00Z')`,
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ms, err := s.Members(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	got := map[int64]int64{}
	for _, m := range ms {
		got[m.SessionID] = m.PlayerID
	}
	want := map[int64]int64{1: 3, 2: 1, 3: 0, 4: 0}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("members linked %v, want %v (session → player)", got, want)
	}
	if ps, _ := s.Players(ctx, 1); len(ps) != 3 {
		t.Errorf("players %+v, want Marc and marc both kept, and Ana", ps)
	}
}
