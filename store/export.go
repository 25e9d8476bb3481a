package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
)

// The export file says what it is, so that a foreign JSON file is refused
// before anything is read from it.
//
// Version 1 (until issue 18) had no rulings, and an import dated the group
// from the import. Version 2 adds each match's kept rulings and keeps the
// group's creation time. A version 1 file still imports (see
// testdata/export-v1.json): what it lacks is simply absent. Version 4
// (issue 31) adds what a match keeps of a BG Stats play (PlayMeta: places,
// location, duration, comments, start seat, the play's local date); an
// older instance says the file is newer instead of refusing a field.
// Version 5 (issue 38) adds co-operative games (ExportGame.Coop), a
// match's result when its places do not say it (PlayMeta.Result) and a
// play's scores as it held them (PlayMeta.Scores). Version 6 adds what a
// BG Stats Play file carries back: the uuids of the file's players
// (ExportPlayer.BGStatsUUID), of its own player (ExportGroup.BGStatsMe) and
// of a play's location, a play's board and expansions, a seat's first
// play, role and team.
const (
	ExportFormat  = "tablekeeper.group"
	ExportVersion = 6
)

// Export is a whole group: its roster, seasons, house rules and every match
// with its rules and options snapshots, seats, rounds (undone ones included),
// their revisions, and the referee's rulings kept with it. Times are kept in
// the store's own text form so an import gives back exactly what was
// exported. Ids are the exporting instance's; an import gives new ones and
// keeps the links between them.
//
// What is not exported, on purpose: the members (a membership is a
// browser's session in this group: its token is a credential of this
// instance, meaningless elsewhere, and a file that carried it would let
// whoever holds the file sign in as them; the names members signed with
// stay, as the authors of rounds, corrections and rulings), the admin,
// invite and public-link tokens (secrets: the importer becomes the new
// group's admin and makes new links), and what is derived from the rest
// (standings and ratings are computed again from the matches).
type Export struct {
	Format     string         `json:"format"`
	Version    int            `json:"version"`
	ExportedAt string         `json:"exported_at"`
	Group      ExportGroup    `json:"group"`
	Players    []ExportPlayer `json:"players"`
	Seasons    []ExportSeason `json:"seasons"`
	HouseRules []ExportRule   `json:"house_rules"`
	Games      []ExportGame   `json:"games,omitempty"` // the group's other games (a file without them has none)
	// BGStatsGames are what the group's BG Stats imports took each file
	// game as, with its uuid (version 6).
	BGStatsGames []ExportBGStatsGame `json:"bgstats_games,omitempty"`
	Matches      []ExportMatch       `json:"matches"`
}

// ExportBGStatsGame is a BG Stats file game as the group's imports took it
// (see Store.BGStatsGames): its key, our game ("" for not imported) and
// the uuid BG Stats knows it by.
type ExportBGStatsGame struct {
	Key  string `json:"key"`
	Game string `json:"game"`
	UUID string `json:"uuid,omitempty"`
}

// ExportGroup is the group itself.
type ExportGroup struct {
	Name      string `json:"name"`
	CreatedAt string `json:"created_at"`
	// BGStatsMe is the uuid of the BG Stats player whose file the group
	// imported (its userInfo.meRefId; version 6), "" when none.
	BGStatsMe string `json:"bgstats_me,omitempty"`
}

// ExportPlayer is one player of the roster.
type ExportPlayer struct {
	ID         int64   `json:"id"`
	Name       string  `json:"name"`
	ArchivedAt *string `json:"archived_at"`
	CreatedAt  string  `json:"created_at"`
	Guest      bool    `json:"guest,omitempty"` // seated as a guest, not on the roster (migration 00110)
	// BGStatsUUID is the uuid of the BG Stats player he came in as
	// (version 6), "" for one of ours.
	BGStatsUUID string `json:"bgstats_uuid,omitempty"`
}

// ExportDeparture is a player who left a match (migration 00110): his
// seat, the last round he played, when and by whom, and when it was taken back.
type ExportDeparture struct {
	Seat       int     `json:"seat"`
	AfterRound int     `json:"after_round"`
	Author     string  `json:"author"`
	At         string  `json:"at"`
	UndoneAt   *string `json:"undone_at,omitempty"`
}

// ExportSeason is one season, dates as YYYY-MM-DD, both included.
type ExportSeason struct {
	Name string `json:"name"`
	From string `json:"from"`
	To   string `json:"to"`
}

// ExportGame is one of the group's other games (store.GroupGame): its
// matches name it "custom-<num>".
type ExportGame struct {
	Num     int    `json:"num"`
	Name    string `json:"name"`
	BGGID   int    `json:"bgg_id,omitempty"`
	Kind    string `json:"kind"`
	LowWins bool   `json:"low_wins,omitempty"`
	Target  int    `json:"target,omitempty"`
	Rounds  int    `json:"rounds,omitempty"`
	Coop    bool   `json:"coop,omitempty"` // version 5: a co-operative game
}

// GroupGame is the definition the file holds, for group groupID.
func (g ExportGame) GroupGame(groupID int64) GroupGame {
	return GroupGame{GroupID: groupID, Num: g.Num, Name: g.Name, BGGID: g.BGGID, Kind: g.Kind, LowWins: g.LowWins, Target: g.Target, Rounds: g.Rounds, Coop: g.Coop}
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
	Rulings    []ExportRuling    `json:"rulings,omitempty"` // version 2
	// BGStatsPlay is the uuid of the BG Stats play the match was imported
	// from (see bgstats.Import), "" for a match recorded here.
	BGStatsPlay string `json:"bgstats_play,omitempty"`
	// PlayMeta is what the match keeps of the play it was imported from
	// (version 4; absent from older files).
	PlayMeta
	// EndedEarlyAt is when the match was ended before its game's end;
	// Departures, the players who left it (migration 00110).
	EndedEarlyAt *string           `json:"ended_early_at,omitempty"`
	Departures   []ExportDeparture `json:"departures,omitempty"`
}

// AwayFrom is, seat by seat, the first round its player no longer played
// (he left after the round before and did not come back; 0: he stayed), as
// Match.AwayFrom reads it from the departures not taken back; nil when
// nobody left.
func (m ExportMatch) AwayFrom() []int {
	var out []int
	for _, d := range m.Departures {
		if d.UndoneAt != nil || d.Seat < 0 || d.Seat >= len(m.Seats) {
			continue
		}
		if out == nil {
			out = make([]int, len(m.Seats))
		}
		out[d.Seat] = d.AfterRound + 1
	}
	return out
}

// Left is, seat by seat, whether its player left the match (nil when nobody
// did).
func (m ExportMatch) Left() []bool {
	away := m.AwayFrom()
	if away == nil {
		return nil
	}
	out := make([]bool, len(away))
	for i, a := range away {
		out[i] = a > 0
	}
	return out
}

// ExportSeat is a seated player (by export id) and their total.
type ExportSeat struct {
	Player int64 `json:"player"`
	Total  int   `json:"total"`
	// What a BG Stats play said of the seat (version 6): the player's
	// first play of the game, his role, his team.
	NewPlayer bool   `json:"new_player,omitempty"`
	Role      string `json:"role,omitempty"`
	Team      string `json:"team,omitempty"`
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
	Lines     []ExportLine     `json:"lines,omitempty"` // who sent what, when its players entered it a line each
}

// ExportLine is one player's line a round was saved from: the seat, its
// fields as the round form posted them, who sent it and when.
type ExportLine struct {
	Seat   int    `json:"seat"`
	Fields string `json:"fields"`
	Author string `json:"author"`
	At     string `json:"at"`
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

// ExportRuling is a referee's ruling kept with a match: the referee form
// (URL-encoded), the verdict, its summary and the rules it cites (version
// 2), and since version 3 the ruling as data: the engine request, the ids
// of the rules cited and the verdict's sentence by language. A version 2
// file has none of these and imports as rulings kept before them.
type ExportRuling struct {
	Form    string            `json:"form"`
	Legal   bool              `json:"legal"`
	Summary string            `json:"summary"`
	Rules   []string          `json:"rules"`
	Author  string            `json:"author"`
	At      string            `json:"at"`
	Request json.RawMessage   `json:"request,omitempty"` // version 3
	RuleIDs []string          `json:"ruleIds,omitempty"` // version 3
	Said    map[string]string `json:"said,omitempty"`    // version 3
}

// ExportGroup reads the whole group into memory (see ExportTo).
func (s *Store) ExportGroup(ctx context.Context, groupID int64) (Export, error) {
	var e Export
	err := s.ExportTo(ctx, groupID, func(head Export) error {
		e = head
		return nil
	}, func(m ExportMatch) error {
		e.Matches = append(e.Matches, m)
		return nil
	})
	return e, err
}

// exportChunk is how many matches ExportTo reads at a time.
const exportChunk = 256

// ExportTo reads the whole group in one read-only transaction, so the file
// is a consistent picture even while others keep playing; it takes no
// write lock (a large export does not hold up anyone's save). It gives the
// group without its matches to head, then each match in order to match,
// reading exportChunk matches at a time: a group of any size is exported
// in the memory of a few hundred matches.
func (s *Store) ExportTo(ctx context.Context, groupID int64, head func(Export) error, match func(ExportMatch) error) error {
	e := Export{Format: ExportFormat, Version: ExportVersion, ExportedAt: s.now(),
		Players: []ExportPlayer{}, Seasons: []ExportSeason{}, HouseRules: []ExportRule{}, Matches: []ExportMatch{}}
	err := s.readTx(ctx, func(tx *rtx) error {
		if err := exportHead(ctx, tx, groupID, &e); err != nil {
			return err
		}
		if err := head(e); err != nil {
			return err
		}
		for last := int64(0); ; {
			ms, err := exportMatches(ctx, tx, groupID, last)
			if err != nil {
				return err
			}
			for _, m := range ms {
				if err := match(m); err != nil {
					return err
				}
			}
			if len(ms) < exportChunk {
				return nil
			}
			last = ms[len(ms)-1].ID
		}
	})
	if err != nil {
		return fmt.Errorf("store: export: %w", err)
	}
	return nil
}

func exportHead(ctx context.Context, tx *rtx, groupID int64, e *Export) error {
	if err := tx.QueryRowContext(ctx, `SELECT name, created_at, COALESCE(bgstats_me, '') FROM groups WHERE id = $1`, groupID).
		Scan(&e.Group.Name, &e.Group.CreatedAt, &e.Group.BGStatsMe); err != nil {
		return notFound(err, "export group")
	}
	if err := each(ctx, tx, `SELECT id, name, archived_at, created_at, guest, COALESCE(bgstats_uuid, '') FROM players WHERE group_id = $1 ORDER BY id`, []any{groupID}, func(sc scanner) error {
		var p ExportPlayer
		var archived sql.NullString
		var guest int
		if err := sc.Scan(&p.ID, &p.Name, &archived, &p.CreatedAt, &guest, &p.BGStatsUUID); err != nil {
			return err
		}
		p.Guest = guest != 0
		p.ArchivedAt = nullString(archived)
		e.Players = append(e.Players, p)
		return nil
	}); err != nil {
		return err
	}
	if err := each(ctx, tx, `SELECT num, name, bgg_id, kind, low_wins, target, rounds, coop FROM group_games WHERE group_id = $1 ORDER BY num`, []any{groupID}, func(sc scanner) error {
		var g ExportGame
		var low, coop int
		if err := sc.Scan(&g.Num, &g.Name, &g.BGGID, &g.Kind, &low, &g.Target, &g.Rounds, &coop); err != nil {
			return err
		}
		g.LowWins, g.Coop = low == 1, coop == 1
		e.Games = append(e.Games, g)
		return nil
	}); err != nil {
		return err
	}
	if err := each(ctx, tx, `SELECT game_key, game, COALESCE(uuid, '') FROM bgstats_games WHERE group_id = $1 ORDER BY game_key`, []any{groupID}, func(sc scanner) error {
		var g ExportBGStatsGame
		if err := sc.Scan(&g.Key, &g.Game, &g.UUID); err != nil {
			return err
		}
		e.BGStatsGames = append(e.BGStatsGames, g)
		return nil
	}); err != nil {
		return err
	}
	if err := each(ctx, tx, `SELECT name, starts_on, ends_on FROM seasons WHERE group_id = $1 ORDER BY starts_on, id`, []any{groupID}, func(sc scanner) error {
		var se ExportSeason
		if err := sc.Scan(&se.Name, &se.From, &se.To); err != nil {
			return err
		}
		e.Seasons = append(e.Seasons, se)
		return nil
	}); err != nil {
		return err
	}
	return each(ctx, tx, `SELECT game, key, value FROM house_rules WHERE group_id = $1 ORDER BY game, key`, []any{groupID}, func(sc scanner) error {
		var r ExportRule
		if err := sc.Scan(&r.Game, &r.Key, &r.Value); err != nil {
			return err
		}
		e.HouseRules = append(e.HouseRules, r)
		return nil
	})
}

// exportMatches reads up to exportChunk matches of the group with an id
// above after, whole.
func exportMatches(ctx context.Context, tx *rtx, groupID, after int64) ([]ExportMatch, error) {
	var ms []ExportMatch
	matchAt := map[int64]int{}
	if err := each(ctx, tx, `SELECT id, game, rules, options, created_at, finished_at, deleted_at, COALESCE(bgstats_play, ''), ended_early_at, `+metaColumns+` FROM matches m
		WHERE group_id = $1 AND id > $2 ORDER BY id LIMIT $3`, []any{groupID, after, exportChunk}, func(sc scanner) error {
		var m ExportMatch
		var rules, opts string
		var finished, deleted, early sql.NullString
		var meta metaScan
		if err := sc.Scan(append([]any{&m.ID, &m.Game, &rules, &opts, &m.CreatedAt, &finished, &deleted, &m.BGStatsPlay, &early}, meta.dest()...)...); err != nil {
			return err
		}
		m.PlayMeta = meta.done()
		if err := json.Unmarshal([]byte(rules), &m.Rules); err != nil {
			return err
		}
		if err := json.Unmarshal([]byte(opts), &m.Options); err != nil {
			return err
		}
		m.FinishedAt, m.DeletedAt, m.EndedEarlyAt = nullString(finished), nullString(deleted), nullString(early)
		m.Seats, m.Rounds = []ExportSeat{}, []ExportRound{}
		matchAt[m.ID] = len(ms)
		ms = append(ms, m)
		return nil
	}); err != nil || len(ms) == 0 {
		return nil, err
	}
	span := []any{groupID, ms[0].ID, ms[len(ms)-1].ID}
	if err := each(ctx, tx, `SELECT mp.match_id, mp.player_id, mp.total, COALESCE(mp.new_player, 0), COALESCE(mp.role, ''), COALESCE(mp.team, '') FROM match_players mp JOIN matches m ON m.id = mp.match_id
		WHERE m.group_id = $1 AND m.id BETWEEN $2 AND $3 ORDER BY mp.match_id, mp.seat`, span, func(sc scanner) error {
		var mid int64
		var st ExportSeat
		var first int
		if err := sc.Scan(&mid, &st.Player, &st.Total, &first, &st.Role, &st.Team); err != nil {
			return err
		}
		st.NewPlayer = first == 1
		m := &ms[matchAt[mid]]
		m.Seats = append(m.Seats, st)
		return nil
	}); err != nil {
		return nil, err
	}
	if err := each(ctx, tx, `SELECT d.match_id, d.seat, d.after_round, d.author, d.at, d.undone_at FROM departures d JOIN matches m ON m.id = d.match_id
		WHERE m.group_id = $1 AND m.id BETWEEN $2 AND $3 ORDER BY d.match_id, d.id`, span, func(sc scanner) error {
		var mid int64
		var d ExportDeparture
		var undone sql.NullString
		if err := sc.Scan(&mid, &d.Seat, &d.AfterRound, &d.Author, &d.At, &undone); err != nil {
			return err
		}
		d.UndoneAt = nullString(undone)
		m := &ms[matchAt[mid]]
		m.Departures = append(m.Departures, d)
		return nil
	}); err != nil {
		return nil, err
	}
	type at struct{ match, round int }
	roundAt := map[int64]at{}
	if err := each(ctx, tx, `SELECT r.id, r.match_id, r.number, r.entry, r.points, r.version, r.undone_at, r.created_at
		FROM rounds r JOIN matches m ON m.id = r.match_id WHERE m.group_id = $1 AND m.id BETWEEN $2 AND $3 ORDER BY r.match_id, r.number, r.id`, span, func(sc scanner) error {
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
		m := &ms[matchAt[mid]]
		roundAt[id] = at{matchAt[mid], len(m.Rounds)}
		m.Rounds = append(m.Rounds, r)
		return nil
	}); err != nil {
		return nil, err
	}
	if err := each(ctx, tx, `SELECT v.round_id, v.version, v.kind, v.entry, v.points, v.author, v.at FROM round_revisions v
		JOIN rounds r ON r.id = v.round_id JOIN matches m ON m.id = r.match_id WHERE m.group_id = $1 AND m.id BETWEEN $2 AND $3 ORDER BY v.round_id, v.id`, span, func(sc scanner) error {
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
		r := &ms[a.match].Rounds[a.round]
		r.Revisions = append(r.Revisions, v)
		return nil
	}); err != nil {
		return nil, err
	}
	if err := each(ctx, tx, `SELECT l.round_id, l.seat, l.fields, l.author, l.at FROM round_lines l
		JOIN rounds r ON r.id = l.round_id JOIN matches m ON m.id = r.match_id WHERE m.group_id = $1 AND m.id BETWEEN $2 AND $3 AND l.replaced = 0 ORDER BY l.round_id, l.seat`, span, func(sc scanner) error {
		var rid int64
		var l ExportLine
		if err := sc.Scan(&rid, &l.Seat, &l.Fields, &l.Author, &l.At); err != nil {
			return err
		}
		a := roundAt[rid]
		r := &ms[a.match].Rounds[a.round]
		r.Lines = append(r.Lines, l)
		return nil
	}); err != nil {
		return nil, err
	}
	return ms, each(ctx, tx, `SELECT u.match_id, u.form, u.legal, u.summary, u.rules, u.author, u.at, u.request, u.rule_ids, u.said FROM rulings u
		JOIN matches m ON m.id = u.match_id WHERE m.group_id = $1 AND m.id BETWEEN $2 AND $3 ORDER BY u.match_id, u.id`, span, func(sc scanner) error {
		var mid int64
		var u ExportRuling
		var rules, request, ids, said string
		if err := sc.Scan(&mid, &u.Form, &u.Legal, &u.Summary, &rules, &u.Author, &u.At, &request, &ids, &said); err != nil {
			return err
		}
		r := Ruling{}
		if err := r.decode(rules, request, ids, said); err != nil {
			return err
		}
		u.Rules, u.Request, u.RuleIDs, u.Said = r.Rules, r.Request, r.RuleIDs, r.Said
		m := &ms[matchAt[mid]]
		m.Rulings = append(m.Rulings, u)
		return nil
	})
}

type scanner interface{ Scan(...any) error }

// readTx runs fn in a read-only transaction on the reading connections
// (a deferred BEGIN: a snapshot, no write lock).
func (s *Store) readTx(ctx context.Context, fn func(*rtx) error) error {
	tx, err := s.beginRead(ctx)
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
