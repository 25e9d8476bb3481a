package store

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"testing"

	"github.com/tablekeeper/tablekeeper/internal/pgtest"
)

// A whole database moves from SQLite to PostgreSQL and back with every row
// as it was: the group's export is the same, the admin's browser is still
// its admin (same slug, same session), and new rows get new ids.
func TestCopyAllBetweenSQLiteAndPostgreSQL(t *testing.T) {
	if onPG {
		t.Skip("runs once, in the SQLite pass: it uses both databases")
	}
	ctx := context.Background()
	f := exportFixture(t) // on SQLite: rounds, revisions, rulings, seasons, house rules, a deleted match
	want, err := f.s.ExportGroup(ctx, f.g.Group.ID)
	if err != nil {
		t.Fatal(err)
	}
	pg, err := Open(ctx, pgtest.Database(t))
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	back, err := Open(ctx, filepath.Join(t.TempDir(), "back.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	for _, hop := range []struct {
		name     string
		from, to *Store
	}{{"SQLite to PostgreSQL", f.s, pg}, {"PostgreSQL to SQLite", pg, back}} {
		n, err := CopyAll(ctx, hop.from, hop.to)
		if err != nil {
			t.Fatalf("%s: %v", hop.name, err)
		}
		if n["groups"] != 1 || n["rounds"] == 0 || n["rulings"] == 0 {
			t.Errorf("%s copied %v", hop.name, n)
		}
		g, m, err := hop.to.Membership(ctx, f.g.Group.Slug, f.g.SessionToken)
		if err != nil || !m.IsAdmin || g.ID != f.g.Group.ID {
			t.Fatalf("%s: the admin's browser: %+v %+v %v", hop.name, g, m, err)
		}
		got, err := hop.to.ExportGroup(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		got.ExportedAt, want.ExportedAt = "", ""
		gb, _ := json.Marshal(got)
		wb, _ := json.Marshal(want)
		if string(gb) != string(wb) {
			t.Errorf("%s: the group differs\n got %s\nwant %s", hop.name, gb, wb)
		}
		if _, err := hop.to.AddPlayer(ctx, g.ID, "Newcomer via "+hop.name); err != nil {
			t.Errorf("%s: a new row after the copy: %v", hop.name, err)
		}
		if _, err := CopyAll(ctx, hop.from, hop.to); !errors.Is(err, ErrNotEmpty) {
			t.Errorf("%s: a second copy: %v, want ErrNotEmpty", hop.name, err)
		}
		// The next hop copies the newcomer too.
		if want, err = hop.to.ExportGroup(ctx, g.ID); err != nil {
			t.Fatal(err)
		}
	}
}
