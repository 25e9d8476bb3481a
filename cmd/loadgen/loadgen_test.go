package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

// TestSmoke runs the whole load generator in-process on a tiny database for
// a few milliseconds per cell: every section must print and nothing fail.
func TestSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("loadgen smoke test: skipped with -short")
	}
	o := options{groups: 2, players: 6, matches: 20, bigMatches: 60, duration: 50 * time.Millisecond, warmup: 10 * time.Millisecond,
		levels: []int{1, 4}, watchers: 5, liveSaves: 2, inProcess: true, maxPerLevel: 1000, only: map[string]bool{}}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var out bytes.Buffer
	if err := run(ctx, o, &out); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	for _, want := range []string{"== seed", "== page weight", "first load, everything the page links", "home-screen icons, fetched only when the app is installed", "round saved and swapped in",
		"static (ceiling)", "scoresheet", "round save (htmx)", "referee take5/play", "matches: records", "== live update", "== targets"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	// Issue 26 retired the club evening's verdicts: its reads are built for
	// each answer by design, so they are shown as capacity, never judged.
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.Contains(l, sheetClub) && (strings.HasPrefix(l, "[MET ]") || strings.HasPrefix(l, "[MISS]")) {
			t.Errorf("the club evening is still judged: %s", l)
		}
	}
	if !strings.Contains(out.String(), "[----] "+sheetClub) {
		t.Errorf("the club evening's capacity is not shown among the targets:\n%s", out.String())
	}
}
