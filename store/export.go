package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// The export file says what it is, so that a foreign JSON file is refused
// before anything is read from it.
const (
	ExportFormat  = "tablekeeper.group"
	ExportVersion = 1
)

// Export is a whole group: its roster, seasons, house rules and every match
// with its rules and options snapshots, seats, rounds (undone ones included)
// and their revisions. Times are kept in the store's own text form so an
// import gives back exactly what was exported. Ids are the exporting
// instance's; an import gives new ones and keeps the links between them.
type Export struct {
	Format     string         `json:"format"`
	Version    int            `json:"version"`
	ExportedAt string         `json:"exported_at"`
	Group      ExportGroup    `json:"group"`
	Players    []ExportPlayer `json:"players"`
	Seasons    []ExportSeason `json:"seasons"`
	HouseRules []ExportRule   `json:"house_rules"`
	Matches    []ExportMatch  `json:"matches"`
}

// ExportGroup is the group itself.
type ExportGroup struct {
	Name      string `json:"name"`
	CreatedAt string `json:"created_at"`
}

// ExportPlayer is one player of the roster.
type ExportPlayer struct {
	ID         int64   `json:"id"`
	Name       string  `json:"name"`
	ArchivedAt *string `json:"archived_at"`
	CreatedAt  string  `json:"created_at"`
}

// ExportSeason is one season, dates as YYYY-MM-DD, both included.
type ExportSeason struct {
	Name string `json:"name"`
	From string `json:"from"`
	To   string `json:"to"`
}

// ExportRule is one house-rule value a group set.
type ExportRule struct {
	Game  string `json:"game"`
	Key   string `json:"key"`
	Value string `json:"value"`
}

// ExportMatch is one match, deleted ones included (DeletedAt set).
type ExportMatch struct {
	ID         int64             `json:"id"`
	Game       string            `json:"game"`
	Rules      map[string]string `json:"rules"`
	Options    map[string]string `json:"options"`
	CreatedAt  string            `json:"created_at"`
	FinishedAt *string           `json:"finished_at"`
	DeletedAt  *string           `json:"deleted_at"`
	Seats      []ExportSeat      `json:"seats"`
	Rounds     []ExportRound     `json:"rounds"`
}

// ExportSeat is a seated player (by export id) and their total.
type ExportSeat struct {
	Player int64 `json:"player"`
	Total  int   `json:"total"`
}

// ExportRound is one round with its whole revision history.
type ExportRound struct {
	Number    int              `json:"number"`
	Entry     json.RawMessage  `json:"entry"`
	Points    []int            `json:"points"`
	Version   int              `json:"version"`
	UndoneAt  *string          `json:"undone_at"`
	CreatedAt string           `json:"created_at"`
	Revisions []ExportRevision `json:"revisions"`
}

// ExportRevision is one recorded state of a round.
type ExportRevision struct {
	Version int             `json:"version"`
	Kind    string          `json:"kind"`
	Entry   json.RawMessage `json:"entry"`
	Points  []int           `json:"points"`
	Author  string          `json:"author"`
	At      string          `json:"at"`
}

// ImportError says why an export file was refused. Part is one of
// "format" (not a tablekeeper export, or not JSON), "version" (written by a
// newer version), "group", "players", "seasons", "rules" or "matches" (the
// file is damaged there; Match is then the match's position, 1-based, when
// one is to blame).
//
// Beyond the limits below, Part is "deep" (the file nests too deeply, holds
// too many values or too long a text: no tablekeeper writes such a file),
// "toomany" (more players, matches, seasons or house rules than accepted),
// "toomany.match" (a match with too many seats, rounds, corrections or
// options: Match says which), "entry" (a round's entry nested too deeply
// or too long: Match and Round say which) or "points" (points out of
// bounds: Match and Round say which).
type ImportError struct {
	Part   string
	Match  int
	Round  int    // the round's number, when one is to blame
	Detail string // for the log, in English
}

func (e *ImportError) Error() string {
	if e.Match > 0 && e.Round != 0 {
		return fmt.Sprintf("store: import: %s, match %d, round %d: %s", e.Part, e.Match, e.Round, e.Detail)
	}
	if e.Match > 0 {
		return fmt.Sprintf("store: import: %s, match %d: %s", e.Part, e.Match, e.Detail)
	}
	return fmt.Sprintf("store: import: %s: %s", e.Part, e.Detail)
}

// Unwrap makes an ImportError an ErrInvalid.
func (e *ImportError) Unwrap() error { return ErrInvalid }

// ExportGroup reads the whole group in one read-only transaction, so the
// file is a consistent picture even while others keep playing; it takes no
// write lock (a large export does not hold up anyone's save).
func (s *Store) ExportGroup(ctx context.Context, groupID int64) (Export, error) {
	e := Export{Format: ExportFormat, Version: ExportVersion, ExportedAt: s.now(),
		Players: []ExportPlayer{}, Seasons: []ExportSeason{}, HouseRules: []ExportRule{}, Matches: []ExportMatch{}}
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT name, created_at FROM groups WHERE id = ?`, groupID).
			Scan(&e.Group.Name, &e.Group.CreatedAt); err != nil {
			return notFound(err, "export group")
		}
		if err := each(ctx, tx, `SELECT id, name, archived_at, created_at FROM players WHERE group_id = ? ORDER BY id`, []any{groupID}, func(sc scanner) error {
			var p ExportPlayer
			var archived sql.NullString
			if err := sc.Scan(&p.ID, &p.Name, &archived, &p.CreatedAt); err != nil {
				return err
			}
			p.ArchivedAt = nullString(archived)
			e.Players = append(e.Players, p)
			return nil
		}); err != nil {
			return err
		}
		if err := each(ctx, tx, `SELECT name, starts_on, ends_on FROM seasons WHERE group_id = ? ORDER BY starts_on, id`, []any{groupID}, func(sc scanner) error {
			var se ExportSeason
			if err := sc.Scan(&se.Name, &se.From, &se.To); err != nil {
				return err
			}
			e.Seasons = append(e.Seasons, se)
			return nil
		}); err != nil {
			return err
		}
		if err := each(ctx, tx, `SELECT game, key, value FROM house_rules WHERE group_id = ? ORDER BY game, key`, []any{groupID}, func(sc scanner) error {
			var r ExportRule
			if err := sc.Scan(&r.Game, &r.Key, &r.Value); err != nil {
				return err
			}
			e.HouseRules = append(e.HouseRules, r)
			return nil
		}); err != nil {
			return err
		}
		matchAt := map[int64]int{}
		if err := each(ctx, tx, `SELECT id, game, rules, options, created_at, finished_at, deleted_at FROM matches WHERE group_id = ? ORDER BY id`, []any{groupID}, func(sc scanner) error {
			var m ExportMatch
			var rules, opts string
			var finished, deleted sql.NullString
			if err := sc.Scan(&m.ID, &m.Game, &rules, &opts, &m.CreatedAt, &finished, &deleted); err != nil {
				return err
			}
			if err := json.Unmarshal([]byte(rules), &m.Rules); err != nil {
				return err
			}
			if err := json.Unmarshal([]byte(opts), &m.Options); err != nil {
				return err
			}
			m.FinishedAt, m.DeletedAt = nullString(finished), nullString(deleted)
			m.Seats, m.Rounds = []ExportSeat{}, []ExportRound{}
			matchAt[m.ID] = len(e.Matches)
			e.Matches = append(e.Matches, m)
			return nil
		}); err != nil {
			return err
		}
		if err := each(ctx, tx, `SELECT mp.match_id, mp.player_id, mp.total FROM match_players mp JOIN matches m ON m.id = mp.match_id
			WHERE m.group_id = ? ORDER BY mp.match_id, mp.seat`, []any{groupID}, func(sc scanner) error {
			var mid int64
			var st ExportSeat
			if err := sc.Scan(&mid, &st.Player, &st.Total); err != nil {
				return err
			}
			m := &e.Matches[matchAt[mid]]
			m.Seats = append(m.Seats, st)
			return nil
		}); err != nil {
			return err
		}
		type at struct{ match, round int }
		roundAt := map[int64]at{}
		if err := each(ctx, tx, `SELECT r.id, r.match_id, r.number, r.entry, r.points, r.version, r.undone_at, r.created_at
			FROM rounds r JOIN matches m ON m.id = r.match_id WHERE m.group_id = ? ORDER BY r.match_id, r.number, r.id`, []any{groupID}, func(sc scanner) error {
			var id, mid int64
			var r ExportRound
			var entry, points string
			var undone sql.NullString
			if err := sc.Scan(&id, &mid, &r.Number, &entry, &points, &r.Version, &undone, &r.CreatedAt); err != nil {
				return err
			}
			r.Entry = json.RawMessage(entry)
			if err := json.Unmarshal([]byte(points), &r.Points); err != nil {
				return err
			}
			r.UndoneAt, r.Revisions = nullString(undone), []ExportRevision{}
			m := &e.Matches[matchAt[mid]]
			roundAt[id] = at{matchAt[mid], len(m.Rounds)}
			m.Rounds = append(m.Rounds, r)
			return nil
		}); err != nil {
			return err
		}
		return each(ctx, tx, `SELECT v.round_id, v.version, v.kind, v.entry, v.points, v.author, v.at FROM round_revisions v
			JOIN rounds r ON r.id = v.round_id JOIN matches m ON m.id = r.match_id WHERE m.group_id = ? ORDER BY v.round_id, v.id`, []any{groupID}, func(sc scanner) error {
			var rid int64
			var v ExportRevision
			var entry, points string
			if err := sc.Scan(&rid, &v.Version, &v.Kind, &entry, &points, &v.Author, &v.At); err != nil {
				return err
			}
			v.Entry = json.RawMessage(entry)
			if err := json.Unmarshal([]byte(points), &v.Points); err != nil {
				return err
			}
			a := roundAt[rid]
			r := &e.Matches[a.match].Rounds[a.round]
			r.Revisions = append(r.Revisions, v)
			return nil
		})
	})
	if err != nil {
		return Export{}, fmt.Errorf("store: export: %w", err)
	}
	return e, nil
}

type scanner interface{ Scan(...any) error }

// readTx runs fn in a read-only transaction on the reading connections
// (a deferred BEGIN: a snapshot, no write lock).
func (s *Store) readTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return fn(tx)
}

// each runs query and calls fn for every row.
func each(ctx context.Context, tx interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, query string, args []any, fn func(scanner) error) error {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

func nullString(v sql.NullString) *string {
	if !v.Valid {
		return nil
	}
	return &v.String
}

// ReadExport decodes an export file. Returns an *ImportError when b is not
// JSON or not a tablekeeper group export (Part "format"), is of a newer
// version, or is damaged (see Export.Check; a file that names the format but
// does not decode is damaged too). Unknown fields are refused: a file that
// says more than this version understands would be imported incompletely.
//
// Before anything is decoded, the file is scanned (see scanExport): its
// nesting, texts and number of values are bounded, so that decoding it
// costs memory in proportion to its size (see MaxImportCost).
func ReadExport(b []byte) (Export, error) {
	if err := scanExport(b); err != nil {
		return Export{}, err
	}
	var e Export
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	err := dec.Decode(&e)
	if err == nil && dec.More() {
		err = errors.New("data after the export")
	}
	if err != nil {
		var head struct {
			Format  string `json:"format"`
			Version int    `json:"version"`
		}
		json.Unmarshal(b, &head)
		switch {
		case head.Format != ExportFormat && !bytes.Contains(b, []byte(`"`+ExportFormat+`"`)):
			return Export{}, &ImportError{Part: "format", Detail: err.Error()}
		case head.Version > ExportVersion:
			return Export{}, &ImportError{Part: "version", Detail: err.Error()}
		}
		return Export{}, &ImportError{Part: "matches", Detail: err.Error()}
	}
	return e, e.Check()
}

// The limits of an import. A real group stays far inside them: a round's
// entry is a few hundred bytes nested four or five deep, a match has at
// most ten seats and a few dozen rounds, and ten years of weekly game
// nights are a couple of thousand matches.
const (
	MaxImportDepth     = 32        // nesting of the whole file, entries included
	MaxEntryDepth      = 16        // nesting of a round's entry
	MaxEntryBytes      = 16 << 10  // a round's entry, as stored
	MaxImportText      = 16 << 10  // bytes of any one string of the file
	MaxImportPlayers   = 1000      // players of the roster
	MaxImportMatches   = 50000     // matches, deleted ones included
	MaxImportSeasons   = 1000      // seasons
	MaxImportRules     = 1000      // house-rule values
	MaxImportSeats     = 20        // seats of a match
	MaxImportRounds    = 2000      // rounds of a match, undone ones included
	MaxImportRevisions = 200       // recorded states of a round
	MaxImportOptions   = 100       // rules and options of a match, each
	MaxImportPoints    = 1_000_000 // points of a seat in a round, either way
)

// MaxImportCost bounds the memory an import's decoded form may take, from
// a file of n bytes: the scan refuses a file whose decoding could take
// more. Decoding copies every string and entry (at most n bytes), and each
// JSON object outside the entries becomes a struct or a map entry of at
// most costPerObject bytes, each other value at most costPerValue bytes
// (slices grown by doubling included), each rule or option of a match
// costPerMapEntry bytes. A real export makes one object of
// every 100 bytes or more and comes to under 6 × its size; a file of many
// tiny objects ("{},{},…") would decode to up to ~100 × its size, and is
// refused. So an import holds at most its file (≤ 32 MiB) plus 8 × its
// size plus 1 MiB: at most 289 MiB for a 32 MiB file, ~10 MiB for a
// 1 MiB one.
func MaxImportCost(n int) int64 { return 8*int64(n) + 1<<20 }

const (
	costPerObject   = 224 // the largest struct, 112 bytes, in a slice grown by doubling
	costPerValue    = 16  // a number in a slice grown by doubling, a string's header
	costPerMapEntry = 96  // a key and a value in a map: headers and the map's own
)

// scanExport checks, in one pass and without allocating, what decoding b
// would cost: nesting (MaxImportDepth), the length of every string
// (MaxImportText), and the memory the decoded form would take (see
// MaxImportCost). A round's entry is kept as its bytes: Check bounds its
// length and nesting, naming the round. It does not otherwise check that b is JSON: the decoder
// does that afterwards.
func scanExport(b []byte) error {
	_, err := scanCost(b, MaxImportCost(len(b)))
	return err
}

// scanCost is scanExport's pass: the memory b's decoded form could take,
// or an error past limit or past the other bounds.
func scanCost(b []byte, limit int64) (int64, error) {
	deep := func(detail string, args ...any) error {
		return &ImportError{Part: "deep", Detail: fmt.Sprintf(detail, args...)}
	}
	type level struct {
		obj, isMap bool // an object; a match's rules or options
	}
	var stack []level
	var cost int64 = int64(len(b))
	inEntry := -1     // the stack depth at which the entry being read began, or -1
	keyNext := false  // the next string is an object's key
	entryKey := false // the last key was "entry" (as the decoder matches keys: case folded)
	mapKey := false   // the last key was "rules" or "options"
	value := func(i int, object bool) {
		if inEntry >= 0 {
			return
		}
		if entryKey && len(stack) > 0 && stack[len(stack)-1].obj {
			inEntry = len(stack)
			return
		}
		cost += costPerValue
		if object {
			cost += costPerObject
		}
	}
	endValue := func(i int) error {
		if inEntry == len(stack) {
			inEntry = -1 // its length and nesting are Check's (it names the round)
		}
		return nil
	}
	for i := 0; i < len(b); i++ {
		switch c := b[i]; c {
		case ' ', '\t', '\n', '\r', ':':
		case ',':
			keyNext = len(stack) > 0 && stack[len(stack)-1].obj
		case '"':
			j := i + 1
			for j < len(b) && b[j] != '"' {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			if j-i-1 > MaxImportText {
				return 0, deep("a string of %d bytes", j-i-1)
			}
			if keyNext {
				key := b[i+1 : min(j, len(b))]
				keyNext, entryKey = false, bytes.EqualFold(key, []byte("entry"))
				mapKey = bytes.EqualFold(key, []byte("rules")) || bytes.EqualFold(key, []byte("options"))
				if inEntry < 0 && stack[len(stack)-1].isMap {
					cost += costPerMapEntry
				}
				i = j
				continue
			}
			value(i, false)
			entryKey = false
			i = j
			if err := endValue(i + 1); err != nil {
				return 0, err
			}
		case '{', '[':
			value(i, c == '{')
			entryKey = false
			stack = append(stack, level{obj: c == '{', isMap: c == '{' && mapKey})
			mapKey = false
			keyNext = c == '{'
			if len(stack) > MaxImportDepth {
				return 0, deep("nested %d deep", len(stack))
			}
		case '}', ']':
			if len(stack) == 0 {
				return 0, deep("a closing %q without an opening", c)
			}
			stack = stack[:len(stack)-1]
			keyNext = false
			if err := endValue(i + 1); err != nil {
				return 0, err
			}
		default: // a number, true, false or null
			j := i
			for j < len(b) && !strings.ContainsRune(" \t\n\r,:]}\"{[", rune(b[j])) {
				j++
			}
			value(i, false)
			entryKey = false
			i = j - 1
			if err := endValue(j); err != nil {
				return 0, err
			}
		}
		if cost > limit {
			return cost, deep("decoding would take over %d bytes", limit)
		}
	}
	return cost, nil
}

// jsonDepth is how deeply the JSON value b nests (0 for a scalar).
func jsonDepth(b []byte) int {
	depth, most, str := 0, 0, false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case str && c == '\\':
			i++
		case c == '"':
			str = !str
		case str:
		case c == '{' || c == '[':
			depth++
			most = max(most, depth)
		case c == '}' || c == ']':
			depth--
		}
	}
	return most
}

// pointsInBounds: every seat's points within ±MaxImportPoints, so that no
// sum of a match's rounds comes near the integer limit (MaxImportRounds ×
// MaxImportPoints is 2 × 10⁹, and every later round adds an engine's
// few hundred points at most): saves after an import cannot overflow.
func pointsInBounds(points []int) bool {
	for _, p := range points {
		if p > MaxImportPoints || p < -MaxImportPoints {
			return false
		}
	}
	return true
}

func validTime(v string) bool {
	_, err := time.Parse(timeFormat, v)
	return err == nil
}

func validNullTime(v *string) bool { return v == nil || validTime(*v) }

// Check verifies that the export describes a group that could have been
// recorded: known format and version, players and matches that refer to
// each other, seats each held once, one live round per position from 1
// up, as many points as seats, totals equal to the live rounds' sum,
// revisions of a known kind. Returns an *ImportError naming the part at fault.
func (e Export) Check() error {
	if e.Format != ExportFormat {
		return &ImportError{Part: "format", Detail: fmt.Sprintf("format %q", e.Format)}
	}
	if e.Version < 1 || e.Version > ExportVersion {
		return &ImportError{Part: "version", Detail: fmt.Sprintf("version %d", e.Version)}
	}
	switch {
	case len(e.Players) > MaxImportPlayers, len(e.Matches) > MaxImportMatches, len(e.Seasons) > MaxImportSeasons, len(e.HouseRules) > MaxImportRules:
		return &ImportError{Part: "toomany", Detail: fmt.Sprintf("%d players, %d matches, %d seasons, %d house rules",
			len(e.Players), len(e.Matches), len(e.Seasons), len(e.HouseRules))}
	}
	if _, why := CheckName(e.Group.Name); why != "" {
		return &ImportError{Part: "name", Detail: "group name: " + why}
	}
	if !validTime(e.Group.CreatedAt) {
		return &ImportError{Part: "group", Detail: "name or creation time"}
	}
	players := map[int64]bool{}
	for _, p := range e.Players {
		if _, why := CheckName(p.Name); why != "" {
			return &ImportError{Part: "name", Detail: fmt.Sprintf("player %d name: %s", p.ID, why)}
		}
		if players[p.ID] || !validTime(p.CreatedAt) || !validNullTime(p.ArchivedAt) {
			return &ImportError{Part: "players", Detail: fmt.Sprintf("player %d", p.ID)}
		}
		players[p.ID] = true
	}
	for _, se := range e.Seasons {
		from, err1 := time.Parse(dateFormat, se.From)
		to, err2 := time.Parse(dateFormat, se.To)
		if _, why := CheckName(se.Name); why != "" {
			return &ImportError{Part: "name", Detail: "season name: " + why}
		}
		if err1 != nil || err2 != nil || to.Before(from) {
			return &ImportError{Part: "seasons", Detail: se.Name}
		}
	}
	for _, r := range e.HouseRules {
		if r.Game == "" || r.Key == "" || len(r.Game)+len(r.Key)+len(r.Value) > MaxImportText {
			return &ImportError{Part: "rules", Detail: r.Game + "." + r.Key}
		}
	}
	matches := map[int64]bool{}
	for i, m := range e.Matches {
		bad := func(format string, args ...any) error {
			return &ImportError{Part: "matches", Match: i + 1, Detail: fmt.Sprintf(format, args...)}
		}
		if matches[m.ID] || m.Game == "" {
			return bad("id %d or game %q", m.ID, m.Game)
		}
		matches[m.ID] = true
		if len(m.Seats) > MaxImportSeats || len(m.Rounds) > MaxImportRounds || len(m.Rules) > MaxImportOptions || len(m.Options) > MaxImportOptions {
			return &ImportError{Part: "toomany.match", Match: i + 1, Detail: fmt.Sprintf("%d seats, %d rounds, %d rules, %d options",
				len(m.Seats), len(m.Rounds), len(m.Rules), len(m.Options))}
		}
		if len(m.Game) > 64 {
			return bad("game of %d bytes", len(m.Game))
		}
		if !validTime(m.CreatedAt) || !validNullTime(m.FinishedAt) || !validNullTime(m.DeletedAt) {
			return bad("a time is not in the export's form")
		}
		if len(m.Seats) == 0 {
			return bad("no seats")
		}
		seated := map[int64]bool{}
		for _, st := range m.Seats {
			if !players[st.Player] || seated[st.Player] {
				return bad("seat of player %d", st.Player)
			}
			seated[st.Player] = true
		}
		sums := make([]int, len(m.Seats))
		live := 0
		for _, r := range m.Rounds {
			limit := func(part, format string, args ...any) error {
				return &ImportError{Part: part, Match: i + 1, Round: r.Number, Detail: fmt.Sprintf(format, args...)}
			}
			if len(r.Revisions) > MaxImportRevisions {
				return &ImportError{Part: "toomany.match", Match: i + 1, Detail: fmt.Sprintf("round %d: %d revisions", r.Number, len(r.Revisions))}
			}
			if r.Number > MaxImportRounds || r.Number < -MaxImportRounds || r.Version > MaxImportRevisions+1 {
				return bad("round %d, version %d", r.Number, r.Version)
			}
			if len(r.Entry) > MaxEntryBytes || jsonDepth(r.Entry) > MaxEntryDepth {
				return limit("entry", "entry of %d bytes nested %d deep", len(r.Entry), jsonDepth(r.Entry))
			}
			if !pointsInBounds(r.Points) {
				return limit("points", "points %v", r.Points)
			}
			if len(r.Points) != len(m.Seats) || r.Version < 1 || !validTime(r.CreatedAt) || !validNullTime(r.UndoneAt) ||
				len(r.Entry) == 0 || !json.Valid(r.Entry) {
				return bad("round %d", r.Number)
			}
			if r.UndoneAt == nil {
				live++
				if r.Number != live {
					return bad("live round %d at position %d", r.Number, live)
				}
				for k, p := range r.Points {
					sums[k] += p
				}
			} else if r.Number < 1 {
				return bad("undone round %d", r.Number)
			}
			for _, v := range r.Revisions {
				switch v.Kind {
				case "created", "edited", "undone":
				default:
					return bad("round %d: revision kind %q", r.Number, v.Kind)
				}
				if len(v.Entry) > MaxEntryBytes || jsonDepth(v.Entry) > MaxEntryDepth {
					return limit("entry", "revision %d: entry of %d bytes nested %d deep", v.Version, len(v.Entry), jsonDepth(v.Entry))
				}
				if !pointsInBounds(v.Points) {
					return limit("points", "revision %d: points %v", v.Version, v.Points)
				}
				if len(v.Author) > MaxImportText/16 {
					return bad("round %d: revision %d: author of %d bytes", r.Number, v.Version, len(v.Author))
				}
				if v.Version < 1 || v.Version > MaxImportRevisions+1 || !validTime(v.At) || len(v.Points) != len(m.Seats) || len(v.Entry) == 0 || !json.Valid(v.Entry) {
					return bad("round %d: revision %d", r.Number, v.Version)
				}
			}
		}
		for k, st := range m.Seats {
			if st.Total != sums[k] {
				return bad("total of seat %d is %d, the rounds add up to %d", k+1, st.Total, sums[k])
			}
		}
	}
	return nil
}

// ImportGroup creates a new group from an export, in one transaction: the
// browser holding sessionToken (a new browser when empty or unknown)
// becomes its admin, signing as display. Either everything is imported or
// nothing is. Returns an *ImportError (an ErrInvalid) when the export does
// not pass Check.
func (s *Store) ImportGroup(ctx context.Context, e Export, display, sessionToken string) (CreatedGroup, error) {
	display, err := validName("import", display)
	if err != nil {
		return CreatedGroup{}, err
	}
	if err := e.Check(); err != nil {
		return CreatedGroup{}, err
	}
	out := CreatedGroup{AdminToken: NewToken()}
	err = s.tx(ctx, func(tx *txn) error {
		sid, tok, err := s.ensureSession(ctx, tx, sessionToken)
		if err != nil {
			return err
		}
		out.SessionToken = tok
		g := Group{Slug: newSlug(), Name: strings.TrimSpace(e.Group.Name), InviteToken: NewToken(), CreatedAt: parseTime(s.now())}
		res, err := tx.ExecContext(ctx, `INSERT INTO groups (slug, name, admin_token, invite_token, created_at) VALUES (?, ?, ?, ?, ?)`,
			g.Slug, g.Name, hashToken(out.AdminToken), g.InviteToken, s.now())
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
		for _, p := range e.Players {
			res, err := tx.ExecContext(ctx, `INSERT INTO players (group_id, name, archived_at, created_at) VALUES (?, ?, ?, ?)`,
				g.ID, strings.TrimSpace(p.Name), p.ArchivedAt, p.CreatedAt)
			if err != nil {
				return err
			}
			playerID[p.ID], _ = res.LastInsertId()
		}
		for _, se := range e.Seasons {
			if _, err := tx.ExecContext(ctx, `INSERT INTO seasons (group_id, name, starts_on, ends_on, created_at) VALUES (?, ?, ?, ?, ?)`,
				g.ID, strings.TrimSpace(se.Name), se.From, se.To, s.now()); err != nil {
				return err
			}
		}
		for _, r := range e.HouseRules {
			if _, err := tx.ExecContext(ctx, `INSERT INTO house_rules (group_id, game, key, value) VALUES (?, ?, ?, ?)`, g.ID, r.Game, r.Key, r.Value); err != nil {
				return err
			}
		}
		for _, m := range e.Matches {
			rules, opts := mustJSON(m.Rules), mustJSON(m.Options) // nil stays null, as CreateMatch stores it
			res, err := tx.ExecContext(ctx, `INSERT INTO matches (group_id, game, rules, options, finished_at, deleted_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
				g.ID, m.Game, rules, opts, m.FinishedAt, m.DeletedAt, m.CreatedAt)
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
		}
		return nil
	})
	if err != nil {
		return CreatedGroup{}, fmt.Errorf("store: import: %w", err)
	}
	return out, nil
}
