package handlers

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/cmd/loadgen/seed"
	"github.com/tablekeeper/tablekeeper/store"
)

// The spreadsheet file: a byte-order mark, the language's separator (or
// the one asked for), times in the group's zone, formulas made inert.
func TestCSVReadsBackInTheGroupsZone(t *testing.T) {
	f := newStandingsFixture(t, "Chloé", "=2+3")
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Skip("no time zone data:", err)
	}
	f.app.srv.zone = paris
	// 00:30 in Paris on 1 June is 22:30 UTC on 31 May.
	f.play("take5", time.Date(2026, 5, 31, 22, 30, 0, 0, time.UTC), []string{"Chloé", "=2+3"}, []int{5, 1})
	base := "/g/" + f.slug
	for _, tt := range []struct {
		lang, query string
		sep         rune
	}{{"fr", "", ';'}, {"en", "", ','}, {"fr", "?sep=comma", ','}, {"en", "?sep=semicolon", ';'}} {
		f.c.lang = tt.lang
		rec := f.c.get(base + "/export.csv" + tt.query)
		body := rec.Body.Bytes()
		if rec.Code != http.StatusOK || !bytes.HasPrefix(body, []byte("\xef\xbb\xbf")) {
			t.Fatalf("%s%s: status %d, starts %q", tt.lang, tt.query, rec.Code, body[:min(len(body), 8)])
		}
		r := csv.NewReader(bytes.NewReader(body[3:]))
		r.Comma = tt.sep
		rows, err := r.ReadAll()
		if err != nil || len(rows) != 3 {
			t.Fatalf("%s%s: %d rows, %v", tt.lang, tt.query, len(rows), err)
		}
		want := [][]string{
			{"match", "game", "started", "finished", "round", "status", "seat", "player", "points", "match_total", "place", "result", "guest", "left_after_round", "ended_early"},
			{rows[1][0], "Take 5!", "2026-06-01 00:30", "2026-06-01 00:30", "1", "live", "1", "Chloé", "5", "5", "1", "", "", "", ""},
			{rows[1][0], "Take 5!", "2026-06-01 00:30", "2026-06-01 00:30", "1", "live", "2", "'=2+3", "1", "1", "2", "", "", "", ""},
		}
		for i := range want {
			if strings.Join(rows[i], "|") != strings.Join(want[i], "|") {
				t.Errorf("%s%s: row %d = %q, want %q", tt.lang, tt.query, i, rows[i], want[i])
			}
		}
	}
	f.c.lang = "fr"
	if page := f.c.get(base + "/export").Body.String(); !strings.Contains(page, base+"/export.csv?sep=comma") || !strings.Contains(page, base+"/export.json.gz") {
		t.Errorf("the export page offers neither the other separator nor the compressed file")
	}
}

// The compressed complete file is the complete file, and imports over HTTP
// to a group whose export is the same.
func TestCompressedCompleteFileImports(t *testing.T) {
	f := newStandingsFixture(t, "Ana", "Ben")
	f.playSampled("fivecrowns", day(2026, 2, 1, 21), []string{"Ana", "Ben"}, 1)
	base := "/g/" + f.slug
	plain := f.c.get(base + "/export.json").Body.Bytes()
	rec := f.c.get(base + "/export.json.gz")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Header().Get("Content-Disposition"), ".json.gz") {
		t.Fatalf("export.json.gz: %d %v", rec.Code, rec.Header())
	}
	file := bytes.Clone(rec.Body.Bytes())
	zr, err := gzip.NewReader(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	unzipped, _ := io.ReadAll(zr)
	if sameExport(t, unzipped, plain); t.Failed() {
		return
	}
	imp := postFile(f.c, base+"/import", url.Values{"display": {"Zoé"}}, file)
	if imp.Code != http.StatusSeeOther {
		t.Fatalf("import of the .gz: %d %s", imp.Code, imp.Body)
	}
	slug := strings.TrimPrefix(imp.Header().Get("Location"), "/g/")
	sameExport(t, f.c.get("/g/"+slug+"/export.json").Body.Bytes(), plain)
}

// sameExport: the two files hold the same group, apart from the export time
// and the ids an import renumbers in the same order.
func sameExport(t *testing.T, got, want []byte) {
	t.Helper()
	var g, w store.Export
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("not an export: %v", err)
	}
	json.Unmarshal(want, &w)
	norm := func(e *store.Export) {
		e.ExportedAt = ""
		ids := map[int64]int64{}
		for i := range e.Players {
			ids[e.Players[i].ID] = int64(i + 1)
			e.Players[i].ID = int64(i + 1)
		}
		for i := range e.Matches {
			e.Matches[i].ID = int64(i + 1)
			for k := range e.Matches[i].Seats {
				e.Matches[i].Seats[k].Player = ids[e.Matches[i].Seats[k].Player]
			}
		}
	}
	norm(&g)
	norm(&w)
	gb, _ := json.Marshal(g)
	wb, _ := json.Marshal(w)
	if !bytes.Equal(gb, wb) {
		t.Errorf("exports differ:\n got %.600s\nwant %.600s", gb, wb)
	}
}

// A 10,000-match group exports (compressed) and imports over HTTP, every
// round checked with its game's engine, in bounded memory; the test logs the
// time and the heap's peak (see docs/PERFORMANCE.md).
func TestTenThousandMatchGroupMovesOverHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("seeds 10,000 matches")
	}
	app := newTestApp(t)
	ctx := context.Background()
	res, err := seed.Seed(ctx, app.store, seed.Config{Groups: 1, PlayersPerGroup: 20, Matches: 10000, Seed: 18})
	if err != nil {
		t.Fatal(err)
	}
	g := res.Groups[0]
	c := app.client()
	c.cookies[sessionCookie] = &http.Cookie{Name: sessionCookie, Value: g.Session}
	base := "/g/" + g.Slug

	var peak atomic.Uint64
	stop := watchHeap(&peak)
	start := time.Now()
	rec := c.get(base + "/export.json.gz")
	exportTook, exportPeak := time.Since(start), stop()
	if rec.Code != http.StatusOK {
		t.Fatalf("export: %d", rec.Code)
	}
	file := rec.Body.Bytes()
	zr, _ := gzip.NewReader(bytes.NewReader(file))
	plain, _ := io.Copy(io.Discard, zr)

	runtime.GC()
	app.store.LongestWriteHold() // a new measurement: the import's
	stop = watchHeap(&peak)
	start = time.Now()
	imp := postFile(c, base+"/import", url.Values{"display": {"Zoé"}}, file)
	importTook, importPeak := time.Since(start), stop()
	hold := app.store.LongestWriteHold()
	if imp.Code != http.StatusSeeOther {
		t.Fatalf("import: %d %.300s", imp.Code, imp.Body)
	}
	slug := strings.TrimPrefix(imp.Header().Get("Location"), "/g/")
	ng, _ := app.store.GroupBySlug(ctx, slug)
	var n int
	app.store.ExportTo(ctx, ng.ID, func(store.Export) error { return nil }, func(store.ExportMatch) error { n++; return nil })
	if n != 10000 {
		t.Errorf("%d matches imported, want 10,000", n)
	}
	t.Logf("10,000 matches: file %.1f MiB compressed, %.1f MiB as JSON; export %v (heap peak %.0f MiB); import %v (heap peak %.0f MiB, longest write-lock hold %v)",
		float64(len(file))/(1<<20), float64(plain)/(1<<20), exportTook.Round(time.Millisecond), float64(exportPeak)/(1<<20),
		importTook.Round(time.Millisecond), float64(importPeak)/(1<<20), hold.Round(time.Microsecond))
	if importPeak > 256<<20 {
		t.Errorf("the import's heap reached %d MiB", importPeak>>20)
	}
}

// watchHeap samples the heap in use until the returned stop is called,
// which returns the highest sample.
func watchHeap(peak *atomic.Uint64) func() uint64 {
	peak.Store(0)
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	return func() uint64 { close(done); <-stopped; return peak.Load() }
}

// The BG Stats file of a group holds its finished matches: players, final
// scores, winners (the lowest total in Five Crowns) and places.
func TestBGStatsExport(t *testing.T) {
	f := newStandingsFixture(t, "Ana", "Ben")
	f.play("fivecrowns", day(2026, 2, 1, 21), []string{"Ana", "Ben"}, []int{0, 10}, []int{5, 0})
	rec := f.c.get("/g/" + f.slug + "/export.bgstats.json")
	var out struct {
		Games   []struct{ Name string }
		Players []struct {
			ID   int64
			Name string
		}
		Plays []struct {
			PlayerScores []struct {
				PlayerRefID int64
				Score       string
				Winner      bool
				Rank        int
			}
		}
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil || rec.Code != http.StatusOK {
		t.Fatalf("%d %v %.300s", rec.Code, err, rec.Body)
	}
	if len(out.Games) != 1 || out.Games[0].Name != "Five Crowns" || len(out.Plays) != 1 || len(out.Plays[0].PlayerScores) != 2 {
		t.Fatalf("file %+v", out)
	}
	ps := out.Plays[0].PlayerScores
	if ps[0].Score != "5" || ps[1].Score != "10" || !ps[0].Winner || ps[1].Winner || ps[1].Rank != 2 {
		t.Errorf("scores %+v", ps)
	}
}
