package store

import (
	"context"
	"fmt"
	"io"
	"strings"
)

// ImportGroup creates a new group from an export held in memory, in one
// transaction: the browser holding sessionToken (a new browser when empty
// or unknown) becomes its admin, signing as display. Either everything is
// imported or nothing is. Returns an *ImportError (an ErrInvalid) when the
// export does not pass Check.
func (s *Store) ImportGroup(ctx context.Context, e Export, display, sessionToken string) (CreatedGroup, error) {
	if err := e.Check(); err != nil {
		return CreatedGroup{}, err
	}
	i := 0
	return s.importGroup(ctx, e, func() (ExportMatch, bool, error) {
		if i == len(e.Matches) {
			return ExportMatch{}, false, nil
		}
		i++
		return e.Matches[i-1], true, nil
	}, display, sessionToken)
}

// ImportFrom creates a new group from an export file read as a stream (see
// ExportReader), in one transaction, as ImportGroup does: each match is
// read, checked by the store and then by check (the games' own checks;
// nil for none), and written before the next is read, so that a group of
// any size imports in bounded memory. A file refused at its last match
// leaves nothing behind.
func (s *Store) ImportFrom(ctx context.Context, r io.Reader, check func(ExportMatch) error, display, sessionToken string) (CreatedGroup, error) {
	x, err := NewExportReader(r)
	if err != nil {
		return CreatedGroup{}, err
	}
	return s.importGroup(ctx, x.Head, func() (ExportMatch, bool, error) {
		m, ok, err := x.Next()
		if ok && err == nil && check != nil {
			err = check(m)
		}
		return m, ok, err
	}, display, sessionToken)
}

// importGroup writes head, then each match next gives, in one transaction.
func (s *Store) importGroup(ctx context.Context, head Export, next func() (ExportMatch, bool, error), display, sessionToken string) (CreatedGroup, error) {
	display, err := validName("import", display)
	if err != nil {
		return CreatedGroup{}, err
	}
	out := CreatedGroup{AdminToken: NewToken()}
	err = s.tx(ctx, func(tx *txn) error {
		sid, tok, err := s.ensureSession(ctx, tx, sessionToken)
		if err != nil {
			return err
		}
		out.SessionToken = tok
		// A version 1 file was dated from its import; its own date is kept now.
		created := head.Group.CreatedAt
		g := Group{Slug: newSlug(), Name: strings.TrimSpace(head.Group.Name), InviteToken: NewToken(), CreatedAt: parseTime(created)}
		res, err := tx.ExecContext(ctx, `INSERT INTO groups (slug, name, admin_token, invite_token, created_at) VALUES (?, ?, ?, ?, ?)`,
			g.Slug, g.Name, hashToken(out.AdminToken), g.InviteToken, created)
		if err != nil {
			return err
		}
		g.ID, _ = res.LastInsertId()
		out.Group = g
		tx.wrote(g.ID, true)
		if _, err := tx.ExecContext(ctx, `INSERT INTO memberships (session_id, group_id, display, is_admin, joined_at) VALUES (?, ?, ?, 1, ?)`,
			sid, g.ID, display, s.now()); err != nil {
			return err
		}
		playerID := map[int64]int64{}
		for _, p := range head.Players {
			res, err := tx.ExecContext(ctx, `INSERT INTO players (group_id, name, archived_at, created_at) VALUES (?, ?, ?, ?)`,
				g.ID, strings.TrimSpace(p.Name), p.ArchivedAt, p.CreatedAt)
			if err != nil {
				return err
			}
			playerID[p.ID], _ = res.LastInsertId()
		}
		for _, se := range head.Seasons {
			if _, err := tx.ExecContext(ctx, `INSERT INTO seasons (group_id, name, starts_on, ends_on, created_at) VALUES (?, ?, ?, ?, ?)`,
				g.ID, strings.TrimSpace(se.Name), se.From, se.To, s.now()); err != nil {
				return err
			}
		}
		for _, r := range head.HouseRules {
			if _, err := tx.ExecContext(ctx, `INSERT INTO house_rules (group_id, game, key, value) VALUES (?, ?, ?, ?)`, g.ID, r.Game, r.Key, r.Value); err != nil {
				return err
			}
		}
		for {
			m, ok, err := next()
			if err != nil || !ok {
				return err
			}
			if err := insertMatch(ctx, tx, g.ID, playerID, m); err != nil {
				return err
			}
		}
	})
	if err != nil {
		return CreatedGroup{}, fmt.Errorf("store: import: %w", err)
	}
	return out, nil
}

// insertMatch writes one checked match of an import.
func insertMatch(ctx context.Context, tx *txn, groupID int64, playerID map[int64]int64, m ExportMatch) error {
	rules, opts := mustJSON(m.Rules), mustJSON(m.Options) // nil stays null, as CreateMatch stores it
	res, err := tx.ExecContext(ctx, `INSERT INTO matches (group_id, game, rules, options, finished_at, deleted_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		groupID, m.Game, rules, opts, m.FinishedAt, m.DeletedAt, m.CreatedAt)
	if err != nil {
		return err
	}
	mid, _ := res.LastInsertId()
	for seat, st := range m.Seats {
		if _, err := tx.ExecContext(ctx, `INSERT INTO match_players (match_id, seat, player_id, total) VALUES (?, ?, ?, ?)`,
			mid, seat, playerID[st.Player], st.Total); err != nil {
			return err
		}
	}
	for _, r := range m.Rounds {
		res, err := tx.ExecContext(ctx, `INSERT INTO rounds (match_id, number, entry, points, version, undone_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			mid, r.Number, string(r.Entry), mustJSON(r.Points), r.Version, r.UndoneAt, r.CreatedAt)
		if err != nil {
			return err
		}
		rid, _ := res.LastInsertId()
		for _, v := range r.Revisions {
			if _, err := tx.ExecContext(ctx, `INSERT INTO round_revisions (round_id, version, kind, entry, points, author, at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
				rid, v.Version, v.Kind, string(v.Entry), mustJSON(v.Points), v.Author, v.At); err != nil {
				return err
			}
		}
	}
	for _, u := range m.Rulings {
		if _, err := tx.ExecContext(ctx, `INSERT INTO rulings (match_id, form, legal, summary, rules, author, at, request, rule_ids, said)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			mid, u.Form, u.Legal, u.Summary, mustJSON(u.Rules), u.Author, u.At, string(u.Request), jsonList(u.RuleIDs), jsonMap(u.Said)); err != nil {
			return err
		}
	}
	return nil
}
