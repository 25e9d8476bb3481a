package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// IntoGroup is what an import into an existing group adds (a BG Stats
// import, see bgstats.Import): matches, and the players they seat.
type IntoGroup struct {
	// Players are the matches' players, by the ids the matches use.
	Players []ExportPlayer
	// Existing maps some of those ids to the group's own players; the
	// others are added to the group's roster.
	Existing map[int64]int64
	Matches  []ExportMatch
	// Me is the uuid of the file's own player (BG Stats's userInfo
	// .meRefId), kept for the group's BG Stats file; "": none.
	Me string
}

// ImportInto adds in's matches (and its new players) to group groupID,
// either all of them or none, in short write transactions as a group's
// import (see importGroup), so that no other group's save waits long:
//   - the first creates a hidden staging group (groups.importing) holding
//     the new players;
//   - the next ones write the matches into it, each committing after
//     importHold; the group's pages see none of them;
//   - the last moves the players and matches into the group (numbered
//     after its last change, so the standings' ledger reads them) and
//     drops the staging group: only then are the write observers told.
//
// The move is one UPDATE per table: the longest hold of the write lock was
// 20 ms for 1,000 matches and 81 ms for 10,000 on a shared 2-core machine
// (BenchmarkImportIntoMove, 514 ms on the same machine at load 11; a real BG Stats history of our
// four games is some hundreds of plays).
// A failure removes the staging group (or the next start does, see
// RemoveUnfinishedImports), leaving the group as it was. A play already
// in the group (a match with the same BGStatsPlay) fails the move with
// ErrConflict: callers leave such plays out first (see BGStatsPlays).
func (s *Store) ImportInto(ctx context.Context, groupID int64, in IntoGroup) error {
	if len(in.Me) > MaxUUIDLen {
		return fmt.Errorf("store: import into: me %q: %w", in.Me, ErrInvalid)
	}
	for _, p := range in.Players {
		if len(p.BGStatsUUID) > MaxUUIDLen {
			return fmt.Errorf("store: import into: player uuid %q: %w", p.BGStatsUUID, ErrInvalid)
		}
		if _, ok := in.Existing[p.ID]; !ok {
			if _, err := validName("import into", p.Name); err != nil {
				return err
			}
		}
	}
	c := newMatchChecker(in.Players)
	for _, m := range in.Matches {
		if err := c.check(m); err != nil {
			return err
		}
	}
	var stage int64
	playerID := map[int64]int64{}
	err := s.tx(ctx, func(tx *txn) error {
		var busy bool
		if err := tx.QueryRowContext(ctx, `SELECT importing FROM groups WHERE id = $1`, groupID).Scan(&busy); err != nil {
			return notFound(err, "group")
		} else if busy {
			return fmt.Errorf("group %d is being imported: %w", groupID, ErrNotFound)
		}
		res, err := tx.insert(ctx, `INSERT INTO groups (slug, name, admin_token, invite_token, created_at, importing) VALUES ($1, $2, $3, $4, $5, 1)`,
			newSlug(), "import", hashToken(NewToken()), NewToken(), s.now())
		if err != nil {
			return err
		}
		stage, _ = res.LastInsertId()
		for _, p := range in.Players {
			if id, ok := in.Existing[p.ID]; ok {
				var n int
				if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM players WHERE id = $1 AND group_id = $2`, id, groupID).Scan(&n); err != nil {
					return err
				} else if n == 0 {
					return fmt.Errorf("player %d: %w", id, ErrNotFound)
				}
				playerID[p.ID] = id
				if p.BGStatsUUID != "" { // BG Stats knows him by this uuid from now on, unless he had one
					if _, err := tx.ExecContext(ctx, `UPDATE players SET bgstats_uuid = $1 WHERE id = $2 AND bgstats_uuid IS NULL`, p.BGStatsUUID, id); err != nil {
						return err
					}
				}
				continue
			}
			res, err := tx.insert(ctx, `INSERT INTO players (group_id, name, created_at, bgstats_uuid) VALUES ($1, $2, $3, $4)`, stage, strings.TrimSpace(p.Name), s.now(), nullText(p.BGStatsUUID))
			if err != nil {
				return err
			}
			playerID[p.ID], _ = res.LastInsertId()
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: import into group %d: %w", groupID, err)
	}
	i := 0
	err = s.importMatches(ctx, stage, playerID, func() (ExportMatch, bool, error) {
		if i == len(in.Matches) {
			return ExportMatch{}, false, nil
		}
		i++
		return in.Matches[i-1], true, nil
	})
	if err == nil {
		err = s.tx(ctx, func(tx *txn) error {
			var last int64
			if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(changed_seq), 0) FROM matches WHERE group_id = $1`, groupID).Scan(&last); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE players SET group_id = $1 WHERE group_id = $2`, groupID, stage); err != nil {
				return err
			}
			// The staging group's matches are numbered 1..n by the insert trigger.
			if _, err := tx.ExecContext(ctx, `UPDATE matches SET group_id = $1, changed_seq = changed_seq + $2 WHERE group_id = $3`, groupID, last, stage); err != nil {
				if isUnique(err) {
					return fmt.Errorf("a play is already in the group: %w", ErrConflict)
				}
				return err
			}
			if in.Me != "" {
				if _, err := tx.ExecContext(ctx, `UPDATE groups SET bgstats_me = $1 WHERE id = $2`, in.Me, groupID); err != nil {
					return err
				}
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM groups WHERE id = $1 AND importing = 1`, stage); err != nil {
				return err
			}
			if err := s.withinLimits(ctx, tx, groupID, true, true); err != nil {
				return err
			}
			tx.wrote(groupID, false)
			return nil
		})
	}
	if err != nil {
		if rerr := s.removeImport(context.WithoutCancel(ctx), stage); rerr != nil {
			err = errors.Join(err, rerr) // removed at the next start
		}
		return fmt.Errorf("store: import into group %d: %w", groupID, err)
	}
	return nil
}

// HeldPlay is one of a group's matches as a BG Stats import knows it.
type HeldPlay struct {
	ID        int64
	Game      string
	CreatedAt string // the store's text, as the group's export keeps it
	UUID      string // the BG Stats play it came from, "" for one recorded here
}

// BGStatsPlays lists the group's matches (deleted ones included) with the
// BG Stats play each came from, and the group's creation time as its
// export writes it: what an import needs to leave out the plays the group
// already holds (see bgstats.Known).
func (s *Store) BGStatsPlays(ctx context.Context, groupID int64) (created string, plays []HeldPlay, err error) {
	if err := s.queryRow(ctx, `SELECT created_at FROM groups WHERE id = $1`, groupID).Scan(&created); err != nil {
		return "", nil, fmt.Errorf("store: plays of group %d: %w", groupID, notFound(err, "group"))
	}
	rows, err := s.query(ctx, `SELECT id, game, created_at, COALESCE(bgstats_play, '') FROM matches WHERE group_id = $1`, groupID)
	if err != nil {
		return "", nil, fmt.Errorf("store: plays of group %d: %w", groupID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var p HeldPlay
		if err := rows.Scan(&p.ID, &p.Game, &p.CreatedAt, &p.UUID); err != nil {
			return "", nil, fmt.Errorf("store: plays of group %d: %w", groupID, err)
		}
		plays = append(plays, p)
	}
	return created, plays, rows.Err()
}
