package store

import (
	"context"
	"fmt"
)

// removeBatch is how many matches of an unfinished import one write
// transaction removes (with their seats, rounds, revisions and rulings):
// a short hold of the write lock, as the import's own.
const removeBatch = 50

// removeImport removes the group of an import that did not finish, in
// short transactions: its matches a few at a time, then the group (its
// roster, seasons, house rules and memberships go with it). Only a group
// still marked importing is removed; it was never seen, so no write
// observer is told.
func (s *Store) removeImport(ctx context.Context, gid int64) error {
	for {
		var n int64
		err := s.tx(ctx, func(tx *txn) error {
			res, err := tx.ExecContext(ctx, `DELETE FROM matches WHERE id IN
				(SELECT m.id FROM matches m JOIN groups g ON g.id = m.group_id WHERE g.id = $1 AND g.importing = 1 LIMIT $2)`, gid, removeBatch)
			if err != nil {
				return err
			}
			n, err = res.RowsAffected()
			return err
		})
		if err != nil {
			return fmt.Errorf("store: remove unfinished import %d: %w", gid, err)
		}
		if n == 0 {
			break
		}
	}
	err := s.tx(ctx, func(tx *txn) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM groups WHERE id = $1 AND importing = 1`, gid)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: remove unfinished import %d: %w", gid, err)
	}
	return nil
}

// RemoveUnfinishedImports removes the groups of imports a stopped server
// left unfinished, and returns how many. The server calls it at start-up,
// before it takes requests: no import of its own is under way then. (Not
// in Open: a backup opens the database while the server may be importing.)
func (s *Store) RemoveUnfinishedImports(ctx context.Context) (int, error) {
	rows, err := s.query(ctx, `SELECT id FROM groups WHERE importing = 1`)
	if err != nil {
		return 0, fmt.Errorf("store: unfinished imports: %w", err)
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return 0, fmt.Errorf("store: unfinished imports: %w", err)
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("store: unfinished imports: %w", err)
	}
	for i, id := range ids {
		if err := s.removeImport(ctx, id); err != nil {
			return i, err
		}
	}
	return len(ids), nil
}
