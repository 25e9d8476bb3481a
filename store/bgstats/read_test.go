package bgstats

import (
	"bytes"
	"compress/gzip"
	"errors"
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
	_, ms, _ := ours.Import(f, nil, time.UTC)
	_, again, _ := ours.Import(f, nil, time.UTC)
	if ms[0].BGStatsPlay != "u-1" || ms[1].BGStatsPlay == "" || ms[1].BGStatsPlay != again[1].BGStatsPlay {
		t.Fatalf("keys %q %q, again %q", ms[0].BGStatsPlay, ms[1].BGStatsPlay, again[1].BGStatsPlay)
	}
	known := Known("2025-01-01T00:00:00.000Z", map[int64]string{7: "u-1", 8: ""})
	if !known["u-1"] || !known[playUUID("2025-01-01T00:00:00.000Z", 8)] || len(known) != 2 {
		t.Fatalf("known %v", known)
	}
}
