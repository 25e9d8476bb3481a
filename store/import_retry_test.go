package store

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// PostgreSQL may refuse an import's transaction as not serializable; the
// store runs it again (commitPG). The matches the refused try took from the
// file are written by the try that commits: none is lost, none is twice.
// SQLite never refuses a transaction to run it again.
func TestImportWritesEveryMatchWhenATransactionIsRunAgain(t *testing.T) {
	if !onPG {
		t.Skip("SQLite runs every write alone and never runs one again")
	}
	defer func(d time.Duration) { importHold = d }(importHold)
	importHold = 0 // one match a transaction
	f := newFixture(t)
	s, ctx, gid := f.s, context.Background(), f.g.Group.ID
	commits := 0
	s.refuse = func() error {
		commits++
		if commits%2 == 0 { // every other try refused, as a serialization failure
			return &pgconn.PgError{Code: "40001", Message: "could not serialize access (test)"}
		}
		return nil
	}
	in := IntoGroup{Players: []ExportPlayer{{ID: 1, Name: "Ana"}, {ID: 2, Name: "Dora"}},
		Existing: map[int64]int64{1: f.players[0].ID}, Matches: finalMatches(12)}
	if err := s.ImportInto(ctx, gid, in); err != nil {
		t.Fatal(err)
	}
	s.refuse = nil
	_, plays, err := s.BGStatsPlays(ctx, gid)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, p := range plays {
		if p.UUID != "" {
			seen[p.UUID]++
		}
	}
	if len(seen) != 12 {
		t.Errorf("%d of the file's 12 plays imported (%v), want every one", len(seen), seen)
	}
	for uuid, n := range seen {
		if n != 1 {
			t.Errorf("play %s imported %d times", uuid, n)
		}
	}
}
