package standings

import (
	"cmp"
	"fmt"
	"slices"
	"time"
)

// Ledger keeps one group's standings up to date as its matches change, so
// that a page asks for what it shows without replaying the past.
//
// It holds the group's finished matches in the order played and, per
// filter asked for (a season and a game), a run: the fold of Standings,
// History, PlayerProfile and GroupRecords over that filter's matches, kept
// as per-player state (rating, tallies, nights, form, extremes, streaks,
// head-to-head) and per-game records. A match that finishes after every
// match of a run is folded into it in O(players²); any other change to a
// run's matches (a correction, an undo, a deletion, a match dated inside
// it) marks the run dirty from that match, and the next time it is asked
// for it is replayed from the last checkpoint before the change: a run
// keeps a copy of its state every CheckpointEvery matches folded (a few KB
// per player, the rating series by length only, as it only grows), so a
// correction last week replays last week, not ten years. Runs that are not asked for cost
// nothing: a season added is a new run built on first use, a season deleted
// is a run no longer asked for, dropped when MaxRuns is passed.
//
// The answers are identical to the functions that replay (Standings,
// History, PlayerProfile, GroupRecords), which stay the reference; the
// ledger's tests compare the two on random histories. A Ledger is not safe
// for concurrent use.
type Ledger struct {
	o       Options
	matches []Match           // valid or not, ordered by PlayedAt then ID
	byID    map[int64]instant // when each held match was played: its place in matches
	games   map[string]int    // matches per game
	runs    map[filterKey]*run
	clock   uint64 // for dropping the least recently used run
	// MaxRuns bounds the runs kept; 0 means 32.
	MaxRuns int
	// CheckpointEvery is how many matches a run folds between two copies of
	// its state (fewer kept further back, see thin); 0 means 500 (~3 ms of
	// replay, ~50 KB a copy for 20 players).
	CheckpointEvery int
	// replayed counts the matches folded again by replays (for the tests).
	replayed int
	// kept are the matches of a kept ledger not read yet, keptRuns its runs
	// not read yet (ledger_kept.go); broken is why its matches did not read.
	kept     *lazyMatches
	keptRuns map[filterKey]*keptRun
	broken   error
}

// NewLedger returns an empty ledger computing with o.
func NewLedger(o Options) *Ledger {
	return &Ledger{o: o, byID: map[int64]instant{}, games: map[string]int{}, runs: map[filterKey]*run{}}
}

// Len is the number of matches held.
func (l *Ledger) Len() int {
	if l.kept != nil {
		return l.kept.baseN + len(l.matches)
	}
	return len(l.matches)
}

// Games reports whether any held match is of each game.
func (l *Ledger) Games() map[string]bool {
	out := make(map[string]bool, len(l.games))
	for g, n := range l.games {
		if n > 0 {
			out[g] = true
		}
	}
	return out
}

func before(a, b Match) int {
	if c := a.PlayedAt.Compare(b.PlayedAt); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}

// Put adds a finished match or replaces the one with the same ID. Rounds
// are kept only as their extremes (all the records read of them).
func (l *Ledger) Put(m Match) {
	m = compact(m)
	l.heldBefore(m.ID)
	old, had := l.held(m.ID)
	if had {
		if sameMatch(old, m) {
			return
		}
		l.drop(old)
		l.touchKept(&old, &m)
	} else {
		l.touchKept(nil, &m)
	}
	l.byID[m.ID] = instantOf(m.PlayedAt)
	l.games[m.Game]++
	i, _ := slices.BinarySearchFunc(l.matches, m, before)
	l.matches = slices.Insert(l.matches, i, m)
	for _, r := range l.runs {
		switch {
		case r.stale:
		case had && r.f.Includes(old):
			r.dirtyFrom(old)
			if r.f.Includes(m) {
				r.dirtyFrom(m)
			}
		case !r.f.Includes(m):
		case r.dirty == nil && (r.n == 0 || before(r.last, m) < 0):
			l.fold(r, m)
		default:
			r.dirtyFrom(m)
		}
	}
}

// Remove forgets a match (deleted, or no longer finished). Unknown IDs are
// ignored.
func (l *Ledger) Remove(id int64) {
	l.heldBefore(id)
	old, had := l.held(id)
	if !had {
		return
	}
	l.drop(old)
	l.touchKept(&old, nil)
	for _, r := range l.runs {
		if r.f.Includes(old) {
			r.dirtyFrom(old)
		}
	}
}

// instant is a time without its location: 12 bytes and no pointer, where a
// Match kept by ID was 80 bytes (a 10,000-match group's index took 2.7 MB).
type instant struct {
	sec  int64
	nsec int32
}

func instantOf(t time.Time) instant { return instant{t.Unix(), int32(t.Nanosecond())} }

// held returns the held match with this ID, found in matches by when it was
// played.
func (l *Ledger) held(id int64) (Match, bool) {
	at, ok := l.byID[id]
	if !ok {
		return Match{}, false
	}
	i, found := slices.BinarySearchFunc(l.matches, Match{ID: id, PlayedAt: time.Unix(at.sec, int64(at.nsec))}, before)
	if !found {
		panic(fmt.Sprintf("standings: match %d is indexed but not held", id)) // Put and drop keep both
	}
	return l.matches[i], true
}

func (l *Ledger) drop(m Match) {
	delete(l.byID, m.ID)
	l.games[m.Game]--
	if i, ok := slices.BinarySearchFunc(l.matches, m, before); ok {
		l.matches = slices.Delete(l.matches, i, i+1)
	}
}

// compact keeps of each result's rounds the highest and the lowest: a
// record is the first strictly better value, or an equal one by a lower
// player in the same match, so within one player's match only the extremes
// can take it.
func compact(m Match) Match {
	res := make([]Result, len(m.Results))
	copy(res, m.Results)
	for i, r := range res {
		if len(r.Rounds) == 0 {
			res[i].Rounds = nil
			continue
		}
		hi, lo := slices.Max(r.Rounds), slices.Min(r.Rounds)
		res[i].Rounds = []int{hi, lo}
	}
	m.Results = res
	return m
}

func sameMatch(a, b Match) bool {
	if a.ID != b.ID || a.Game != b.Game || !a.PlayedAt.Equal(b.PlayedAt) || a.LowWins != b.LowWins ||
		a.HasPoints != b.HasPoints || a.Partial != b.Partial || a.Outcome != b.Outcome || len(a.Results) != len(b.Results) {
		return false
	}
	for i, r := range a.Results {
		s := b.Results[i]
		if r.Player != s.Player || r.Total != s.Total || r.Place != s.Place || r.Left != s.Left || !slices.Equal(r.Rounds, s.Rounds) {
			return false
		}
	}
	return true
}
