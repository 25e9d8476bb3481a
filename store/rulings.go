package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// Ruling is a referee's verdict kept with the match whose dispute it settled.
type Ruling struct {
	ID      int64
	MatchID int64
	Form    string // the referee form, URL-encoded, to reopen the dispute as it was
	Legal   bool
	Summary string
	Rules   []string
	Author  string
	At      time.Time
}

// AddRuling keeps a ruling with a match.
func (s *Store) AddRuling(ctx context.Context, r Ruling) (int64, error) {
	rules, _ := json.Marshal(r.Rules)
	var id int64
	err := s.tx(ctx, func(tx *txn) error {
		if err := tx.wroteMatch(ctx, r.MatchID); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO rulings (match_id, form, legal, summary, rules, author, at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			r.MatchID, r.Form, r.Legal, r.Summary, string(rules), r.Author, s.now())
		if err != nil {
			return fmt.Errorf("store: add ruling: %w", err)
		}
		id, _ = res.LastInsertId()
		return nil
	})
	return id, err
}

// Rulings lists a match's rulings, oldest first.
func (s *Store) Rulings(ctx context.Context, matchID int64) ([]Ruling, error) {
	rows, err := s.query(ctx, `SELECT id, match_id, form, legal, summary, rules, author, at FROM rulings WHERE match_id = ? ORDER BY id`, matchID)
	if err != nil {
		return nil, fmt.Errorf("store: rulings: %w", err)
	}
	defer rows.Close()
	var out []Ruling
	for rows.Next() {
		var r Ruling
		var rules, at string
		if err := rows.Scan(&r.ID, &r.MatchID, &r.Form, &r.Legal, &r.Summary, &rules, &r.Author, &at); err != nil {
			return nil, fmt.Errorf("store: rulings: %w", err)
		}
		if err := json.Unmarshal([]byte(rules), &r.Rules); err != nil {
			return nil, fmt.Errorf("store: ruling %d: its rules: %w", r.ID, err)
		}
		r.At = parseTime(at)
		out = append(out, r)
	}
	return out, rows.Err()
}
