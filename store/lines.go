package store

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// Line is one seat's entry for a match's next round, sent from a phone
// (issue 37): each player enters their own, and the round is saved when
// every seated player's line is in.
type Line struct {
	Number  int    // the round it is for
	Seat    int    // the match's seat
	Fields  string // the seat's fields of the round form, form-encoded, as its game reads them
	Sender  int64  // the session of the member who sent it
	Author  string // that member's name
	Version int    // 1, bumped each time its sender changes it
	Key     string // the key it was sent with: sent again, it is applied once
	At      time.Time
}

// LineWrite is what a line's plan decides, on the match as it stands in the
// write transaction (SendLine).
type LineWrite struct {
	// Line is written when Store is set: the seat's pending line becomes it
	// (its version bumped when the seat had one).
	Store bool
	Line  Line
	// Round, when its Kind is WriteAdd, saves the round the lines make
	// (the lines then stay with it: who sent what); WriteNone otherwise.
	Round RoundWrite
}

// SendLine stores a line of match id of group g in one write transaction:
// it reads the match with its pending lines and rounds as MatchSheet does,
// asks plan what to write on them, stores the line and, when plan says the
// lines make the round, saves it (as ChangeRound does, with its checks)
// and ties the lines to it. A line already sent with key is not applied
// again: repeat is then true and plan is not asked. It returns the match
// and rounds as they now stand (its Lines too), and the round saved, if
// any. plan is held to what ChangeRound's is (a function of its arguments
// only, run more than once on PostgreSQL).
func (s *Store) SendLine(ctx context.Context, g Group, id int64, key string, plan func(Match, []Round) LineWrite) (m Match, saved Round, rounds []Round, repeat bool, err error) {
	err = s.txQueued(s.onMatch(ctx, id), func(tx *txn) error {
		var err error
		saved, repeat = Round{}, false
		if m, rounds, err = matchSheet(ctx, tx.QueryContext, g.ID, id); err != nil {
			return err
		}
		var n int
		err = tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM round_lines WHERE match_id = $1 AND send_key = $2`, id, key).Scan(&n)
		if err != nil {
			return fmt.Errorf("store: line: %w", err)
		}
		if n > 0 {
			repeat = true
			return nil
		}
		w := plan(m, rounds)
		if !w.Store {
			return nil
		}
		if m.Lines, err = s.putLine(ctx, tx, m, w.Line, key); err != nil {
			return err
		}
		if w.Round.Kind != WriteAdd {
			tx.wroteSlug(g.ID, g.Slug)
			tx.wroteSheet(m.ID, SheetVersion(m, rounds))
			return nil
		}
		r, after, err := s.apply(ctx, tx, g, m, rounds, "", w.Round)
		if err != nil {
			return err
		}
		saved, rounds, m.Lines = r, after, nil
		return nil
	})
	return m, saved, rounds, repeat, err
}

// putLine writes l as the pending line of its seat in match m (replacing
// the seat's line, kept with its key: its version goes on; a line for
// another round, left from before an undo, is replaced too) and returns m's pending lines after it.
func (s *Store) putLine(ctx context.Context, tx *txn, m Match, l Line, key string) ([]Line, error) {
	l.Version, l.Key = 1, key
	lines := slices.Clone(m.Lines)
	if i := slices.IndexFunc(lines, func(o Line) bool { return o.Seat == l.Seat }); i >= 0 {
		if lines[i].Number == l.Number {
			l.Version = lines[i].Version + 1
		}
		lines = slices.Delete(lines, i, i+1)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE round_lines SET replaced = 1 WHERE match_id = $1 AND seat = $2 AND round_id IS NULL AND replaced = 0`, m.ID, l.Seat); err != nil {
		return nil, fmt.Errorf("store: line: %w", err)
	}
	at := s.now()
	if _, err := tx.ExecContext(ctx, `INSERT INTO round_lines (match_id, number, seat, fields, sender, author, version, send_key, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		m.ID, l.Number, l.Seat, l.Fields, l.Sender, l.Author, l.Version, key, at); err != nil {
		return nil, fmt.Errorf("store: line: %w", err)
	}
	l.At = parseTime(at)
	lines = append(lines, l)
	slices.SortFunc(lines, func(a, b Line) int { return a.Seat - b.Seat })
	return lines, nil
}

// takeLines ties the pending lines of match id to round, saved from them
// (or by a whole round's Save, which they were filled into): who sent what
// stays with the round.
func takeLines(ctx context.Context, tx *txn, id, round int64) error {
	if _, err := tx.ExecContext(ctx, `UPDATE round_lines SET round_id = $1 WHERE match_id = $2 AND round_id IS NULL AND replaced = 0`, round, id); err != nil {
		return fmt.Errorf("store: lines: %w", err)
	}
	return nil
}

// retireLines ends the pending lines of match id when its table changes (a
// player leaves or comes back): a line is a row of the form the table had
// when it was sent, and the rows move with the table. The lines stay in the
// table, no longer pending; each player sends theirs again.
func retireLines(ctx context.Context, tx *txn, id int64) error {
	if _, err := tx.ExecContext(ctx, `UPDATE round_lines SET replaced = 1 WHERE match_id = $1 AND round_id IS NULL AND replaced = 0`, id); err != nil {
		return fmt.Errorf("store: lines: %w", err)
	}
	return nil
}

// RoundLines are the lines round was saved from, in seat order: who sent what.
func (s *Store) RoundLines(ctx context.Context, round int64) ([]Line, error) {
	rows, err := s.query(ctx, `SELECT number, seat, fields, sender, author, version, send_key, at FROM round_lines WHERE round_id = $1 AND replaced = 0 ORDER BY seat`, round)
	if err != nil {
		return nil, fmt.Errorf("store: lines: %w", err)
	}
	defer rows.Close()
	var out []Line
	for rows.Next() {
		var l Line
		var at string
		if err := rows.Scan(&l.Number, &l.Seat, &l.Fields, &l.Sender, &l.Author, &l.Version, &l.Key, &at); err != nil {
			return nil, fmt.Errorf("store: lines: %w", err)
		}
		l.At = parseTime(at)
		out = append(out, l)
	}
	return out, rows.Err()
}
