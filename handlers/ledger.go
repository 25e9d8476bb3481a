package handlers

// The standings pages read a ledger kept per group (standings.Ledger): the
// group's finished matches and, per season and game asked for, the ratings
// and tallies folded so far. Before each use it asks the store for the
// matches changed since its last look (store.ChangedMatches, an indexed
// query that finds nothing in the common case), so a page costs what it
// shows, not what the group has played.

import (
	"context"
	"errors"
	"sync"

	"github.com/tablekeeper/tablekeeper/scoring/standings"
)

type ledgers struct {
	mu     sync.Mutex
	groups map[int64]*groupLedger
	tick   uint64 // bumped at each use: the least recently used is evicted
	// warming is the group the start-up's warm-up is building, and how to
	// stop it (ledger_warm.go).
	warming struct {
		id   int64
		stop context.CancelFunc
	}
	// beforeHandover, when set (tests), is called by the warm-up with a
	// group's ledger built, before it hands it over; ctx is the warm-up's
	// for that group.
	beforeHandover func(ctx context.Context, groupID int64)
	// keeps are the keepings of ledgers under way (ledger_keep.go);
	// beforeKeep, when set (tests), is called by each before its write.
	keeps      sync.WaitGroup
	beforeKeep func(groupID int64)
}

// maxLedgers bounds the groups whose ledgers are kept: a ledger holds its
// group's finished matches, and memory must not grow with the number of
// groups a server hosts. A group whose ledger was dropped reads its history
// once more on its next standings page.
const maxLedgers = 32

// groupLedger is one group's ledger and the store's change number it is
// up to date with.
type groupLedger struct {
	mu    sync.Mutex
	built bool // l was read from the store (kept or whole), not only made
	seq   int64
	l     *standings.Ledger
	// unkept counts the changed matches folded in since the ledger was
	// last kept in the store, or read from it (ledger_keep.go); keeping
	// tells that a keeping of it is under way.
	unkept  int
	keeping bool
	// fromHistory: the kept ledger did not read, build from the history.
	fromHistory bool
	used        uint64 // under ledgers.mu
}

func newLedgers() *ledgers { return &ledgers{groups: map[int64]*groupLedger{}} }

func (ls *ledgers) of(groupID int64, o standings.Options) *groupLedger {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	ls.tick++
	gl := ls.groups[groupID]
	if gl == nil {
		if len(ls.groups) >= maxLedgers {
			ls.evict()
		}
		gl = &groupLedger{l: standings.NewLedger(o)}
		ls.groups[groupID] = gl
	}
	gl.used = ls.tick
	return gl
}

// evict drops the least recently used ledger (a request still holding it
// finishes with it). The caller holds ls.mu.
func (ls *ledgers) evict() {
	var oldest int64
	first := true
	for id, gl := range ls.groups {
		if first || gl.used < ls.groups[oldest].used {
			oldest, first = id, false
		}
	}
	delete(ls.groups, oldest)
}

// withLedger brings the group's ledger up to date with the store and calls
// fn with it, the group's ledger locked (fn must not keep it). Only
// requests take that lock for long: the start-up's warm-up builds apart and
// hands its ledger over (ledger_warm.go), so a page never waits behind it.
// A ledger not built yet starts from the one kept in the store, if any
// (ledger_keep.go), and is kept again when due, after the request.
func (s *Server) withLedger(ctx context.Context, groupID int64, fn func(*standings.Ledger) error) error {
	gl := s.ledgers.of(groupID, s.standingsOptions())
	gl.mu.Lock()
	defer gl.mu.Unlock()
	err := s.useLedger(ctx, groupID, gl, fn)
	for try := 0; errors.Is(err, standings.ErrKeptMatches) && try < 2; try++ {
		// A kept ledger whose parts are gone (another server kept a newer
		// one since) or do not read: built anew, from the one kept now,
		// then from the history (and kept anew).
		s.log.Warn("kept ledger not read", "group", groupID, "err", err)
		gl.built, gl.fromHistory = false, try == 1
		err = s.useLedger(ctx, groupID, gl, fn)
	}
	if err == nil {
		s.keepSoon(groupID, gl)
	}
	return err
}

// useLedger is withLedger under the group's lock.
func (s *Server) useLedger(ctx context.Context, groupID int64, gl *groupLedger, fn func(*standings.Ledger) error) error {
	if !gl.built {
		s.ledgers.stopWarming(groupID) // this page builds it: the warm-up's copy would be dropped
		gl.l, gl.seq, gl.unkept = standings.NewLedger(s.standingsOptions()), 0, keepAfter
		if !gl.fromHistory {
			var due bool
			gl.l, gl.seq, due = s.keptLedger(ctx, groupID)
			gl.unkept = 0
			if due {
				gl.unkept = keepAfter
			}
		}
	}
	n, top, err := s.catchUp(ctx, groupID, gl.l, gl.seq)
	if err != nil {
		return err
	}
	gl.built, gl.seq, gl.unkept = true, top, gl.unkept+n
	return fn(gl.l)
}

// catchUp puts into l the group's matches changed since the store's change
// number since (removing those no longer played), and returns how many
// changed and the number l is then up to date with.
func (s *Server) catchUp(ctx context.Context, groupID int64, l *standings.Ledger, since int64) (int, int64, error) {
	changed, top, err := s.store.ChangedMatches(ctx, groupID, since)
	if err != nil {
		return 0, since, err
	}
	var gs *gameSet // read once, when a played match comes
	for _, c := range changed {
		if c.Played {
			if gs == nil {
				set, err := s.groupGames(ctx, groupID)
				if err != nil {
					return 0, since, err
				}
				gs = &set
			}
			l.Put(gs.standingsMatch(c.Match))
		} else {
			l.Remove(c.Match.ID)
		}
	}
	return len(changed), top, nil
}
