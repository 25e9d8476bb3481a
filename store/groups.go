package store

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"fmt"
	"time"
)

// Group is a game group. InviteToken is shown to members so they can invite
// others; the admin token is only ever stored hashed.
type Group struct {
	ID          int64
	Slug        string
	Name        string
	InviteToken string
	PublicOn    bool
	CreatedAt   time.Time
}

// Member is one browser's membership of a group. A member plays as one of
// the group's players (PlayerID, 0 while not linked: members who joined before
// issue 16 and had no player of their name); Display is that player's name.
type Member struct {
	SessionID int64
	GroupID   int64
	PlayerID  int64
	Display   string
	IsAdmin   bool
	JoinedAt  time.Time
	SeenAt    time.Time // when the browser's session was last refreshed (see SessionIdle)
}

// SessionIdle is how long a browser's session lasts without being used: a
// phone that has not opened any of its groups for that long is signed out and
// needs the invite link again. SessionRefresh is how often use is recorded
// (a write at most once a day per browser, not one per request).
const (
	SessionIdle    = 90 * 24 * time.Hour
	SessionRefresh = 24 * time.Hour
)

// SessionIdleDays is SessionIdle in days, for the pages that state it.
const SessionIdleDays = int(SessionIdle / (24 * time.Hour))

// sessionCutoff is the oldest seen_at of a live session.
func (s *Store) sessionCutoff() string {
	return s.Now().Add(-SessionIdle).UTC().Format(timeFormat)
}

// CreatedGroup is what CreateGroup hands back once: the admin token is not
// kept in clear, so this is the only time it can be shown.
type CreatedGroup struct {
	Group        Group
	AdminToken   string
	SessionToken string // the creator's browser session (new if none was given)
}

// CreateGroup makes a group and makes the browser holding sessionToken (a new
// browser when the token is empty or unknown) its admin, playing as the
// group's first player, named display.
func (s *Store) CreateGroup(ctx context.Context, name, display, sessionToken string) (CreatedGroup, error) {
	name, err := validName("create group", name)
	if err != nil {
		return CreatedGroup{}, err
	}
	if display, err = playerName("create group: display", display); err != nil {
		return CreatedGroup{}, err
	}
	out := CreatedGroup{AdminToken: NewToken()}
	err = s.tx(ctx, func(tx *txn) error {
		sid, tok, err := s.ensureSession(ctx, tx, sessionToken)
		if err != nil {
			return err
		}
		out.SessionToken = tok
		g := Group{Slug: newSlug(), Name: name, InviteToken: NewToken(), CreatedAt: parseTime(s.now())}
		res, err := tx.insert(ctx,
			`INSERT INTO groups (slug, name, admin_token, invite_token, created_at) VALUES ($1, $2, $3, $4, $5)`,
			g.Slug, g.Name, hashToken(out.AdminToken), g.InviteToken, s.now())
		if err != nil {
			return fmt.Errorf("store: create group: %w", err)
		}
		g.ID, _ = res.LastInsertId()
		out.Group = g
		tx.wrote(g.ID, true)
		pid, err := insertPlayer(ctx, tx, g.ID, display, s.now())
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx,
			`INSERT INTO memberships (session_id, group_id, display, is_admin, joined_at, player_id) VALUES ($1, $2, $3, 1, $4, $5)`,
			sid, g.ID, display, s.now(), pid)
		return err
	})
	return out, err
}

// ensureSession returns the session for token (marking it used), creating
// one (with a new token) when token is empty, unknown or idle too long.
// Sessions idle past SessionIdle are deleted then, with their memberships.
func (s *Store) ensureSession(ctx context.Context, tx *txn, token string) (int64, string, error) {
	cutoff := s.sessionCutoff()
	if token != "" {
		var id int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM sessions WHERE token_hash = $1 AND seen_at >= $2`, hashToken(token), cutoff).Scan(&id)
		if err == nil {
			if _, err := tx.ExecContext(ctx, `UPDATE sessions SET seen_at = $1 WHERE id = $2`, s.now(), id); err != nil {
				return 0, "", fmt.Errorf("store: session: %w", err)
			}
			return id, token, nil
		}
		if err != sql.ErrNoRows {
			return 0, "", fmt.Errorf("store: session: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE seen_at < $1`, cutoff); err != nil {
		return 0, "", fmt.Errorf("store: forget idle sessions: %w", err)
	}
	token = NewToken()
	now := s.now()
	res, err := tx.insert(ctx, `INSERT INTO sessions (token_hash, created_at, seen_at) VALUES ($1, $2, $3)`, hashToken(token), now, now)
	if err != nil {
		return 0, "", fmt.Errorf("store: new session: %w", err)
	}
	id, _ := res.LastInsertId()
	return id, token, nil
}

// GroupBySlug returns the group, or ErrNotFound.
func (s *Store) GroupBySlug(ctx context.Context, slug string) (Group, error) {
	var g Group
	var created string
	var public sql.NullString
	err := s.queryRow(ctx,
		`SELECT id, slug, name, invite_token, public_token, created_at FROM groups WHERE slug = $1 AND importing = 0`, slug).
		Scan(&g.ID, &g.Slug, &g.Name, &g.InviteToken, &public, &created)
	if err != nil {
		return Group{}, notFound(err, "group "+slug)
	}
	g.PublicOn, g.CreatedAt = public.Valid, parseTime(created)
	return g, nil
}

// Membership returns the group and the membership of the browser holding
// sessionToken. Returns ErrNotFound when the group does not exist, the
// browser is not a member (or was removed), or its session has been idle
// longer than SessionIdle: callers must not tell these apart.
func (s *Store) Membership(ctx context.Context, slug, sessionToken string) (Group, Member, error) {
	if sessionToken == "" {
		return Group{}, Member{}, fmt.Errorf("store: membership: %w", ErrNotFound)
	}
	// One query: this runs on every request of a group page.
	var g Group
	var m Member
	var created, joined, seen string
	var public sql.NullString
	err := s.queryRow(ctx, `
		SELECT g.id, g.slug, g.name, g.invite_token, g.public_token, g.created_at, m.session_id, COALESCE(p.id, 0), COALESCE(p.name, m.display), m.is_admin, m.joined_at, s.seen_at
		FROM groups g JOIN memberships m ON m.group_id = g.id JOIN sessions s ON s.id = m.session_id
		LEFT JOIN players p ON p.id = m.player_id
		WHERE g.slug = $1 AND g.importing = 0 AND s.token_hash = $2 AND s.seen_at >= $3`, slug, hashToken(sessionToken), s.sessionCutoff()).
		Scan(&g.ID, &g.Slug, &g.Name, &g.InviteToken, &public, &created, &m.SessionID, &m.PlayerID, &m.Display, &m.IsAdmin, &joined, &seen)
	if err != nil {
		return Group{}, Member{}, notFound(err, "membership")
	}
	g.PublicOn, g.CreatedAt, m.GroupID = public.Valid, parseTime(created), g.ID
	m.JoinedAt, m.SeenAt = parseTime(joined), parseTime(seen)
	return g, m, nil
}

// TouchSession records that the session was used now, so that it lives
// another SessionIdle. Callers do it at most once per SessionRefresh.
func (s *Store) TouchSession(ctx context.Context, sessionID int64) error {
	return s.tx(ctx, func(tx *txn) error {
		_, err := tx.ExecContext(ctx, `UPDATE sessions SET seen_at = $1 WHERE id = $2`, s.now(), sessionID)
		return err
	})
}

// Members lists the group's members, admins first, then by name.
func (s *Store) Members(ctx context.Context, groupID int64) ([]Member, error) {
	rows, err := s.query(ctx, `
		SELECT m.session_id, COALESCE(p.id, 0), COALESCE(p.name, m.display), m.is_admin, m.joined_at, s.seen_at
		FROM memberships m JOIN sessions s ON s.id = m.session_id LEFT JOIN players p ON p.id = m.player_id
		WHERE m.group_id = $1 AND s.seen_at >= $2
		ORDER BY m.is_admin DESC, COALESCE(p.name, m.display) COLLATE NOCASE, m.session_id`, groupID, s.sessionCutoff())
	if err != nil {
		return nil, fmt.Errorf("store: members: %w", err)
	}
	defer rows.Close()
	var out []Member
	for rows.Next() {
		m := Member{GroupID: groupID}
		var joined, seen string
		if err := rows.Scan(&m.SessionID, &m.PlayerID, &m.Display, &m.IsAdmin, &joined, &seen); err != nil {
			return nil, fmt.Errorf("store: members: %w", err)
		}
		m.JoinedAt, m.SeenAt = parseTime(joined), parseTime(seen)
		out = append(out, m)
	}
	return out, rows.Err()
}

// RemoveMember takes a browser out of the group: its session no longer opens
// the group's pages (it can join again only with the current invite link).
// Returns ErrNotFound when that browser is not a member.
func (s *Store) RemoveMember(ctx context.Context, groupID, sessionID int64) error {
	return s.tx(ctx, func(tx *txn) error {
		tx.wrote(groupID, true) // the cache must forget that member at once
		res, err := tx.ExecContext(ctx, `DELETE FROM memberships WHERE group_id = $1 AND session_id = $2`, groupID, sessionID)
		if err != nil {
			return fmt.Errorf("store: remove member: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("store: remove member: %w", ErrNotFound)
		}
		return nil
	})
}

// Join makes the browser holding sessionToken (a new browser when empty or
// unknown) a member of the group whose current invite token is invite,
// playing as the player named name: the group's player of that name (see
// NameKey) when no other member plays as them, a new player otherwise.
// Returns ErrNotFound for an unknown group or a stale invite, ErrClaimed when
// the player of that name is another member's, and the session token to set
// in the browser.
func (s *Store) Join(ctx context.Context, slug, invite, name, sessionToken string) (string, error) {
	name, err := playerName("join", name)
	if err != nil {
		return "", err
	}
	return s.join(ctx, slug, invite, sessionToken, func(tx *txn, gid int64) (int64, error) {
		id, err := nameTaken(ctx, tx, gid, 0, name)
		if err != nil || id == 0 {
			if err == nil {
				id, err = insertPlayer(ctx, tx, gid, name, s.now())
			}
			if err == nil {
				err = s.withinLimits(ctx, tx, gid, true, false)
			}
			return id, err
		}
		var archived bool
		if err := tx.QueryRowContext(ctx, `SELECT archived_at IS NOT NULL FROM players WHERE id = $1`, id).Scan(&archived); err != nil {
			return 0, fmt.Errorf("store: join: %w", err)
		}
		if archived { // an archived player is not offered: their name stays theirs
			return 0, fmt.Errorf("store: join as %q: %w", name, ErrNameTaken)
		}
		return id, nil
	})
}

// JoinAsPlayer is Join for a browser that picked one of the group's players.
// Returns ErrNotFound also for a player of another group or an archived one,
// and ErrClaimed when another member plays as them.
func (s *Store) JoinAsPlayer(ctx context.Context, slug, invite string, playerID int64, sessionToken string) (string, error) {
	return s.join(ctx, slug, invite, sessionToken, func(*txn, int64) (int64, error) { return playerID, nil })
}

func (s *Store) join(ctx context.Context, slug, invite, sessionToken string, player func(*txn, int64) (int64, error)) (string, error) {
	var tok string
	err := s.tx(ctx, func(tx *txn) error {
		var gid int64
		var current string
		err := tx.QueryRowContext(ctx, `SELECT id, invite_token FROM groups WHERE slug = $1 AND importing = 0`, slug).Scan(&gid, &current)
		if err != nil {
			return notFound(err, "join")
		}
		if subtle.ConstantTimeCompare([]byte(current), []byte(invite)) != 1 {
			return fmt.Errorf("store: join: stale invite: %w", ErrNotFound)
		}
		tx.wrote(gid, true)
		sid, t, err := s.ensureSession(ctx, tx, sessionToken)
		if err != nil {
			return err
		}
		tok = t
		pid, err := player(tx, gid)
		if err != nil {
			return err
		}
		name, err := s.claimable(ctx, tx, gid, sid, pid)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `
			INSERT INTO memberships (session_id, group_id, display, is_admin, joined_at, player_id) VALUES ($1, $2, $3, 0, $4, $5)
			ON CONFLICT (session_id, group_id) DO UPDATE SET display = excluded.display, player_id = excluded.player_id`,
			sid, gid, name, s.now(), pid)
		return err
	})
	return tok, err
}

// claimable returns the name of the group's player pid when the member sid
// may play as them: a current player of the group that no other member plays
// as. A claim held by a session idle past SessionIdle is let go.
func (s *Store) claimable(ctx context.Context, tx *txn, gid, sid, pid int64) (string, error) {
	var name string
	err := tx.QueryRowContext(ctx, `SELECT name FROM players WHERE id = $1 AND group_id = $2 AND archived_at IS NULL`, pid, gid).Scan(&name)
	if err != nil {
		return "", notFound(err, "claim player")
	}
	if _, err := tx.ExecContext(ctx, `UPDATE memberships SET player_id = NULL
		WHERE group_id = $1 AND player_id = $2 AND session_id IN (SELECT id FROM sessions WHERE seen_at < $3)`, gid, pid, s.sessionCutoff()); err != nil {
		return "", fmt.Errorf("store: claim player: %w", err)
	}
	var other int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM memberships WHERE group_id = $1 AND player_id = $2 AND session_id != $3`, gid, pid, sid).Scan(&other); err != nil {
		return "", fmt.Errorf("store: claim player: %w", err)
	}
	if other > 0 {
		return "", fmt.Errorf("store: claim player %q: %w", name, ErrClaimed)
	}
	return name, nil
}

// ClaimPlayer makes the member sessionID play as the group's player
// playerID, for a member who is not linked yet or picks another player.
// Returns ErrNotFound for a player not of the group, archived, or a browser
// that is not a member, and ErrClaimed when another member plays as them.
func (s *Store) ClaimPlayer(ctx context.Context, groupID, sessionID, playerID int64) error {
	return s.tx(ctx, func(tx *txn) error {
		tx.wrote(groupID, true)
		name, err := s.claimable(ctx, tx, groupID, sessionID, playerID)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE memberships SET player_id = $1, display = $2 WHERE group_id = $3 AND session_id = $4`, playerID, name, groupID, sessionID)
		if err != nil {
			return fmt.Errorf("store: claim player: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("store: claim player: %w", ErrNotFound)
		}
		return nil
	})
}

// AdminLink returns the group when adminToken is its current admin token,
// ErrNotFound otherwise (an unknown group or a wrong or revoked token alike).
func (s *Store) AdminLink(ctx context.Context, slug, adminToken string) (Group, error) {
	g, err := s.GroupBySlug(ctx, slug)
	if err != nil {
		return Group{}, err
	}
	var hash string
	if err := s.queryRow(ctx, `SELECT admin_token FROM groups WHERE id = $1`, g.ID).Scan(&hash); err != nil {
		return Group{}, notFound(err, "admin")
	}
	if subtle.ConstantTimeCompare([]byte(hash), []byte(hashToken(adminToken))) != 1 {
		return Group{}, fmt.Errorf("store: admin: wrong token: %w", ErrNotFound)
	}
	return g, nil
}

// RotateAdmin replaces the group's admin token and returns the new one, to be
// shown once: the old admin link stops working. Members who are already
// admins stay admins.
func (s *Store) RotateAdmin(ctx context.Context, groupID int64) (string, error) {
	tok := NewToken()
	return tok, s.tx(ctx, func(tx *txn) error {
		tx.wrote(groupID, false)
		res, err := tx.ExecContext(ctx, `UPDATE groups SET admin_token = $1 WHERE id = $2`, hashToken(tok), groupID)
		if err != nil {
			return fmt.Errorf("store: rotate admin: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("store: rotate admin: %w", ErrNotFound)
		}
		return nil
	})
}

// ClaimAdmin makes the browser holding sessionToken an admin of the group if
// adminToken is the group's admin token. Returns ErrNotFound otherwise.
func (s *Store) ClaimAdmin(ctx context.Context, slug, adminToken, sessionToken string) (string, error) {
	var tok string
	err := s.tx(ctx, func(tx *txn) error {
		var gid int64
		var hash string
		if err := tx.QueryRowContext(ctx, `SELECT id, admin_token FROM groups WHERE slug = $1 AND importing = 0`, slug).Scan(&gid, &hash); err != nil {
			return notFound(err, "admin")
		}
		if subtle.ConstantTimeCompare([]byte(hash), []byte(hashToken(adminToken))) != 1 {
			return fmt.Errorf("store: admin: wrong token: %w", ErrNotFound)
		}
		tx.wrote(gid, true)
		sid, t, err := s.ensureSession(ctx, tx, sessionToken)
		if err != nil {
			return err
		}
		tok = t
		_, err = tx.ExecContext(ctx, `
			INSERT INTO memberships (session_id, group_id, display, is_admin, joined_at) VALUES ($1, $2, 'admin', 1, $3)
			ON CONFLICT (session_id, group_id) DO UPDATE SET is_admin = 1`, sid, gid, s.now())
		return err
	})
	return tok, err
}

// RotateInvite replaces the group's invite token; the old link stops working.
func (s *Store) RotateInvite(ctx context.Context, groupID int64) (string, error) {
	tok := NewToken()
	return tok, s.tx(ctx, func(tx *txn) error {
		tx.wrote(groupID, true)
		_, err := tx.ExecContext(ctx, `UPDATE groups SET invite_token = $1, invite_version = invite_version + 1 WHERE id = $2`, tok, groupID)
		return err
	})
}

// GroupsOf lists the groups the browser holding sessionToken belongs to, by name.
func (s *Store) GroupsOf(ctx context.Context, sessionToken string) ([]Group, error) {
	if sessionToken == "" {
		return nil, nil
	}
	rows, err := s.query(ctx, `SELECT g.id, g.slug, g.name FROM groups g
		JOIN memberships m ON m.group_id = g.id JOIN sessions s ON s.id = m.session_id
		WHERE s.token_hash = $1 AND s.seen_at >= $2 AND g.importing = 0 ORDER BY g.name COLLATE NOCASE`, hashToken(sessionToken), s.sessionCutoff())
	if err != nil {
		return nil, fmt.Errorf("store: groups of session: %w", err)
	}
	defer rows.Close()
	var out []Group
	for rows.Next() {
		var g Group
		if err := rows.Scan(&g.ID, &g.Slug, &g.Name); err != nil {
			return nil, fmt.Errorf("store: groups of session: %w", err)
		}
		out = append(out, g)
	}
	return out, rows.Err()
}
