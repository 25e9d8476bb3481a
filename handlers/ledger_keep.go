package handlers

// A group's ledger is kept in the store across restarts (issue 40): a
// server starting reads the kept matches (store.LedgerSnapshot, in the
// ledger's own form) and then only the matches changed since it was kept
// (store.ChangedMatches from its number), where it used to read the whole
// history: for 10,000 matches 200–250 ms of CPU, most of it SQLite reading
// every round. A ledger is kept again once it has caught up with
// keepAfter changed matches since the one kept, so what a start reads
// after it stays small.

import (
	"context"
	"fmt"
	"slices"
	"strings"

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
// reads whole, with the change number it is up to date with; else an empty
// ledger and 0 (the whole history is read). It never fails: a kept ledger
// is only a shortcut.
func (s *Server) keptLedger(ctx context.Context, groupID int64) (*standings.Ledger, int64) {
	l := standings.NewLedger(s.standingsOptions())
	snap, ok, err := s.store.LedgerSnapshot(ctx, groupID)
	if err != nil || !ok {
		return l, 0
	}
	gs, err := s.groupGames(ctx, groupID)
	if err != nil || snap.Kind != ledgerKind(gs) {
		return l, 0
	}
	if err := l.LoadMatches(snap.Data); err != nil {
		s.log.Warn("kept ledger not read", "group", groupID, "err", err)
		return standings.NewLedger(s.standingsOptions()), 0
	}
	return l, snap.Seq
}

// toKeep is the group's ledger to keep, when it has folded keepAfter
// changed matches since it was last kept (or read). The caller holds the
// group's lock; the write is keepLedger's, after it is let go.
func (s *Server) toKeep(ctx context.Context, groupID int64, gl *groupLedger) *store.LedgerSnapshot {
	if gl.unkept < keepAfter {
		return nil
	}
	gs, err := s.groupGames(ctx, groupID)
	if err != nil {
		return nil
	}
	gl.unkept = 0
	return &store.LedgerSnapshot{Seq: gl.seq, Kind: ledgerKind(gs), Data: gl.l.AppendMatches(nil)}
}

// keepLedger writes snap as the group's kept ledger; a failure costs the
// next start a longer read, nothing else.
func (s *Server) keepLedger(ctx context.Context, groupID int64, snap *store.LedgerSnapshot) {
	if snap == nil {
		return
	}
	if err := s.store.KeepLedgerSnapshot(context.WithoutCancel(ctx), groupID, *snap); err != nil {
		s.log.Warn("ledger not kept", "group", groupID, "err", err)
	}
}
