package standings

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"
)

// A ledger's matches written by AppendMatches and read into a new ledger
// (a restart) answer every page as the replaying functions do over the
// same matches, and the new ledger goes on as any: matches finished,
// corrected and deleted after the load are folded in.
func TestKeptMatchesAnswerAsTheLedger(t *testing.T) {
	filters := []Filter{{}, {Game: "fivecrowns"}, {From: time.Date(2025, 1, 10, 0, 0, 0, 0, time.UTC), To: time.Date(2025, 1, 20, 0, 0, 0, 0, time.UTC)}}
	o := DefaultOptions()
	for seed := range uint64(6) {
		rng := rand.New(rand.NewPCG(seed, 40))
		l := NewLedger(o)
		held := map[int64]Match{}
		for id := int64(1); id <= 120; id++ {
			m := randomMatch(rng, id)
			if id%9 == 0 {
				m.Results[0].Rounds = nil // a seat without rounds (a play of final scores)
				m.Results[len(m.Results)-1].Left = true
			}
			held[id] = m
			l.Put(m)
		}
		for _, f := range filters { // runs folded before the write: not kept, folded again after
			l.Standings(f)
		}
		loaded := NewLedger(o)
		if err := loaded.LoadMatches(l.AppendMatches(nil)); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if loaded.Len() != len(held) {
			t.Fatalf("seed %d: %d matches loaded, want %d", seed, loaded.Len(), len(held))
		}
		all := func() []Match {
			out := make([]Match, 0, len(held))
			for _, m := range held {
				out = append(out, m)
			}
			return out
		}
		for _, f := range filters {
			compareLedger(t, loaded, all(), f, o)
		}
		// After the load: a match finished, one corrected, one deleted.
		m := randomMatch(rng, 500)
		m.PlayedAt = time.Date(2025, 6, 1, 20, 0, 0, 0, time.UTC)
		held[m.ID] = m
		loaded.Put(m)
		fix := randomMatch(rng, 7)
		fix.PlayedAt, fix.Game, fix.LowWins, fix.HasPoints = held[7].PlayedAt, held[7].Game, held[7].LowWins, held[7].HasPoints
		held[7] = fix
		loaded.Put(fix)
		delete(held, 30)
		loaded.Remove(30)
		for _, f := range filters {
			compareLedger(t, loaded, all(), f, o)
		}
	}
}

// A kept form cut short or damaged is refused whole: the ledger stays
// empty (the caller then reads the history from the store).
func TestKeptMatchesRefusedWhenDamaged(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	l := NewLedger(DefaultOptions())
	for id := int64(1); id <= 20; id++ {
		l.Put(randomMatch(rng, id))
	}
	data := l.AppendMatches(nil)
	for n := range len(data) {
		fresh := NewLedger(DefaultOptions())
		if err := fresh.LoadMatches(data[:n]); !errors.Is(err, ErrKeptMatches) || fresh.Len() != 0 {
			t.Fatalf("the first %d of %d bytes: %v, %d matches held; want ErrKeptMatches, none", n, len(data), err, fresh.Len())
		}
	}
	other := append([]byte{9}, data[1:]...) // another form
	if err := NewLedger(DefaultOptions()).LoadMatches(other); !errors.Is(err, ErrKeptMatches) {
		t.Errorf("another form: %v, want ErrKeptMatches", err)
	}
	if err := l.LoadMatches(data); err == nil {
		t.Error("loaded into a ledger that holds matches")
	}
}

// BenchmarkLoadMatches reads 10,000 kept matches of 2 to 5 players into a
// new ledger: what a restart pays for a big group before its first page.
func BenchmarkLoadMatches(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	l := NewLedger(DefaultOptions())
	at := time.Date(2020, 1, 1, 20, 0, 0, 0, time.UTC)
	for id := int64(1); id <= 10000; id++ {
		m := randomMatchOf(rng, id, 20)
		m.PlayedAt = at.Add(time.Duration(id) * 9 * time.Hour)
		l.Put(m)
	}
	data := l.AppendMatches(nil)
	for b.Loop() {
		if err := NewLedger(DefaultOptions()).LoadMatches(data); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(data)), "kept-bytes")
}
