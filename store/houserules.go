package store

import (
	"context"
	"fmt"
)

// HouseRules returns the values a group set for a game's house rules (keys
// without the game prefix). Keys never set are absent: the game's defaults apply.
func (s *Store) HouseRules(ctx context.Context, groupID int64, game string) (map[string]string, error) {
	rows, err := s.query(ctx, `SELECT key, value FROM house_rules WHERE group_id = $1 AND game = $2`, groupID, game)
	if err != nil {
		return nil, fmt.Errorf("store: house rules: %w", err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return nil, fmt.Errorf("store: house rules: %w", err)
		}
		out[k] = v
	}
	return out, rows.Err()
}

// SetHouseRules replaces a group's house rules for a game. The caller has
// validated the values against the game's declarations.
func (s *Store) SetHouseRules(ctx context.Context, groupID int64, game string, values map[string]string) error {
	return s.tx(ctx, func(tx *txn) error {
		tx.wrote(groupID, false)
		if _, err := tx.ExecContext(ctx, `DELETE FROM house_rules WHERE group_id = $1 AND game = $2`, groupID, game); err != nil {
			return fmt.Errorf("store: set house rules: %w", err)
		}
		for k, v := range values {
			if _, err := tx.ExecContext(ctx, `INSERT INTO house_rules (group_id, game, key, value) VALUES ($1, $2, $3, $4)`, groupID, game, k, v); err != nil {
				return fmt.Errorf("store: set house rules: %w", err)
			}
		}
		return nil
	})
}
