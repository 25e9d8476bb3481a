package store

import (
	"context"
	"errors"
	"fmt"
)

// ErrLimit is a write refused because the group would go past one of its
// limits (see GroupLimits): nothing was written.
var ErrLimit = errors.New("store: over a group's limit")

// LimitError says which limit a write would pass: What is "players",
// "matches", "games" (the group's other games), "seasons", "rounds" (of
// one match, undone ones included) or "revisions" (of one round: its first
// save, corrections and undo), Max the limit.
type LimitError struct {
	What string
	Max  int
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("store: a group has at most %d %s", e.Max, e.What)
}

func (e *LimitError) Unwrap() error { return ErrLimit }

// GroupLimits are the most players and matches (deleted ones included) a
// group may have. The forms and the imports hold the same ones, and never
// more than an import accepts (MaxImportPlayers, MaxImportMatches), so that
// every export imports again. Zero is the import's limit.
type GroupLimits struct {
	Players, Matches int
}

// SetGroupLimits sets the limits every later write holds (before serving).
func (s *Store) SetGroupLimits(l GroupLimits) {
	s.limits = l
}

func (s *Store) maxPlayers() int {
	if s.limits.Players > 0 && s.limits.Players < MaxImportPlayers {
		return s.limits.Players
	}
	return MaxImportPlayers
}

func (s *Store) maxMatches() int {
	if s.limits.Matches > 0 && s.limits.Matches < MaxImportMatches {
		return s.limits.Matches
	}
	return MaxImportMatches
}

// withinLimits checks, in a write's transaction and after it, that the
// group has no more players or matches than it may: a LimitError rolls the
// whole write back.
func (s *Store) withinLimits(ctx context.Context, tx *txn, groupID int64, players, matches bool) error {
	if players {
		if err := tx.withinLimit(ctx, "players", groupID, s.maxPlayers()); err != nil {
			return err
		}
	}
	if matches {
		return tx.withinLimit(ctx, "matches", groupID, s.maxMatches())
	}
	return nil
}

// groupTables are the tables whose rows a group may have at most a number
// of, by the name its LimitError gives them.
var groupTables = map[string]string{"players": "players", "matches": "matches", "games": "group_games", "seasons": "seasons"}

// withinLimit checks, in a write's transaction and after it, that the group
// has at most max of what ("players", "matches", "games", "seasons"): a
// LimitError rolls the whole write back. It reads at most max+1 index
// entries.
func (tx *txn) withinLimit(ctx context.Context, what string, groupID int64, max int) error {
	var n int
	err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM `+groupTables[what]+` WHERE group_id = $1 LIMIT $2) AS rows_counted`, groupID, max+1).Scan(&n)
	if err != nil {
		return fmt.Errorf("store: count %s: %w", what, err)
	}
	if n > max {
		return &LimitError{What: what, Max: max}
	}
	return nil
}

// revisionRoom refuses a change that would record round r's revision past
// MaxImportRevisions (a correction or an undo): the import refuses a round
// with more, so the match's export would not import again. A round's
// version counts its revisions.
func revisionRoom(r Round) error {
	if r.Version >= MaxImportRevisions {
		return &LimitError{What: "revisions", Max: MaxImportRevisions}
	}
	return nil
}
