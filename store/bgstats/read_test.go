package bgstats

import (
	"bytes"
	"compress/gzip"
	"errors"
	"github.com/tablekeeper/tablekeeper/store"
	"os"
	"strings"
	"testing"
	"time"
)

// The fixture reads the same plain, after a byte-order mark and gzipped;
// a foreign or damaged file says it is not a BG Stats export.
func TestRead(t *testing.T) {
	b, err := os.ReadFile("testdata/bgstats.json")
	if err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write(b)
	w.Close()
	for name, in := range map[string][]byte{"plain": b, "bom": append([]byte("\ufeff"), b...), "gzip": z.Bytes()} {
		f, err := Read(bytes.NewReader(in))
		if err != nil || len(f.Games) != 4 || len(f.Players) != 3 || len(f.Plays) == 0 {
			t.Fatalf("%s: %d games, %d players, %d plays (%v)", name, len(f.Games), len(f.Players), len(f.Plays), err)
		}
	}
	for _, bad := range []string{"", "[]", `{"format":"tablekeeper.group"}`, `{"plays":[{"playDate":3}]}`, string(b[:len(b)/2])} {
		if _, err := Read(strings.NewReader(bad)); !errors.Is(err, ErrNotBGStats) {
			t.Errorf("%.30q: %v, want ErrNotBGStats", bad, err)
		}
	}
}

// A play keeps its uuid as the match's, and the export gives it back; a
// play without one gets the same made-up uuid at every import.
func TestPlayKeys(t *testing.T) {
	f := File{Games: []Game{{ID: 1, Name: "Taki"}}, Players: []Player{{ID: 1, Name: "Ana"}, {ID: 2, Name: "Ben"}},
		Plays: []Play{
			{PlayDate: "2025-01-02 20:00:00", GameRefID: 1, UUID: "u-1", PlayerScores: []Score{{PlayerRefID: 1, Score: "3"}, {PlayerRefID: 2, Score: "1"}}},
			{PlayDate: "2025-01-03 20:00:00", GameRefID: 1, PlayerScores: []Score{{PlayerRefID: 1, Score: "3"}, {PlayerRefID: 2, Score: "1"}}},
		}}
	_, ms, _ := Import(f, ours.Proposed(f), nil, time.UTC, lowWins)
	_, again, _ := Import(f, ours.Proposed(f), nil, time.UTC, lowWins)
	if ms[0].BGStatsPlay != "u-1" || ms[1].BGStatsPlay == "" || ms[1].BGStatsPlay != again[1].BGStatsPlay {
		t.Fatalf("keys %q %q, again %q", ms[0].BGStatsPlay, ms[1].BGStatsPlay, again[1].BGStatsPlay)
	}
	// A match recorded here is known by what a copy of the group keeps too
	// (the group's creation, the match's and its game), and by the uuid the
	// export gave it before (from its id).
	g := "2025-01-01T00:00:00.000Z"
	known := Known(g, []store.HeldPlay{{ID: 7, UUID: "u-1"}, {ID: 8, Game: "taki", CreatedAt: "2025-02-01T20:00:00.000Z"}})
	if !known["u-1"] || !known[matchUUID(g, "2025-02-01T20:00:00.000Z", "taki")] || !known[nameUUID("tablekeeper "+g+" 8")] || len(known) != 3 {
		t.Fatalf("known %v", known)
	}
}
