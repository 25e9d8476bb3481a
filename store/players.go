package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Player is a person on a group's roster. Archived players keep their history
// but are not offered for new matches. A player may be claimed by one member
// of the group (the browser that plays as them): Claimed says so.
type Player struct {
	ID         int64
	GroupID    int64
	Name       string
	ArchivedAt *time.Time
	Claimed    bool
	Guest      bool // seated as a guest, not on the roster (see AdmitGuest)
}

// ErrNameTaken is a new or renamed player whose name another player of the
// group already has (see NameKey). ErrClaimed is a player that another member
// already plays as.
var (
	ErrNameTaken = errors.New("store: a player of the group has that name")
	ErrClaimed   = errors.New("store: another member plays as that player")
)

// NameKey is what makes two names the same in a group: trimmed, NFC
// normalised and case folded, so "Marc", " marc " and "MARC" are one name,
// and so are "Zoé" typed with a combining accent and with a precomposed é.
func NameKey(name string) string {
	return norm.NFC.String(cases.Fold().String(norm.NFC.String(strings.TrimSpace(name))))
}

// playerName is validName for a player: also NFC normalised, so that the
// same name typed on two keyboards is stored the same.
func playerName(what, name string) (string, error) {
	name, err := validName(what, name)
	return norm.NFC.String(name), err
}

// nameTaken returns the group's player (other than except) whose name is
// name by NameKey, or 0. Names are compared in Go (SQLite folds ASCII only);
// a group has tens of players.
func nameTaken(ctx context.Context, tx *txn, groupID, except int64, name string) (int64, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, name FROM players WHERE group_id = $1 AND id != $2`, groupID, except)
	if err != nil {
		return 0, fmt.Errorf("store: player names: %w", err)
	}
	defer rows.Close()
	key := NameKey(name)
	for rows.Next() {
		var id int64
		var other string
		if err := rows.Scan(&id, &other); err != nil {
			return 0, fmt.Errorf("store: player names: %w", err)
		}
		if NameKey(other) == key {
			return id, nil
		}
	}
	return 0, rows.Err()
}

// insertPlayer adds a player whose name no other player of the group has.
func insertPlayer(ctx context.Context, tx *txn, groupID int64, name, now string) (int64, error) {
	if id, err := nameTaken(ctx, tx, groupID, 0, name); err != nil {
		return 0, err
	} else if id != 0 {
		return 0, fmt.Errorf("store: add player %q: %w", name, ErrNameTaken)
	}
	res, err := tx.insert(ctx, `INSERT INTO players (group_id, name, created_at) VALUES ($1, $2, $3)`, groupID, name, now)
	if err != nil {
		return 0, fmt.Errorf("store: add player: %w", err)
	}
	return res.LastInsertId()
}

// Archived reports whether the player was archived.
func (p Player) Archived() bool { return p.ArchivedAt != nil }

// MaxNameLen bounds names of groups, players and members, in characters.
const MaxNameLen = 40

// MaxGameNameLen bounds the name of a group's other game, in characters:
// BG Stats keeps a game's name whole (BoardGameGeek's run past 100:
// "Sherlock Holmes Consulting Detective: The Thames Murders & Other
// Cases" is 70), and the import keeps it whole up to this (issue 38).
const MaxGameNameLen = 200

// Why a name is refused, as CheckName says it (each is also the end of a
// message id, form.name.<why>).
const (
	NameRequired = "required" // empty, or only spaces
	NameTooLong  = "toolong"  // more than MaxNameLen characters
	NameEncoding = "encoding" // not valid UTF-8
	NameControl  = "control"  // a control character: NUL, line break, tab…
	NameBidi     = "bidi"     // an invisible character that changes the text's direction
)

// CheckName is the one rule for every name a person types, on a form or in
// an imported file: a group's, a player's, a season's, a member's. It
// returns the name trimmed of surrounding spaces and why it is refused, ""
// when it is fine. A name must be valid UTF-8, have no control character
// (NUL, line or paragraph breaks, tabs) and no bidirectional embedding,
// override, isolate or mark (which can make a name display as another), and
// have 1 to MaxNameLen characters, one of them visible.
func CheckName(name string) (string, string) { return checkNameUpTo(name, MaxNameLen) }

// CheckGameName is CheckName for a group's other game: up to MaxGameNameLen
// characters.
func CheckGameName(name string) (string, string) { return checkNameUpTo(name, MaxGameNameLen) }

func checkNameUpTo(name string, most int) (string, string) {
	if !utf8.ValidString(name) {
		return name, NameEncoding
	}
	name = strings.TrimSpace(name)
	n, visible := 0, false
	for _, r := range name {
		switch {
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
			return name, NameControl
		case isBidiControl(r):
			return name, NameBidi
		}
		n++
		// A name of zero-width characters alone (U+200B, U+FEFF…) would show as nothing.
		visible = visible || !(unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Mn, r))
	}
	switch {
	case !visible:
		return name, NameRequired
	case n > most:
		return name, NameTooLong
	}
	return name, ""
}

// isBidiControl: U+202A–U+202E (embeddings and overrides), U+2066–U+2069
// (isolates), and the marks U+200E, U+200F and U+061C.
func isBidiControl(r rune) bool {
	return (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069) || r == 0x200E || r == 0x200F || r == 0x061C
}

// validName is CheckName for the store's own writes: the trimmed name, or
// an ErrInvalid that says why.
func validName(what, name string) (string, error) {
	name, why := CheckName(name)
	if why != "" {
		return name, fmt.Errorf("store: %s: name refused (%s): %w", what, why, ErrInvalid)
	}
	return name, nil
}

// AddPlayer adds a player to the group's roster. Returns ErrNameTaken when
// a player of the group already has that name (see NameKey).
func (s *Store) AddPlayer(ctx context.Context, groupID int64, name string) (Player, error) {
	name, err := playerName("add player", name)
	if err != nil {
		return Player{}, err
	}
	p := Player{GroupID: groupID, Name: name}
	err = s.tx(ctx, func(tx *txn) error {
		tx.wrote(groupID, false)
		if p.ID, err = insertPlayer(ctx, tx, groupID, name, s.now()); err != nil {
			return err
		}
		return s.withinLimits(ctx, tx, groupID, true, false)
	})
	return p, err
}

// Players lists the group's players by name, archived ones included.
func (s *Store) Players(ctx context.Context, groupID int64) ([]Player, error) {
	rows, err := s.query(ctx,
		`SELECT id, group_id, name, archived_at, EXISTS (SELECT 1 FROM memberships m WHERE m.group_id = players.group_id AND m.player_id = players.id), guest
		FROM players WHERE group_id = $1 ORDER BY name COLLATE NOCASE, id`, groupID)
	if err != nil {
		return nil, fmt.Errorf("store: players: %w", err)
	}
	defer rows.Close()
	var out []Player
	for rows.Next() {
		var p Player
		var archived sql.NullString
		var guest int
		if err := rows.Scan(&p.ID, &p.GroupID, &p.Name, &archived, &p.Claimed, &guest); err != nil {
			return nil, fmt.Errorf("store: players: %w", err)
		}
		p.ArchivedAt, p.Guest = parseNullTime(archived), guest != 0
		out = append(out, p)
	}
	return out, rows.Err()
}

// Player returns one player of the group, or ErrNotFound.
func (s *Store) Player(ctx context.Context, groupID, id int64) (Player, error) {
	p := Player{ID: id, GroupID: groupID}
	var archived sql.NullString
	var guest int
	err := s.queryRow(ctx, `SELECT name, archived_at, guest FROM players WHERE id = $1 AND group_id = $2`, id, groupID).
		Scan(&p.Name, &archived, &guest)
	if err != nil {
		return Player{}, notFound(err, "player")
	}
	p.ArchivedAt, p.Guest = parseNullTime(archived), guest != 0
	return p, nil
}

// RenamePlayer changes a player's name (and so the name of the member who
// plays as them). Returns ErrNotFound for a player of another group, and
// ErrNameTaken when another player of the group has that name; a player may
// change the case of their own name.
func (s *Store) RenamePlayer(ctx context.Context, groupID, id int64, name string) error {
	name, err := playerName("rename player", name)
	if err != nil {
		return err
	}
	return s.tx(ctx, func(tx *txn) error {
		tx.wrote(groupID, true)
		if other, err := nameTaken(ctx, tx, groupID, id, name); err != nil {
			return err
		} else if other != 0 {
			return fmt.Errorf("store: rename player %q: %w", name, ErrNameTaken)
		}
		return updatePlayerTx(ctx, tx, `UPDATE players SET name = $1 WHERE id = $2 AND group_id = $3`, name, id, groupID)
	})
}

// SetArchived archives or restores a player. Returns ErrNotFound for a player of another group.
func (s *Store) SetArchived(ctx context.Context, groupID, id int64, archived bool) error {
	var at any
	if archived {
		at = s.now()
	}
	return s.updatePlayer(ctx, groupID, `UPDATE players SET archived_at = $1 WHERE id = $2 AND group_id = $3`, at, id, groupID)
}

func (s *Store) updatePlayer(ctx context.Context, groupID int64, query string, args ...any) error {
	return s.tx(ctx, func(tx *txn) error {
		tx.wrote(groupID, false)
		return updatePlayerTx(ctx, tx, query, args...)
	})
}

func updatePlayerTx(ctx context.Context, tx *txn, query string, args ...any) error {
	res, err := tx.ExecContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("store: update player: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("store: update player: %w", ErrNotFound)
	}
	return nil
}
