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

// Match is one game played by seated players under a snapshot of house rules.
type Match struct {
	ID         int64
	GroupID    int64
	Game       string
	Rules      map[string]string // house rules in force, as started
	Options    map[string]string // game options (start round, limit, first dealer…)
	Seats      []Seat            // in seat order
	FinishedAt *time.Time
	CreatedAt  time.Time
	Rulings    int      // how many referee rulings were kept with it
	Play       PlayMeta // what it keeps of the play it was imported from
	// BGStatsPlay is the uuid of the BG Stats play it was imported from
	// ("" for a match recorded here), read by MatchSheet only.
	BGStatsPlay string
	// EndedEarlyAt is when the match was ended before its game's end (nil
	// for a match that ran its course or is still played).
	EndedEarlyAt *time.Time
	// Lines are the lines sent for the next round, each player's own, not
	// yet saved with it (read by MatchSheet and ChangeRound only), in seat order.
	Lines []Line
}

// Seat is a player's place at a match, with their running total.
type Seat struct {
	PlayerID int64
	Name     string
	Total    int
	AwayFrom int  // the first round the player no longer plays (he left after the one before); 0 when he stayed
	Guest    bool // a guest, not on the group's roster
	// Role and Team are what a BG Stats play said of the seat (the sheet
	// reads them; "" for none).
	Role, Team string
}

// EndedEarly reports whether the match was ended before its game's end.
func (m Match) EndedEarly() bool { return m.EndedEarlyAt != nil }

// AwayFrom is, seat by seat, the first round its player no longer plays (0:
// he stayed); nil when nobody left.
func (m Match) AwayFrom() []int {
	var out []int
	for i, st := range m.Seats {
		if st.AwayFrom > 0 {
			if out == nil {
				out = make([]int, len(m.Seats))
			}
			out[i] = st.AwayFrom
		}
	}
	return out
}

// Finished reports whether the match is over.
func (m Match) Finished() bool { return m.FinishedAt != nil }

// NewMatch is what starting a match needs.
type NewMatch struct {
	Game    string
	Players []int64 // seat order
	Rules   map[string]string
	Options map[string]string
	// Guests are seated after Players: people who are not on the group's
	// roster, each made a guest player of the group (see AdmitGuest).
	Guests []string
}

// CreateMatch starts a match. Returns ErrInvalid when a player is not an
// active member of the group's roster or is seated twice.
func (s *Store) CreateMatch(ctx context.Context, groupID int64, nm NewMatch) (int64, error) {
	rules, _ := json.Marshal(nm.Rules)
	opts, _ := json.Marshal(nm.Options)
	var id int64
	err := s.tx(ctx, func(tx *txn) error {
		tx.wrote(groupID, false)
		seen := map[int64]bool{}
		for _, pid := range nm.Players {
			var archived sql.NullString
			err := tx.QueryRowContext(ctx, `SELECT archived_at FROM players WHERE id = $1 AND group_id = $2`, pid, groupID).Scan(&archived)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("store: create match: %w", err) // the database failed: not the player's fault
			}
			if err != nil || archived.Valid || seen[pid] {
				return fmt.Errorf("store: create match: player %d cannot be seated: %w", pid, ErrInvalid)
			}
			seen[pid] = true
		}
		res, err := tx.insert(ctx,
			`INSERT INTO matches (group_id, game, rules, options, created_at) VALUES ($1, $2, $3, $4, $5)`,
			groupID, nm.Game, string(rules), string(opts), s.now())
		if err != nil {
			return fmt.Errorf("store: create match: %w", err)
		}
		id, _ = res.LastInsertId()
		players := nm.Players
		for _, name := range nm.Guests {
			pid, err := s.addGuest(ctx, tx, groupID, name)
			if err != nil {
				return err
			}
			players = append(slices.Clip(players), pid)
		}
		if err := s.withinLimits(ctx, tx, groupID, len(nm.Guests) > 0, true); err != nil {
			return err
		}
		for seat, pid := range players {
			if _, err := tx.ExecContext(ctx, `INSERT INTO match_players (match_id, seat, player_id) VALUES ($1, $2, $3)`, id, seat, pid); err != nil {
				return fmt.Errorf("store: create match: %w", err)
			}
		}
		return nil
	})
	return id, err
}

const matchColumns = `m.id, m.group_id, m.game, m.rules, m.options, m.finished_at, m.created_at,
	(SELECT COUNT(*) FROM rulings r WHERE r.match_id = m.id), m.ended_early_at, ` + metaColumns

func scanMatch(sc interface{ Scan(...any) error }) (Match, error) {
	var m Match
	var rules, opts, created string
	var finished, early sql.NullString
	var meta metaScan
	if err := sc.Scan(append([]any{&m.ID, &m.GroupID, &m.Game, &rules, &opts, &finished, &created, &m.Rulings, &early}, meta.dest()...)...); err != nil {
		return Match{}, err
	}
	m.Play = meta.done()
	if err := json.Unmarshal([]byte(rules), &m.Rules); err != nil {
		return Match{}, fmt.Errorf("store: match %d: its house rules: %w", m.ID, err)
	}
	if err := json.Unmarshal([]byte(opts), &m.Options); err != nil {
		return Match{}, fmt.Errorf("store: match %d: its options: %w", m.ID, err)
	}
	m.FinishedAt, m.CreatedAt, m.EndedEarlyAt = parseNullTime(finished), parseTime(created), parseNullTime(early)
	return m, nil
}

// Match returns a match of the group with its seats, or ErrNotFound (also for
// a deleted match or one of another group).
func (s *Store) Match(ctx context.Context, groupID, id int64) (Match, error) {
	m, err := scanMatch(s.queryRow(ctx,
		`SELECT `+matchColumns+` FROM matches m WHERE m.id = $1 AND m.group_id = $2 AND m.deleted_at IS NULL`, id, groupID))
	if err != nil {
		return Match{}, notFound(err, "match")
	}
	seats, err := s.seats(ctx, []int64{id})
	m.Seats = seats[id]
	return m, err
}

// Matches lists the group's matches, newest first, at most limit of them.
func (s *Store) Matches(ctx context.Context, groupID int64, limit int) ([]Match, error) {
	rows, err := s.query(ctx, `SELECT `+matchColumns+` FROM matches m
		WHERE m.group_id = $1 AND m.deleted_at IS NULL ORDER BY m.created_at DESC, m.id DESC LIMIT $2`, groupID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: matches: %w", err)
	}
	defer rows.Close()
	var out []Match
	var ids []int64
	for rows.Next() {
		m, err := scanMatch(rows)
		if err != nil {
			return nil, fmt.Errorf("store: matches: %w", err)
		}
		out = append(out, m)
		ids = append(ids, m.ID)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	seats, err := s.seats(ctx, ids)
	for i := range out {
		out[i].Seats = seats[out[i].ID]
	}
	return out, err
}

func (s *Store) seats(ctx context.Context, ids []int64) (map[int64][]Seat, error) {
	out := map[int64][]Seat{}
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := s.query(ctx, `SELECT mp.match_id, mp.player_id, p.name, mp.total, p.guest,
		COALESCE((SELECT d.after_round + 1 FROM departures d WHERE d.match_id = mp.match_id AND d.seat = mp.seat AND d.undone_at IS NULL), 0)
		FROM match_players mp JOIN players p ON p.id = mp.player_id
		WHERE mp.match_id IN (`+placeholders(len(ids))+`) ORDER BY mp.match_id, mp.seat`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: seats: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var mid int64
		var st Seat
		var guest int
		if err := rows.Scan(&mid, &st.PlayerID, &st.Name, &st.Total, &guest, &st.AwayFrom); err != nil {
			return nil, fmt.Errorf("store: seats: %w", err)
		}
		st.Guest = guest != 0
		out[mid] = append(out[mid], st)
	}
	return out, rows.Err()
}

// DeleteMatch marks a match deleted (it disappears from lists and standings
// but stays in the database).
func (s *Store) DeleteMatch(ctx context.Context, groupID, id int64, by string) error {
	return s.tx(ctx, func(tx *txn) error {
		tx.wrote(groupID, false)
		tx.author = by
		tx.wroteIn(id)
		res, err := tx.ExecContext(ctx, `UPDATE matches SET deleted_at = $1 WHERE id = $2 AND group_id = $3 AND deleted_at IS NULL`, s.now(), id, groupID)
		if err != nil {
			return fmt.Errorf("store: delete match: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("store: delete match: %w", ErrNotFound)
		}
		return nil
	})
}

// LastActive is, for each of the matches ids that has a round, when one of
// its rounds was last saved, corrected or undone: the matches in progress
// are listed by it, the table that played last first.
func (s *Store) LastActive(ctx context.Context, ids []int64) (map[int64]time.Time, error) {
	out := map[int64]time.Time{}
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := s.query(ctx, `SELECT r.match_id, MAX(rr.at) FROM rounds r JOIN round_revisions rr ON rr.round_id = r.id
		WHERE r.match_id IN (`+placeholders(len(ids))+`) GROUP BY r.match_id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: last active: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var at string
		if err := rows.Scan(&id, &at); err != nil {
			return nil, fmt.Errorf("store: last active: %w", err)
		}
		out[id] = parseTime(at)
	}
	return out, rows.Err()
}
