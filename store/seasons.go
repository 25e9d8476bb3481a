package store

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// Season is a named range of calendar days of a group. From is the first
// day and To the last day, both included, as midnight UTC dates.
type Season struct {
	ID      int64
	GroupID int64
	Name    string
	From    time.Time
	To      time.Time
}

const dateFormat = "2006-01-02"

// ParseDate reads a calendar date typed as YYYY-MM-DD.
func ParseDate(v string) (time.Time, error) {
	return time.Parse(dateFormat, strings.TrimSpace(v))
}

// AddSeason records a season. Returns ErrInvalid when the name is empty or
// longer than MaxNameLen, or the last day is before the first, and a
// LimitError when the group has MaxImportSeasons already.
func (s *Store) AddSeason(ctx context.Context, groupID int64, name string, from, to time.Time) (Season, error) {
	name = strings.TrimSpace(name)
	if name == "" || len([]rune(name)) > MaxNameLen || to.Before(from) {
		return Season{}, fmt.Errorf("store: add season: %w", ErrInvalid)
	}
	se := Season{GroupID: groupID, Name: name, From: from, To: to}
	err := s.tx(ctx, func(tx *txn) error {
		tx.wrote(groupID, false)
		res, err := tx.insert(ctx, `INSERT INTO seasons (group_id, name, starts_on, ends_on, created_at) VALUES ($1, $2, $3, $4, $5)`,
			groupID, name, from.Format(dateFormat), to.Format(dateFormat), s.now())
		if err != nil {
			return fmt.Errorf("store: add season: %w", err)
		}
		se.ID, _ = res.LastInsertId()
		return tx.withinLimit(ctx, "seasons", groupID, MaxImportSeasons)
	})
	return se, err
}

// Seasons lists the group's seasons, most recent first.
func (s *Store) Seasons(ctx context.Context, groupID int64) ([]Season, error) {
	rows, err := s.query(ctx, `SELECT id, name, starts_on, ends_on FROM seasons WHERE group_id = $1
		ORDER BY starts_on DESC, id DESC`, groupID)
	if err != nil {
		return nil, fmt.Errorf("store: seasons: %w", err)
	}
	defer rows.Close()
	var out []Season
	for rows.Next() {
		se := Season{GroupID: groupID}
		var from, to string
		if err := rows.Scan(&se.ID, &se.Name, &from, &to); err != nil {
			return nil, fmt.Errorf("store: seasons: %w", err)
		}
		se.From, _ = time.Parse(dateFormat, from)
		se.To, _ = time.Parse(dateFormat, to)
		out = append(out, se)
	}
	return out, rows.Err()
}

// DeleteSeason removes a season (matches are not touched). Returns
// ErrNotFound for a season of another group.
func (s *Store) DeleteSeason(ctx context.Context, groupID, id int64) error {
	return s.tx(ctx, func(tx *txn) error {
		tx.wrote(groupID, false)
		res, err := tx.ExecContext(ctx, `DELETE FROM seasons WHERE id = $1 AND group_id = $2`, id, groupID)
		if err != nil {
			return fmt.Errorf("store: delete season: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("store: delete season: %w", ErrNotFound)
		}
		return nil
	})
}

// RotatePublicToken turns on (or renews) the group's read-only standings
// link and returns its token; only its hash is kept, so this is the one time
// it can be shown. The previous link stops working.
func (s *Store) RotatePublicToken(ctx context.Context, groupID int64) (string, error) {
	tok := NewToken()
	return tok, s.tx(ctx, func(tx *txn) error {
		tx.wrote(groupID, true)
		_, err := tx.ExecContext(ctx, `UPDATE groups SET public_token = $1 WHERE id = $2`, hashToken(tok), groupID)
		return err
	})
}

// DisablePublicToken turns the read-only standings link off.
func (s *Store) DisablePublicToken(ctx context.Context, groupID int64) error {
	return s.tx(ctx, func(tx *txn) error {
		tx.wrote(groupID, true)
		_, err := tx.ExecContext(ctx, `UPDATE groups SET public_token = NULL WHERE id = $1`, groupID)
		return err
	})
}

// GroupByPublicToken returns the group whose read-only standings link is
// token. Returns ErrNotFound for an unknown group, a link that is off, or a
// wrong token, without telling them apart.
func (s *Store) GroupByPublicToken(ctx context.Context, slug, token string) (Group, error) {
	g, err := s.GroupBySlug(ctx, slug)
	if err != nil {
		return Group{}, err
	}
	var hash sql.NullString
	if err := s.queryRow(ctx, `SELECT public_token FROM groups WHERE id = $1`, g.ID).Scan(&hash); err != nil {
		return Group{}, notFound(err, "public standings")
	}
	if token == "" || !hash.Valid || subtle.ConstantTimeCompare([]byte(hash.String), []byte(hashToken(token))) != 1 {
		return Group{}, fmt.Errorf("store: public standings: %w", ErrNotFound)
	}
	return g, nil
}
