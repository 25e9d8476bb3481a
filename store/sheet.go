package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"time"
)

// sheetQuery reads a match, its seats and its rounds in one statement: a
// scoresheet is built from the three, and each statement costs its own
// trip through database/sql and the driver (three of them were a fifth of
// a cold scoresheet). One row per part, told apart by its first column:
//
//	kind | i1     | i2        | i3      | t1    | t2     | t3      | t4          | t5         | t6
//	0    | id     | group_id  | rulings | game  | rules  | options | finished_at | created_at | ended_early_at
//	1    | seat   | player_id | total   | name  | away   | guest   |             |            |
//	2    | number | id        | version | entry | points |         | undone_at   |            |
//	3    | duration_min | start_seat | no_scores | places | location | comments | played_local | result | bgstats_play
//	4    | number | seat      | version | fields | author | sender  |             | send_key   |
//	5    |              |            |           | scores |          |          |              |        |
//
// away is the first round the seat's player no longer plays (his live
// departure, migration 00110, is after the round before it), NULL when he stayed.
//
// Rows 4 are the lines sent for the next round and not yet saved with it
// (Match.Lines, migration 00140): a match whose players enter no line of
// their own costs nothing more.
//
// Row 3 (PlayMeta) is there only for a match imported from a play (one
// with played_local): a match recorded here costs nothing more.
// A round's created_at is not read: no page built from the sheet says when
// a round was entered (its history page reads the revisions), and each
// text column costs the driver a string and an interface per row. Only the
// match's row says whether it is of the group and not deleted; the
// other rows are read by match id and dropped when it is missing. Rows come
// unordered (no sort in the database); MatchSheet puts them in order.
const sheetQuery = `SELECT 0, m.id, m.group_id, (SELECT COUNT(*) FROM rulings r WHERE r.match_id = m.id),
		m.game, m.rules, m.options, m.finished_at, m.created_at, m.ended_early_at
	FROM matches m WHERE m.id = $1 AND m.group_id = $2 AND m.deleted_at IS NULL
	UNION ALL
	SELECT 1, mp.seat, mp.player_id, mp.total, p.name,
		CAST((SELECT d.after_round + 1 FROM departures d WHERE d.match_id = mp.match_id AND d.seat = mp.seat AND d.undone_at IS NULL) AS TEXT),
		CAST(p.guest AS TEXT), mp.role, mp.team, NULL
	FROM match_players mp JOIN players p ON p.id = mp.player_id WHERE mp.match_id = $3
	UNION ALL
	SELECT 2, r.number, r.id, r.version, r.entry, r.points, NULL, r.undone_at, NULL, NULL
	FROM rounds r WHERE r.match_id = $4
	UNION ALL
	SELECT 3, COALESCE(m.duration_min, 0), COALESCE(m.start_seat, -1), COALESCE(m.no_scores, 0), m.places, m.location, m.comments, m.played_local, m.result, m.bgstats_play
	FROM matches m WHERE m.id = $5 AND m.group_id = $6 AND m.played_local IS NOT NULL
	UNION ALL
	SELECT 4, l.number, l.seat, l.version, l.fields, l.author, CAST(l.sender AS TEXT), NULL, l.send_key, NULL
	FROM round_lines l WHERE l.match_id = $7 AND l.round_id IS NULL AND l.replaced = 0
	UNION ALL
	SELECT 5, NULL, NULL, NULL, m.scores, m.board, NULL, NULL, NULL, NULL
	FROM matches m WHERE m.id = $8 AND m.group_id = $9 AND (m.scores IS NOT NULL OR m.board IS NOT NULL)`

// MatchSheet returns a match of the group with its seats (Match) and every
// round in order, undone ones included (Rounds, but with no CreatedAt), read
// in one statement, or ErrNotFound (also for a deleted match or one of
// another group).
func (s *Store) MatchSheet(ctx context.Context, groupID, id int64) (Match, []Round, error) {
	return matchSheet(ctx, s.query, groupID, id)
}

// MatchGame is the game of match id of the group, or ErrNotFound (also for
// a deleted match or one of another group). A match's game never changes:
// a write to the match reads it before its transaction begins.
func (s *Store) MatchGame(ctx context.Context, groupID, id int64) (string, error) {
	var game string
	err := s.queryRow(ctx, `SELECT game FROM matches WHERE id = $1 AND group_id = $2 AND deleted_at IS NULL`, id, groupID).Scan(&game)
	if err != nil {
		return "", notFound(err, "match")
	}
	return game, nil
}

// matchSheet is MatchSheet on a connection's queries: the pool's, or a write
// transaction's (ChangeRound).
func matchSheet(ctx context.Context, query func(context.Context, string, ...any) (*sql.Rows, error), groupID, id int64) (Match, []Round, error) {
	rows, err := query(ctx, sheetQuery, id, groupID, id, id, id, groupID, id, id, groupID)
	if err != nil {
		return Match{}, nil, fmt.Errorf("store: match sheet: %w", err)
	}
	defer rows.Close()
	var (
		m      Match
		found  bool
		scores []string // row 5, set once the rows are read (rows come unordered)
		board  string   // row 5 too
		seats  = make([]Seat, 0, 8)
		seatNo = make([]int64, 0, 8)
		rounds = make([]Round, 0, 16)
		// Scanned as the driver's values: database/sql copies into *any at
		// once, where an *int64 or a *sql.NullString goes through reflection
		// or a Scanner for each of the rows' nine columns.
		col     [10]any
		scanned = []any{&col[0], &col[1], &col[2], &col[3], &col[4], &col[5], &col[6], &col[7], &col[8], &col[9]}
	)
	for rows.Next() {
		if err := rows.Scan(scanned...); err != nil {
			return Match{}, nil, fmt.Errorf("store: match sheet: %w", err)
		}
		i1, i2, i3 := intOf(col[1]), intOf(col[2]), intOf(col[3])
		switch intOf(col[0]) {
		case 0:
			found = true
			m.ID, m.GroupID, m.Rulings, m.Game = i1, i2, int(i3), textOf(col[4])
			if m.Rules, err = decodeJSON[map[string]string](textOf(col[5])); err != nil {
				return Match{}, nil, fmt.Errorf("store: match %d: its house rules: %w", m.ID, err)
			}
			if m.Options, err = decodeJSON[map[string]string](textOf(col[6])); err != nil {
				return Match{}, nil, fmt.Errorf("store: match %d: its options: %w", m.ID, err)
			}
			m.FinishedAt, m.CreatedAt = nullTimeOf(col[7]), parseTime(textOf(col[8]))
			m.EndedEarlyAt = nullTimeOf(col[9])
		case 1:
			seats = append(seats, Seat{PlayerID: i2, Name: textOf(col[4]), Total: int(i3), AwayFrom: atoiOf(col[5]), Guest: atoiOf(col[6]) != 0,
				Role: textOf(col[7]), Team: textOf(col[8])})
			seatNo = append(seatNo, i1)
		case 2:
			r := Round{ID: i2, MatchID: id, Number: int(i1), Entry: bytesOf(col[4]), Version: int(i3)}
			if r.Points, err = decodeJSON[[]int](textOf(col[5])); err != nil {
				return Match{}, nil, fmt.Errorf("store: round %d: its points: %w", r.ID, err)
			}
			r.UndoneAt = nullTimeOf(col[7])
			rounds = append(rounds, r)
		case 3:
			m.Play = PlayMeta{DurationMin: int(i1), Places: parsePlaces(textOf(col[4])), Location: textOf(col[5]),
				Comments: textOf(col[6]), PlayedLocal: textOf(col[7]), NoScores: i3 == 1, Result: textOf(col[8])}
			m.BGStatsPlay = textOf(col[9])
			if i2 >= 0 {
				start := int(i2)
				m.Play.StartSeat = &start
			}
		case 4:
			m.Lines = append(m.Lines, Line{Number: int(i1), Seat: int(i2), Version: int(i3), Fields: textOf(col[4]),
				Author: textOf(col[5]), Sender: int64(atoiOf(col[6])), Key: textOf(col[8])})
		case 5:
			scores, board = parseScores(textOf(col[4])), textOf(col[5])
		}
	}
	if err := rows.Err(); err != nil {
		return Match{}, nil, fmt.Errorf("store: match sheet: %w", err)
	}
	if !found {
		return Match{}, nil, fmt.Errorf("store: match: %w", ErrNotFound)
	}
	if len(rounds) == 0 {
		rounds = nil // as Rounds answers
	}
	if len(seats) > 0 {
		m.Seats = sortSeats(seats, seatNo)
	}
	if len(scores) == len(m.Seats) {
		m.Play.Scores = scores
	}
	m.Play.Board = board
	sortRounds(rounds)
	slices.SortFunc(m.Lines, func(a, b Line) int { return a.Seat - b.Seat })
	return m, rounds, nil
}

// sortRounds puts rounds in the order Rounds gives them: by number, and a
// number's undone versions before its live one by id (they almost always
// come so).
func sortRounds(rounds []Round) {
	slices.SortStableFunc(rounds, func(a, b Round) int {
		if a.Number != b.Number {
			return a.Number - b.Number
		}
		return cmp.Compare(a.ID, b.ID)
	})
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

// The driver's values: SQLite's and PostgreSQL's drivers give integers as
// int64 and texts as string (or []byte), NULL as nil.

func intOf(v any) int64 {
	switch v := v.(type) {
	case int64:
		return v
	case int32:
		return int64(v)
	case int:
		return int64(v)
	}
	return 0
}

func textOf(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case []byte:
		return string(v)
	}
	return ""
}

// bytesOf is a text as bytes of its own (the driver's may be used again).
func bytesOf(v any) []byte {
	switch v := v.(type) {
	case string:
		return []byte(v)
	case []byte:
		return slices.Clone(v)
	}
	return nil
}

func nullTimeOf(v any) *time.Time {
	if v == nil {
		return nil
	}
	t := parseTime(textOf(v))
	return &t
}

// atoiOf is a number the statement gives as text (to share a column with
// texts), 0 for NULL.
func atoiOf(v any) int {
	n, _ := strconv.Atoi(textOf(v))
	return n
}

// SheetVersion is a scoresheet's version, which the phones watching it
// compare with theirs: it changes with every round saved, corrected or
// undone, a player who leaves or comes back, and a match ended early.
func SheetVersion(m Match, rounds []Round) string {
	sum := 0
	for _, r := range rounds {
		sum += r.Version
	}
	v := strconv.Itoa(len(rounds)) + "." + strconv.Itoa(sum)
	for i, st := range m.Seats {
		if st.AwayFrom > 0 {
			v += "~" + strconv.Itoa(i) + "@" + strconv.Itoa(st.AwayFrom)
		}
	}
	if m.EndedEarly() {
		v += "~end"
	}
	if len(m.Lines) > 0 { // a line sent, or changed, for the next round
		sum = 0
		for _, l := range m.Lines {
			sum += l.Version
		}
		v += "~l" + strconv.Itoa(len(m.Lines)) + "." + strconv.Itoa(sum)
	}
	return v
}
