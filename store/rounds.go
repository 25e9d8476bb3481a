package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"
)

// Round is the current value of one round of a match.
type Round struct {
	ID        int64
	MatchID   int64
	Number    int
	Entry     json.RawMessage // what was entered, in the game's own form
	Points    []int           // one per seat
	Version   int
	UndoneAt  *time.Time
	CreatedAt time.Time // zero when read by MatchSheet or ChangeRound (the one saved has it)
}

// Undone reports whether the round was undone (it no longer counts).
func (r Round) Undone() bool { return r.UndoneAt != nil }

// Revision is one recorded state of a round: its creation, each edit, its undo.
type Revision struct {
	Version int
	Kind    string // created, edited, undone
	Entry   json.RawMessage
	Points  []int
	Author  string
	At      time.Time
}

// WriteKind says what a RoundWrite does.
type WriteKind int

const (
	WriteNone WriteKind = iota // nothing to write: the plan answers without a write
	WriteAdd                   // a new round, the next one
	WriteEdit                  // a correction of a live round
	WriteUndo                  // the last live round undone
)

// RoundWrite is what a plan decides to write to a match's rounds, on the
// match as it stands inside the write transaction (ChangeRound).
type RoundWrite struct {
	Kind    WriteKind
	Number  int             // WriteAdd: the round's number (the next one)
	Round   int64           // WriteEdit, WriteUndo: the round's id
	Version int             // WriteEdit: the round's version the correction was drawn at
	Entry   json.RawMessage // WriteAdd, WriteEdit: the round in the game's stored form
	Points  []int           // WriteAdd, WriteEdit: one per seat
	// Finished says whether the match is over once the change is made: the
	// plan decides it (the game's progress), the store records it.
	Finished bool
	Author   string // who made the change, kept in the round's history
}

// ChangeRound is the one write of a match's rounds (a save, a correction,
// an undo), decided inside its write transaction: it reads match id of
// group g as MatchSheet does (ErrNotFound for a deleted match or another
// group's), asks plan what to write on the match and its rounds as they
// stand, and writes it with its revision, the totals and whether the match
// is over. No phone's write can come between what plan decided on and what
// is written. A non-empty key is the submit key of the round form: when the
// match already holds the round that key saved (a repeated post), that
// round is returned and plan is not asked.
//
// It returns the match as read, the round written (or the one key saved
// before; zero for WriteNone) and every round as it now stands (as read,
// when the change is refused). A change the
// rounds contradict is refused with nothing written: ErrConflict (a round
// saved meanwhile, a correction of a version no longer current, an undo of
// a round no longer last), ErrInvalid (a round after the match finished, or
// not the next), ErrNotFound (a correction of an undone or unknown round),
// a LimitError (a round past MaxImportRounds, undone ones included, or a
// round's revision past MaxImportRevisions, which the match's export could
// not import again).
//
// plan must be a function of its arguments only: it may run on another
// goroutine (the request that leads a shared commit, see batch.go) while
// ChangeRound waits, and on PostgreSQL more than once (a SERIALIZABLE
// transaction that lost a race is tried again, see commitPG). It must not
// wait for another connection of the store: on PostgreSQL the transaction
// holds one of the pool's.
func (s *Store) ChangeRound(ctx context.Context, g Group, id int64, key string, plan func(Match, []Round) RoundWrite) (Match, Round, []Round, error) {
	var m Match
	var out Round
	var rounds []Round
	err := s.txQueued(s.onMatch(ctx, id), func(tx *txn) error {
		var err error
		out = Round{}
		if m, rounds, err = matchSheet(ctx, tx.QueryContext, g.ID, id); err != nil {
			return err
		}
		if key != "" {
			var saved int64
			err := tx.QueryRowContext(ctx, `SELECT id FROM rounds WHERE match_id = $1 AND submit_key = $2`, id, key).Scan(&saved)
			if err == nil { // a repeated post: the round it saved, nothing written
				for _, r := range rounds {
					if r.ID == saved {
						out = r
						return nil
					}
				}
			}
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("store: add round: %w", err)
			}
		}
		c := plan(m, rounds)
		r, after, err := s.apply(ctx, tx, g, m, rounds, key, c)
		if err != nil {
			return err // rounds stay as read
		}
		out, rounds = r, after
		if c.Kind == WriteAdd {
			m.Lines = nil // saved with the round
		}
		return nil
	})
	return m, out, rounds, err
}

// apply writes c to match m of group g, whose rounds (undone ones included,
// in order) are rounds in tx, and returns the round written with every
// round as it then stands.
func (s *Store) apply(ctx context.Context, tx *txn, g Group, m Match, rounds []Round, key string, c RoundWrite) (Round, []Round, error) {
	if c.Kind == WriteNone {
		return Round{}, rounds, nil
	}
	var last *Round // the last live round
	live := 0
	for i := range rounds {
		if !rounds[i].Undone() {
			live, last = live+1, &rounds[i]
		}
	}
	var r Round
	var err error
	switch c.Kind {
	case WriteAdd:
		switch {
		case c.Number <= live:
			return Round{}, nil, fmt.Errorf("store: add round %d: already saved: %w", c.Number, ErrConflict)
		case m.FinishedAt != nil || c.Number != live+1:
			return Round{}, nil, fmt.Errorf("store: add round %d after %d: %w", c.Number, live, ErrInvalid)
		case len(rounds) >= MaxImportRounds: // undone ones count: the import holds them all
			return Round{}, nil, &LimitError{What: "rounds", Max: MaxImportRounds}
		}
		if r, err = s.insertRound(ctx, tx, m.ID, c, key); err == nil && len(m.Lines) > 0 {
			err, m.Lines = takeLines(ctx, tx, m.ID, r.ID), nil // the lines sent for it stay with it
		}
		rounds = append(slices.Clip(rounds), r) // a copy: rounds may be the caller's
		sortRounds(rounds)                      // an undone round keeps its number: a new one is not always last
	case WriteEdit:
		i := slices.IndexFunc(rounds, func(r Round) bool { return r.ID == c.Round && !r.Undone() })
		if i < 0 {
			return Round{}, nil, fmt.Errorf("store: edit round %d: %w", c.Round, ErrNotFound)
		}
		if r = rounds[i]; r.Version != c.Version {
			return Round{}, nil, fmt.Errorf("store: edit round %d: version %d, have %d: %w", c.Round, c.Version, r.Version, ErrConflict)
		}
		if err := revisionRoom(r); err != nil {
			return Round{}, nil, err
		}
		entry, points := string(c.Entry), mustJSON(c.Points)
		if _, err := tx.ExecContext(ctx, `UPDATE rounds SET entry = $1, points = $2, version = version + 1 WHERE id = $3`, entry, points, r.ID); err != nil {
			return Round{}, nil, fmt.Errorf("store: edit round: %w", err)
		}
		r.Entry, r.Points, r.Version = c.Entry, slices.Clone(c.Points), r.Version+1
		err = s.revise(ctx, tx, r.ID, r.Version, "edited", entry, points, c.Author)
		rounds = slices.Clone(rounds)
		rounds[i] = r
	case WriteUndo:
		if last == nil || last.ID != c.Round {
			return Round{}, nil, fmt.Errorf("store: undo round %d: not the last: %w", c.Round, ErrConflict)
		}
		if err := revisionRoom(*last); err != nil {
			return Round{}, nil, err
		}
		at := s.now()
		if _, err := tx.ExecContext(ctx, `UPDATE rounds SET undone_at = $1, version = version + 1 WHERE id = $2`, at, last.ID); err != nil {
			return Round{}, nil, fmt.Errorf("store: undo round: %w", err)
		}
		r = *last
		undone := parseTime(at)
		r.UndoneAt, r.Version = &undone, r.Version+1
		err = s.revise(ctx, tx, r.ID, r.Version, "undone", string(r.Entry), mustJSON(r.Points), c.Author)
		rounds = slices.Clone(rounds)
		rounds[slices.IndexFunc(rounds, func(x Round) bool { return x.ID == r.ID })] = r
	default:
		return Round{}, nil, fmt.Errorf("store: round change of kind %d: %w", c.Kind, ErrInvalid)
	}
	if err != nil {
		return Round{}, nil, err
	}
	tx.wroteSlug(g.ID, g.Slug)
	tx.wroteSheet(m.ID, SheetVersion(m, rounds))
	return r, rounds, s.settle(ctx, tx, m.ID, rounds, c.Finished, m.FinishedAt == nil)
}

// insertRound inserts c as a new round of match id with its first revision.
func (s *Store) insertRound(ctx context.Context, tx *txn, id int64, c RoundWrite, key string) (Round, error) {
	var k any
	if key != "" {
		k = key
	}
	entry, points, created := string(c.Entry), mustJSON(c.Points), s.now()
	res, err := tx.insert(ctx, `INSERT INTO rounds (match_id, number, entry, points, submit_key, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
		id, c.Number, entry, points, k, created)
	if err != nil {
		return Round{}, fmt.Errorf("store: add round: %w", err)
	}
	rid, _ := res.LastInsertId()
	if err := s.revise(ctx, tx, rid, 1, "created", entry, points, c.Author); err != nil {
		return Round{}, err
	}
	return Round{ID: rid, MatchID: id, Number: c.Number, Entry: c.Entry, Points: slices.Clone(c.Points),
		Version: 1, CreatedAt: parseTime(created)}, nil
}

// Rounds lists every round of a match in order, undone ones included.
func (s *Store) Rounds(ctx context.Context, matchID int64) ([]Round, error) {
	return roundsOf(ctx, s.query, matchID)
}

func roundsOf(ctx context.Context, query func(context.Context, string, ...any) (*sql.Rows, error), matchID int64) ([]Round, error) {
	rows, err := query(ctx, `SELECT `+roundColumns+` FROM rounds WHERE match_id = $1 ORDER BY number, id`, matchID)
	if err != nil {
		return nil, fmt.Errorf("store: rounds: %w", err)
	}
	defer rows.Close()
	var out []Round
	for rows.Next() {
		r, err := scanRound(rows)
		if err != nil {
			return nil, fmt.Errorf("store: rounds: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Round returns one round of a match, or ErrNotFound.
func (s *Store) Round(ctx context.Context, matchID, roundID int64) (Round, error) {
	return roundWhere(ctx, storeQueryer{s}, `id = $1 AND match_id = $2`, roundID, matchID)
}

// History lists a round's revisions, oldest first.
func (s *Store) History(ctx context.Context, roundID int64) ([]Revision, error) {
	rows, err := s.query(ctx, `SELECT version, kind, entry, points, author, at FROM round_revisions WHERE round_id = $1 ORDER BY id`, roundID)
	if err != nil {
		return nil, fmt.Errorf("store: history: %w", err)
	}
	defer rows.Close()
	var out []Revision
	for rows.Next() {
		var rv Revision
		var entry, points, at string
		if err := rows.Scan(&rv.Version, &rv.Kind, &entry, &points, &rv.Author, &at); err != nil {
			return nil, fmt.Errorf("store: history: %w", err)
		}
		rv.Entry, rv.At = json.RawMessage(entry), parseTime(at)
		if err := json.Unmarshal([]byte(points), &rv.Points); err != nil {
			return nil, fmt.Errorf("store: history of round %d: its points: %w", roundID, err)
		}
		out = append(out, rv)
	}
	return out, rows.Err()
}

func (s *Store) revise(ctx context.Context, tx *txn, roundID int64, version int, kind, entry, points, author string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO round_revisions (round_id, version, kind, entry, points, author, at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		roundID, version, kind, entry, points, author, s.now())
	if err != nil {
		return fmt.Errorf("store: revision: %w", err)
	}
	return nil
}

// settle makes the totals equal the sum of the live rounds (all the match's
// rounds, as read in the transaction after the write) and records whether
// the match is finished. A match that stays finished keeps the moment it
// first finished (a correction must not move it to another season). open
// says the transaction knows the match is open (a save checks it): then
// only a match that now finishes writes its row.
func (s *Store) settle(ctx context.Context, tx *txn, matchID int64, rounds []Round, finished, open bool) error {
	tx.wroteIn(matchID)
	_, err := tx.ExecContext(ctx, s.d.setTotals(), s.d.totalsArg(totalsOf(rounds)), matchID)
	if err != nil {
		return fmt.Errorf("store: totals: %w", err)
	}
	if open && !finished {
		return nil
	}
	var at any
	if finished {
		at = s.now()
	}
	// Only a change of state writes the row (an unchanged row left as it is
	// costs no page in the commit).
	if _, err := tx.ExecContext(ctx, `UPDATE matches SET finished_at = $1 WHERE id = $2 AND (CAST($3 AS TEXT) IS NULL) != (finished_at IS NULL)`, at, matchID, at); err != nil {
		return fmt.Errorf("store: finish: %w", err)
	}
	return nil
}

const roundColumns = `id, match_id, number, entry, points, version, undone_at, created_at`

type queryer interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// storeQueryer reads through the store's pool (queryRow: its kept
// statements, its time bound and the dialect's arguments).
type storeQueryer struct{ s *Store }

func (q storeQueryer) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return q.s.queryRow(ctx, query, args...)
}

func roundWhere(ctx context.Context, q queryer, where string, args ...any) (Round, error) {
	r, err := scanRound(q.QueryRowContext(ctx, `SELECT `+roundColumns+` FROM rounds WHERE `+where, args...))
	if err != nil {
		return Round{}, notFound(err, "round")
	}
	return r, nil
}

func scanRound(sc interface{ Scan(...any) error }) (Round, error) {
	var r Round
	var entry, points, created string
	var undone sql.NullString
	if err := sc.Scan(&r.ID, &r.MatchID, &r.Number, &entry, &points, &r.Version, &undone, &created); err != nil {
		return Round{}, err
	}
	r.Entry = json.RawMessage(entry)
	var err error
	if r.Points, err = decodeJSON[[]int](points); err != nil {
		return Round{}, fmt.Errorf("store: round %d: its points: %w", r.ID, err)
	}
	r.UndoneAt, r.CreatedAt = parseNullTime(undone), parseTime(created)
	return r, nil
}

// decodeJSON reads stored JSON text (a round's points, a match's house
// rules or options) into a T.
func decodeJSON[T any](text string) (T, error) {
	var v T
	err := json.Unmarshal([]byte(text), &v)
	return v, err
}

func mustJSON(v any) string {
	switch v := v.(type) {
	case string:
		return v
	}
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("store: cannot encode %T: %v", v, err)) // only plain data is ever passed
	}
	return string(b)
}
