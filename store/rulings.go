package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// Ruling is a referee's verdict kept with the match whose dispute it settled.
// It is kept as data: the engine request judged, the rules cited by id, and
// the verdict's sentence in each language, so each reader sees it in his.
// Rulings kept before (issue 17) have only Summary and Rules.
type Ruling struct {
	ID      int64
	MatchID int64
	Form    string // the referee form, URL-encoded, to reopen the dispute as it was
	Legal   bool
	Summary string   // the verdict in the keeper's language (rulings kept before: the only sentence)
	Rules   []string // "id — «sheet words»" (as rulings kept before had them)
	Author  string
	At      time.Time

	Request json.RawMessage   // the engine's request, as the game's API takes it ("" for rulings kept before)
	RuleIDs []string          // the ids of the rules cited, in the game's catalogue
	Said    map[string]string // the verdict's sentence by language ("en", "fr")
}

// AddRuling keeps a ruling with a match.
func (s *Store) AddRuling(ctx context.Context, r Ruling) (int64, error) {
	var id int64
	err := s.tx(ctx, func(tx *txn) error {
		if err := tx.wroteMatch(ctx, r.MatchID); err != nil {
			return err
		}
		res, err := tx.insert(ctx, `INSERT INTO rulings (match_id, form, legal, summary, rules, author, at, request, rule_ids, said)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			r.MatchID, r.Form, r.Legal, r.Summary, jsonList(r.Rules), r.Author, s.now(), string(r.Request), jsonList(r.RuleIDs), jsonMap(r.Said))
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
	rows, err := s.query(ctx, `SELECT id, match_id, form, legal, summary, rules, author, at, request, rule_ids, said
		FROM rulings WHERE match_id = $1 ORDER BY id`, matchID)
	if err != nil {
		return nil, fmt.Errorf("store: rulings: %w", err)
	}
	defer rows.Close()
	var out []Ruling
	for rows.Next() {
		var r Ruling
		var rules, at, request, ids, said string
		if err := rows.Scan(&r.ID, &r.MatchID, &r.Form, &r.Legal, &r.Summary, &rules, &r.Author, &at, &request, &ids, &said); err != nil {
			return nil, fmt.Errorf("store: rulings: %w", err)
		}
		if err := r.decode(rules, request, ids, said); err != nil {
			return nil, err
		}
		r.At = parseTime(at)
		out = append(out, r)
	}
	return out, rows.Err()
}

// decode reads a ruling's JSON columns.
func (r *Ruling) decode(rules, request, ids, said string) error {
	if err := json.Unmarshal([]byte(rules), &r.Rules); err != nil {
		return fmt.Errorf("store: ruling %d: its rules: %w", r.ID, err)
	}
	if request != "" {
		r.Request = json.RawMessage(request)
	}
	if err := json.Unmarshal([]byte(ids), &r.RuleIDs); err != nil {
		return fmt.Errorf("store: ruling %d: its rule ids: %w", r.ID, err)
	}
	if err := json.Unmarshal([]byte(said), &r.Said); err != nil {
		return fmt.Errorf("store: ruling %d: its verdict: %w", r.ID, err)
	}
	if len(r.Rules) == 0 { // none reads as nil, however it was stored
		r.Rules = nil
	}
	if len(r.RuleIDs) == 0 {
		r.RuleIDs = nil
	}
	if len(r.Said) == 0 {
		r.Said = nil
	}
	return nil
}

// jsonList is a list as stored: "[]" for none, never "null".
func jsonList(xs []string) string {
	if len(xs) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(xs)
	return string(b)
}

// jsonMap is a map of strings as stored: "{}" for none, never "null".
func jsonMap(m map[string]string) string {
	if len(m) == 0 {
		return "{}"
	}
	b, _ := json.Marshal(m)
	return string(b)
}
