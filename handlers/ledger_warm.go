package handlers

import (
	"context"
	"errors"

	"github.com/tablekeeper/tablekeeper/scoring/standings"
	"github.com/tablekeeper/tablekeeper/store"
)

// warmLedgers builds, one after the other, the ledgers of the groups that
// played most recently (as many as are kept), with the runs their first
// standings, player and records pages ask for: the season shown by default
// and all time. A server restarted (a deploy) then answers those pages as
// fast as before, where the first of them used to rebuild the ledger from
// the whole history (130–141 ms for 10,000 matches against ~3 ms warm);
// each starts from the ledger kept in the store (ledger_keep.go).
//
// A page never waits behind it: each ledger is built apart, without the
// group's lock, and handed over when whole (handOver). A page asked for
// before then builds its group's ledger itself, as it would without the
// warm-up, and stops the warm-up's build of that group (stopWarming), which
// would only be dropped: the two do not share the cores. A group whose
// ledger a page built or is building is passed over. It ends at the first
// error (the store closed) or when ctx ends.
func (s *Server) warmLedgers(ctx context.Context) {
	ids, err := s.store.RecentGroups(ctx, maxLedgers)
	if err != nil {
		return
	}
	for _, id := range ids {
		if ctx.Err() != nil {
			return
		}
		if !s.ledgers.unbuilt(id, s.standingsOptions()) {
			continue
		}
		gctx, stop := context.WithCancel(ctx)
		s.ledgers.setWarming(id, stop)
		l, seq, unkept, err := s.warmLedger(gctx, id)
		if hook := s.ledgers.beforeHandover; hook != nil && err == nil {
			hook(gctx, id)
		}
		s.ledgers.setWarming(0, nil)
		stop()
		switch {
		case err != nil && ctx.Err() == nil && gctx.Err() != nil:
			continue // a page builds this one
		case errors.Is(err, standings.ErrKeptMatches):
			continue // its kept form cannot be read: its first page builds it from the history
		case err != nil:
			s.log.Debug("ledger not built ahead", "group", id, "err", err)
			return
		}
		s.ledgers.handOver(id, l, seq, unkept, s.standingsOptions())
	}
}

// warmLedger builds a group's ledger from the one kept in the store and
// the matches changed since (or the whole history), and the runs of its
// first pages, on a ledger of its own: no lock is held. It keeps the
// ledger in the store when due (in the warm-up's time, not a request's),
// and returns how many changed matches it folded since it was kept.
func (s *Server) warmLedger(ctx context.Context, id int64) (*standings.Ledger, int64, int, error) {
	filters, err := s.keptFilters(ctx, id)
	if err != nil {
		return nil, 0, 0, err
	}
	l, since, due := s.keptLedger(ctx, id)
	unkept, seq, err := s.catchUp(ctx, id, l, since)
	if err != nil {
		return nil, 0, 0, err
	}
	// What the pages ask of each run (standingsModel, records): each
	// answer may keep what it computed.
	for _, f := range filters {
		if err := ctx.Err(); err != nil {
			return nil, 0, 0, err
		}
		tb, err := l.Standings(f)
		if err != nil {
			return nil, 0, 0, err
		}
		ranked := map[int64]bool{}
		for _, r := range tb.Ranked {
			ranked[r.Player] = true
		}
		if _, _, err := l.Nights(f, func(p int64) bool { return len(ranked) == 0 || ranked[p] }); err != nil {
			return nil, 0, 0, err
		}
		if _, err := l.GroupRecords(f); err != nil {
			return nil, 0, 0, err
		}
	}
	if due || unkept >= keepAfter {
		gs, err := s.groupGames(ctx, id)
		if err != nil {
			return nil, 0, 0, err
		}
		kept, err := l.AppendKept(filters)
		if err == nil {
			err = s.store.KeepLedgerSnapshot(ctx, id, store.LedgerSnapshot{Seq: seq, Kind: ledgerKind(gs), Data: kept.Head, Parts: kept.Parts})
		}
		if err != nil { // a ledger whose kept matches did not read is built anew by its first page
			s.log.Warn("ledger not kept", "group", id, "err", err)
		} else {
			unkept = 0
		}
	}
	return l, seq, unkept, nil
}

// unbuilt reports whether the group's ledger is still to build: not built,
// and no page building it now (its lock is not waited for).
func (ls *ledgers) unbuilt(groupID int64, o standings.Options) bool {
	gl := ls.of(groupID, o)
	if !gl.mu.TryLock() {
		return false
	}
	defer gl.mu.Unlock()
	return !gl.built
}

// setWarming records the group the warm-up builds (0: none) and how to
// stop it.
func (ls *ledgers) setWarming(groupID int64, stop context.CancelFunc) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	ls.warming.id, ls.warming.stop = groupID, stop
}

// stopWarming stops the warm-up's build of the group, if it is the one
// being built.
func (ls *ledgers) stopWarming(groupID int64) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if ls.warming.id == groupID && ls.warming.stop != nil {
		ls.warming.stop()
	}
}

// handOver makes l, up to date with the store's change number seq and
// having folded unkept changed matches since it was kept, the group's
// ledger, unless a page has built one meanwhile (it is as good, and may be
// newer): the next page brings it up to date from seq as usual. The
// group's lock is taken only to swap, so a page building the ledger makes
// the warm-up wait, never the other way round.
func (ls *ledgers) handOver(groupID int64, l *standings.Ledger, seq int64, unkept int, o standings.Options) {
	gl := ls.of(groupID, o)
	gl.mu.Lock()
	defer gl.mu.Unlock()
	if !gl.built {
		gl.l, gl.seq, gl.unkept, gl.built = l, seq, unkept, true
	}
}
