package store

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"
)

// manyMatches is an export of n two-seat matches of one round each.
func manyMatches(n int) Export {
	at := "2026-01-01T10:00:00.000Z"
	e := Export{Format: ExportFormat, Version: ExportVersion, ExportedAt: at,
		Group:   ExportGroup{Name: "Many", CreatedAt: at},
		Players: []ExportPlayer{{ID: 1, Name: "Ana", CreatedAt: at}, {ID: 2, Name: "Ben", CreatedAt: at}},
		Seasons: []ExportSeason{{Name: "2026", From: "2026-01-01", To: "2026-12-31"}}, HouseRules: []ExportRule{}}
	entry := json.RawMessage(`{"note":"x"}`)
	for m := range n {
		e.Matches = append(e.Matches, ExportMatch{ID: int64(m + 1), Game: "taki", CreatedAt: at, FinishedAt: &at,
			Seats: []ExportSeat{{Player: 1, Total: 1}, {Player: 2}},
			Rounds: []ExportRound{{Number: 1, Entry: entry, Points: []int{1, 0}, Version: 1, CreatedAt: at,
				Revisions: []ExportRevision{{Version: 1, Kind: "created", Entry: entry, Points: []int{1, 0}, Author: "Ana", At: at}}}}})
	}
	return e
}

// counts is how many rows the tables an import writes hold.
func counts(t *testing.T, s *Store) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, table := range []string{"groups", "players", "seasons", "matches", "match_players", "rounds", "round_revisions", "memberships"} {
		var n int
		if err := s.testQueryRow(`SELECT COUNT(*) FROM ` + table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		out[table] = n
	}
	return out
}

// An import refused in its middle, after several of its transactions have
// committed, leaves nothing behind; while it ran, its group was seen by no
// one, and the write observers were told of nothing.
func TestFailedImportLeavesNoGroup(t *testing.T) {
	s := newTestStore(t)
	ctx := context.Background()
	before := counts(t, s)
	var told []Written
	s.OnWrite(func(w Written) { told = append(told, w) })
	e := manyMatches(3000)
	b, _ := json.Marshal(e)
	refused := errors.New("match 2500 is bad")
	n, hidden := 0, 0
	_, err := s.ImportFrom(ctx, bytes.NewReader(b), func(m ExportMatch) error {
		if n++; n == 2500 {
			// By now, earlier transactions have committed the first matches.
			var g struct {
				slug string
				n    int
			}
			s.testQueryRow(`SELECT g.slug, COUNT(m.id) FROM groups g JOIN matches m ON m.group_id = g.id WHERE g.importing = 1 GROUP BY g.slug`).Scan(&g.slug, &g.n)
			if _, err := s.GroupBySlug(ctx, g.slug); g.n > 0 && errors.Is(err, ErrNotFound) {
				hidden = g.n
			}
			return refused
		}
		time.Sleep(time.Microsecond) // the import spans several transactions
		return nil
	}, "Zoé", "")
	if !errors.Is(err, refused) {
		t.Fatalf("import: %v, want the refusal", err)
	}
	if hidden == 0 {
		t.Errorf("no committed, hidden group seen during the import")
	}
	t.Logf("%d matches committed (and hidden) when the import was refused", hidden)
	if after := counts(t, s); !equalCounts(after, before) {
		t.Errorf("left behind: %v (before %v)", after, before)
	}
	if len(told) != 0 {
		t.Errorf("observers told of %v", told)
	}
}

func equalCounts(a, b map[string]int) bool {
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// A group an import was writing when the server stopped is invisible and
// is removed at the next start.
func TestUnfinishedImportIsRemovedAtStart(t *testing.T) {
	s := newTestStore(t)
	ctx := context.Background()
	before := counts(t, s)
	created, err := s.ImportGroup(ctx, manyMatches(120), "Zoé", "")
	if err != nil {
		t.Fatal(err)
	}
	// As if the server had stopped before the last transaction.
	s.testExec(`UPDATE groups SET importing = 1 WHERE id = $1`, created.Group.ID)
	if _, _, err := s.Membership(ctx, created.Group.Slug, created.SessionToken); !errors.Is(err, ErrNotFound) {
		t.Errorf("membership of an unfinished import: %v", err)
	}
	if gs, _ := s.GroupsOf(ctx, created.SessionToken); len(gs) != 0 {
		t.Errorf("groups of the importer: %v", gs)
	}
	if _, err := s.Join(ctx, created.Group.Slug, created.Group.InviteToken, "Eve", ""); !errors.Is(err, ErrNotFound) {
		t.Errorf("join of an unfinished import: %v", err)
	}
	n, err := s.RemoveUnfinishedImports(ctx)
	if err != nil || n != 1 {
		t.Fatalf("removed %d, %v", n, err)
	}
	after := counts(t, s)
	after["memberships"], before["memberships"] = 0, 0 // the importer's membership went with the group
	if !equalCounts(after, before) {
		t.Errorf("left behind: %v (before %v)", after, before)
	}
}

// An import tells the observers once, when its group appears.
func TestImportTellsObserversWhenTheGroupAppears(t *testing.T) {
	s := newTestStore(t)
	var told []Written
	s.OnWrite(func(w Written) { told = append(told, w) })
	created, err := s.ImportGroup(context.Background(), manyMatches(50), "Zoé", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(told) != 1 || told[0].GroupID != created.Group.ID || !told[0].Members || told[0].Slug != created.Group.Slug {
		t.Errorf("told %+v", told)
	}
}
