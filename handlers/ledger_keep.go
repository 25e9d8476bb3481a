package handlers

// A group's ledger is kept in the store across restarts (issue 40): a
// server starting reads the kept ledger (store.LedgerSnapshot, in the
// ledger's own form: its matches and the folded runs of the first pages,
// standings.Ledger.AppendKept) and then only the matches changed since it
// was kept (store.ChangedMatches from its number), where it used to read
// the whole history: for 10,000 matches 200–250 ms of CPU, most of it
// SQLite reading every round, then 10–38 ms reading the kept matches and
// folding the season's. A first page now reads its run's state only. A
// ledger is kept again, after the request is answered (keepSoon), once it
// has caught up with keepAfter changed matches since the one kept, so what
// a start reads after it stays small.

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/scoring/standings"
	"github.com/tablekeeper/tablekeeper/store"
)

// keepAfter is how many changed matches a ledger folds in after the one
// kept before it is kept again: at a restart they are read again, about
// 35 µs each.
const keepAfter = 64

// ledgerDerivation numbers how standingsMatch turns a stored match into
// the standings' one: a change to it (places, partial, outcome, rounds)
// bumps it, and the ledgers kept before are read no more.
const ledgerDerivation = 1

// ledgerKind names what a kept ledger's matches were derived with: the
// derivation and, for every game the group can play, what the standings
// read of it. A kept ledger of another kind (a game added or changed by a
// deploy) is not read: the ledger is built from the history, and kept anew.
func ledgerKind(gs gameSet) string {
	var b strings.Builder
	fmt.Fprintf(&b, "d%d", ledgerDerivation)
	games := gs.all()
	slices.SortFunc(games, func(a, c Game) int { return strings.Compare(a.ID(), c.ID()) })
	for _, g := range games {
		_, variants := g.(kit.Variants)
		_, together := g.(kit.Together)
		fmt.Fprintf(&b, " %s:%t:%t:%t:%t", g.ID(), g.LowWins(), gs.hasPoints(g.ID()), variants, together)
	}
	return b.String()
}

// keptLedger is the group's kept ledger, when one of this kind is kept and
// reads, with the change number it is up to date with; else an empty
// ledger and 0 (the whole history is read: it is kept once 64 matches or
// more). It reads what a first page needs (standings.Ledger.LoadKept): the
// matches wait until something needs them. due tells that the kept one is
// of an older form, without the runs a first page reads: it is to be kept
// anew. It never fails: a kept ledger is only a shortcut.
func (s *Server) keptLedger(ctx context.Context, groupID int64) (l *standings.Ledger, seq int64, due bool) {
	l = standings.NewLedger(s.standingsOptions())
	snap, ok, err := s.store.LedgerSnapshot(ctx, groupID)
	if err != nil || !ok {
		return l, 0, false
	}
	gs, err := s.groupGames(ctx, groupID)
	if err != nil || snap.Kind != ledgerKind(gs) {
		return l, 0, false
	}
	if err := l.LoadKept(snap.Data, s.keptPart(groupID, snap.Seq)); err != nil {
		s.log.Warn("kept ledger not read", "group", groupID, "err", err)
		return standings.NewLedger(s.standingsOptions()), 0, false
	}
	return l, snap.Seq, l.KeptRuns() == 0
}

// errKeptGone is a kept ledger's part replaced by a newer one's (another
// server kept its ledger since this one read the head).
var errKeptGone = errors.New("replaced since")

// keptPart fetches the parts of the group's ledger kept at seq, for a
// ledger that read its head: when a page first needs them, later.
func (s *Server) keptPart(groupID, seq int64) standings.Fetch {
	return func(part string) ([]byte, error) {
		ctx, cancel := context.WithTimeout(context.Background(), keepTimeout)
		defer cancel()
		data, ok, err := s.store.LedgerPart(ctx, groupID, seq, part)
		if err == nil && !ok {
			err = errKeptGone
		}
		return data, err
	}
}

// keptFilters are the runs kept with a ledger: those the first standings,
// player and records pages read (the season shown by default), and all
// time.
func (s *Server) keptFilters(ctx context.Context, groupID int64) ([]standings.Filter, error) {
	seasons, err := s.store.Seasons(ctx, groupID)
	if err != nil {
		return nil, err
	}
	choices, cur := s.seasonChoices(ctx, seasons, "")
	filters := []standings.Filter{cur.filter("")}
	for _, c := range choices {
		if c.key == "all" && c.key != cur.key {
			filters = append(filters, c.filter(""))
		}
	}
	return filters, nil
}

// keepTimeout bounds one keeping of a ledger: past it the write is given
// up (the next start reads a few more changed matches), and a shutdown
// never waits longer for it.
const keepTimeout = 5 * time.Second

// answerWait is how long a keeping waits for the request that made it due
// to be answered, at most (a request's context ends once it is).
const answerWait = time.Second

// keepSoon keeps the group's ledger in the store after the request that
// made it due has been answered (its context ends when it has, or after
// answerWait), when it has folded keepAfter changed matches since it was
// kept and no keeping of it is under way (at most one per group at a
// time). The caller holds the group's lock.
func (s *Server) keepSoon(req context.Context, groupID int64, gl *groupLedger) {
	if gl.unkept < keepAfter || gl.keeping {
		return
	}
	gl.keeping = true
	s.ledgers.keeps.Add(1)
	go func() {
		defer s.ledgers.keeps.Done()
		answered := time.NewTimer(answerWait)
		select {
		case <-req.Done():
		case <-answered.C:
		}
		answered.Stop()
		ctx, cancel := context.WithTimeout(context.Background(), keepTimeout)
		defer cancel()
		folded, err := s.keepNow(ctx, groupID, gl)
		if err != nil { // tried again after as many changes, not at every page
			s.log.Warn("ledger not kept", "group", groupID, "err", err)
			folded = keepAfter
		}
		gl.mu.Lock()
		defer gl.mu.Unlock()
		gl.keeping = false
		gl.unkept = max(0, gl.unkept-folded) // those folded since are kept next time
	}()
}

// keepNow writes the group's ledger in the store as it is now, with the
// runs of keptFilters (folded now if no page asked for them yet), and
// returns how many of its changed matches that kept. It takes the group's
// lock only to write the ledger's form, not to read kept matches nor for
// the store's write.
func (s *Server) keepNow(ctx context.Context, groupID int64, gl *groupLedger) (int, error) {
	gs, err := s.groupGames(ctx, groupID)
	if err != nil {
		return 0, err
	}
	filters, err := s.keptFilters(ctx, groupID)
	if err != nil {
		return 0, err
	}
	// The kept matches of a ledger that did not read them yet are read
	// first, apart (5–7 ms for 10,000): its lock is taken to hand them over.
	gl.mu.Lock()
	read := gl.l.MatchesToRead()
	gl.mu.Unlock()
	var km *standings.KeptMatches
	if read != nil {
		if km, err = read(); err != nil {
			return 0, err
		}
	}
	gl.mu.Lock()
	if !gl.built {
		gl.mu.Unlock()
		return 0, nil
	}
	if err := gl.l.UseMatches(km); err != nil {
		gl.mu.Unlock()
		return 0, err
	}
	for _, f := range filters {
		gl.l.Count(f) // folded if no page asked for it yet: a first page after a restart will
	}
	kept, err := gl.l.AppendKept(filters)
	snap := store.LedgerSnapshot{Seq: gl.seq, Kind: ledgerKind(gs), Data: kept.Head, Parts: kept.Parts}
	folded := gl.unkept
	gl.mu.Unlock()
	if err != nil {
		return 0, err
	}
	if hook := s.ledgers.beforeKeep; hook != nil {
		hook(groupID)
	}
	if err := s.store.KeepLedgerSnapshot(ctx, groupID, snap); err != nil {
		return 0, err
	}
	return folded, nil
}
