package handlers

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/store"
)

// keptFixture is a group of keepAfter+6 finished matches in this year's
// season whose ledger a first server kept in the store.
func keptFixture(t *testing.T) (*standingsFixture, func(at time.Time) int64, []int64) {
	t.Helper()
	f := newStandingsFixture(t, "Ana", "Ben", "Chloé", "Dev")
	at := time.Date(2026, 10, 1, 20, 0, 0, 0, time.UTC)
	n := 0
	play := func(when time.Time) int64 {
		n++
		seats := []string{"Ana", "Ben", "Chloé", "Dev"}[:2+n%3]
		rounds := [][]int{make([]int, len(seats))}
		for i := range seats {
			rounds[0][i] = (n*7 + i*13) % 40
		}
		return f.play([]string{"fivecrowns", "taki", "take5"}[n%3], when, seats, rounds...)
	}
	var ids []int64
	for range keepAfter + 6 {
		at = at.Add(9 * time.Hour)
		ids = append(ids, play(at))
	}
	if rec := f.c.get("/g/" + f.slug + "/standings"); rec.Code != http.StatusOK {
		t.Fatalf("standings: %d", rec.Code)
	}
	f.app.srv.ledgers.keeps.Wait()
	if _, ok, err := f.app.store.LedgerSnapshot(context.Background(), f.gid); err != nil || !ok {
		t.Fatalf("the ledger was not kept: %v", err)
	}
	return f, play, ids
}

// The first standings, player and records pages after a restart read the
// kept runs of their season and fold in the matches finished since, and
// read none of the kept matches (issue 40: 10,000 of them were 5–7 ms of a
// first page's 10–38): after them the ledger still holds its kept matches
// unread, and the pages are those of a server that reads the whole
// history. Kept again by the restarted server, the ledger is read so by
// the next.
func TestFirstPagesAfterARestartReadNoKeptMatch(t *testing.T) {
	f, play, _ := keptFixture(t)
	play(time.Date(2026, 11, 20, 21, 0, 0, 0, time.UTC)) // finished since it was kept
	play(time.Date(2026, 11, 21, 21, 0, 0, 0, time.UTC))
	pages := []string{"/g/" + f.slug + "/standings", fmt.Sprintf("/g/%s/players/%d", f.slug, f.ids["Ana"]), "/g/" + f.slug + "/records",
		"/g/" + f.slug + "/standings?season=all"}
	restarted := f.restart()
	shown := map[string]string{}
	for _, p := range pages {
		rec := restarted.get(p)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s after the restart: %d", p, rec.Code)
		}
		shown[p] = rec.Body.String()
		gl := restarted.app.srv.ledgers.of(f.gid, restarted.app.srv.standingsOptions())
		if !gl.l.Lazy() || gl.unkept != 2 {
			t.Fatalf("GET %s after the restart read the kept matches (%t), or folded %d changed matches, want 2", p, !gl.l.Lazy(), gl.unkept)
		}
	}
	// The restarted server keeps its ledger in turn, once due: the kept
	// matches it did not read are read then, and kept with the new ones.
	at := time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)
	for range keepAfter {
		at = at.Add(time.Minute)
		play(at)
	}
	if rec := restarted.get(pages[0]); rec.Code != http.StatusOK {
		t.Fatalf("standings: %d", rec.Code)
	}
	restarted.app.srv.ledgers.keeps.Wait()
	again := f.restart()
	for _, p := range pages {
		rec := again.get(p)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s after the second restart: %d", p, rec.Code)
		}
		shown[p] = rec.Body.String()
	}
	if gl := again.app.srv.ledgers.of(f.gid, again.app.srv.standingsOptions()); !gl.l.Lazy() || gl.unkept != 0 {
		t.Errorf("after the second restart the pages read the kept matches (%t) or folded %d changed matches, want none", !gl.l.Lazy(), gl.unkept)
	}
	gl := f.app.srv.ledgers.of(f.gid, f.app.srv.standingsOptions())
	gl.built = false // the first server reads the whole history again
	gl.fromHistory = true
	for _, p := range pages {
		if rec := f.c.get(p); rec.Body.String() != shown[p] {
			t.Errorf("GET %s after the restarts differs from the page built from the whole history", p)
		}
	}
	if gl.l.Lazy() {
		t.Error("the page from the whole history was built from the kept ledger")
	}
	f.app.srv.ledgers.keeps.Wait()
}

// A ledger due to be kept is kept after the page that made it due is
// answered, not during it (issue 40: the page waited for the write), one
// keeping at a time per group; the matches folded while it is written are
// kept by the next.
func TestLedgerIsKeptAfterThePageIsAnswered(t *testing.T) {
	f, play, _ := keptFixture(t)
	release, reached := make(chan struct{}), make(chan struct{}, 1)
	var mu sync.Mutex
	keeping := 0
	f.app.srv.ledgers.beforeKeep = func(int64) { // the ledger's form written, not yet the store
		mu.Lock()
		keeping++
		mu.Unlock()
		reached <- struct{}{}
		<-release
	}
	at := time.Date(2026, 11, 1, 20, 0, 0, 0, time.UTC)
	for range keepAfter {
		at = at.Add(time.Hour)
		play(at)
	}
	ask := func(what string) {
		t.Helper()
		answered := make(chan int, 1)
		go func() { answered <- f.c.get("/g/" + f.slug + "/standings").Code }()
		select {
		case code := <-answered:
			if code != http.StatusOK {
				t.Fatalf("%s: %d", what, code)
			}
		case <-time.After(time.Minute):
			close(release)
			t.Fatalf("%s: not answered while the ledger's keeping waits", what)
		}
	}
	ask("the page that makes the ledger due")
	select {
	case <-reached:
	case <-time.After(time.Minute):
		t.Fatal("the ledger due was not kept")
	}
	play(at.Add(time.Hour)) // folded while the keeping waits
	ask("the next page")
	gl := f.app.srv.ledgers.of(f.gid, f.app.srv.standingsOptions())
	close(release)
	f.app.srv.ledgers.keeps.Wait()
	mu.Lock()
	defer mu.Unlock()
	if keeping != 1 {
		t.Errorf("%d keepings of one group's ledger, want one at a time", keeping)
	}
	kept, _, err := f.app.store.LedgerSnapshot(context.Background(), f.gid)
	if err != nil {
		t.Fatal(err)
	}
	if gl.mu.Lock(); gl.unkept != 1 || kept.Seq >= gl.seq {
		t.Errorf("after the keeping %d matches are to keep (kept at %d, the ledger at %d), want the one folded meanwhile", gl.unkept, kept.Seq, gl.seq)
	}
	gl.mu.Unlock()
}

// A server whose ledger read its kept head, and whose kept parts another
// server replaced since (two instances on one PostgreSQL, each keeping its
// own), builds its ledger anew from the one kept now when a change needs
// the kept matches: its pages are those of a server that reads the whole
// history.
func TestLedgerWhosePartsWereReplacedIsBuiltAnew(t *testing.T) {
	f, play, ids := keptFixture(t)
	page := "/g/" + f.slug + "/standings"
	other := f.restart()
	if rec := other.get(page); rec.Code != http.StatusOK {
		t.Fatalf("standings: %d", rec.Code)
	}
	at := time.Date(2026, 11, 1, 20, 0, 0, 0, time.UTC)
	for range keepAfter {
		at = at.Add(time.Hour)
		play(at)
	}
	f.c.get(page) // the first server keeps its ledger anew: the parts other read the head of are gone
	f.app.srv.ledgers.keeps.Wait()
	r := liveRounds(t, f, ids[0])[0] // a correction: other's ledger needs the kept matches
	writeRound(t, f.app.store, f.slug, ids[0], store.RoundWrite{Kind: store.WriteEdit, Round: r.ID, Version: r.Version, Entry: r.Entry,
		Points: []int{99, 0, 0, 0}[:len(r.Points)], Author: "test", Finished: true})
	got := other.get(page)
	if got.Code != http.StatusOK {
		t.Fatalf("standings after the parts were replaced: %d", got.Code)
	}
	gl := f.app.srv.ledgers.of(f.gid, f.app.srv.standingsOptions())
	gl.built, gl.fromHistory = false, true
	if want := f.c.get(page); got.Body.String() != want.Body.String() {
		t.Error("the standings after the parts were replaced differ from the page built from the whole history")
	}
	other.app.srv.ledgers.keeps.Wait()
	f.app.srv.ledgers.keeps.Wait()
}
