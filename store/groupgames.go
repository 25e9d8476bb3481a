package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// GroupGame is one of a group's other games: a game the app has no engine
// for, defined by the group's admin. Its matches name it as game ID().
type GroupGame struct {
	GroupID int64
	Num     int    // counted within the group, from 1
	Name    string // as the group calls it
	BGGID   int    // its BoardGameGeek id, 0 when not told
	// Kind is how a match is written down: "rounds" (points each round),
	// "final" (final scores only), "winner" (the winner only) or "ranking"
	// (every player's place).
	Kind    string
	LowWins bool // with points: the lowest total wins
	Target  int  // with points per round: a total that ends the match (0: none)
	Rounds  int  // with points per round: the number of rounds (0: open)
	// Coop: a co-operative game: its players win or lose together
	// (migration 00150); its matches are won or lost, not ranked.
	Coop bool
}

// The kinds of a group's other game.
const (
	KindRounds  = "rounds"
	KindFinal   = "final"
	KindWinner  = "winner"
	KindRanking = "ranking"
)

// GroupGamePrefix starts the game id of a group's other game.
const GroupGamePrefix = "custom-"

// ID is the game id its matches carry.
func (g GroupGame) ID() string { return fmt.Sprintf("%s%d", GroupGamePrefix, g.Num) }

// GroupGameNum reads the number of a group's other game from a game id;
// false for any other id.
func GroupGameNum(id string) (int, bool) {
	rest, ok := strings.CutPrefix(id, GroupGamePrefix)
	if !ok {
		return 0, false
	}
	var n int
	if _, err := fmt.Sscanf(rest, "%d", &n); err != nil || n <= 0 || fmt.Sprint(n) != rest {
		return 0, false
	}
	return n, true
}

// Valid reports whether the definition can be stored: a name, a known
// kind, no negative numbers, a target or round count only with points
// entered per round, and a co-operative game won by the winner only.
func (g GroupGame) Valid() bool {
	name := strings.TrimSpace(g.Name)
	switch {
	case name == "" || len([]rune(name)) > MaxGameNameLen || g.BGGID < 0 || g.Target < 0 || g.Rounds < 0:
		return false
	case g.Coop: // won or lost together: the winner only
		return g.Kind == KindWinner && g.Target == 0 && g.Rounds == 0 && !g.LowWins
	case g.Kind == KindRounds:
		return true
	case g.Kind == KindFinal:
		return g.Target == 0 && g.Rounds == 0
	case g.Kind == KindWinner || g.Kind == KindRanking:
		return g.Target == 0 && g.Rounds == 0 && !g.LowWins
	}
	return false
}

// AddGroupGame stores a new other game of the group and returns it with
// its number. Returns ErrInvalid for a definition Valid refuses and
// ErrNameTaken when the group has a game of that name (in any case), and a
// LimitError when the group has MaxImportGames already.
func (s *Store) AddGroupGame(ctx context.Context, g GroupGame) (GroupGame, error) {
	g.Name = strings.TrimSpace(g.Name)
	if !g.Valid() {
		return GroupGame{}, fmt.Errorf("store: add game: %w", ErrInvalid)
	}
	err := s.tx(ctx, func(tx *txn) error {
		tx.wrote(g.GroupID, false)
		if err := tx.addGroupGame(ctx, &g, s.now()); err != nil {
			return err
		}
		return tx.withinLimit(ctx, "games", g.GroupID, MaxImportGames)
	})
	return g, err
}

func (tx *txn) addGroupGame(ctx context.Context, g *GroupGame, now string) error {
	var taken int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM group_games WHERE group_id = $1 AND name_key = $2`,
		g.GroupID, strings.ToLower(g.Name)).Scan(&taken); err != nil {
		return fmt.Errorf("store: add game: %w", err)
	}
	if taken > 0 {
		return fmt.Errorf("store: add game: %w", ErrNameTaken)
	}
	if g.Num == 0 {
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(num), 0) + 1 FROM group_games WHERE group_id = $1`, g.GroupID).Scan(&g.Num); err != nil {
			return fmt.Errorf("store: add game: %w", err)
		}
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO group_games (group_id, num, name, name_key, bgg_id, kind, low_wins, target, rounds, coop, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, g.GroupID, g.Num, g.Name, strings.ToLower(g.Name), g.BGGID, g.Kind, boolInt(g.LowWins), g.Target, g.Rounds, boolInt(g.Coop), now)
	if err != nil {
		if isUnique(err) {
			return fmt.Errorf("store: add game: %w", ErrConflict)
		}
		return fmt.Errorf("store: add game: %w", err)
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// GroupGames lists the group's other games, in the order they were added.
func (s *Store) GroupGames(ctx context.Context, groupID int64) ([]GroupGame, error) {
	rows, err := s.query(ctx, groupGamesSQL, groupID)
	if err != nil {
		return nil, fmt.Errorf("store: group games: %w", err)
	}
	return scanGroupGames(rows, groupID)
}

const groupGamesSQL = `SELECT num, name, bgg_id, kind, low_wins, target, rounds, coop FROM group_games WHERE group_id = $1 ORDER BY num`

func scanGroupGames(rows *sql.Rows, groupID int64) ([]GroupGame, error) {
	defer rows.Close()
	var out []GroupGame
	for rows.Next() {
		g := GroupGame{GroupID: groupID}
		var low, coop int
		if err := rows.Scan(&g.Num, &g.Name, &g.BGGID, &g.Kind, &low, &g.Target, &g.Rounds, &coop); err != nil {
			return nil, fmt.Errorf("store: group games: %w", err)
		}
		g.LowWins, g.Coop = low == 1, coop == 1
		out = append(out, g)
	}
	return out, rows.Err()
}

// FindOrAddGroupGame returns the group's other game with this BoardGameGeek
// id (when want.BGGID > 0) or, failing that, this name (in any case); when
// the group has none, it adds want (its Num is given then). One
// transaction: two imports at once add the game once. created is true when
// it was added. Returns ErrInvalid for a definition Valid refuses, and a
// LimitError when it would be the group's game past MaxImportGames.
func (s *Store) FindOrAddGroupGame(ctx context.Context, want GroupGame) (g GroupGame, created bool, err error) {
	want.Name = strings.TrimSpace(want.Name)
	if !want.Valid() {
		return GroupGame{}, false, fmt.Errorf("store: find game: %w", ErrInvalid)
	}
	err = s.tx(ctx, func(tx *txn) error {
		rows, err := tx.QueryContext(ctx, groupGamesSQL, want.GroupID)
		if err != nil {
			return fmt.Errorf("store: find game: %w", err)
		}
		have, err := scanGroupGames(rows, want.GroupID)
		if err != nil {
			return err
		}
		if found, ok := MatchGroupGame(have, want.Name, want.BGGID); ok {
			g = found
			return nil
		}
		tx.wrote(want.GroupID, false)
		g, created = want, true
		g.Num = 0
		if err := tx.addGroupGame(ctx, &g, s.now()); err != nil {
			return err
		}
		return tx.withinLimit(ctx, "games", g.GroupID, MaxImportGames)
	})
	return g, created, err
}

// MatchGroupGame picks among a group's other games the one with this
// BoardGameGeek id (when bggID > 0), else the one with this name in any case.
func MatchGroupGame(have []GroupGame, name string, bggID int) (GroupGame, bool) {
	if bggID > 0 {
		for _, g := range have {
			if g.BGGID == bggID {
				return g, true
			}
		}
	}
	key := strings.ToLower(strings.TrimSpace(name))
	for _, g := range have {
		if strings.ToLower(g.Name) == key {
			return g, true
		}
	}
	return GroupGame{}, false
}
