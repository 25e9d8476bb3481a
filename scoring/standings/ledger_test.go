package standings

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"
)

// randomMatch is a match of 2 to 5 of 8 players, with rounds, on one of the
// four games, played at some time in 2025 (often several on one night).
func randomMatch(rng *rand.Rand, id int64) Match { return randomMatchOf(rng, id, 8) }

// randomMatchOf is randomMatch with players drawn from pool.
func randomMatchOf(rng *rand.Rand, id int64, pool int) Match {
	games := []string{"fivecrowns", "take5", "takefive", "taki"}
	g := rng.IntN(len(games))
	at := time.Date(2025, 1, 1, 18, 0, 0, 0, time.UTC).Add(time.Duration(rng.IntN(120*24)) * time.Hour / 4)
	// One match in five is partial (express, ended early): no records.
	m := Match{ID: id, Game: games[g], PlayedAt: at, LowWins: g == 0, HasPoints: g != 2, Partial: id%5 == 3}
	n := 2 + rng.IntN(4)
	totals := make([]int, 0, n)
	for _, p := range rng.Perm(pool)[:n] {
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
	// Some matches are not ranked (co-operative ones, no winner): they
	// count in plays only; a player who plays only those has no rating.
	switch {
	case id%7 == 5:
		m.Outcome = WonTogether
	case id%11 == 4:
		m.Outcome = LostTogether
	case id%13 == 6:
		m.Outcome = NoWinner
	}
	if m.Outcome != Ranked && id%2 == 0 {
		m.Results[0].Player = 1000
	}
	return m
}

// The ledger, fed matches that finish, are corrected, undone (no longer
// finished), deleted and finished again, answers exactly what the replaying
// functions answer over the same matches, for every filter the pages use.
func TestLedgerEqualsFullReplay(t *testing.T) {
	filters := []Filter{{}, {Game: "fivecrowns"}, {Game: "takefive"},
		{From: time.Date(2025, 1, 10, 0, 0, 0, 0, time.UTC), To: time.Date(2025, 1, 20, 0, 0, 0, 0, time.UTC)},
		{Game: "taki", From: time.Date(2025, 1, 15, 0, 0, 0, 0, time.UTC)},
		{To: time.Date(2025, 1, 25, 0, 0, 0, 0, time.UTC)}}
	for seed := range uint64(12) {
		replayAgainstLedger(t, seed, 8, func(*rand.Rand) time.Duration { return 0 }, filters)
	}
}

// The same over years of nights with 40 players, most of them absent for
// months: each player's nights then take several words of bits, and a
// checkpoint often holds a player whose last word is long behind the run's.
func TestLedgerEqualsFullReplayOverYears(t *testing.T) {
	filters := []Filter{{}, {Game: "take5"}, {From: time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC)}}
	for seed := range uint64(6) {
		replayAgainstLedger(t, 100+seed, 40, func(rng *rand.Rand) time.Duration {
			return time.Duration(1+rng.IntN(6)) * 24 * time.Hour // a later night, up to six on
		}, filters)
	}
}

// replayAgainstLedger feeds a ledger 300 random steps (matches finishing,
// usually the latest, then gap further on; corrected, undone, deleted, told
// again) of players drawn from pool, and compares it with the replaying
// functions every seventh step.
func replayAgainstLedger(t *testing.T, seed uint64, pool int, gap func(*rand.Rand) time.Duration, filters []Filter) {
	t.Helper()
	o := DefaultOptions()
	o.Location = time.FixedZone("x", 2*3600)
	rng := rand.New(rand.NewPCG(seed, 19))
	l := NewLedger(o)
	l.MaxRuns = 6                         // some runs dropped and rebuilt
	l.CheckpointEvery = 1 + int(seed%4)*3 // corrections replayed from checkpoints: 1, 4, 7, 10 matches apart
	held := map[int64]Match{}
	var nextID int64
	for step := range 300 {
		switch k := rng.IntN(10); {
		case k < 5 || len(held) == 0: // a match finishes, usually the latest
			nextID++
			m := randomMatchOf(rng, nextID, pool)
			if rng.IntN(3) > 0 {
				latest := time.Time{}
				for _, h := range held {
					if h.PlayedAt.After(latest) {
						latest = h.PlayedAt
					}
				}
				if !latest.IsZero() {
					m.PlayedAt = latest.Add(time.Duration(rng.IntN(3))*time.Hour + gap(rng))
				}
			}
			held[m.ID] = m
			l.Put(m)
		case k < 7: // a past round corrected: new points and places, same time
			id := pick(rng, held)
			m := randomMatchOf(rng, id, pool)
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
	compareNights(t, l, f, wh)
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

// compareNights checks the ledger's Nights against what the replayed
// history's points say: every night any player played, in order; for each
// player, the nights it played (no word of bits past its last night) and its
// best rating; for every player, and for half of them kept.
func compareNights(t *testing.T, l *Ledger, f Filter, history []Series) {
	t.Helper()
	compareNightsOf(t, l, f, history, nil)
	compareNightsOf(t, l, f, history, func(id int64) bool { return id%2 == 1 })
}

func compareNightsOf(t *testing.T, l *Ledger, f Filter, history []Series, keep func(int64) bool) {
	t.Helper()
	var nights []int64
	for _, sr := range history {
		for _, p := range sr.Points {
			nights = append(nights, p.Night.Unix())
		}
	}
	slices.Sort(nights)
	nights = slices.Compact(nights)
	var want []PlayerNights
	for _, sr := range history {
		if keep != nil && !keep(sr.Player) || len(sr.Points) == 0 {
			continue
		}
		pn := PlayerNights{Player: sr.Player, Points: sr.Points, Best: math.Inf(-1)}
		for _, p := range sr.Points {
			k, _ := slices.BinarySearch(nights, p.Night.Unix())
			for len(pn.Bits) <= k/64 {
				pn.Bits = append(pn.Bits, 0)
			}
			pn.Bits[k/64] |= 1 << (k % 64)
			pn.Best = math.Max(pn.Best, p.Ordinal)
		}
		want = append(want, pn)
	}
	gotNights, got, err := l.Nights(f, keep)
	if err != nil {
		return // the history's error, compared above
	}
	if len(nights) == 0 {
		nights = nil
	}
	if len(gotNights) == 0 {
		gotNights = nil
	}
	if !slices.Equal(gotNights, nights) || !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
		t.Fatalf("filter %+v: nights\n got %v %+v\nwant %v %+v", f, gotNights, got, nights, want)
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

// A correction, an undo or a deletion in the past is replayed from a
// checkpoint before it, not from the first match: over 3,000 matches with
// checkpoints every 100 (fewer further back), a change d matches before the
// last replays at most 2d + 200 matches, and the pages equal a full
// replay's. A change before the first checkpoint replays everything.
func TestLedgerReplaysFromTheChange(t *testing.T) {
	o := DefaultOptions()
	rng := rand.New(rand.NewPCG(3, 19))
	l := NewLedger(o)
	l.CheckpointEvery = 100
	var all []Match
	for id := int64(1); id <= 3000; id++ {
		m := randomMatch(rng, id)
		m.PlayedAt = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(id) * 7 * time.Hour)
		all = append(all, m)
		l.Put(m)
	}
	if _, err := l.Standings(Filter{}); err != nil {
		t.Fatal(err)
	}
	held := func() []Match {
		out := []Match{}
		for _, m := range all {
			if m.ID != 0 {
				out = append(out, m)
			}
		}
		return out
	}
	for _, tc := range []struct {
		what   string
		at     int // index in all
		change func(i int)
		most   int
	}{
		{"a past round corrected", 2499, func(i int) {
			m := randomMatch(rng, all[i].ID)
			m.PlayedAt, m.Game, m.LowWins, m.HasPoints = all[i].PlayedAt, all[i].Game, all[i].LowWins, all[i].HasPoints
			all[i] = m
			l.Put(m)
		}, 2*501 + 200},
		{"a match undone", 2950, func(i int) { l.Remove(all[i].ID); all[i] = Match{} }, 2*50 + 200},
		{"a match deleted", 1234, func(i int) { l.Remove(all[i].ID); all[i] = Match{} }, 2*1766 + 200},
		{"a match dated in the past", 0, func(int) {
			m := randomMatch(rng, 5000)
			m.PlayedAt = all[2000].PlayedAt.Add(time.Minute)
			all = append(all, m)
			l.Put(m)
		}, 2*999 + 200},
		{"a match before the first checkpoint", 50, func(i int) { l.Remove(all[i].ID); all[i] = Match{} }, 3000},
	} {
		l.replayed = 0
		tc.change(tc.at)
		compareLedger(t, l, held(), Filter{}, o)
		if l.replayed > tc.most || l.replayed == 0 {
			t.Errorf("%s: %d matches folded again, want 1 to %d", tc.what, l.replayed, tc.most)
		}
		t.Logf("%s: %d matches folded again", tc.what, l.replayed)
	}
}

// A checkpoint is a copy: folding on after it changes nothing in it, so a
// run brought back to it is the run that folded only the matches before it,
// whatever was folded in between (the form that rotates in place, the
// series whose last point is replaced on the same night, the maps).
func TestCheckpointRestoresTheState(t *testing.T) {
	o := DefaultOptions()
	rng := rand.New(rand.NewPCG(7, 19))
	var ms []Match
	for id := int64(1); id <= 400; id++ {
		m := randomMatch(rng, id)
		m.PlayedAt = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(id) * 3 * time.Hour) // several a night
		ms = append(ms, m)
	}
	fresh := func(n int) *run {
		r := &run{o: o}
		r.reset()
		for _, m := range ms[:n] {
			r.apply(m)
		}
		return r
	}
	for _, k := range []int{1, 5, 37, 120, 399} {
		r := fresh(k)
		r.checkpoints = append(r.checkpoints, r.snapshot())
		for _, m := range ms[k:] {
			r.apply(m)
		}
		for range 2 { // a checkpoint serves more than once
			r.restore(0)
			want := fresh(k)
			if !reflect.DeepEqual(r.players, want.players) || !reflect.DeepEqual(r.games, want.games) ||
				r.n != want.n || r.last.ID != want.last.ID || r.points != want.points || !reflect.DeepEqual(r.lowWins, want.lowWins) {
				t.Fatalf("after match %d: the restored run differs from one that folded only those", k)
			}
			for _, m := range ms[k : k+(len(ms)-k)/2] {
				r.apply(m)
			}
		}
	}
}

// BenchmarkLedgerCorrection: a round of the 9,000th of 10,000 matches
// corrected, then the all-time standings asked for. "checkpoints" is the
// ledger as it is; "full replay" has no checkpoint, as before issue 19's
// second pass (every change in the past replayed the whole run).
func BenchmarkLedgerCorrection(b *testing.B) {
	for _, tc := range []struct {
		name  string
		every int
	}{{"checkpoints", 0}, {"full replay", 1 << 30}} {
		b.Run(tc.name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			l := NewLedger(DefaultOptions())
			l.CheckpointEvery = tc.every
			var ms []Match
			for id := int64(1); id <= 10000; id++ {
				m := randomMatch(rng, id)
				m.PlayedAt = time.Date(2016, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(id) * 9 * time.Hour)
				ms = append(ms, m)
				l.Put(m)
			}
			if _, err := l.Standings(Filter{}); err != nil {
				b.Fatal(err)
			}
			versions := [2]Match{ms[8999], randomMatch(rng, ms[8999].ID)}
			versions[1].PlayedAt, versions[1].Game, versions[1].LowWins, versions[1].HasPoints = ms[8999].PlayedAt, ms[8999].Game, ms[8999].LowWins, ms[8999].HasPoints
			i := 0
			for b.Loop() {
				i++
				l.Put(versions[i%2])
				if _, err := l.Standings(Filter{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
