package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/store"
)

// The phones watching a match are told of every change to it, whoever made
// it, by the store's word that it was written: a save, a correction, an
// undo, a player who leaves, a round written with no request at all, and a
// deletion, which names who deleted the match. Each event carries the
// version the sheet then shows, so the phone that refetches finds it.
func TestWatchersAreToldOfEveryWrite(t *testing.T) {
	app := newTestApp(t)
	a := app.client()
	slug := a.group("Table")
	ids := a.players(slug, "Ana", "Ben", "Chloé")
	matchURL := fcMatch(t, a, slug, ids, "1")
	id, _ := strconv.ParseInt(matchURL[strings.LastIndex(matchURL, "/")+1:], 10, 64)
	g, _ := app.store.GroupBySlug(context.Background(), slug)
	events, stop := app.srv.live.subscribe(g.ID, id)
	defer stop()
	told := func(what string) string {
		t.Helper()
		select {
		case v := <-events:
			return v
		case <-time.After(10 * time.Second): // a deadline, not a measure: without the event the test would hang
			t.Fatalf("%s: the watchers were not told", what)
			return ""
		}
	}
	shown := func() string {
		v, _ := doc(t, a.get(matchURL)).Find("#scores").Attr("data-version")
		return v
	}
	save := url.Values{"op": {"save"}, "submitKey": {"1.k"}, "mode_0": {"out"}, "mode_1": {"points"}, "points_1": {"12"}, "mode_2": {"points"}, "points_2": {"5"}}
	if rec := a.post(matchURL+"/rounds", save); rec.Code != http.StatusSeeOther {
		t.Fatalf("save: %d", rec.Code)
	}
	if v, want := told("a save"), shown(); v != want {
		t.Errorf("a save told version %q, the sheet shows %q", v, want)
	}
	rounds, _ := app.store.Rounds(context.Background(), id)
	round := matchURL + "/rounds/" + strconv.FormatInt(rounds[0].ID, 10)
	fix := url.Values{"op": {"save"}, "version": {"1"}, "mode_0": {"out"}, "mode_1": {"points"}, "points_1": {"20"}, "mode_2": {"points"}, "points_2": {"5"}}
	if rec := a.post(round, fix); rec.Code != http.StatusSeeOther {
		t.Fatalf("correction: %d", rec.Code)
	}
	if v, want := told("a correction"), shown(); v != want {
		t.Errorf("a correction told version %q, the sheet shows %q", v, want)
	}
	writeRound(t, app.store, slug, id, store.RoundWrite{Kind: store.WriteAdd, Number: 2, Entry: json.RawMessage(`{"v":1}`), Points: []int{0, 3, 4}, Author: "Ben"})
	app.wrote()
	if v, want := told("a round written with no request"), shown(); v != want {
		t.Errorf("a round written with no request told version %q, the sheet shows %q", v, want)
	}
	rounds, _ = app.store.Rounds(context.Background(), id)
	if rec := a.post(matchURL+"/undo", url.Values{"round": {strconv.FormatInt(rounds[len(rounds)-1].ID, 10)}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("undo: %d", rec.Code)
	}
	if v, want := told("an undo"), shown(); v != want {
		t.Errorf("an undo told version %q, the sheet shows %q", v, want)
	}
	if rec := a.post(matchURL+"/leave", url.Values{"seat": {"2"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("leave: %d", rec.Code)
	}
	if v, want := told("a departure"), shown(); v != want {
		t.Errorf("a departure told version %q, the sheet shows %q", v, want)
	}
	if rec := a.post(matchURL+"/delete", url.Values{}); rec.Code != http.StatusSeeOther {
		t.Fatalf("delete: %d", rec.Code)
	}
	if v := told("a deletion"); v != deletedEvent+"Ana" {
		t.Errorf("a deletion told %q, want %q", v, deletedEvent+"Ana")
	}
}
