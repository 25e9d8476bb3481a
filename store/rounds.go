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
	CreatedAt time.Time // zero when read by MatchSheet or SaveRound (the one saved has it)
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

// RoundWrite is a round to save. Finished says whether the match is over once
// this write is applied (the game decides; the store records it).
type RoundWrite struct {
	Number    int
	Entry     any
	Points    []int
	SubmitKey string // random per form; a repeated post is applied once
	Author    string
	Finished  bool
	// Decide, when set, says whether the match is over given its live rounds
	// as stored (entries and points, in order). It runs inside the write
	// transaction, so a decision never rests on rounds read before another
	// phone's write; it overrides Finished.
	Decide func(entries []json.RawMessage, points [][]int) bool
}

// AddRound saves round w.Number of a match, updates the totals and records a
// revision, in one transaction. A repeated SubmitKey returns the round already
// saved. Returns ErrConflict when that round number was saved meanwhile (by
// another phone), ErrInvalid when the match is finished or w.Number is not
// the next round. It also returns all the match's rounds as they stand after
// the write (read in the same transaction), for the answer to show.
func (s *Store) AddRound(ctx context.Context, matchID int64, w RoundWrite) (Round, []Round, error) {
	var out Round
	var rounds []Round
	err := s.txQueued(s.onMatch(ctx, matchID), func(tx *txn) error {
		var group int64
		var slug string
		var finished sql.NullString
		err := tx.QueryRowContext(ctx, `SELECT m.group_id, g.slug, m.finished_at
			FROM matches m JOIN groups g ON g.id = m.group_id WHERE m.id = $1`, matchID).Scan(&group, &slug, &finished)
		if err != nil {
			return notFound(err, "add round")
		}
		if rounds, err = roundsOf(ctx, tx.QueryContext, matchID); err != nil {
			return err
		}
		out, rounds, err = s.addNext(ctx, tx, Group{ID: group, Slug: slug}, matchID, finished.Valid, rounds, w)
		return err
	})
	return out, rounds, err
}

// ErrNoWrite is what a plan given to SaveRound returns when the match as it
// stands calls for no write (a refused form, a finished match, a form drawn
// before an undo): the caller answers from the match SaveRound read. (A
// round saved meanwhile is planned as a write, and refused by the store
// with ErrConflict.)
var ErrNoWrite = errors.New("store: nothing to write")

// SaveRound is AddRound for a caller that decides what to save from the
// match as it stands: inside the write transaction it reads match id of
// group g as MatchSheet does (ErrNotFound for a deleted match or another
// group's), asks plan for the round to save, and saves it as AddRound does.
// Deciding on what the transaction read, no phone's write can come in
// between, and the match is read once, on the connection whose cache the
// writes keep warm. When plan returns an error, nothing is written and
// SaveRound returns it with the match and rounds it gave plan. Otherwise it
// returns the match as read, the round saved (or the one a repeated
// SubmitKey saved before) and every round as it now stands.
//
// plan may run on another goroutine (the request that leads a shared commit,
// see batch.go), while SaveRound waits: it returns only once plan has
// returned. On PostgreSQL it may run more than once (a SERIALIZABLE
// transaction that lost a race is tried again, see commitPG). It must not
// wait for another connection of the store: on PostgreSQL the transaction
// holds one of the pool's.
func (s *Store) SaveRound(ctx context.Context, g Group, id int64, plan func(Match, []Round) (RoundWrite, error)) (Match, Round, []Round, error) {
	var m Match
	var out Round
	var rounds []Round
	err := s.txQueued(s.onMatch(ctx, id), func(tx *txn) error {
		var err error
		if m, rounds, err = matchSheet(ctx, tx.QueryContext, g.ID, id); err != nil {
			return err
		}
		w, err := plan(m, rounds)
		if err != nil {
			return err
		}
		out, rounds, err = s.addNext(ctx, tx, g, id, m.FinishedAt != nil, rounds, w)
		return err
	})
	return m, out, rounds, err
}

// addNext saves w as the next round of match id of group g, whose rounds
// (undone ones included, in order) are rounds in tx, records its revision,
// and settles the totals and whether the match is over. A repeated
// SubmitKey returns the round it saved, with nothing written.
func (s *Store) addNext(ctx context.Context, tx *txn, g Group, id int64, finished bool, rounds []Round, w RoundWrite) (Round, []Round, error) {
	var key any
	if w.SubmitKey != "" {
		key = w.SubmitKey
		var saved int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM rounds WHERE match_id = $1 AND submit_key = $2`, id, key).Scan(&saved)
		if err == nil { // a repeated post: the round it saved, nothing written
			for _, r := range rounds {
				if r.ID == saved {
					return r, rounds, nil
				}
			}
		}
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return Round{}, nil, fmt.Errorf("store: add round: %w", err)
		}
	}
	tx.wroteSlug(g.ID, g.Slug)
	live := 0
	for _, r := range rounds {
		if !r.Undone() {
			live++
		}
	}
	switch {
	case w.Number <= live:
		return Round{}, nil, fmt.Errorf("store: add round %d: already saved: %w", w.Number, ErrConflict)
	case finished || w.Number != live+1:
		return Round{}, nil, fmt.Errorf("store: add round %d after %d: %w", w.Number, live, ErrInvalid)
	}
	entry, points, created := mustJSON(w.Entry), mustJSON(w.Points), s.now()
	res, err := tx.insert(ctx, `INSERT INTO rounds (match_id, number, entry, points, submit_key, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
		id, w.Number, entry, points, key, created)
	if err != nil {
		return Round{}, nil, fmt.Errorf("store: add round: %w", err)
	}
	rid, _ := res.LastInsertId()
	if err := s.revise(ctx, tx, rid, 1, "created", entry, points, w.Author); err != nil {
		return Round{}, nil, err
	}
	r := Round{ID: rid, MatchID: id, Number: w.Number, Entry: json.RawMessage(entry), Points: slices.Clone(w.Points),
		Version: 1, CreatedAt: parseTime(created)}
	rounds = append(slices.Clip(rounds), r) // a copy: rounds may be the caller's
	sortRounds(rounds)                      // an undone round keeps its number: a new one is not always last
	return r, rounds, s.settle(ctx, tx, id, rounds, w.decide(rounds), true)
}

// settleAfter ends a write of round id: it reads the match's rounds as they
// now stand, settles the totals and whether the match is over on them, and
// returns the round written with all of them.
// open says the match is known to be open (not finished) in this transaction.
func (s *Store) settleAfter(ctx context.Context, tx *txn, matchID, id int64, w RoundWrite, open bool) (Round, []Round, error) {
	rounds, err := roundsOf(ctx, tx.QueryContext, matchID)
	if err != nil {
		return Round{}, nil, err
	}
	var out Round
	for _, r := range rounds {
		if r.ID == id {
			out = r
		}
	}
	return out, rounds, s.settle(ctx, tx, matchID, rounds, w.decide(rounds), open)
}

// EditRound replaces a round's entry and points if it is still at version
// (the one the editor saw), records the change, and updates the totals.
// Returns ErrConflict when someone changed it meanwhile, ErrNotFound for an
// unknown or undone round.
func (s *Store) EditRound(ctx context.Context, matchID, roundID int64, version int, w RoundWrite) (Round, error) {
	var out Round
	err := s.tx(s.onMatch(ctx, matchID), func(tx *txn) error {
		if err := tx.wroteMatch(ctx, matchID); err != nil {
			return err
		}
		cur, err := roundWhere(ctx, tx, `id = $1 AND match_id = $2 AND undone_at IS NULL`, roundID, matchID)
		if err != nil {
			return err
		}
		if cur.Version != version {
			return fmt.Errorf("store: edit round %d: version %d, have %d: %w", roundID, version, cur.Version, ErrConflict)
		}
		entry, points := mustJSON(w.Entry), mustJSON(w.Points)
		if _, err := tx.ExecContext(ctx, `UPDATE rounds SET entry = $1, points = $2, version = version + 1 WHERE id = $3`, entry, points, roundID); err != nil {
			return fmt.Errorf("store: edit round: %w", err)
		}
		if err := s.revise(ctx, tx, roundID, version+1, "edited", entry, points, w.Author); err != nil {
			return err
		}
		out, _, err = s.settleAfter(ctx, tx, matchID, roundID, w, false)
		return err
	})
	return out, err
}

// UndoLastRound undoes the match's last live round if it is roundID (so two
// phones cannot undo two rounds by accident), records it, and updates the
// totals; the match is open again. Returns ErrConflict when roundID is no
// longer the last round.
func (s *Store) UndoLastRound(ctx context.Context, matchID, roundID int64, author string) error {
	return s.tx(s.onMatch(ctx, matchID), func(tx *txn) error {
		if err := tx.wroteMatch(ctx, matchID); err != nil {
			return err
		}
		last, err := roundWhere(ctx, tx, `match_id = $1 AND undone_at IS NULL ORDER BY number DESC LIMIT 1`, matchID)
		if err != nil {
			return err
		}
		if last.ID != roundID {
			return fmt.Errorf("store: undo round %d: last is %d: %w", roundID, last.ID, ErrConflict)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE rounds SET undone_at = $1, version = version + 1 WHERE id = $2`, s.now(), roundID); err != nil {
			return fmt.Errorf("store: undo round: %w", err)
		}
		if err := s.revise(ctx, tx, roundID, last.Version+1, "undone", string(last.Entry), mustJSON(last.Points), author); err != nil {
			return err
		}
		rounds, err := roundsOf(ctx, tx.QueryContext, matchID)
		if err != nil {
			return err
		}
		return s.settle(ctx, tx, matchID, rounds, false, false)
	})
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

// decide says whether the match is over after this write, on its rounds as
// they now stand in the transaction.
func (w RoundWrite) decide(rounds []Round) bool {
	if w.Decide == nil {
		return w.Finished
	}
	var entries []json.RawMessage
	var points [][]int
	for _, r := range rounds {
		if !r.Undone() {
			entries, points = append(entries, r.Entry), append(points, r.Points)
		}
	}
	return w.Decide(entries, points)
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
