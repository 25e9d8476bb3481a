package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// Player is a person on a group's roster. Archived players keep their history
// but are not offered for new matches.
type Player struct {
	ID         int64
	GroupID    int64
	Name       string
	ArchivedAt *time.Time
}

// Archived reports whether the player was archived.
func (p Player) Archived() bool { return p.ArchivedAt != nil }

// MaxNameLen bounds names of groups, players and members, in characters.
const MaxNameLen = 40

// AddPlayer adds a player to the group's roster.
func (s *Store) AddPlayer(ctx context.Context, groupID int64, name string) (Player, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return Player{}, fmt.Errorf("store: add player: empty name: %w", ErrInvalid)
	}
	p := Player{GroupID: groupID, Name: name}
	err := s.tx(ctx, func(tx *txn) error {
		tx.wrote(groupID, false)
		res, err := tx.ExecContext(ctx, `INSERT INTO players (group_id, name, created_at) VALUES (?, ?, ?)`, groupID, name, s.now())
		if err != nil {
			return fmt.Errorf("store: add player: %w", err)
		}
		p.ID, _ = res.LastInsertId()
		return nil
	})
	return p, err
}

// Players lists the group's players by name, archived ones included.
func (s *Store) Players(ctx context.Context, groupID int64) ([]Player, error) {
	rows, err := s.query(ctx,
		`SELECT id, group_id, name, archived_at FROM players WHERE group_id = ? ORDER BY name COLLATE NOCASE, id`, groupID)
	if err != nil {
		return nil, fmt.Errorf("store: players: %w", err)
	}
	defer rows.Close()
	var out []Player
	for rows.Next() {
		var p Player
		var archived sql.NullString
		if err := rows.Scan(&p.ID, &p.GroupID, &p.Name, &archived); err != nil {
			return nil, fmt.Errorf("store: players: %w", err)
		}
		p.ArchivedAt = parseNullTime(archived)
		out = append(out, p)
	}
	return out, rows.Err()
}

// Player returns one player of the group, or ErrNotFound.
func (s *Store) Player(ctx context.Context, groupID, id int64) (Player, error) {
	p := Player{ID: id, GroupID: groupID}
	var archived sql.NullString
	err := s.queryRow(ctx, `SELECT name, archived_at FROM players WHERE id = ? AND group_id = ?`, id, groupID).
		Scan(&p.Name, &archived)
	if err != nil {
		return Player{}, notFound(err, "player")
	}
	p.ArchivedAt = parseNullTime(archived)
	return p, nil
}

// RenamePlayer changes a player's name. Returns ErrNotFound for a player of another group.
func (s *Store) RenamePlayer(ctx context.Context, groupID, id int64, name string) error {
	name = strings.TrimSpace(name)
	if name == "" {
		return fmt.Errorf("store: rename player: empty name: %w", ErrInvalid)
	}
	return s.updatePlayer(ctx, groupID, `UPDATE players SET name = ? WHERE id = ? AND group_id = ?`, name, id, groupID)
}

// SetArchived archives or restores a player. Returns ErrNotFound for a player of another group.
func (s *Store) SetArchived(ctx context.Context, groupID, id int64, archived bool) error {
	var at any
	if archived {
		at = s.now()
	}
	return s.updatePlayer(ctx, groupID, `UPDATE players SET archived_at = ? WHERE id = ? AND group_id = ?`, at, id, groupID)
}

func (s *Store) updatePlayer(ctx context.Context, groupID int64, query string, args ...any) error {
	return s.tx(ctx, func(tx *txn) error {
		tx.wrote(groupID, false)
		res, err := tx.ExecContext(ctx, query, args...)
		if err != nil {
			return fmt.Errorf("store: update player: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("store: update player: %w", ErrNotFound)
		}
		return nil
	})
}
