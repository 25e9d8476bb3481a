package handlers

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/store"
)

// BenchmarkFirstHistoryPagesAfterRestart is issue 40's "first standings,
// player and records pages after a restart cost at most 2× a warm one at
// 10,000 matches", measured in one run: each iteration opens the database
// anew and starts a new Server on it (a deploy: a new process) and asks
// the page at once, no warm-up run; the warm figure is the same page asked
// again of that server. (A Server left registered on a store shared by
// the iterations stays reachable: the heap grew by one server each, and
// the collector ran all the time.) Both
// are the process's CPU per page (cpu-ns/op and warm-cpu-ns/op), the page
// built afresh (the page cache emptied), and the bytes it allocated
// (B/page, warm-B/page: what the collector will have to follow). Before
// each, the collector is run: a new Server allocates some 40 MB (its
// translator, templates, assets), and the collection that starts would
// otherwise be counted to whichever page runs beside it.
func BenchmarkFirstHistoryPagesAfterRestart(b *testing.B) {
	servedMemory(b)
	db := filepath.Join(b.TempDir(), "test.db")
	app := newTestAppAt(b, testGames(), db, nil)
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
	historyPage(b, first, created.SessionToken, base+"/standings", "first")
	first.srv.ledgers.keeps.Wait()
	pages := []struct{ name, path string }{
		{"standings", base + "/standings"},
		{"player", fmt.Sprintf("%s/players/%d", base, players[0].ID)},
		{"records", base + "/records"},
	}
	for _, p := range pages {
		b.Run(p.name, func(b *testing.B) {
			var cold, warm, coldBytes, warmBytes int64
			n := 0
			for b.Loop() {
				st, err := store.Open(ctx, db)
				if err != nil {
					b.Fatal(err)
				}
				st.Now = app.store.Now
				srv, e, err := newServer(Config{Store: st, Games: testGames(), BaseURL: "http://tk.test"})
				if err != nil {
					b.Fatal(err)
				}
				a := &testApp{t: b, e: e, store: st, srv: srv}
				cpu, bytes := historyPage(b, a, created.SessionToken, p.path, "cold")
				cold, coldBytes = cold+cpu, coldBytes+bytes
				cpu, bytes = historyPage(b, a, created.SessionToken, p.path, "warm")
				warm, warmBytes = warm+cpu, warmBytes+bytes
				srv.ledgers.keeps.Wait()
				st.Close()
				n++
			}
			b.ReportMetric(float64(cold)/float64(n), "cpu-ns/op")
			b.ReportMetric(float64(warm)/float64(n), "warm-cpu-ns/op")
			b.ReportMetric(float64(cold)/float64(warm), "cold/warm")
			b.ReportMetric(float64(coldBytes)/float64(n), "B/page")
			b.ReportMetric(float64(warmBytes)/float64(n), "warm-B/page")
		})
	}
}

// historyPage asks a page of a's server afresh (not from the page cache),
// the collector run first, and returns the process's CPU it took and the
// bytes it allocated. Its profile samples are labelled page=which.
func historyPage(b *testing.B, a *testApp, session, path, which string) (int64, int64) {
	a.srv.cache.dropPages()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.AddCookie(&http.Cookie{Name: sessionCookie, Value: session})
	for k, v := range phoneHeaders {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	cpu0 := processCPU()
	pprof.Do(context.Background(), pprof.Labels("page", which), func(context.Context) { a.e.ServeHTTP(rec, req) })
	took := processCPU() - cpu0
	runtime.ReadMemStats(&m1)
	if rec.Code != http.StatusOK {
		b.Fatalf("GET %s: %d", path, rec.Code)
	}
	return took, int64(m1.TotalAlloc - m0.TotalAlloc)
}
