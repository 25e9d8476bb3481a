package handlers

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/tablekeeper/tablekeeper/cmd/loadgen/seed"
)

// Page-render benchmarks through the real router on a seeded store: one
// group of 20 players with 100 finished matches of the four games (the
// loadgen's group, a fiftieth of its database), the pages phones ask for
// most. Run: go test -run XXX -bench . -benchmem ./handlers/

type benchSite struct {
	app *testApp
	g   seed.Group
}

// benchSeeded seeds a fresh store for a top-level benchmark (about 0.1 s).
func benchSeeded(b *testing.B) benchSite {
	b.Helper()
	app := newTestApp(b)
	cfg := seed.Config{Groups: 1, PlayersPerGroup: 20, Matches: 100, InProgress: 4, OpenFiveCrowns: 4, Seed: 9}
	sd, err := seed.Seed(context.Background(), app.store, cfg)
	if err != nil {
		b.Fatal(err)
	}
	return benchSite{app: app, g: sd.Groups[0]}
}

func benchGet(b *testing.B, site benchSite, path string, hdr map[string]string) {
	b.Helper()
	b.ReportAllocs()
	var size int
	for b.Loop() {
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
func BenchmarkScoresheet(b *testing.B) {
	site := benchSeeded(b)
	for _, game := range []string{"fivecrowns", "take5", "taki", "takefive"} {
		m := inProgress(site, game)
		b.Run(game+"/inprogress", func(b *testing.B) {
			benchGet(b, site, fmt.Sprintf("/g/%s/matches/%d", site.g.Slug, m.ID), nil)
		})
	}
	for _, m := range site.g.Finished {
		if m.Game == "fivecrowns" {
			b.Run("fivecrowns/finished", func(b *testing.B) {
				benchGet(b, site, fmt.Sprintf("/g/%s/matches/%d", site.g.Slug, m.ID), nil)
			})
			break
		}
	}
	m := inProgress(site, "fivecrowns")
	b.Run("fivecrowns/inprogress/gzip", func(b *testing.B) {
		benchGet(b, site, fmt.Sprintf("/g/%s/matches/%d", site.g.Slug, m.ID), map[string]string{"Accept-Encoding": "gzip"})
	})
}

// BenchmarkStandings renders the group's standings over its whole history.
func BenchmarkStandings(b *testing.B) {
	site := benchSeeded(b)
	path := "/g/" + site.g.Slug + "/standings"
	if code := status(site, path); code != http.StatusOK {
		b.Skipf("%s answers %d: standings not there yet", path, code)
	}
	benchGet(b, site, path, nil)
}

// BenchmarkHome renders the home page of a browser that belongs to a group.
func BenchmarkHome(b *testing.B) {
	site := benchSeeded(b)
	benchGet(b, site, "/", nil)
}

// BenchmarkGroupHome renders the group's page (its recent matches).
func BenchmarkGroupHome(b *testing.B) {
	site := benchSeeded(b)
	benchGet(b, site, "/g/"+site.g.Slug, nil)
}

func status(site benchSite, path string) int {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.AddCookie(&http.Cookie{Name: sessionCookie, Value: site.g.Session})
	rec := httptest.NewRecorder()
	site.app.e.ServeHTTP(rec, req)
	return rec.Code
}
