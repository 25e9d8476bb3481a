package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"
)

// ImportGroup creates a new group from an export held in memory (see
// importGroup: in short transactions, the group unseen until the last): the browser holding sessionToken (a new browser when empty
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
// ExportReader), in short transactions, as ImportGroup does (see importGroup): each match is
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

// importHold is how long one write transaction of an import may go on
// writing matches before it commits and lets the other writers in: every
// other group's save waits at most about this long for an import (a match
// of a real file takes well under a millisecond to write). A variable for
// the tests, which commit after every match to see what happens between.
var importHold = 15 * time.Millisecond

// importGroup writes head, then each match next gives, in short write
// transactions, so that no other group's save waits long for an import:
//   - the first creates the group, hidden (groups.importing: no page sees
//     it, nobody can join it), with its roster, seasons and house rules;
//   - the next ones write the matches, each committing after importHold;
//   - the last makes the importer its admin and shows the group: only
//     then are the write observers told of it.
//
// If anything fails (a match refused, the request cancelled, a write), what
// was written is removed (removeImport); if the server stops midway, it is
// removed at the next start (RemoveUnfinishedImports). Either the whole
// group is seen, or nothing.
func (s *Store) importGroup(ctx context.Context, head Export, next func() (ExportMatch, bool, error), display, sessionToken string) (CreatedGroup, error) {
	display, err := validName("import", display)
	if err != nil {
		return CreatedGroup{}, err
	}
	out := CreatedGroup{AdminToken: NewToken()}
	playerID := map[int64]int64{}
	err = s.tx(ctx, func(tx *txn) error {
		// A version 1 file was dated from its import; its own date is kept now.
		created := head.Group.CreatedAt
		g := Group{Slug: newSlug(), Name: strings.TrimSpace(head.Group.Name), InviteToken: NewToken(), CreatedAt: parseTime(created)}
		res, err := tx.insert(ctx, `INSERT INTO groups (slug, name, admin_token, invite_token, created_at, importing, bgstats_me) VALUES ($1, $2, $3, $4, $5, 1, $6)`,
			g.Slug, g.Name, hashToken(out.AdminToken), g.InviteToken, created, nullText(head.Group.BGStatsMe))
		if err != nil {
			return err
		}
		g.ID, _ = res.LastInsertId()
		out.Group = g
		if err := insertHead(ctx, tx, g.ID, head, playerID, s.now()); err != nil {
			return err
		}
		return s.withinLimits(ctx, tx, g.ID, true, false)
	})
	if err != nil {
		return CreatedGroup{}, fmt.Errorf("store: import: %w", err)
	}
	gid := out.Group.ID
	if err = s.importMatches(ctx, gid, playerID, next); err == nil {
		err = s.tx(ctx, func(tx *txn) error {
			sid, tok, err := s.ensureSession(ctx, tx, sessionToken)
			if err != nil {
				return err
			}
			out.SessionToken = tok
			// The importer plays as the imported player of their name, if any.
			pid, err := nameTaken(ctx, tx, gid, 0, display)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO memberships (session_id, group_id, display, is_admin, joined_at, player_id) VALUES ($1, $2, $3, 1, $4, NULLIF($5, 0))`,
				sid, gid, display, s.now(), pid); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE groups SET importing = 0 WHERE id = $1`, gid); err != nil {
				return err
			}
			if err := s.withinLimits(ctx, tx, gid, false, true); err != nil {
				return err
			}
			tx.wrote(gid, true)
			return nil
		})
	}
	if err != nil {
		if rerr := s.removeImport(context.WithoutCancel(ctx), gid); rerr != nil {
			err = errors.Join(err, rerr) // removed at the next start
		}
		return CreatedGroup{}, fmt.Errorf("store: import: %w", err)
	}
	return out, nil
}

// insertHead writes what comes before an import's matches into group gid,
// and fills playerID (the file's player ids to the new ones).
func insertHead(ctx context.Context, tx *txn, gid int64, head Export, playerID map[int64]int64, now string) error {
	for _, p := range head.Players {
		guest := 0
		if p.Guest {
			guest = 1
		}
		res, err := tx.insert(ctx, `INSERT INTO players (group_id, name, archived_at, created_at, guest, bgstats_uuid) VALUES ($1, $2, $3, $4, $5, $6)`,
			gid, strings.TrimSpace(p.Name), p.ArchivedAt, p.CreatedAt, guest, nullText(p.BGStatsUUID))
		if err != nil {
			return err
		}
		playerID[p.ID], _ = res.LastInsertId()
	}
	for _, g := range head.BGStatsGames {
		if _, err := tx.ExecContext(ctx, `INSERT INTO bgstats_games (group_id, game_key, game, uuid) VALUES ($1, $2, $3, $4)`, gid, g.Key, g.Game, nullText(g.UUID)); err != nil {
			return err
		}
	}
	for _, se := range head.Seasons {
		if _, err := tx.ExecContext(ctx, `INSERT INTO seasons (group_id, name, starts_on, ends_on, created_at) VALUES ($1, $2, $3, $4, $5)`,
			gid, strings.TrimSpace(se.Name), se.From, se.To, now); err != nil {
			return err
		}
	}
	for _, g := range head.Games {
		gg := g.GroupGame(gid)
		if err := tx.addGroupGame(ctx, &gg, now); err != nil {
			return err
		}
	}
	for _, r := range head.HouseRules {
		if _, err := tx.ExecContext(ctx, `INSERT INTO house_rules (group_id, game, key, value) VALUES ($1, $2, $3, $4)`, gid, r.Game, r.Key, r.Value); err != nil {
			return err
		}
	}
	return nil
}

// importMatches writes the matches next gives into the hidden group gid,
// in transactions of at most about importHold each.
func (s *Store) importMatches(ctx context.Context, gid int64, playerID map[int64]int64, next func() (ExportMatch, bool, error)) error {
	for more := true; more; {
		// The matches this transaction took from next: PostgreSQL may run
		// the transaction again (commitPG), which must write them again,
		// not go on from where the refused try left next.
		var taken []ExportMatch
		err := s.tx(ctx, func(tx *txn) error {
			for _, m := range taken {
				if err := insertMatch(ctx, tx, gid, playerID, m); err != nil {
					return err
				}
			}
			// At least one match a transaction, then as many as importHold allows.
			for t0 := time.Now(); len(taken) == 0 || time.Since(t0) < importHold; {
				m, ok, err := next()
				if err != nil {
					return err
				}
				if !ok {
					more = false
					return nil
				}
				taken = append(taken, m)
				if err := insertMatch(ctx, tx, gid, playerID, m); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		if s.chunked != nil {
			s.chunked()
		}
		runtime.Gosched() // the writers waiting on the lock go first
	}
	return nil
}

// insertMatch writes one checked match of an import.
func insertMatch(ctx context.Context, tx *txn, groupID int64, playerID map[int64]int64, m ExportMatch) error {
	rules, opts := mustJSON(m.Rules), mustJSON(m.Options) // nil stays null, as CreateMatch stores it
	res, err := tx.insert(ctx, `INSERT INTO matches (group_id, game, rules, options, finished_at, deleted_at, created_at, bgstats_play,
		places, location, duration_min, comments, start_seat, played_local, no_scores, ended_early_at, result, scores, location_uuid, board, expansions)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)`,
		groupID, m.Game, rules, opts, m.FinishedAt, m.DeletedAt, m.CreatedAt, sql.NullString{String: m.BGStatsPlay, Valid: m.BGStatsPlay != ""},
		placesText(m.Places), nullText(m.Location), nullInt(m.DurationMin), nullText(m.Comments), startSeat(m.StartSeat), nullText(m.PlayedLocal), nullFlag(m.NoScores), m.EndedEarlyAt, nullText(m.Result), scoresText(m.Scores),
		nullText(m.LocationUUID), nullText(m.Board), expansionsText(m.Expansions))
	if err != nil {
		return err
	}
	mid, _ := res.LastInsertId()
	for seat, st := range m.Seats {
		if _, err := tx.ExecContext(ctx, `INSERT INTO match_players (match_id, seat, player_id, total, new_player, role, team) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			mid, seat, playerID[st.Player], st.Total, nullFlag(st.NewPlayer), nullText(st.Role), nullText(st.Team)); err != nil {
			return err
		}
	}
	for _, r := range m.Rounds {
		res, err := tx.insert(ctx, `INSERT INTO rounds (match_id, number, entry, points, version, undone_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			mid, r.Number, string(r.Entry), mustJSON(r.Points), r.Version, r.UndoneAt, r.CreatedAt)
		if err != nil {
			return err
		}
		rid, _ := res.LastInsertId()
		for _, v := range r.Revisions {
			if _, err := tx.ExecContext(ctx, `INSERT INTO round_revisions (round_id, version, kind, entry, points, author, at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
				rid, v.Version, v.Kind, string(v.Entry), mustJSON(v.Points), v.Author, v.At); err != nil {
				return err
			}
		}
		for _, l := range r.Lines {
			if _, err := tx.ExecContext(ctx, `INSERT INTO round_lines (match_id, number, seat, fields, sender, author, send_key, at, round_id) VALUES ($1, $2, $3, $4, 0, $5, $6, $7, $8)`,
				mid, r.Number, l.Seat, l.Fields, l.Author, fmt.Sprintf("import/%d/%d", rid, l.Seat), l.At, rid); err != nil {
				return err
			}
		}
	}
	for _, d := range m.Departures {
		if _, err := tx.ExecContext(ctx, `INSERT INTO departures (match_id, seat, after_round, author, at, undone_at) VALUES ($1, $2, $3, $4, $5, $6)`,
			mid, d.Seat, d.AfterRound, d.Author, d.At, d.UndoneAt); err != nil {
			return err
		}
	}
	for _, u := range m.Rulings {
		if _, err := tx.ExecContext(ctx, `INSERT INTO rulings (match_id, form, legal, summary, rules, author, at, request, rule_ids, said)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			mid, u.Form, u.Legal, u.Summary, mustJSON(u.Rules), u.Author, u.At, string(u.Request), jsonList(u.RuleIDs), jsonMap(u.Said)); err != nil {
			return err
		}
	}
	return nil
}
