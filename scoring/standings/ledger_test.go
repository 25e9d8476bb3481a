package standings

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"
)

// randomMatch is a match of 2 to 5 of 8 players, with rounds, on one of the
// four games, played at some time in 2025 (often several on one night).
func randomMatch(rng *rand.Rand, id int64) Match {
	games := []string{"fivecrowns", "take5", "takefive", "taki"}
	g := rng.IntN(len(games))
	at := time.Date(2025, 1, 1, 18, 0, 0, 0, time.UTC).Add(time.Duration(rng.IntN(120*24)) * time.Hour / 4)
	m := Match{ID: id, Game: games[g], PlayedAt: at, LowWins: g == 0, HasPoints: g != 2}
	n := 2 + rng.IntN(4)
	totals := make([]int, 0, n)
	for _, p := range rng.Perm(8)[:n] {
		r := Result{Player: int64(p + 1)}
		for range 1 + rng.IntN(4) {
			v := rng.IntN(12) - 2
			r.Rounds = append(r.Rounds, v)
			r.Total += v
		}
		m.Results = append(m.Results, r)
		totals = append(totals, r.Total)
	}
	// Places from the totals, ties shared (1, 2, 2, 4), on the game's side.
	for i := range m.Results {
		place := 1
		for _, t := range totals {
			if better(t, totals[i], m.LowWins) {
				place++
			}
		}
		m.Results[i].Place = place
	}
	return m
}

// The ledger, fed matches that finish, are corrected, undone (no longer
// finished), deleted and finished again, answers exactly what the replaying
// functions answer over the same matches, for every filter the pages use.
func TestLedgerEqualsFullReplay(t *testing.T) {
	o := DefaultOptions()
	o.Location = time.FixedZone("x", 2*3600)
	for seed := range uint64(12) {
		rng := rand.New(rand.NewPCG(seed, 19))
		l := NewLedger(o)
		l.MaxRuns = 6 // some runs dropped and rebuilt
		held := map[int64]Match{}
		var nextID int64
		filters := []Filter{{}, {Game: "fivecrowns"}, {Game: "takefive"},
			{From: time.Date(2025, 1, 10, 0, 0, 0, 0, time.UTC), To: time.Date(2025, 1, 20, 0, 0, 0, 0, time.UTC)},
			{Game: "taki", From: time.Date(2025, 1, 15, 0, 0, 0, 0, time.UTC)},
			{To: time.Date(2025, 1, 25, 0, 0, 0, 0, time.UTC)}}
		for step := range 300 {
			switch k := rng.IntN(10); {
			case k < 5 || len(held) == 0: // a match finishes, usually the latest
				nextID++
				m := randomMatch(rng, nextID)
				if rng.IntN(3) > 0 {
					latest := time.Time{}
					for _, h := range held {
						if h.PlayedAt.After(latest) {
							latest = h.PlayedAt
						}
					}
					if !latest.IsZero() {
						m.PlayedAt = latest.Add(time.Duration(rng.IntN(3)) * time.Hour)
					}
				}
				held[m.ID] = m
				l.Put(m)
			case k < 7: // a past round corrected: new points and places, same time
				id := pick(rng, held)
				m := randomMatch(rng, id)
				m.PlayedAt, m.Game, m.LowWins, m.HasPoints = held[id].PlayedAt, held[id].Game, held[id].LowWins, held[id].HasPoints
				held[id] = m
				l.Put(m)
			case k < 8: // a round undone: the match is no longer finished
				id := pick(rng, held)
				delete(held, id)
				l.Remove(id)
			case k < 9: // a match deleted
				id := pick(rng, held)
				delete(held, id)
				l.Remove(id)
			default: // the same match told again, unchanged
				id := pick(rng, held)
				l.Put(held[id])
			}
			if step%7 != 0 {
				continue
			}
			all := make([]Match, 0, len(held))
			for _, m := range held {
				all = append(all, m)
			}
			for _, f := range filters {
				compareLedger(t, l, all, f, o)
			}
		}
	}
}

func pick(rng *rand.Rand, held map[int64]Match) int64 {
	ids := make([]int64, 0, len(held))
	for id := range held {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids[rng.IntN(len(ids))]
}

func compareLedger(t *testing.T, l *Ledger, all []Match, f Filter, o Options) {
	t.Helper()
	want, err := Standings(all, f, o)
	got, gerr := l.Standings(f)
	if (err == nil) != (gerr == nil) || !reflect.DeepEqual(want, got) {
		t.Fatalf("filter %+v: standings\n got %+v (%v)\nwant %+v (%v)", f, got, gerr, want, err)
	}
	wh, _ := History(all, f, o)
	gh, _ := l.History(f, nil)
	if !reflect.DeepEqual(wh, gh) {
		t.Fatalf("filter %+v: history\n got %+v\nwant %+v", f, gh, wh)
	}
	wr, _ := GroupRecords(all, f)
	gr, _ := l.GroupRecords(f)
	if !reflect.DeepEqual(wr, gr) {
		t.Fatalf("filter %+v: records\n got %+v\nwant %+v", f, gr, wr)
	}
	for p := int64(1); p <= 9; p++ { // 9 never plays
		wp, _ := PlayerProfile(all, f, p, o)
		gp, _ := l.PlayerProfile(f, p)
		if !reflect.DeepEqual(wp, gp) {
			t.Fatalf("filter %+v player %d: profile\n got %+v\nwant %+v", f, p, gp, wp)
		}
	}
	n := 0
	for _, m := range all {
		if f.Includes(m) {
			n++
		}
	}
	if c, _ := l.Count(f); c != n {
		t.Fatalf("filter %+v: count %d, want %d", f, c, n)
	}
}

// An impossible match in a filter gives the ledger the replay's error, and
// removing it heals the run.
func TestLedgerInvalidMatch(t *testing.T) {
	l := NewLedger(DefaultOptions())
	l.Put(Match{ID: 1, Game: "taki", PlayedAt: time.Date(2025, 1, 1, 20, 0, 0, 0, time.UTC), Results: []Result{{Player: 1, Place: 1}, {Player: 2, Place: 2}}})
	if _, err := l.Standings(Filter{}); err != nil {
		t.Fatal(err)
	}
	l.Put(Match{ID: 2, Game: "taki", PlayedAt: time.Date(2025, 1, 2, 20, 0, 0, 0, time.UTC), Results: []Result{{Player: 1, Place: 1}, {Player: 1, Place: 2}}})
	if _, err := l.Standings(Filter{}); err == nil {
		t.Fatal("a player listed twice: no error")
	}
	l.Remove(2)
	if tb, err := l.Standings(Filter{}); err != nil || len(tb.Provisional) != 2 {
		t.Fatalf("after removing it: %+v, %v", tb, err)
	}
}

// BenchmarkLedgerAppend is one match finishing, folded into the runs of
// the all-time, one-game and one-season filters of 20 players × 2,000 matches.
func BenchmarkLedgerAppend(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	l := NewLedger(DefaultOptions())
	for i := range 2000 {
		l.Put(randomMatch(rng, int64(i+1)))
	}
	fs := []Filter{{}, {Game: "taki"}, {From: time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)}}
	for _, f := range fs {
		if _, err := l.Standings(f); err != nil {
			b.Fatal(err)
		}
	}
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	id := int64(10000)
	for b.Loop() {
		id++
		m := randomMatch(rng, id)
		m.PlayedAt = at.Add(time.Duration(id) * time.Minute)
		l.Put(m)
	}
}
