package standings

import (
	"errors"
	"testing"
	"time"
)

// decodeMatches turns fuzz bytes into matches: per match a header byte
// (players 0..7, game) then per player a player byte and a place byte, so
// impossible matches (duplicates, bad places, no players) occur too.
func decodeMatches(raw []byte) []Match {
	games := []string{"fivecrowns", "take5", "takefive", "taki"}
	var ms []Match
	start := time.Date(2025, 9, 1, 20, 0, 0, 0, time.UTC)
	for id := int64(1); len(raw) > 0; id++ {
		h := raw[0]
		raw = raw[1:]
		g := int(h>>3) % 4
		m := Match{ID: id, Game: games[g], PlayedAt: start.Add(time.Duration(h%5) * 24 * time.Hour),
			LowWins: g == 0, HasPoints: g != 2}
		for range int(h % 8) {
			if len(raw) < 2 {
				break
			}
			m.Results = append(m.Results, Result{Player: int64(raw[0] % 10), Total: int(raw[1]), Place: int(raw[1] % 9)})
			raw = raw[2:]
		}
		ms = append(ms, m)
	}
	return ms
}

// Any recorded history gives either ErrInvalidMatch or a table in which
// every player appears once, the appearances and wins add up to the
// matches', rates and places are in range and no number is NaN.
func FuzzStandings(f *testing.F) {
	f.Add([]byte{3, 1, 1, 2, 2, 3, 3})
	f.Add([]byte{2, 1, 1, 2, 1, 10, 4, 1, 2})
	f.Add([]byte{0})
	f.Fuzz(func(t *testing.T, raw []byte) {
		ms := decodeMatches(raw)
		tb, err := Standings(ms, Filter{}, DefaultOptions())
		if err != nil {
			if !errors.Is(err, ErrInvalidMatch) {
				t.Fatalf("Standings error %v, want ErrInvalidMatch", err)
			}
			return
		}
		results, wins := 0, 0
		for _, m := range ms {
			results += len(m.Results)
			for _, r := range m.Results {
				if r.Place == 1 {
					wins++
				}
			}
		}
		seen := map[int64]bool{}
		for _, r := range append(tb.Ranked, tb.Provisional...) {
			if seen[r.Player] {
				t.Errorf("player %d listed twice", r.Player)
			}
			seen[r.Player] = true
			results -= r.Played
			wins -= r.Wins
			if r.WinRate < 0 || r.WinRate > 1 || r.AvgPlace < 1 || !finite(r.Ordinal) || !finite(r.Change) || r.Rating.Sigma <= 0 {
				t.Errorf("row out of range: %+v", r)
			}
		}
		if results != 0 || wins != 0 {
			t.Errorf("appearances off by %d, wins off by %d", results, wins)
		}
		for _, fn := range []func() error{
			func() error { _, err := History(ms, Filter{}, DefaultOptions()); return err },
			func() error { _, err := HeadToHead(ms, Filter{}); return err },
			func() error { _, err := Streaks(ms, Filter{}); return err },
			func() error { _, err := GroupRecords(ms, Filter{}); return err },
			func() error { _, err := PlayerProfile(ms, Filter{}, 1, DefaultOptions()); return err },
		} {
			if err := fn(); err != nil {
				t.Errorf("Standings accepted the matches but another view says %v", err)
			}
		}
	})
}

func BenchmarkHeadToHead20Players2000Matches(b *testing.B) {
	ms := benchGroup()
	for b.Loop() {
		if _, err := HeadToHead(ms, Filter{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGroupRecords20Players2000Matches(b *testing.B) {
	ms := benchGroup()
	for b.Loop() {
		if _, err := GroupRecords(ms, Filter{}); err != nil {
			b.Fatal(err)
		}
	}
}
