package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
)

// sheetQuery reads a match, its seats and its rounds in one statement: a
// scoresheet is built from the three, and each statement costs its own
// trip through database/sql and the driver (three of them were a fifth of
// a cold scoresheet). One row per part, told apart by its first column:
//
//	kind | i1     | i2        | i3      | t1    | t2     | t3      | t4          | t5
//	0    | id     | group_id  | rulings | game  | rules  | options | finished_at | created_at
//	1    | seat   | player_id | total   | name  |        |         |             |
//	2    | number | id        | version | entry | points |         | undone_at   | created_at
//
// Only the match's row says whether it is of the group and not deleted; the
// other rows are read by match id and dropped when it is missing. Rows come
// unordered (no sort in the database); MatchSheet puts them in order.
const sheetQuery = `SELECT 0, m.id, m.group_id, (SELECT COUNT(*) FROM rulings r WHERE r.match_id = m.id),
		m.game, m.rules, m.options, m.finished_at, m.created_at
	FROM matches m WHERE m.id = ? AND m.group_id = ? AND m.deleted_at IS NULL
	UNION ALL
	SELECT 1, mp.seat, mp.player_id, mp.total, p.name, NULL, NULL, NULL, NULL
	FROM match_players mp JOIN players p ON p.id = mp.player_id WHERE mp.match_id = ?
	UNION ALL
	SELECT 2, r.number, r.id, r.version, r.entry, r.points, NULL, r.undone_at, r.created_at
	FROM rounds r WHERE r.match_id = ?`

// MatchSheet returns a match of the group with its seats (Match) and every
// round in order, undone ones included (Rounds), read in one statement, or
// ErrNotFound (also for a deleted match or one of another group).
func (s *Store) MatchSheet(ctx context.Context, groupID, id int64) (Match, []Round, error) {
	rows, err := s.query(ctx, sheetQuery, id, groupID, id, id)
	if err != nil {
		return Match{}, nil, fmt.Errorf("store: match sheet: %w", err)
	}
	defer rows.Close()
	var (
		m       Match
		found   bool
		seats   []Seat
		seatNo  []int64
		rounds  []Round
		kind    int
		i1, i2  int64
		i3      int64
		t1      string
		t2, t3  sql.RawBytes // the JSON parts, decoded from the driver's buffer
		t4, t5  sql.NullString
		scanned = []any{&kind, &i1, &i2, &i3, &t1, &t2, &t3, &t4, &t5}
	)
	for rows.Next() {
		if err := rows.Scan(scanned...); err != nil {
			return Match{}, nil, fmt.Errorf("store: match sheet: %w", err)
		}
		switch kind {
		case 0:
			found = true
			m.ID, m.GroupID, m.Rulings, m.Game = i1, i2, int(i3), t1
			if err := json.Unmarshal(t2, &m.Rules); err != nil {
				return Match{}, nil, fmt.Errorf("store: match %d: its house rules: %w", m.ID, err)
			}
			if err := json.Unmarshal(t3, &m.Options); err != nil {
				return Match{}, nil, fmt.Errorf("store: match %d: its options: %w", m.ID, err)
			}
			m.FinishedAt, m.CreatedAt = parseNullTime(t4), parseTime(t5.String)
		case 1:
			seats = append(seats, Seat{PlayerID: i2, Name: t1, Total: int(i3)})
			seatNo = append(seatNo, i1)
		case 2:
			r := Round{ID: i2, MatchID: id, Number: int(i1), Entry: json.RawMessage(t1), Version: int(i3)}
			if r.Points, err = decodePoints(string(t2)); err != nil {
				return Match{}, nil, fmt.Errorf("store: round %d: its points: %w", r.ID, err)
			}
			r.UndoneAt, r.CreatedAt = parseNullTime(t4), parseTime(t5.String)
			rounds = append(rounds, r)
		}
	}
	if err := rows.Err(); err != nil {
		return Match{}, nil, fmt.Errorf("store: match sheet: %w", err)
	}
	if !found {
		return Match{}, nil, fmt.Errorf("store: match: %w", ErrNotFound)
	}
	m.Seats = sortSeats(seats, seatNo)
	slices.SortStableFunc(rounds, func(a, b Round) int {
		if a.Number != b.Number {
			return a.Number - b.Number
		}
		return int(a.ID - b.ID)
	})
	return m, rounds, nil
}

// sortSeats puts seats in seat order (they almost always come so).
func sortSeats(seats []Seat, seatNo []int64) []Seat {
	if slices.IsSorted(seatNo) {
		return seats
	}
	idx := make([]int, len(seats))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return int(seatNo[a] - seatNo[b]) })
	out := make([]Seat, len(seats))
	for i, j := range idx {
		out[i] = seats[j]
	}
	return out
}
