package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// PlayedMatch is a finished, not deleted match as the standings read it.
type PlayedMatch struct {
	ID         int64
	Game       string
	FinishedAt time.Time
	Seats      []PlayedSeat // in seat order
}

// PlayedSeat is one player's part in a finished match.
type PlayedSeat struct {
	PlayerID int64
	Total    int   // the sum of the live rounds
	Rounds   []int // the points of each live round, in order
}

// PlayedMatches returns every finished, not deleted match of the group with
// its seats, totals and live round points, oldest first (by finish time, then
// id). It reads the whole history in two queries, whatever its size.
func (s *Store) PlayedMatches(ctx context.Context, groupID int64) ([]PlayedMatch, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT m.id, m.game, m.finished_at, mp.player_id, mp.total
		FROM matches m JOIN match_players mp ON mp.match_id = m.id
		WHERE m.group_id = ? AND m.deleted_at IS NULL AND m.finished_at IS NOT NULL
		ORDER BY m.finished_at, m.id, mp.seat`, groupID)
	if err != nil {
		return nil, fmt.Errorf("store: played matches: %w", err)
	}
	defer rows.Close()
	var out []PlayedMatch
	index := map[int64]int{}
	for rows.Next() {
		var id, player int64
		var game, finished string
		var total int
		if err := rows.Scan(&id, &game, &finished, &player, &total); err != nil {
			return nil, fmt.Errorf("store: played matches: %w", err)
		}
		i, ok := index[id]
		if !ok {
			i = len(out)
			index[id] = i
			out = append(out, PlayedMatch{ID: id, Game: game, FinishedAt: parseTime(finished)})
		}
		out[i].Seats = append(out[i].Seats, PlayedSeat{PlayerID: player, Total: total})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: played matches: %w", err)
	}
	rows.Close()

	rrows, err := s.db.QueryContext(ctx, `SELECT r.match_id, r.points FROM rounds r JOIN matches m ON m.id = r.match_id
		WHERE m.group_id = ? AND m.deleted_at IS NULL AND m.finished_at IS NOT NULL AND r.undone_at IS NULL
		ORDER BY r.match_id, r.number`, groupID)
	if err != nil {
		return nil, fmt.Errorf("store: played rounds: %w", err)
	}
	defer rrows.Close()
	var points []int
	for rrows.Next() {
		var id int64
		var raw []byte
		if err := rrows.Scan(&id, &raw); err != nil {
			return nil, fmt.Errorf("store: played rounds: %w", err)
		}
		i, ok := index[id]
		if !ok {
			continue
		}
		points = points[:0]
		if err := json.Unmarshal(raw, &points); err != nil {
			return nil, fmt.Errorf("store: played rounds: match %d: %w", id, err)
		}
		for seat := range out[i].Seats {
			p := 0
			if seat < len(points) {
				p = points[seat]
			}
			out[i].Seats[seat].Rounds = append(out[i].Seats[seat].Rounds, p)
		}
	}
	return out, rrows.Err()
}
