package handlers

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/cmd/loadgen/seed"
	"github.com/tablekeeper/tablekeeper/internal/memory"
	"github.com/tablekeeper/tablekeeper/store"
)

// Page-render benchmarks through the real router on a seeded store: one
// group of 20 players with 100 finished matches of the four games (the
// loadgen's group, a fiftieth of its database), the pages phones ask for
// most. Run: go test -run XXX -bench . -benchmem ./handlers/

type benchSite struct {
	app *testApp
	g   seed.Group
}

// benchSeeded seeds a fresh store for a top-level benchmark (about 0.1 s),
// with the runtime's memory settings the server runs with (servedMemory).
func benchSeeded(b *testing.B) benchSite {
	b.Helper()
	servedMemory(b)
	app := newTestApp(b)
	cfg := seed.Config{Groups: 1, PlayersPerGroup: 20, Matches: 100, InProgress: 4, OpenFiveCrowns: 4, Seed: 9}
	sd, err := seed.Seed(context.Background(), app.store, cfg)
	if err != nil {
		b.Fatal(err)
	}
	return benchSite{app: app, g: sd.Groups[0]}
}

// servedMemory gives the benchmark the memory limit and collector pace the
// server runs with (internal/memory, as cmd/tablekeeper sets them), so that
// its cpu-ns/op counts the collections the server pays, not those of the
// test binary's default GOGC 100; GOGC or GOMEMLIMIT still override them.
func servedMemory(b *testing.B) {
	b.Cleanup(memory.Configure(os.Getenv))
}

// phoneHeaders is what a phone's browser sends with every request.
var phoneHeaders = map[string]string{"Accept-Encoding": "gzip, deflate, br", "Accept-Language": "fr-FR,fr;q=0.9,en;q=0.8"}

// benchCold is benchGet with the kept pages dropped before each request:
// the page built from the database, as after a write.
func benchCold(b *testing.B, site benchSite, path string) {
	benchPage(b, site, path, phoneHeaders, true)
}

func benchGet(b *testing.B, site benchSite, path string, hdr map[string]string) {
	benchPage(b, site, path, hdr, false)
}

func benchPage(b *testing.B, site benchSite, path string, hdr map[string]string, cold bool) {
	b.Helper()
	b.ReportAllocs()
	var size int
	cpu0, n := processCPU(), 0
	for b.Loop() {
		n++
		if cold {
			site.app.srv.cache.dropPages()
		}
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.AddCookie(&http.Cookie{Name: sessionCookie, Value: site.g.Session})
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		site.app.e.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("GET %s: status %d", path, rec.Code)
		}
		size = rec.Body.Len()
	}
	b.ReportMetric(float64(size), "bytes/page")
	b.ReportMetric(float64(processCPU()-cpu0)/float64(n), "cpu-ns/op")
}

// processCPU is the CPU time the test process has used (user and system, all
// threads, the collector's included), in ns: on a shared machine it tells a
// page's cost better than the wall clock, which counts waiting for a core.
func processCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

func inProgress(site benchSite, game string) seed.Match {
	for _, m := range site.g.InProgress {
		if m.Game == game {
			return m
		}
	}
	return site.g.Finished[0]
}

// BenchmarkScoresheet renders a match page: each game half played (with
// its round form), and a finished Five Crowns match.
// "cold" is the page built from the database (the first request after a
// write), "kept" the same page asked again: answered from the page cache
// when it holds nothing per request (a finished match), built again with a
// fresh submit key otherwise (a match in progress); both as a
// phoneHeaders asks (gzip, French first). "plain" is a kept page for a client
// without gzip (unzipped on each answer).
func BenchmarkScoresheet(b *testing.B) {
	site := benchSeeded(b)
	for _, game := range []string{"fivecrowns", "take5", "taki", "takefive"} {
		path := fmt.Sprintf("/g/%s/matches/%d", site.g.Slug, inProgress(site, game).ID)
		b.Run(game+"/inprogress/cold", func(b *testing.B) { benchCold(b, site, path) })
		b.Run(game+"/inprogress/kept", func(b *testing.B) { benchGet(b, site, path, phoneHeaders) })
	}
	for _, m := range site.g.Finished {
		if m.Game == "fivecrowns" {
			b.Run("fivecrowns/finished/cold", func(b *testing.B) {
				benchCold(b, site, fmt.Sprintf("/g/%s/matches/%d", site.g.Slug, m.ID))
			})
			b.Run("fivecrowns/finished/kept", func(b *testing.B) {
				benchGet(b, site, fmt.Sprintf("/g/%s/matches/%d", site.g.Slug, m.ID), phoneHeaders)
			})
			break
		}
	}
	path := fmt.Sprintf("/g/%s/matches/%d", site.g.Slug, inProgress(site, "fivecrowns").ID)
	b.Run("fivecrowns/inprogress/plain", func(b *testing.B) { benchGet(b, site, path, nil) })
}

// BenchmarkNewMatchPageLargestGroup renders the new-match page of the
// largest group allowed (1,000 players): the budget's row 1, under 100 ms
// (TestLargestGroupNewMatchAndExport holds that it grows with the players).
func BenchmarkNewMatchPageLargestGroup(b *testing.B) {
	servedMemory(b)
	app := newTestApp(b)
	g, err := app.store.CreateGroup(context.Background(), "Big", "Ana", "")
	if err != nil {
		b.Fatal(err)
	}
	addPlayersUpToLimit(b, app.store, g.Group.ID)
	site := benchSite{app: app, g: seed.Group{ID: g.Group.ID, Slug: g.Group.Slug, Session: g.SessionToken}}
	benchGet(b, site, "/g/"+g.Group.Slug+"/matches/new?game=fivecrowns", phoneHeaders)
}

// BenchmarkStandings renders the group's standings over its whole history.
func BenchmarkStandings(b *testing.B) {
	site := benchSeeded(b)
	path := "/g/" + site.g.Slug + "/standings"
	if code := status(site, path); code != http.StatusOK {
		b.Skipf("%s answers %d: standings not there yet", path, code)
	}
	b.Run("cold", func(b *testing.B) { benchCold(b, site, path) })
	b.Run("kept", func(b *testing.B) { benchGet(b, site, path, phoneHeaders) })
}

// BenchmarkHome renders the home page of a browser that belongs to a group.
func BenchmarkHome(b *testing.B) {
	site := benchSeeded(b)
	benchGet(b, site, "/", nil)
}

// BenchmarkGroupHome renders the group's page (its recent matches, its
// invite and QR code), cold and kept.
func BenchmarkGroupHome(b *testing.B) {
	site := benchSeeded(b)
	b.Run("cold", func(b *testing.B) { benchCold(b, site, "/g/"+site.g.Slug) })
	b.Run("kept", func(b *testing.B) { benchGet(b, site, "/g/"+site.g.Slug, phoneHeaders) })
}

func status(site benchSite, path string) int {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.AddCookie(&http.Cookie{Name: sessionCookie, Value: site.g.Session})
	rec := httptest.NewRecorder()
	site.app.e.ServeHTTP(rec, req)
	return rec.Code
}

// dropPages forgets the kept pages but not the members.
func (p *pageCache) dropPages() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, g := range p.groups {
		clear(g.pages)
	}
	p.bytes = 0
}

// BenchmarkSaveRound saves the next round of an open Five Crowns match as a
// phone does with htmx (typed points, one player out) and reads the answer:
// the sheet as it stands after the save.
func BenchmarkSaveRound(b *testing.B) {
	servedMemory(b)
	app := newTestApp(b)
	cfg := seed.Config{Groups: 1, PlayersPerGroup: 20, Matches: 10, InProgress: 0, OpenFiveCrowns: 600, Seed: 9}
	sd, err := seed.Seed(context.Background(), app.store, cfg)
	if err != nil {
		b.Fatal(err)
	}
	g := sd.Groups[0]
	b.ReportAllocs()
	i := 0
	cpu0 := processCPU()
	for b.Loop() {
		m, round := g.Open[(i/11)%len(g.Open)], i%11+1
		if i >= 11*len(g.Open) {
			b.Fatal("out of open matches")
		}
		form := url.Values{"op": {"save"}, "submitKey": {fmt.Sprintf("%d.k%d", round, i)}, "mode_0": {"out"}}
		for s := 1; s < m.Seats; s++ {
			form.Set(fmt.Sprintf("mode_%d", s), "points")
			form.Set(fmt.Sprintf("points_%d", s), fmt.Sprint(3+(i+s)%40)) // a hand leaves 0, or 3 and more
		}
		req := httptest.NewRequest(http.MethodPost, fmt.Sprintf("/g/%s/matches/%d/rounds", g.Slug, m.ID), strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("HX-Request", "true")
		for k, v := range phoneHeaders {
			req.Header.Set(k, v)
		}
		req.AddCookie(&http.Cookie{Name: sessionCookie, Value: g.Session})
		rec := httptest.NewRecorder()
		app.e.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("save %d: status %d", i, rec.Code)
		}
		i++
	}
	b.ReportMetric(float64(processCPU()-cpu0)/float64(i), "cpu-ns/op")
}

// BenchmarkHistoryPages builds the standings, player, records and group
// pages of a group of 20 players with 100, 1,000 and 10,000 finished
// matches (a match every 9 hours up to today, 22 November 2026), each page
// built afresh (the page cache emptied before each request), after one
// warm-up request. "season" is the current year (the default, 100 matches
// or 869), "month" a season of the last 30 days (80 matches at every
// size), "all" all time.
func BenchmarkHistoryPages(b *testing.B) {
	servedMemory(b)
	for _, n := range []int{100, 1000, 10000} {
		app := newTestApp(b)
		now := time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)
		app.store.Now = func() time.Time { return now }
		ctx := context.Background()
		created, err := app.store.ImportGroup(ctx, benchHistoryExport(n, now), "Ana", "")
		if err != nil {
			b.Fatal(err)
		}
		gid, slug := created.Group.ID, created.Group.Slug
		players, err := app.store.Players(ctx, gid)
		if err != nil || len(players) == 0 {
			b.Fatal(err)
		}
		month, err := app.store.AddSeason(ctx, gid, "Month", now.AddDate(0, 0, -30).Truncate(24*time.Hour), now.Truncate(24*time.Hour))
		if err != nil {
			b.Fatal(err)
		}
		site := benchSite{app: app}
		site.g.Session = created.SessionToken
		base := "/g/" + slug
		pages := []struct{ name, path string }{
			{"standings/season", base + "/standings"},
			{"standings/month", base + fmt.Sprintf("/standings?season=%d", month.ID)},
			{"standings/all", base + "/standings?season=all"},
			{"player/season", base + fmt.Sprintf("/players/%d", players[0].ID)},
			{"player/all", base + fmt.Sprintf("/players/%d?season=all", players[0].ID)},
			{"records/season", base + "/records"},
			{"records/all", base + "/records?season=all"},
			{"group", base},
		}
		for _, p := range pages {
			status(site, p.path) // warm-up: what is kept between writes is kept
			b.Run(fmt.Sprintf("%d/%s", n, p.name), func(b *testing.B) { benchCold(b, site, p.path) })
		}
	}
}

// benchHistoryExport is benchExport's group of 20 players with n matches
// dated every 9 hours up to 2 hours before now.
func benchHistoryExport(n int, now time.Time) store.Export {
	e := benchExport(20, n)
	for i := range e.Matches {
		at := now.Add(-2*time.Hour - time.Duration(n-1-i)*9*time.Hour).Format("2006-01-02T15:04:05.000Z")
		m := &e.Matches[i]
		m.CreatedAt, m.FinishedAt = at, &at
		for r := range m.Rounds {
			m.Rounds[r].CreatedAt = at
			for v := range m.Rounds[r].Revisions {
				m.Rounds[r].Revisions[v].At = at
			}
		}
	}
	return e
}
