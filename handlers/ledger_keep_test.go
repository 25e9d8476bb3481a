package handlers

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/internal/pgtest"
	"github.com/tablekeeper/tablekeeper/scoring/standings"
	"github.com/tablekeeper/tablekeeper/store"
)

// A restarted server starts its ledger from the one kept in the store and
// the matches changed since, never showing the kept one alone: after a
// server kept its ledger, matches are finished (now and dated in the past),
// a past round corrected, a last round undone and a match deleted; a new
// server (a restart) then shows the standings, player and records pages
// exactly as a server that reads the whole history, its ledger equals the
// full replay, and it read only the changed matches. On SQLite and on
// PostgreSQL.
func TestRestartedLedgerIsTheKeptOneBroughtUpToDate(t *testing.T) {
	for _, backend := range []string{"SQLite", "PostgreSQL"} {
		t.Run(backend, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "test.db")
			if backend == "PostgreSQL" {
				db = pgtest.Database(t)
			}
			names := []string{"Ana", "Ben", "Chloé", "Dev"}
			f := newStandingsFixtureOn(t, newTestAppAt(t, testGames(), db, nil), names...)
			ctx := context.Background()
			rng := rand.New(rand.NewPCG(40, 4))
			games := []string{"fivecrowns", "taki", "take5"}
			at := time.Date(2026, 10, 1, 20, 0, 0, 0, time.UTC)
			var finished []int64
			play := func(when time.Time) {
				seats := names[:2+rng.IntN(3)]
				var rounds [][]int
				for range 1 + rng.IntN(3) {
					p := make([]int, len(seats))
					for i := range p {
						p[i] = rng.IntN(50)
					}
					rounds = append(rounds, p)
				}
				finished = append(finished, f.play(games[rng.IntN(len(games))], when, seats, rounds...))
			}
			for range keepAfter + 6 {
				at = at.Add(time.Duration(3+rng.IntN(20)) * time.Hour)
				play(at)
			}
			pages := []string{"/g/" + f.slug + "/standings", "/g/" + f.slug + "/standings?season=all", "/g/" + f.slug + "/records",
				fmt.Sprintf("/g/%s/players/%d", f.slug, f.ids["Ana"]), fmt.Sprintf("/g/%s/players/%d?season=all", f.slug, f.ids["Dev"])}
			if rec := f.c.get(pages[0]); rec.Code != http.StatusOK {
				t.Fatalf("standings: %d", rec.Code)
			}
			f.app.srv.ledgers.keeps.Wait() // kept after the page was answered
			kept, ok, err := f.app.store.LedgerSnapshot(ctx, f.gid)
			if err != nil || !ok {
				t.Fatalf("the ledger of %d matches was not kept: %v", len(finished), err)
			}

			// What changes after it was kept.
			at = at.Add(5 * time.Hour)
			play(at)                                            // finished now
			play(time.Date(2026, 10, 9, 21, 0, 0, 0, time.UTC)) // dated in the past
			fix := finished[3]                                  // a past round corrected
			r := liveRounds(t, f, fix)[0]
			writeRound(t, f.app.store, f.slug, fix, store.RoundWrite{Kind: store.WriteEdit, Round: r.ID, Version: r.Version, Entry: r.Entry,
				Points: []int{99, 0, 0, 0}[:len(r.Points)], Author: "test", Finished: true})
			undo := finished[10] // its last round undone: no longer finished
			live := liveRounds(t, f, undo)
			writeRound(t, f.app.store, f.slug, undo, store.RoundWrite{Kind: store.WriteUndo, Round: live[len(live)-1].ID, Author: "test"})
			if err := f.app.store.DeleteMatch(ctx, f.gid, finished[20], "test"); err != nil {
				t.Fatal(err)
			}
			if err := f.app.store.RenamePlayer(ctx, f.gid, f.ids["Dev"], "Devika"); err != nil { // read with the page, not kept
				t.Fatal(err)
			}
			const changes = 5

			// A restart: the kept ledger and the changes since.
			restarted := f.restart()
			shown := map[string]string{}
			for _, p := range pages {
				rec := restarted.get(p)
				if rec.Code != http.StatusOK {
					t.Fatalf("GET %s after the restart: %d", p, rec.Code)
				}
				shown[p] = rec.Body.String()
			}
			gl := restarted.app.srv.ledgers.of(f.gid, restarted.app.srv.standingsOptions())
			if gl.unkept != changes {
				t.Errorf("the restarted server folded %d matches into its kept ledger (kept at %d), want the %d changed since", gl.unkept, kept.Seq, changes)
			}
			all, err := restarted.app.srv.playedMatches(ctx, f.gid, true)
			if err != nil {
				t.Fatal(err)
			}
			o := restarted.app.srv.standingsOptions()
			restarted.app.srv.withLedger(ctx, f.gid, func(l *standings.Ledger) error {
				for _, fl := range []standings.Filter{{}, {Game: "fivecrowns"}, {From: time.Date(2026, 10, 5, 0, 0, 0, 0, time.UTC)}} {
					want, _ := standings.Standings(all, fl, o)
					got, _ := l.Standings(fl)
					wr, _ := standings.GroupRecords(all, fl)
					gr, _ := l.GroupRecords(fl)
					if !reflect.DeepEqual(want, got) || !reflect.DeepEqual(wr, gr) {
						t.Errorf("filter %+v: the restarted ledger's standings or records differ from the whole history's", fl)
					}
				}
				return nil
			})

			// The same pages from a server that reads the whole history (the
			// kept ledger replaced by one of another kind, which is not read).
			if err := f.app.store.KeepLedgerSnapshot(ctx, f.gid, store.LedgerSnapshot{Seq: 1, Kind: "another", Data: []byte{0}}); err != nil {
				t.Fatal(err)
			}
			scratch := f.restart()
			for _, p := range pages {
				if rec := scratch.get(p); rec.Body.String() != shown[p] {
					t.Errorf("GET %s after the restart differs from the page built from the whole history", p)
				}
			}
			if !strings.Contains(shown[pages[0]], "Devika") {
				t.Error("the restarted standings do not name the player renamed since the ledger was kept")
			}
			scratch.app.srv.ledgers.keeps.Wait()
			// It read the whole history, and kept its ledger in place of the
			// other kind's.
			gl = scratch.app.srv.ledgers.of(f.gid, o)
			if again, _, _ := f.app.store.LedgerSnapshot(ctx, f.gid); again.Kind == "another" || again.Seq != gl.seq {
				t.Errorf("after a whole read the kept ledger is of kind %q at %d, want the server's at %d", again.Kind, again.Seq, gl.seq)
			}
		})
	}
}

// restart is a new server on the fixture's database (a deploy), and a
// client of it with the fixture's session.
func (f *standingsFixture) restart() *client {
	f.t.Helper()
	srv, e, err := newServer(Config{Store: f.app.store, Games: testGames(), BaseURL: "http://tk.test", Limits: Limits{Requests: -1, Groups: -1}})
	if err != nil {
		f.t.Fatal(err)
	}
	c := (&testApp{t: f.t, e: e, store: f.app.store, srv: srv}).client()
	for k, v := range f.c.cookies {
		c.cookies[k] = v
	}
	return c
}
