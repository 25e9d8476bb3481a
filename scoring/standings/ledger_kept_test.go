package standings

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"
)

// A whole ledger kept (AppendKept) and read into a new ledger (a restart)
// answers every page as the replaying functions do, first from the kept
// runs without reading a single match: a match finished since is folded
// into them as it comes. What needs the matches reads them then: a run not
// kept, a match finished in the past, a correction, an undo or a deletion
// of a match held before the restart. A ledger kept again before it read
// its matches keeps them all. In UTC and in a zone with summer time.
func TestKeptLedgerAnswersFromItsRunsAndReadsMatchesWhenNeeded(t *testing.T) {
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Fatal(err)
	}
	kept := []Filter{{}, {From: time.Date(2025, 1, 10, 0, 0, 0, 0, time.UTC)}}
	other := Filter{Game: "fivecrowns"}
	for seed := range uint64(6) {
		o := DefaultOptions()
		if seed%2 == 1 {
			o.Location = paris
		}
		rng := rand.New(rand.NewPCG(seed, 41))
		l := NewLedger(o)
		held := map[int64]Match{}
		for id := int64(1); id <= 150; id++ {
			m := randomMatch(rng, id)
			held[id] = m
			l.Put(m)
		}
		all := func() []Match {
			out := make([]Match, 0, len(held))
			for _, m := range held {
				out = append(out, m)
			}
			return out
		}
		for _, f := range kept {
			l.Standings(f)
		}
		restart := func(l *Ledger) *Ledger {
			t.Helper()
			k, err := l.AppendKept(append(kept, other)) // other: not folded, not kept
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			loaded := NewLedger(o)
			if err := loaded.LoadKept(k.Head, fetchFrom(k)); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if loaded.Len() != len(held) || !loaded.Lazy() {
				t.Fatalf("seed %d: %d matches held (read: %t), want %d not read", seed, loaded.Len(), !loaded.Lazy(), len(held))
			}
			return loaded
		}
		loaded := restart(l)
		for _, f := range kept {
			compareLedger(t, loaded, all(), f, o)
		}
		// Matches finished now (after every other), before and after the
		// kept runs are first read: folded into them, the matches still not
		// read; kept again so, and read back.
		finish := func(l *Ledger, id int64) {
			m := randomMatch(rng, id)
			m.PlayedAt = time.Date(2025, 3, 1, 20, int(id%60), 0, 0, time.UTC)
			held[id] = m
			l.Put(m)
		}
		finish(loaded, 500)
		loaded.Remove(999) // a match never finished
		for _, f := range kept {
			compareLedger(t, loaded, all(), f, o)
		}
		if !loaded.Lazy() {
			t.Fatalf("seed %d: the kept runs read the matches", seed)
		}
		loaded = restart(loaded)
		finish(loaded, 501)
		finish(loaded, 502)
		for _, f := range kept {
			compareLedger(t, loaded, all(), f, o)
		}
		if !loaded.Lazy() || loaded.replayed != 0 {
			t.Fatalf("seed %d: matches finished since the restart read the kept matches (%t) or folded again %d", seed, !loaded.Lazy(), loaded.replayed)
		}
		loaded = restart(loaded)
		// What needs the matches.
		changes := []func(){
			func() { compareLedger(t, loaded, all(), other, o) }, // a run not kept
			func() { // finished in the past
				m := randomMatch(rng, 600)
				held[m.ID] = m
				loaded.Put(m)
			},
			func() { // a correction
				fix := randomMatch(rng, 7)
				fix.PlayedAt, fix.Game, fix.LowWins, fix.HasPoints = held[7].PlayedAt, held[7].Game, held[7].LowWins, held[7].HasPoints
				held[7] = fix
				loaded.Put(fix)
			},
			func() { delete(held, 30); loaded.Remove(30) }, // undone or deleted
			func() { // undone, then finished again now
				m := held[12]
				m.PlayedAt = time.Date(2025, 3, 2, 20, 0, 0, 0, time.UTC)
				held[12] = m
				loaded.Put(m)
			},
		}
		change := changes[seed%uint64(len(changes))]
		change() // before the kept runs are read, as a restart's first look
		for _, f := range append(kept, other) {
			compareLedger(t, loaded, all(), f, o)
		}
		if loaded.Lazy() {
			t.Fatalf("seed %d: change %d answered without reading the matches", seed, seed%uint64(len(changes)))
		}
		for _, ch := range changes {
			ch()
		}
		for _, f := range append(kept, other) {
			compareLedger(t, loaded, all(), f, o)
		}
	}
}

// A kept ledger's head damaged anywhere, or cut short, is refused whole
// (its checksum), and the ledger stays empty: the caller reads the
// history. A part damaged or gone is not read: a run is folded from the
// matches instead, and matches that do not read leave the ledger broken
// (every answer is then ErrKeptMatches: the caller builds it anew). Runs
// folded with other options are not read: they are folded again from the
// matches.
func TestKeptLedgerRefusedWhenDamaged(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 3))
	l := NewLedger(DefaultOptions())
	held := []Match{}
	for id := int64(1); id <= 20; id++ {
		m := randomMatch(rng, id)
		held = append(held, m)
		l.Put(m)
	}
	l.Standings(Filter{})
	k, err := l.AppendKept([]Filter{{}})
	if err != nil {
		t.Fatal(err)
	}
	data := k.Head
	for n := range len(data) {
		fresh := NewLedger(DefaultOptions())
		if err := fresh.LoadKept(data[:n], fetchFrom(k)); !errors.Is(err, ErrKeptMatches) || fresh.Len() != 0 {
			t.Fatalf("the first %d of %d bytes: %v, %d matches held; want ErrKeptMatches, none", n, len(data), err, fresh.Len())
		}
		damaged := append([]byte(nil), data...)
		damaged[n] ^= 0x10
		if err := fresh.LoadKept(damaged, fetchFrom(k)); !errors.Is(err, ErrKeptMatches) || fresh.Len() != 0 {
			t.Fatalf("byte %d of %d changed: %v, %d matches held; want ErrKeptMatches, none", n, len(data), err, fresh.Len())
		}
	}
	for part := range k.Parts {
		damaged := Kept{Head: k.Head, Parts: map[string][]byte{}}
		for p, b := range k.Parts {
			damaged.Parts[p] = b
		}
		b := append([]byte(nil), k.Parts[part]...)
		b[len(b)/2] ^= 0x10
		damaged.Parts[part] = b
		fresh := NewLedger(DefaultOptions())
		if err := fresh.LoadKept(k.Head, fetchFrom(damaged)); err != nil {
			t.Fatal(err)
		}
		if part == matchesPart { // read for a run not kept
			_, err := fresh.Standings(Filter{Game: "taki"})
			_, again := fresh.Standings(Filter{})
			if !errors.Is(err, ErrKeptMatches) || !errors.Is(again, ErrKeptMatches) {
				t.Errorf("the matches damaged: %v then %v, want ErrKeptMatches", err, again)
			}
			continue
		}
		compareLedger(t, fresh, held, Filter{}, DefaultOptions()) // the run folded from the matches
		if fresh.Lazy() {
			t.Errorf("part %q damaged: read", part)
		}
	}
	o := DefaultOptions()
	o.MinMatches = 1
	fresh := NewLedger(o)
	if err := fresh.LoadKept(k.Head, fetchFrom(k)); err != nil {
		t.Fatal(err)
	}
	compareLedger(t, fresh, held, Filter{}, o)
	if fresh.Lazy() {
		t.Error("runs folded with other options were read")
	}
}

// fetchFrom fetches k's parts.
func fetchFrom(k Kept) Fetch {
	return func(part string) ([]byte, error) {
		b, ok := k.Parts[part]
		if !ok {
			return nil, errors.New("no such part")
		}
		return b, nil
	}
}

// BenchmarkKeptLedgerFirstPage reads a kept ledger of 10,000 matches and
// answers the standings of its kept season: what a first page after a
// restart pays, against BenchmarkLoadMatches' reading of the matches alone.
func BenchmarkKeptLedgerFirstPage(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	l := NewLedger(DefaultOptions())
	at := time.Date(2016, 1, 1, 20, 0, 0, 0, time.UTC)
	for id := int64(1); id <= 10000; id++ {
		m := randomMatchOf(rng, id, 20)
		m.PlayedAt = at.Add(time.Duration(id) * 9 * time.Hour)
		l.Put(m)
	}
	season := Filter{From: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	kept := []Filter{season, {}}
	for _, f := range kept {
		l.Standings(f)
	}
	k, err := l.AppendKept(kept)
	if err != nil {
		b.Fatal(err)
	}
	read := 0
	fetch := func(part string) ([]byte, error) {
		read += len(k.Parts[part])
		return k.Parts[part], nil
	}
	for b.Loop() {
		fresh := NewLedger(DefaultOptions())
		if err := fresh.LoadKept(k.Head, fetch); err != nil {
			b.Fatal(err)
		}
		read += len(k.Head)
		if _, err := fresh.Standings(season); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(read)/float64(b.N), "read-bytes/op")
}
