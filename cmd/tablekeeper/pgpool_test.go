package main

import (
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"testing"

	"github.com/tablekeeper/tablekeeper/internal/pgtest"
)

// A round of one of the group's own games (custom-N) saves on PostgreSQL
// with a pool of one connection: the save's transaction holds that
// connection, so nothing decided inside it may wait for another (the
// group's games are read before it begins). Deciding with a read from the
// pool, the save waited out the database timeout and failed.
func TestOwnGameSavesOnAPoolOfOne(t *testing.T) {
	if testing.Short() {
		t.Skip("a server on PostgreSQL: skipped with -short")
	}
	db := pgtest.Database(t)
	bin := buildServer(t, t.TempDir())
	t.Setenv("TABLEKEEPER_DB_POOL", "1")
	t.Setenv("TABLEKEEPER_DB_TIMEOUT", "1s")
	addr := freeAddr(t)
	srv := startServer(t, bin, db, addr)
	defer func() {
		srv.Process.Signal(syscall.SIGTERM)
		srv.Wait()
	}()
	p := newPhone(t, "http://"+addr)
	slug := p.createGroup()
	if code := p.post("/g/"+slug+"/players", url.Values{"name": {"Ben"}}); code != http.StatusSeeOther {
		t.Fatalf("add Ben: status %d", code)
	}
	if code := p.post("/g/"+slug+"/games", url.Values{"name": {"Quibbo"}, "how": {"low"}, "entry": {"rounds"}, "end": {"hand"}}); code != http.StatusSeeOther {
		t.Fatalf("add Quibbo: status %d", code)
	}
	form := url.Values{"game": {"custom-1"}}
	for i, id := range p.playerIDs(slug) {
		form.Set("seat_"+id, string(rune('1'+i)))
	}
	match := p.location("/g/"+slug+"/matches", form)
	if match == "" {
		t.Fatal("no Quibbo match started")
	}
	if code := p.post(match+"/rounds", url.Values{"op": {"save"}, "v_0": {"12"}, "v_1": {"7"}}); code != http.StatusSeeOther {
		t.Fatalf("Quibbo's round 1: status %d, want 303", code)
	}
	if page := p.body(match); strings.Count(page, `data-testid="round-row"`) != 1 || !strings.Contains(page, ">12<") || !strings.Contains(page, ">7<") {
		t.Errorf("the sheet after the save does not show round 1 (12, 7)")
	}
}
