package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// ChangedMatch is a match whose part in the standings may have changed
// since a reader's last look: Played tells whether it now counts (finished
// and not deleted); when it does, Match holds it as PlayedMatches would,
// rounds included.
type ChangedMatch struct {
	Match  PlayedMatch
	Played bool
}

// ChangedMatches returns the group's matches changed after number since
// (see migration 00030: every change that can move the standings numbers
// its match in the same transaction) and the highest number read, to pass
// as since next time. With since 0 it reads every match: the first look.
// Both of its queries read one snapshot, so the number returned covers
// exactly what was read; a write committed later gets a higher number.
func (s *Store) ChangedMatches(ctx context.Context, groupID, since int64) ([]ChangedMatch, int64, error) {
	ctx, cancel := s.boundedCall(ctx)
	defer cancel()
	tx, err := s.beginRead(ctx)
	if err != nil {
		return nil, since, fmt.Errorf("store: changed matches: %w", err)
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT m.id, m.game, m.changed_seq, m.finished_at IS NOT NULL AND m.deleted_at IS NULL,
		COALESCE(m.finished_at, ''), m.options, COALESCE(m.places, ''), COALESCE(m.no_scores, 0), COALESCE(m.result, ''), m.ended_early_at IS NOT NULL,
		(SELECT `+seatsPacked+` FROM match_players mp WHERE mp.match_id = m.id)
		FROM matches m WHERE m.group_id = $1 AND m.changed_seq > $2`, groupID, since)
	if err != nil {
		return nil, since, fmt.Errorf("store: changed matches: %w", err)
	}
	defer rows.Close()
	var out []ChangedMatch
	index := map[int64]int{}
	top := since
	for rows.Next() {
		var c ChangedMatch
		var seq int64
		var at, opts, places string
		var none int
		var seats sql.NullString
		if err := rows.Scan(&c.Match.ID, &c.Match.Game, &seq, &c.Played, &at, &opts, &places, &none, &c.Match.Result, &c.Match.EndedEarly, &seats); err != nil {
			return nil, since, fmt.Errorf("store: changed matches: %w", err)
		}
		top = max(top, seq)
		if c.Played {
			c.Match.FinishedAt = parseTime(at)
			if err := json.Unmarshal([]byte(opts), &c.Match.Options); err != nil {
				return nil, since, fmt.Errorf("store: changed matches: match %d: its options: %w", c.Match.ID, err)
			}
			if c.Match.Seats, err = parseSeats(seats.String); err != nil {
				return nil, since, fmt.Errorf("store: changed matches: match %d: %w", c.Match.ID, err)
			}
			if p := parsePlaces(places); len(p) == len(c.Match.Seats) {
				c.Match.Places = p
			}
			c.Match.NoScores = none == 1
			index[c.Match.ID] = len(out)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, since, fmt.Errorf("store: changed matches: %w", err)
	}
	rows.Close()
	if len(index) == 0 {
		return out, top, nil
	}
	rrows, err := tx.QueryContext(ctx, `SELECT r.match_id, string_agg(r.number || ' ' || r.points, ';')
		FROM rounds r JOIN matches m ON m.id = r.match_id
		WHERE m.group_id = $1 AND m.changed_seq > $2 AND m.deleted_at IS NULL AND m.finished_at IS NOT NULL AND r.undone_at IS NULL
		GROUP BY r.match_id`, groupID, since)
	if err != nil {
		return nil, since, fmt.Errorf("store: changed rounds: %w", err)
	}
	defer rrows.Close()
	for rrows.Next() {
		var id int64
		var packed string
		if err := rrows.Scan(&id, &packed); err != nil {
			return nil, since, fmt.Errorf("store: changed rounds: %w", err)
		}
		i, ok := index[id]
		if !ok {
			continue
		}
		if err := unpackRounds(&out[i].Match, packed); err != nil {
			return nil, since, fmt.Errorf("store: changed rounds: %w", err)
		}
	}
	return out, top, rrows.Err()
}

// parseSeats reads "seat player total away" fields joined by commas (away
// may be missing: 0).
func parseSeats(packed string) ([]PlayedSeat, error) {
	if packed == "" {
		return nil, nil
	}
	parts := strings.Split(packed, ",")
	out := make([]PlayedSeat, len(parts))
	for _, p := range parts {
		f := strings.Fields(p)
		if len(f) != 3 && len(f) != 4 {
			return nil, fmt.Errorf("seat %q", p)
		}
		away := 0
		if len(f) == 4 {
			var err error
			if away, err = strconv.Atoi(f[3]); err != nil {
				return nil, fmt.Errorf("seat %q", p)
			}
		}
		seat, err1 := strconv.Atoi(f[0])
		player, err2 := strconv.ParseInt(f[1], 10, 64)
		total, err3 := strconv.Atoi(f[2])
		if err1 != nil || err2 != nil || err3 != nil || seat < 0 || seat >= len(parts) {
			return nil, fmt.Errorf("seat %q", p)
		}
		out[seat] = PlayedSeat{PlayerID: player, Total: total, AwayFrom: away}
	}
	return out, nil
}

// unpackRounds reads "number points" pairs joined by semicolons into the
// seats' rounds.
func unpackRounds(m *PlayedMatch, packed string) error {
	rounds := strings.Split(packed, ";")
	for k := range m.Seats {
		m.Seats[k].Rounds = make([]int, len(rounds))
	}
	for _, r := range rounds {
		num, points, _ := strings.Cut(r, " ")
		n, err := strconv.Atoi(num)
		if err != nil || n < 1 || n > len(rounds) {
			return fmt.Errorf("match %d: round %q", m.ID, num)
		}
		pts, err := decodeJSON[[]int](points)
		if err != nil {
			return fmt.Errorf("match %d round %d: %w", m.ID, n, err)
		}
		for k := range m.Seats {
			if k < len(pts) {
				m.Seats[k].Rounds[n-1] = pts[k]
			}
		}
	}
	return nil
}

// RecentGroups lists up to n groups, those whose matches were started most
// recently first (read from the newest matches only: a few thousand rows
// whatever the server holds).
func (s *Store) RecentGroups(ctx context.Context, n int) ([]int64, error) {
	rows, err := s.query(ctx, `SELECT group_id FROM matches ORDER BY id DESC LIMIT 5000`)
	if err != nil {
		return nil, fmt.Errorf("store: recent groups: %w", err)
	}
	defer rows.Close()
	var out []int64
	seen := map[int64]bool{}
	for rows.Next() && len(out) < n {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: recent groups: %w", err)
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out, rows.Err()
}
