package store

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"fmt"
	"strings"
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

// Member is one browser's membership of a group.
type Member struct {
	SessionID int64
	GroupID   int64
	Display   string
	IsAdmin   bool
}

// CreatedGroup is what CreateGroup hands back once: the admin token is not
// kept in clear, so this is the only time it can be shown.
type CreatedGroup struct {
	Group        Group
	AdminToken   string
	SessionToken string // the creator's browser session (new if none was given)
}

// CreateGroup makes a group and makes the browser holding sessionToken (a new
// browser when the token is empty or unknown) its admin, signing as display.
func (s *Store) CreateGroup(ctx context.Context, name, display, sessionToken string) (CreatedGroup, error) {
	name, display = strings.TrimSpace(name), strings.TrimSpace(display)
	if name == "" || display == "" {
		return CreatedGroup{}, fmt.Errorf("store: create group: name and display are required: %w", ErrInvalid)
	}
	out := CreatedGroup{AdminToken: NewToken()}
	err := s.tx(ctx, func(tx *txn) error {
		sid, tok, err := s.ensureSession(ctx, tx, sessionToken)
		if err != nil {
			return err
		}
		out.SessionToken = tok
		g := Group{Slug: newSlug(), Name: name, InviteToken: NewToken(), CreatedAt: parseTime(s.now())}
		res, err := tx.ExecContext(ctx,
			`INSERT INTO groups (slug, name, admin_token, invite_token, created_at) VALUES (?, ?, ?, ?, ?)`,
			g.Slug, g.Name, hashToken(out.AdminToken), g.InviteToken, s.now())
		if err != nil {
			return fmt.Errorf("store: create group: %w", err)
		}
		g.ID, _ = res.LastInsertId()
		out.Group = g
		tx.wrote(g.ID, true)
		_, err = tx.ExecContext(ctx,
			`INSERT INTO memberships (session_id, group_id, display, is_admin, joined_at) VALUES (?, ?, ?, 1, ?)`,
			sid, g.ID, display, s.now())
		return err
	})
	return out, err
}

// ensureSession returns the session for token, creating one (with a new
// token) when token is empty or unknown.
func (s *Store) ensureSession(ctx context.Context, tx *txn, token string) (int64, string, error) {
	if token != "" {
		var id int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM sessions WHERE token_hash = ?`, hashToken(token)).Scan(&id)
		if err == nil {
			return id, token, nil
		}
		if err != sql.ErrNoRows {
			return 0, "", fmt.Errorf("store: session: %w", err)
		}
	}
	token = NewToken()
	res, err := tx.ExecContext(ctx, `INSERT INTO sessions (token_hash, created_at) VALUES (?, ?)`, hashToken(token), s.now())
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
		`SELECT id, slug, name, invite_token, public_token, created_at FROM groups WHERE slug = ?`, slug).
		Scan(&g.ID, &g.Slug, &g.Name, &g.InviteToken, &public, &created)
	if err != nil {
		return Group{}, notFound(err, "group "+slug)
	}
	g.PublicOn, g.CreatedAt = public.Valid, parseTime(created)
	return g, nil
}

// Membership returns the group and the membership of the browser holding
// sessionToken. Returns ErrNotFound when the group does not exist or the
// browser is not a member: callers must not tell the two apart.
func (s *Store) Membership(ctx context.Context, slug, sessionToken string) (Group, Member, error) {
	if sessionToken == "" {
		return Group{}, Member{}, fmt.Errorf("store: membership: %w", ErrNotFound)
	}
	// One query: this runs on every request of a group page.
	var g Group
	var m Member
	var created string
	var public sql.NullString
	err := s.queryRow(ctx, `
		SELECT g.id, g.slug, g.name, g.invite_token, g.public_token, g.created_at, m.session_id, m.display, m.is_admin
		FROM groups g JOIN memberships m ON m.group_id = g.id JOIN sessions s ON s.id = m.session_id
		WHERE g.slug = ? AND s.token_hash = ?`, slug, hashToken(sessionToken)).
		Scan(&g.ID, &g.Slug, &g.Name, &g.InviteToken, &public, &created, &m.SessionID, &m.Display, &m.IsAdmin)
	if err != nil {
		return Group{}, Member{}, notFound(err, "membership")
	}
	g.PublicOn, g.CreatedAt, m.GroupID = public.Valid, parseTime(created), g.ID
	return g, m, nil
}

// Join makes the browser holding sessionToken (a new browser when empty or
// unknown) a member of the group whose current invite token is invite.
// Returns ErrNotFound for an unknown group or a stale invite, and the session
// token to set in the browser.
func (s *Store) Join(ctx context.Context, slug, invite, display, sessionToken string) (string, error) {
	display = strings.TrimSpace(display)
	if display == "" {
		return "", fmt.Errorf("store: join: display is required: %w", ErrInvalid)
	}
	var tok string
	err := s.tx(ctx, func(tx *txn) error {
		var gid int64
		var current string
		err := tx.QueryRowContext(ctx, `SELECT id, invite_token FROM groups WHERE slug = ?`, slug).Scan(&gid, &current)
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
		_, err = tx.ExecContext(ctx, `
			INSERT INTO memberships (session_id, group_id, display, is_admin, joined_at) VALUES (?, ?, ?, 0, ?)
			ON CONFLICT (session_id, group_id) DO UPDATE SET display = excluded.display`,
			sid, gid, display, s.now())
		return err
	})
	return tok, err
}

// ClaimAdmin makes the browser holding sessionToken an admin of the group if
// adminToken is the group's admin token. Returns ErrNotFound otherwise.
func (s *Store) ClaimAdmin(ctx context.Context, slug, adminToken, sessionToken string) (string, error) {
	var tok string
	err := s.tx(ctx, func(tx *txn) error {
		var gid int64
		var hash string
		if err := tx.QueryRowContext(ctx, `SELECT id, admin_token FROM groups WHERE slug = ?`, slug).Scan(&gid, &hash); err != nil {
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
			INSERT INTO memberships (session_id, group_id, display, is_admin, joined_at) VALUES (?, ?, 'admin', 1, ?)
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
		_, err := tx.ExecContext(ctx, `UPDATE groups SET invite_token = ?, invite_version = invite_version + 1 WHERE id = ?`, tok, groupID)
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
		WHERE s.token_hash = ? ORDER BY g.name COLLATE NOCASE`, hashToken(sessionToken))
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
