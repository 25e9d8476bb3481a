package store

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Check verifies that the export describes a group that could have been
// recorded: known format and version, players and matches that refer to
// each other, seats each held once, one live round per position from 1
// up, as many points as seats, totals equal to the live rounds' sum,
// revisions of a known kind. Returns an *ImportError naming the part at fault.
func (e Export) Check() error {
	if err := e.checkHead(); err != nil {
		return err
	}
	if len(e.Matches) > MaxImportMatches {
		return &ImportError{Part: "toomany", Detail: fmt.Sprintf("%d matches", len(e.Matches))}
	}
	c := newMatchChecker(e.Players)
	for _, m := range e.Matches {
		if err := c.check(m); err != nil {
			return err
		}
	}
	return nil
}

// checkHead checks what comes before the matches.
func (e Export) checkHead() error {
	if e.Format != ExportFormat {
		return &ImportError{Part: "format", Detail: fmt.Sprintf("format %q", e.Format)}
	}
	if e.Version < 1 || e.Version > ExportVersion {
		return &ImportError{Part: "version", Detail: fmt.Sprintf("version %d", e.Version)}
	}
	switch {
	case len(e.Players) > MaxImportPlayers, len(e.Seasons) > MaxImportSeasons, len(e.HouseRules) > MaxImportRules:
		return &ImportError{Part: "toomany", Detail: fmt.Sprintf("%d players, %d seasons, %d house rules",
			len(e.Players), len(e.Seasons), len(e.HouseRules))}
	}
	if _, why := CheckName(e.Group.Name); why != "" {
		return &ImportError{Part: "name", Detail: "group name: " + why}
	}
	if !validTime(e.Group.CreatedAt) || len(e.Group.BGStatsMe) > MaxUUIDLen {
		return &ImportError{Part: "group", Detail: "name or creation time"}
	}
	players := map[int64]bool{}
	for _, p := range e.Players {
		if _, why := CheckName(p.Name); why != "" {
			return &ImportError{Part: "name", Detail: fmt.Sprintf("player %d name: %s", p.ID, why)}
		}
		if players[p.ID] || !validTime(p.CreatedAt) || !validNullTime(p.ArchivedAt) || len(p.BGStatsUUID) > MaxUUIDLen {
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
	if len(e.Games) > MaxImportGames {
		return &ImportError{Part: "toomany", Detail: fmt.Sprintf("%d games", len(e.Games))}
	}
	nums, names := map[int]bool{}, map[string]bool{}
	for _, g := range e.Games {
		key := strings.ToLower(strings.TrimSpace(g.Name))
		if !g.GroupGame(0).Valid() || g.Num <= 0 || nums[g.Num] || names[key] {
			return &ImportError{Part: "games", Detail: g.Name}
		}
		nums[g.Num], names[key] = true, true
	}
	if len(e.BGStatsGames) > maxBGStatsGames {
		return &ImportError{Part: "toomany", Detail: fmt.Sprintf("%d BG Stats games", len(e.BGStatsGames))}
	}
	keys := map[string]bool{}
	for _, g := range e.BGStatsGames {
		if g.Key == "" || len(g.Key) > 300 || len(g.Game) > 64 || len(g.UUID) > MaxUUIDLen || keys[g.Key] {
			return &ImportError{Part: "games", Detail: "BG Stats game " + g.Key}
		}
		keys[g.Key] = true
	}
	for _, r := range e.HouseRules {
		if r.Game == "" || r.Key == "" || len(r.Game)+len(r.Key)+len(r.Value) > MaxImportText {
			return &ImportError{Part: "rules", Detail: r.Game + "." + r.Key}
		}
	}
	return nil
}

// matchChecker checks the matches of a file one at a time, remembering
// what a match must not repeat (its id).
type matchChecker struct {
	players map[int64]bool
	ids     map[int64]bool
	n       int // matches checked
}

// maxPlayUUID bounds a match's BG Stats play uuid (36 characters).
const maxPlayUUID = 100

func newMatchChecker(players []ExportPlayer) *matchChecker {
	c := &matchChecker{players: map[int64]bool{}, ids: map[int64]bool{}}
	for _, p := range players {
		c.players[p.ID] = true
	}
	return c
}

// check checks the next match of the file.
func (c *matchChecker) check(m ExportMatch) error {
	c.n++
	i := c.n
	if i > MaxImportMatches {
		return &ImportError{Part: "toomany", Detail: fmt.Sprintf("over %d matches", MaxImportMatches)}
	}
	fault := func(field string, round, item int, format string, args ...any) error {
		return &ImportError{Part: "matches", Match: i, At: m.CreatedAt, Field: field, Round: round, Item: item, Detail: fmt.Sprintf(format, args...)}
	}
	if c.ids[m.ID] || m.Game == "" || len(m.Game) > 64 || len(m.BGStatsPlay) > maxPlayUUID {
		return fault("id", 0, 0, "id %d or game %q", m.ID, m.Game)
	}
	c.ids[m.ID] = true
	if len(m.Seats) > MaxImportSeats || len(m.Rounds) > MaxImportRounds || len(m.Rules) > MaxImportOptions || len(m.Options) > MaxImportOptions || len(m.Rulings) > MaxImportRulings {
		return &ImportError{Part: "toomany.match", Match: i, At: m.CreatedAt, Detail: fmt.Sprintf("%d seats, %d rounds, %d rules, %d options, %d rulings",
			len(m.Seats), len(m.Rounds), len(m.Rules), len(m.Options), len(m.Rulings))}
	}
	if !validTime(m.CreatedAt) || !validNullTime(m.FinishedAt) || !validNullTime(m.DeletedAt) || !validNullTime(m.EndedEarlyAt) ||
		(m.EndedEarlyAt != nil && m.FinishedAt == nil) {
		return fault("time", 0, 0, "a time is not in the export's form")
	}
	if len(m.Seats) == 0 {
		return fault("seats", 0, 0, "no seats")
	}
	if (m.Places != nil || m.NoScores && m.Result == "") && !validPlaces(m.Places, len(m.Seats)) {
		return fault("places", 0, 0, "places %v of %d seats", m.Places, len(m.Seats))
	}
	if !ValidResult(m.Result) {
		return fault("result", 0, 0, "result %q", m.Result)
	}
	if !validScores(m.Scores, len(m.Seats)) {
		return fault("scores", 0, 0, "scores %q of %d seats", m.Scores, len(m.Seats))
	}
	if len(m.Location) > MaxPlayLocation || len(m.Comments) > MaxPlayComments || m.DurationMin < 0 || m.DurationMin > 100000 ||
		(m.StartSeat != nil && (*m.StartSeat < 0 || *m.StartSeat >= len(m.Seats))) || (m.PlayedLocal != "" && !validLocal(m.PlayedLocal)) {
		return fault("play", 0, 0, "location, comments, duration, start seat or local date out of bounds")
	}
	if !validDetails(m.PlayMeta) {
		return fault("play", 0, 0, "location uuid, board or expansions out of bounds")
	}
	seated := map[int64]bool{}
	for k, st := range m.Seats {
		if len(st.Role) > MaxSeatText || len(st.Team) > MaxSeatText {
			return fault("seat", 0, k+1, "role or team of %d bytes", len(st.Role)+len(st.Team))
		}
		if !c.players[st.Player] || seated[st.Player] {
			return fault("seat", 0, k+1, "seat of player %d", st.Player)
		}
		seated[st.Player] = true
	}
	sums := make([]int, len(m.Seats))
	live := 0
	for _, r := range m.Rounds {
		limit := func(part, format string, args ...any) error {
			return &ImportError{Part: part, Match: i, At: m.CreatedAt, Round: r.Number, Detail: fmt.Sprintf(format, args...)}
		}
		if len(r.Revisions) > MaxImportRevisions {
			return &ImportError{Part: "toomany.match", Match: i, At: m.CreatedAt, Detail: fmt.Sprintf("round %d: %d revisions", r.Number, len(r.Revisions))}
		}
		if r.Number > MaxImportRounds || r.Number < -MaxImportRounds || r.Version > MaxImportRevisions+1 {
			return fault("round", r.Number, 0, "round %d, version %d", r.Number, r.Version)
		}
		if len(r.Entry) > MaxEntryBytes || jsonDepth(r.Entry) > MaxEntryDepth {
			return limit("entry", "entry of %d bytes nested %d deep", len(r.Entry), jsonDepth(r.Entry))
		}
		if !pointsInBounds(r.Points) {
			return limit("points", "points %v", r.Points)
		}
		if len(r.Points) != len(m.Seats) || r.Version < 1 || !validTime(r.CreatedAt) || !validNullTime(r.UndoneAt) ||
			len(r.Entry) == 0 || !json.Valid(r.Entry) {
			return fault("round", r.Number, 0, "round %d", r.Number)
		}
		if r.UndoneAt == nil {
			live++
			if r.Number != live {
				return fault("live", r.Number, 0, "live round %d at position %d", r.Number, live)
			}
			for k, p := range r.Points {
				sums[k] += p
			}
		} else if r.Number < 1 {
			return fault("round", r.Number, 0, "undone round %d", r.Number)
		}
		if len(r.Lines) > len(m.Seats) {
			return fault("round", r.Number, 0, "%d lines", len(r.Lines))
		}
		seen := map[int]bool{}
		for _, l := range r.Lines {
			if seen[l.Seat] || l.Seat < 0 || l.Seat >= len(m.Seats) || len(l.Fields) > MaxEntryBytes || len(l.Author) > MaxImportText/16 || !validTime(l.At) {
				return fault("round", r.Number, 0, "line of seat %d", l.Seat)
			}
			seen[l.Seat] = true
		}
		for _, v := range r.Revisions {
			switch v.Kind {
			case "created", "edited", "undone":
			default:
				return fault("revision", r.Number, 0, "revision kind %q", v.Kind)
			}
			if len(v.Entry) > MaxEntryBytes || jsonDepth(v.Entry) > MaxEntryDepth {
				return limit("entry", "revision %d: entry of %d bytes nested %d deep", v.Version, len(v.Entry), jsonDepth(v.Entry))
			}
			if !pointsInBounds(v.Points) {
				return limit("points", "revision %d: points %v", v.Version, v.Points)
			}
			if len(v.Author) > MaxImportText/16 {
				return fault("revision", r.Number, 0, "revision %d: author of %d bytes", v.Version, len(v.Author))
			}
			if v.Version < 1 || v.Version > MaxImportRevisions+1 || !validTime(v.At) || len(v.Points) != len(m.Seats) || len(v.Entry) == 0 || !json.Valid(v.Entry) {
				return fault("revision", r.Number, 0, "revision %d", v.Version)
			}
		}
	}
	for k, st := range m.Seats {
		if st.Total != sums[k] {
			return fault("total", 0, k+1, "total of seat %d is %d, the rounds add up to %d", k+1, st.Total, sums[k])
		}
	}
	if len(m.Departures) > MaxImportSeats*4 {
		return fault("departure", 0, 0, "%d departures", len(m.Departures))
	}
	gone := map[int]bool{}
	for k, d := range m.Departures {
		if d.Seat < 0 || d.Seat >= len(m.Seats) || d.AfterRound < 0 || d.AfterRound > len(m.Rounds) || !validTime(d.At) ||
			!validNullTime(d.UndoneAt) || len(d.Author) > MaxImportText/16 || (d.UndoneAt == nil && gone[d.Seat]) {
			return fault("departure", 0, k+1, "departure %d", k+1)
		}
		gone[d.Seat] = gone[d.Seat] || d.UndoneAt == nil
	}
	for k, u := range m.Rulings {
		if !validTime(u.At) || len(u.Rules) > MaxImportOptions || len(u.Author) > MaxImportText/16 ||
			len(u.RuleIDs) > MaxImportOptions || len(u.Said) > 8 || len(u.Request) > MaxEntryBytes ||
			(len(u.Request) > 0 && (!json.Valid(u.Request) || jsonDepth(u.Request) > MaxEntryDepth)) {
			return fault("ruling", 0, k+1, "ruling %d", k+1)
		}
	}
	return nil
}
