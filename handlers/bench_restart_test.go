package handlers

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// BenchmarkFirstHistoryPagesAfterRestart is issue 40's "first standings,
// player and records pages after a restart cost at most 2× a warm one at
// 10,000 matches", measured in one run: each iteration starts a new Server
// on the same database (a deploy) and asks the page at once, no warm-up
// run; the warm figure is the same page asked again of that server. Both
// are the process's CPU per page (cpu-ns/op and warm-cpu-ns/op), the page
// built afresh (the page cache emptied).
func BenchmarkFirstHistoryPagesAfterRestart(b *testing.B) {
	servedMemory(b)
	app := newTestApp(b)
	now := time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)
	app.store.Now = func() time.Time { return now }
	ctx := context.Background()
	created, err := app.store.ImportGroup(ctx, benchHistoryExport(10000, now), "Ana", "")
	if err != nil {
		b.Fatal(err)
	}
	players, err := app.store.Players(ctx, created.Group.ID)
	if err != nil || len(players) == 0 {
		b.Fatal(err)
	}
	base := "/g/" + created.Group.Slug
	// The first server builds the ledger once, as a server that ran before
	// the restart did.
	first := &testApp{t: b, e: app.e, store: app.store, srv: app.srv}
	historyPage(b, first, created.SessionToken, base+"/standings")
	pages := []struct{ name, path string }{
		{"standings", base + "/standings"},
		{"player", fmt.Sprintf("%s/players/%d", base, players[0].ID)},
		{"records", base + "/records"},
	}
	for _, p := range pages {
		b.Run(p.name, func(b *testing.B) {
			var cold, warm int64
			n := 0
			for b.Loop() {
				srv, e, err := newServer(Config{Store: app.store, Games: testGames(), BaseURL: "http://tk.test"})
				if err != nil {
					b.Fatal(err)
				}
				a := &testApp{t: b, e: e, store: app.store, srv: srv}
				cold += historyPage(b, a, created.SessionToken, p.path)
				warm += historyPage(b, a, created.SessionToken, p.path)
				n++
			}
			b.ReportMetric(float64(cold)/float64(n), "cpu-ns/op")
			b.ReportMetric(float64(warm)/float64(n), "warm-cpu-ns/op")
			b.ReportMetric(float64(cold)/float64(warm), "cold/warm")
		})
	}
}

// historyPage asks a page of a's server afresh (not from the page cache)
// and returns the process's CPU it took.
func historyPage(b *testing.B, a *testApp, session, path string) int64 {
	a.srv.cache.dropPages()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.AddCookie(&http.Cookie{Name: sessionCookie, Value: session})
	for k, v := range phoneHeaders {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	cpu0 := processCPU()
	a.e.ServeHTTP(rec, req)
	took := processCPU() - cpu0
	if rec.Code != http.StatusOK {
		b.Fatalf("GET %s: %d", path, rec.Code)
	}
	return took
}
