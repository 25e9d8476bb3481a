package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// PlayMeta is what a match keeps of the play it was imported from (a BG
// Stats play, see migration 00090) beyond its seats and scores; a match
// recorded here has none of it, and its places follow its totals.
type PlayMeta struct {
	// Places are the seats' places (1 first, shared places repeat) when
	// they are not the totals' order: a winner picked by hand, or a play
	// with only a winner or ranks. nil: the totals place the seats.
	Places      []int  `json:"places,omitempty"`
	Location    string `json:"location,omitempty"`
	DurationMin int    `json:"duration_min,omitempty"`
	Comments    string `json:"comments,omitempty"`
	StartSeat   *int   `json:"start_seat,omitempty"`   // 0-based; nil: not known
	PlayedLocal string `json:"played_local,omitempty"` // the play's date as its app wrote it, local time
	// NoScores: the play had no scores (a winner or ranks only): the
	// totals are zeros, worth no average or record; Places say it all.
	NoScores bool `json:"no_scores,omitempty"`
	// Result is how the match ended when its places do not say it
	// (migration 00150): ResultWon or ResultLost (won or lost together:
	// a co-operative or a solo play), ResultNobody (nobody won, chosen by
	// hand), ResultNone (played, no result recorded); "": the places, or
	// the totals, say who won.
	Result string `json:"result,omitempty"`
	// Scores are the seats' scores as the play held them (migration
	// 00160), when they are not the whole totals: a decimal ("4.5"), or ""
	// for a seat without a score where others have one; nil: the totals
	// are the scores. The totals keep each score rounded, for the
	// standings.
	Scores []string `json:"scores,omitempty"`
	// What a BG Stats play carries that BG Stats needs back (migration
	// 00180): its location's uuid, its variant or board, the expansions
	// played.
	LocationUUID string          `json:"location_uuid,omitempty"`
	Board        string          `json:"board,omitempty"`
	Expansions   []PlayExpansion `json:"expansions,omitempty"`
}

// PlayExpansion is an expansion played with a BG Stats play: its game as
// the file named it.
type PlayExpansion struct {
	UUID  string `json:"uuid,omitempty"`
	Name  string `json:"name"`
	BGGID int64  `json:"bggId,omitempty"`
}

// Bounds of what a match keeps of a BG Stats play's details.
const (
	MaxUUIDLen       = 64
	MaxPlayBoard     = 200
	MaxPlayExpansion = 50  // expansions in one play
	MaxSeatText      = 100 // a seat's role or team
)

// expansionsText is expansions as the matches table keeps them (JSON).
func expansionsText(e []PlayExpansion) sql.NullString {
	if len(e) == 0 {
		return sql.NullString{}
	}
	b, _ := json.Marshal(e)
	return sql.NullString{String: string(b), Valid: true}
}

// parseExpansions reads what expansionsText wrote; a damaged value reads
// as none.
func parseExpansions(s string) []PlayExpansion {
	if s == "" {
		return nil
	}
	var out []PlayExpansion
	if json.Unmarshal([]byte(s), &out) != nil {
		return nil
	}
	return out
}

// validDetails reports whether a match's BG Stats details are within the
// bounds a match keeps.
func validDetails(m PlayMeta) bool {
	if len(m.LocationUUID) > MaxUUIDLen || len(m.Board) > MaxPlayBoard || len(m.Expansions) > MaxPlayExpansion {
		return false
	}
	for _, e := range m.Expansions {
		if len(e.UUID) > MaxUUIDLen || len([]rune(e.Name)) > MaxGameNameLen || e.Name == "" || e.BGGID < 0 {
			return false
		}
	}
	return true
}

// MaxScoreLen bounds a kept score's text.
const MaxScoreLen = 24

// scoresText is scores as the matches table keeps them.
func scoresText(scores []string) sql.NullString {
	if len(scores) == 0 {
		return sql.NullString{}
	}
	parts := make([]string, len(scores))
	for i, s := range scores {
		parts[i] = cmp.Or(s, "_")
	}
	return sql.NullString{String: strings.Join(parts, " "), Valid: true}
}

// parseScores reads what scoresText wrote.
func parseScores(s string) []string {
	if s == "" {
		return nil
	}
	out := strings.Fields(s)
	for i, v := range out {
		if v == "_" {
			out[i] = ""
		}
	}
	return out
}

// validScores reports whether scores are seats scores as a match keeps
// them: numbers (a decimal point, no exponent) or "" for none.
func validScores(scores []string, seats int) bool {
	if scores == nil {
		return true
	}
	if len(scores) != seats {
		return false
	}
	for _, s := range scores {
		if s == "" {
			continue
		}
		if len(s) > MaxScoreLen || strings.ContainsAny(s, "eEinfINFxX_ ") {
			return false
		}
		if _, err := strconv.ParseFloat(s, 64); err != nil {
			return false
		}
	}
	return true
}

// A match's results that are not places (PlayMeta.Result).
const (
	ResultWon    = "won"
	ResultLost   = "lost"
	ResultNobody = "nobody"
	ResultNone   = "none"
)

// ValidResult reports whether r is a result a match can keep ("" included).
func ValidResult(r string) bool {
	switch r {
	case "", ResultWon, ResultLost, ResultNobody, ResultNone:
		return true
	}
	return false
}

// Bounds of what a match keeps of a play (an import refuses more).
const (
	MaxPlayLocation = 200
	MaxPlayComments = 20000
)

// placesText is places as the matches table keeps them.
func placesText(places []int) sql.NullString {
	if len(places) == 0 {
		return sql.NullString{}
	}
	parts := make([]string, len(places))
	for i, p := range places {
		parts[i] = strconv.Itoa(p)
	}
	return sql.NullString{String: strings.Join(parts, " "), Valid: true}
}

// parsePlaces reads what placesText wrote; a damaged value reads as none
// (the totals place the seats).
func parsePlaces(s string) []int {
	if s == "" {
		return nil
	}
	f := strings.Fields(s)
	out := make([]int, len(f))
	for i, v := range f {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > len(f) {
			return nil
		}
		out[i] = n
	}
	return out
}

// validPlaces reports whether places are a ranking of seats seats: each
// from 1 to seats, a shared place followed by the gap it leaves (1, 2, 2, 4).
func validPlaces(places []int, seats int) bool {
	if len(places) != seats {
		return false
	}
	for _, p := range places {
		if p < 1 || p > seats {
			return false
		}
		better := 0
		for _, o := range places {
			if o < p {
				better++
			}
		}
		if better != p-1 {
			return false
		}
	}
	return true
}

// metaColumns are the matches table's columns PlayMeta is read from.
const metaColumns = `COALESCE(m.places, ''), COALESCE(m.location, ''), COALESCE(m.duration_min, 0), COALESCE(m.comments, ''), m.start_seat, COALESCE(m.played_local, ''), COALESCE(m.no_scores, 0), COALESCE(m.result, ''), COALESCE(m.scores, ''), COALESCE(m.location_uuid, ''), COALESCE(m.board, ''), COALESCE(m.expansions, '')`

// metaScan is where a row's metaColumns are scanned to, then set by done.
type metaScan struct {
	places     string
	scores     string
	expansions string
	start      sql.NullInt64
	none       int
	meta       PlayMeta
}

func (ms *metaScan) dest() []any {
	return []any{&ms.places, &ms.meta.Location, &ms.meta.DurationMin, &ms.meta.Comments, &ms.start, &ms.meta.PlayedLocal, &ms.none, &ms.meta.Result, &ms.scores, &ms.meta.LocationUUID, &ms.meta.Board, &ms.expansions}
}

func (ms *metaScan) done() PlayMeta {
	ms.meta.Places = parsePlaces(ms.places)
	ms.meta.Scores = parseScores(ms.scores)
	ms.meta.Expansions = parseExpansions(ms.expansions)
	ms.meta.NoScores = ms.none == 1
	if ms.start.Valid {
		n := int(ms.start.Int64)
		ms.meta.StartSeat = &n
	}
	return ms.meta
}

func nullText(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

func nullFlag(b bool) sql.NullInt64 { return sql.NullInt64{Int64: 1, Valid: b} }

func nullInt(n int) sql.NullInt64 { return sql.NullInt64{Int64: int64(n), Valid: n != 0} }

// BGStatsGames is what the group's last BG Stats import took each file game
// as: by game key (see migration 00090), our game or "" for not imported.
func (s *Store) BGStatsGames(ctx context.Context, groupID int64) (map[string]string, error) {
	rows, err := s.query(ctx, `SELECT game_key, game FROM bgstats_games WHERE group_id = $1`, groupID)
	if err != nil {
		return nil, fmt.Errorf("store: bgstats games: %w", err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var k, g string
		if err := rows.Scan(&k, &g); err != nil {
			return nil, fmt.Errorf("store: bgstats games: %w", err)
		}
		out[k] = g
	}
	return out, rows.Err()
}

// maxBGStatsGames bounds how many file games one import remembers.
const maxBGStatsGames = 5000

// SetBGStatsGames remembers the games of an import (see BGStatsGames), in
// one transaction, replacing what the group remembered of the same keys.
func (s *Store) SetBGStatsGames(ctx context.Context, groupID int64, games map[string]string) error {
	if len(games) > maxBGStatsGames {
		return fmt.Errorf("store: bgstats games: %d games: %w", len(games), ErrInvalid)
	}
	for k, g := range games {
		if k == "" || len(k) > 300 || len(g) > 64 {
			return fmt.Errorf("store: bgstats games: key %q: %w", k, ErrInvalid)
		}
	}
	err := s.tx(ctx, func(tx *txn) error {
		for k, g := range games {
			if _, err := tx.ExecContext(ctx, `DELETE FROM bgstats_games WHERE group_id = $1 AND game_key = $2`, groupID, k); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO bgstats_games (group_id, game_key, game) VALUES ($1, $2, $3)`, groupID, k, g); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: bgstats games: %w", err)
	}
	return nil
}

// SetBGStatsGameUUIDs remembers the uuid of each file game of an import,
// by game key (see BGStatsGames): its games go back to BG Stats under it.
func (s *Store) SetBGStatsGameUUIDs(ctx context.Context, groupID int64, uuids map[string]string) error {
	for k, u := range uuids {
		if len(u) > MaxUUIDLen || len(k) > 300 {
			return fmt.Errorf("store: bgstats game uuids: key %q: %w", k, ErrInvalid)
		}
	}
	err := s.tx(ctx, func(tx *txn) error {
		for k, u := range uuids {
			if _, err := tx.ExecContext(ctx, `UPDATE bgstats_games SET uuid = $1 WHERE group_id = $2 AND game_key = $3`, nullText(u), groupID, k); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: bgstats game uuids: %w", err)
	}
	return nil
}

// BGStatsGameUUIDs is the uuid BG Stats knows each of the group's games
// by (ours or its other games), from the file games taken as it at
// imports (the first by game key when several were).
func (s *Store) BGStatsGameUUIDs(ctx context.Context, groupID int64) (map[string]string, error) {
	rows, err := s.query(ctx, `SELECT game, uuid FROM bgstats_games WHERE group_id = $1 AND game <> '' AND uuid IS NOT NULL ORDER BY game_key`, groupID)
	if err != nil {
		return nil, fmt.Errorf("store: bgstats game uuids: %w", err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var g, u string
		if err := rows.Scan(&g, &u); err != nil {
			return nil, fmt.Errorf("store: bgstats game uuids: %w", err)
		}
		if _, ok := out[g]; !ok {
			out[g] = u
		}
	}
	return out, rows.Err()
}

func startSeat(p *int) sql.NullInt64 {
	if p == nil {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: int64(*p), Valid: true}
}

// validLocal reports whether s is a local date as BG Stats writes one.
func validLocal(s string) bool {
	_, err := time.Parse("2006-01-02 15:04:05", s)
	return err == nil
}
