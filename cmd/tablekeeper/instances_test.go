package main

import (
	"bufio"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/internal/pgtest"
)

var sheetVersionAttr = regexp.MustCompile(`id="scores" data-version="([^"]*)"`)

// TestTwoInstancesActAsOne starts two real servers on one PostgreSQL
// database. A phone keeps the score through instance A while another
// watches the match through instance B: B's page, asked right after A
// acknowledged the save, already shows it (B checks its kept page against
// the group's write counter), and B's live stream announces the new version
// (PostgreSQL's NOTIFY at A's commit), each save's before the next is made.
// How soon is logged (a few milliseconds on a quiet machine), not judged: a
// busy machine delays it without anything being wrong.
func TestTwoInstancesActAsOne(t *testing.T) {
	if testing.Short() {
		t.Skip("two servers: skipped with -short")
	}
	db := pgtest.Database(t)
	dir := t.TempDir()
	bin := buildServer(t, dir)
	addrA, addrB := freeAddr(t), freeAddr(t)
	a := startServer(t, bin, db, addrA)
	b := startServer(t, bin, db, addrB)
	defer func() {
		a.Process.Signal(syscall.SIGTERM)
		b.Process.Signal(syscall.SIGTERM)
		a.Wait()
		b.Wait()
	}()

	keeper := newPhone(t, "http://"+addrA)
	slug := keeper.createGroup()
	for _, n := range []string{"Ben", "Chloé"} {
		keeper.post("/g/"+slug+"/players", url.Values{"name": {n}})
	}
	match, ok := keeper.startMatch(slug, keeper.playerIDs(slug))
	if !ok {
		t.Fatal("no match started on A")
	}
	// The same browser on B (cookies do not depend on the port).
	watcher := &phone{t: t, base: "http://" + addrB, c: keeper.c}
	version := func() string {
		m := sheetVersionAttr.FindStringSubmatch(watcher.body(match))
		if m == nil {
			t.Fatalf("no sheet version on B's page of %s", match)
		}
		return m[1]
	}
	before := version()
	if again := version(); again != before { // now kept by B
		t.Fatalf("B's page changed with no write: %s then %s", before, again)
	}

	stream := &http.Client{Jar: keeper.c.Jar}
	resp, err := stream.Get(watcher.base + match + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	events := make(chan string, 8)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				events <- v
			}
		}
		close(events)
	}()
	if first := <-events; first != before {
		t.Fatalf("B's stream starts at %q, its page at %q", first, before)
	}

	for round := 1; round <= 3; round++ {
		t0 := time.Now()
		code := keeper.post(match+"/rounds", url.Values{"op": {"save"}, "submitKey": {strings.Repeat("k", round)},
			"mode_0": {"out"}, "mode_1": {"points"}, "points_1": {"12"}, "mode_2": {"points"}, "points_2": {"3"}})
		if code != http.StatusSeeOther {
			t.Fatalf("round %d saved on A: %d, want 303", round, code)
		}
		now := version()
		if now == before {
			t.Fatalf("round %d: B served its kept page (version %s) after A's save", round, now)
		}
		select {
		case v := <-events:
			if v != now {
				t.Errorf("round %d: B's stream said %q, its page is at %q", round, v, now)
			}
			t.Logf("round %d: B's stream told after %v", round, time.Since(t0))
		case <-time.After(time.Minute): // a deadline, not a measure: without the event the test would hang
			t.Fatalf("round %d: B's stream said nothing within a minute of A's save", round)
		}
		before = now
	}
}
