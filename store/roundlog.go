package store

import (
	"context"
	"fmt"
)

// RoundChange is one recorded change of a match's rounds (a revision): a
// round entered, corrected or undone, by whom.
type RoundChange struct {
	ID     int64  // the revision's id: increasing, a reader's cursor
	Number int    // the round's number on the scoresheet
	Kind   string // created, edited, undone
	Author string
}

// RoundChanges lists the match's revisions recorded after revision after,
// oldest first, at most limit of them, and the match's highest revision id
// (after itself when there is none newer). A phone that comes back passes
// the last id it saw and learns what the others did meanwhile.
func (s *Store) RoundChanges(ctx context.Context, matchID, after int64, limit int) ([]RoundChange, int64, error) {
	rows, err := s.query(ctx, `SELECT rv.id, r.number, rv.kind, rv.author FROM round_revisions rv
		JOIN rounds r ON r.id = rv.round_id WHERE r.match_id = $1 AND rv.id > $2 ORDER BY rv.id`, matchID, after)
	if err != nil {
		return nil, after, fmt.Errorf("store: round changes: %w", err)
	}
	defer rows.Close()
	var out []RoundChange
	last := after
	for rows.Next() {
		var c RoundChange
		if err := rows.Scan(&c.ID, &c.Number, &c.Kind, &c.Author); err != nil {
			return nil, after, fmt.Errorf("store: round changes: %w", err)
		}
		last = c.ID
		if len(out) < limit {
			out = append(out, c)
		}
	}
	return out, last, rows.Err()
}
