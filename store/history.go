package store

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// PlayedMatch is a finished, not deleted match as the standings read it.
type PlayedMatch struct {
	ID         int64
	Game       string
	FinishedAt time.Time
	Options    map[string]string // the game options it was started with
	Seats      []PlayedSeat      // in seat order
	// Places are the seats' places when they are not the totals' order
	// (see PlayMeta.Places); nil: the totals place them.
	Places []int
	// NoScores: the match's totals are zeros from a play without scores,
	// worth no average or record (see PlayMeta.NoScores).
	NoScores   bool
	Result     string // how it ended when its places do not say it (see PlayMeta.Result)
	EndedEarly bool   // ended before its game's end: it sets no records
}

// PlayedSeat is one player's part in a finished match.
type PlayedSeat struct {
	PlayerID int64
	Total    int   // the sum of the live rounds
	Rounds   []int // the points of each live round, in order
	AwayFrom int   // the first round he no longer played (he left the match); 0 when he stayed
}

// seatsPacked is a match's seats packed in one text, "seat player total
// away" joined by commas (parseSeats reads it).
const seatsPacked = `string_agg(mp.seat || ' ' || mp.player_id || ' ' || mp.total || ' ' ||
		COALESCE((SELECT d.after_round + 1 FROM departures d WHERE d.match_id = mp.match_id AND d.seat = mp.seat AND d.undone_at IS NULL), 0), ',')`

// PlayedMatches returns every finished, not deleted match of the group with
// its seats and totals, oldest first (by finish time, then id), and with
// withRounds the live rounds' points too (records need them, tables do
// not: they are most of the reading). It reads the whole history in one or
// two queries, whatever its size, each answering one row per match (seats
// and rounds packed by SQLite): crossing from SQLite to Go row by row is
// what costs.
func (s *Store) PlayedMatches(ctx context.Context, groupID int64, withRounds bool) ([]PlayedMatch, error) {
	rows, err := s.query(ctx, `SELECT m.id, m.game, m.finished_at, m.options, COALESCE(m.places, ''), COALESCE(m.no_scores, 0), COALESCE(m.result, ''), m.ended_early_at IS NOT NULL,
		`+seatsPacked+`
		FROM matches m JOIN match_players mp ON mp.match_id = m.id
		WHERE m.group_id = $1 AND m.deleted_at IS NULL AND m.finished_at IS NOT NULL
		GROUP BY m.id`, groupID)
	if err != nil {
		return nil, fmt.Errorf("store: played matches: %w", err)
	}
	defer rows.Close()
	var out []PlayedMatch
	var finished []string
	for rows.Next() {
		var m PlayedMatch
		var at, opts, places, seats string
		var none int
		if err := rows.Scan(&m.ID, &m.Game, &at, &opts, &places, &none, &m.Result, &m.EndedEarly, &seats); err != nil {
			return nil, fmt.Errorf("store: played matches: %w", err)
		}
		if err := json.Unmarshal([]byte(opts), &m.Options); err != nil {
			return nil, fmt.Errorf("store: played matches: match %d: its options: %w", m.ID, err)
		}
		var err error
		if m.Seats, err = parseSeats(seats); err != nil {
			return nil, fmt.Errorf("store: played matches: match %d: %w", m.ID, err)
		}
		if p := parsePlaces(places); len(p) == len(m.Seats) {
			m.Places = p
		}
		m.NoScores = none == 1
		out = append(out, m)
		finished = append(finished, at)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: played matches: %w", err)
	}
	rows.Close()
	// The store's time text sorts as the times do.
	order := make([]int, len(out))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		if c := cmp.Compare(finished[a], finished[b]); c != 0 {
			return c
		}
		return cmp.Compare(out[a].ID, out[b].ID)
	})
	sorted := make([]PlayedMatch, len(out))
	index := make(map[int64]int, len(out))
	for i, k := range order {
		sorted[i] = out[k]
		sorted[i].FinishedAt = parseTime(finished[k])
		index[sorted[i].ID] = i
	}
	out = sorted
	if !withRounds {
		return out, nil
	}

	rrows, err := s.query(ctx, `SELECT r.match_id, string_agg(r.number || ' ' || r.points, ';')
		FROM rounds r JOIN matches m ON m.id = r.match_id
		WHERE m.group_id = $1 AND m.deleted_at IS NULL AND m.finished_at IS NOT NULL AND r.undone_at IS NULL
		GROUP BY r.match_id`, groupID)
	if err != nil {
		return nil, fmt.Errorf("store: played rounds: %w", err)
	}
	defer rrows.Close()
	for rrows.Next() {
		var id int64
		var packed string
		if err := rrows.Scan(&id, &packed); err != nil {
			return nil, fmt.Errorf("store: played rounds: %w", err)
		}
		i, ok := index[id]
		if !ok {
			continue
		}
		m := &out[i]
		rounds := strings.Split(packed, ";")
		for k := range m.Seats {
			m.Seats[k].Rounds = make([]int, len(rounds))
		}
		for _, r := range rounds {
			num, points, _ := strings.Cut(r, " ")
			n, err := strconv.Atoi(num)
			if err != nil || n < 1 || n > len(rounds) {
				return nil, fmt.Errorf("store: played rounds: match %d: round %q", id, num)
			}
			pts, err := decodeJSON[[]int](points)
			if err != nil {
				return nil, fmt.Errorf("store: played rounds: match %d round %d: %w", id, n, err)
			}
			for k := range m.Seats {
				if k < len(pts) {
					m.Seats[k].Rounds[n-1] = pts[k]
				}
			}
		}
	}
	return out, rrows.Err()
}
