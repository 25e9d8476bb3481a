package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// finalMatches is n BG Stats-like matches (one round of final scores)
// seating export players 1 and 2, each from play "play-<i>".
func finalMatches(n int) []ExportMatch {
	at := "2025-03-01T19:00:00.000Z"
	entry := []byte(`{"final":true}`)
	var out []ExportMatch
	for i := range n {
		out = append(out, ExportMatch{ID: int64(i + 1), Game: "taki", CreatedAt: at, FinishedAt: &at, BGStatsPlay: fmt.Sprintf("play-%d", i),
			Seats: []ExportSeat{{Player: 1, Total: 10}, {Player: 2, Total: 3}},
			Rounds: []ExportRound{{Number: 1, Entry: entry, Points: []int{10, 3}, Version: 1, CreatedAt: at,
				Revisions: []ExportRevision{{Version: 1, Kind: "created", Entry: entry, Points: []int{10, 3}, Author: "BG Stats", At: at}}}}})
	}
	return out
}

// An import into an existing group adds its matches and new players, maps
// the others to the group's own, tells the observers once, numbers the
// matches after the group's last change, and refuses a play it already holds
// without leaving anything behind.
func TestImportIntoExistingGroup(t *testing.T) {
	f := newFixture(t)
	s, ctx, gid := f.s, context.Background(), f.g.Group.ID
	_, since, err := s.ChangedMatches(ctx, gid, 0)
	if err != nil {
		t.Fatal(err)
	}
	var told []Written
	s.OnWrite(func(w Written) { told = append(told, w) })
	in := IntoGroup{Players: []ExportPlayer{{ID: 1, Name: "Ana"}, {ID: 2, Name: "Dora"}},
		Existing: map[int64]int64{1: f.players[0].ID}, Matches: finalMatches(30)}
	if err := s.ImportInto(ctx, gid, in); err != nil {
		t.Fatal(err)
	}
	if len(told) != 1 || told[0].GroupID != gid {
		t.Fatalf("observers told %v, want the group once", told)
	}
	changed, _, err := s.ChangedMatches(ctx, gid, since)
	if err != nil || len(changed) != 30 {
		t.Fatalf("changed since the import: %d (%v), want 30", len(changed), err)
	}
	ps, _ := s.Players(ctx, gid)
	if len(ps) != 4 || ps[3].Name != "Dora" {
		t.Fatalf("roster %+v, want Dora added", ps)
	}
	_, plays, err := s.BGStatsPlays(ctx, gid)
	if err != nil || len(plays) != 31 || !slices.ContainsFunc(plays, func(p HeldPlay) bool { return p.ID == changed[0].Match.ID && p.UUID != "" }) {
		t.Fatalf("plays %v (%v)", plays, err)
	}
	before := counts(t, s)
	in.Matches = finalMatches(31) // the first 30 again
	if err := s.ImportInto(ctx, gid, in); !errors.Is(err, ErrConflict) {
		t.Fatalf("the same plays again: %v, want ErrConflict", err)
	}
	if after := counts(t, s); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Fatalf("a refused import left rows: %v, was %v", after, before)
	}
	// Another group's player cannot be seated.
	other, _ := s.CreateGroup(ctx, "Other", "Zoé", "")
	if err := s.ImportInto(ctx, other.Group.ID, IntoGroup{Players: in.Players, Existing: map[int64]int64{1: f.players[0].ID}, Matches: finalMatches(1)}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("another group's player: %v, want ErrNotFound", err)
	}
}

// The matches stay in the hidden staging group until the last transaction
// moves them all at once: between the import's transactions (here one a
// match) another group's write goes in without waiting for the import's
// end, and the group shows none of the new matches; once its observers are
// told, it shows them all. How long the move holds the write lock is
// BenchmarkImportIntoMove's.
func TestImportIntoMovesInOneTransaction(t *testing.T) {
	defer func(d time.Duration) { importHold = d }(importHold)
	importHold = 0 // one match a transaction
	f := newFixture(t)
	s, ctx, gid := f.s, context.Background(), f.g.Group.ID
	other, err := s.CreateGroup(ctx, "Other", "Zoé", "")
	if err != nil {
		t.Fatal(err)
	}
	const n = 30
	chunks := 0
	s.chunked = func() {
		chunks++
		if ms, _ := s.Matches(ctx, gid, 10); len(ms) != 1 {
			t.Errorf("after the import's transaction %d the group shows %d matches, want its own 1", chunks, len(ms))
		}
		wrote := make(chan error, 1)
		go func() { _, err := s.AddPlayer(ctx, other.Group.ID, fmt.Sprint("Player ", chunks)); wrote <- err }()
		select {
		case err := <-wrote:
			if err != nil {
				t.Errorf("another group's write between the import's transactions: %v", err)
			}
		case <-time.After(30 * time.Second): // a deadline, not a measure: the write waits on the import's end
			t.Fatalf("another group's write waited on the import (transaction %d)", chunks)
		}
	}
	seen := 0
	s.OnWrite(func(w Written) {
		if w.GroupID == gid {
			ms, _ := s.Matches(ctx, gid, 100)
			seen = len(ms)
		}
	})
	in := IntoGroup{Players: []ExportPlayer{{ID: 1, Name: "Ana"}, {ID: 2, Name: "Ben"}},
		Existing: map[int64]int64{1: f.players[0].ID, 2: f.players[1].ID}, Matches: finalMatches(n)}
	if err := s.ImportInto(ctx, gid, in); err != nil {
		t.Fatal(err)
	}
	if chunks < n {
		t.Errorf("%d matches written in %d transactions, want one each", n, chunks)
	}
	if seen != n+1 {
		t.Errorf("the group showed %d matches when its observers were told, want all %d", seen, n+1)
	}
	if ps, _ := s.Players(ctx, other.Group.ID); len(ps) != chunks+1 {
		t.Errorf("the other group has %d players, want %d (one a transaction of the import)", len(ps), chunks+1)
	}
}

// BenchmarkImportIntoMove: the longest hold of the write lock (hold-ms)
// while 10,000 final-scores matches are imported into a group; the move is
// the longest of the import's transactions. One import an op.
func BenchmarkImportIntoMove(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	var longest time.Duration
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		g, err := s.CreateGroup(ctx, fmt.Sprint("G", i), "Ana", "")
		if err != nil {
			b.Fatal(err)
		}
		ps, _ := s.Players(ctx, g.Group.ID)
		in := IntoGroup{Players: []ExportPlayer{{ID: 1, Name: "Ana"}, {ID: 2, Name: "Ben"}},
			Existing: map[int64]int64{1: ps[0].ID}, Matches: finalMatches(10000)}
		s.LongestWriteHold()
		b.StartTimer()
		if err := s.ImportInto(ctx, g.Group.ID, in); err != nil {
			b.Fatal(err)
		}
		longest = max(longest, s.LongestWriteHold())
	}
	b.ReportMetric(float64(longest)/float64(time.Millisecond), "hold-ms")
}
