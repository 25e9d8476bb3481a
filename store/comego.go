package store

// People come and go (migration 00110): a player who leaves a match in
// progress, a guest seated without being on the roster, a match ended early.

import (
	"context"
	"database/sql"
	"fmt"
)

// openMatch reads, inside tx, a match of the group that is still played:
// its live rounds and seats. ErrNotFound for a deleted match or another
// group's, ErrInvalid for a finished one.
func openMatch(ctx context.Context, tx *txn, groupID, matchID int64) (live, seats int, err error) {
	var finished sql.NullString
	err = tx.QueryRowContext(ctx, `SELECT m.finished_at,
		(SELECT COUNT(*) FROM rounds r WHERE r.match_id = m.id AND r.undone_at IS NULL),
		(SELECT COUNT(*) FROM match_players mp WHERE mp.match_id = m.id)
		FROM matches m WHERE m.id = $1 AND m.group_id = $2 AND m.deleted_at IS NULL`, matchID, groupID).Scan(&finished, &live, &seats)
	if err != nil {
		return 0, 0, notFound(err, "match")
	}
	if finished.Valid {
		return live, seats, fmt.Errorf("store: match %d is over: %w", matchID, ErrInvalid)
	}
	return live, seats, nil
}

// ErrTooFew refuses a departure that would leave fewer players than the
// game's fewest before the first round (errors.Is it ErrInvalid too).
var ErrTooFew = fmt.Errorf("fewer players than the game needs: %w", ErrInvalid)

// LeaveMatch records that the player on seat left the match after the
// rounds saved so far: from the next round on he is not asked for. The
// departure is a row of its own (who, after which round, when, by whom),
// taken back by ReturnToMatch, never overwritten. A table never drops
// below fewest players (the game's fewest seats): a departure that would
// leave fewer ends the match early instead, as EndMatchEarly does, when a
// round was played (ended is true, and no departure is recorded, so the
// match is ranked by its totals as any early end), and is ErrTooFew before
// the first round. ErrInvalid for a finished match, a seat that is not one
// or a player who left already.
func (s *Store) LeaveMatch(ctx context.Context, groupID, matchID int64, seat int, author string, fewest int) (ended bool, err error) {
	err = s.tx(ctx, func(tx *txn) error {
		ended = false // the transaction may be tried again
		live, seats, err := openMatch(ctx, tx, groupID, matchID)
		if err != nil {
			return err
		}
		if seat < 0 || seat >= seats {
			return fmt.Errorf("store: leave: seat %d: %w", seat, ErrInvalid)
		}
		var gone, away int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(CASE WHEN seat = $1 THEN 1 END), COUNT(*) FROM departures WHERE match_id = $2 AND undone_at IS NULL`,
			seat, matchID).Scan(&gone, &away); err != nil {
			return fmt.Errorf("store: leave: %w", err)
		}
		if gone > 0 {
			return fmt.Errorf("store: leave: seat %d left already: %w", seat, ErrInvalid)
		}
		if seats-away-1 < fewest {
			if live == 0 {
				return fmt.Errorf("store: leave: seat %d of %d players: %w", seat, seats-away, ErrTooFew)
			}
			ended = true
			return s.endEarly(ctx, tx, groupID, matchID)
		}
		tx.wrote(groupID, false)
		tx.wroteIn(matchID)
		if err := retireLines(ctx, tx, matchID); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO departures (match_id, seat, after_round, author, at) VALUES ($1, $2, $3, $4, $5)`,
			matchID, seat, live, author, s.now())
		if err != nil {
			return fmt.Errorf("store: leave: %w", err)
		}
		return nil
	})
	return ended, err
}

// ReturnToMatch takes back the departure of the player on seat (a mistake,
// or he sat down again) while no round was saved without him: the row
// stays, stamped undone. ErrInvalid when he has no live departure or a
// round was played since he left.
func (s *Store) ReturnToMatch(ctx context.Context, groupID, matchID int64, seat int) error {
	return s.tx(ctx, func(tx *txn) error {
		live, _, err := openMatch(ctx, tx, groupID, matchID)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE departures SET undone_at = $1
			WHERE match_id = $2 AND seat = $3 AND undone_at IS NULL AND after_round = $4`, s.now(), matchID, seat, live)
		if err != nil {
			return fmt.Errorf("store: return: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("store: return: seat %d: %w", seat, ErrInvalid)
		}
		tx.wrote(groupID, false)
		tx.wroteIn(matchID)
		return retireLines(ctx, tx, matchID)
	})
}

// EndMatchEarly ends a match still played now, after at least one round:
// it is finished (the standings count it, ranked by its totals) and marked
// ended early (it sets no records). ErrInvalid for a finished match or one
// without a round.
func (s *Store) EndMatchEarly(ctx context.Context, groupID, matchID int64) error {
	return s.tx(ctx, func(tx *txn) error {
		live, _, err := openMatch(ctx, tx, groupID, matchID)
		if err != nil {
			return err
		}
		if live == 0 {
			return fmt.Errorf("store: end match %d: no round: %w", matchID, ErrInvalid)
		}
		return s.endEarly(ctx, tx, groupID, matchID)
	})
}

// endEarly finishes a match now and marks it ended early, inside tx.
func (s *Store) endEarly(ctx context.Context, tx *txn, groupID, matchID int64) error {
	tx.wrote(groupID, false)
	tx.wroteIn(matchID)
	now := s.now()
	if _, err := tx.ExecContext(ctx, `UPDATE matches SET finished_at = $1, ended_early_at = $2 WHERE id = $3`, now, now, matchID); err != nil {
		return fmt.Errorf("store: end match: %w", err)
	}
	return nil
}

// addGuest is the guest player called name: the group's guest of that name
// when there is one (he came before), otherwise a new guest player.
// ErrNameTaken when a player of the roster has the name.
func (s *Store) addGuest(ctx context.Context, tx *txn, groupID int64, name string) (int64, error) {
	name, err := playerName("player", name)
	if err != nil {
		return 0, err
	}
	id, err := nameTaken(ctx, tx, groupID, 0, name)
	if err != nil {
		return 0, err
	}
	if id != 0 {
		var guest int
		var archived sql.NullString
		if err := tx.QueryRowContext(ctx, `SELECT guest, archived_at FROM players WHERE id = $1`, id).Scan(&guest, &archived); err != nil {
			return 0, fmt.Errorf("store: guest: %w", err)
		}
		if guest == 0 || archived.Valid {
			return 0, fmt.Errorf("store: guest %q: %w", name, ErrNameTaken)
		}
		return id, nil
	}
	res, err := tx.insert(ctx, `INSERT INTO players (group_id, name, created_at, guest) VALUES ($1, $2, $3, 1)`, groupID, name, s.now())
	if err != nil {
		return 0, fmt.Errorf("store: guest: %w", err)
	}
	return res.LastInsertId()
}

// AdmitGuest adds a guest to the group's roster: from then on he is a
// player like the others, in the standings with the matches he played.
// ErrNotFound for a player who is not a guest of the group.
func (s *Store) AdmitGuest(ctx context.Context, groupID, playerID int64) error {
	return s.tx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `UPDATE players SET guest = 0 WHERE id = $1 AND group_id = $2 AND guest = 1`, playerID, groupID)
		if err != nil {
			return fmt.Errorf("store: admit guest: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("store: admit guest %d: %w", playerID, ErrNotFound)
		}
		tx.wrote(groupID, false)
		return nil
	})
}
