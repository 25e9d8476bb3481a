package bgstats

import (
	"cmp"
	"crypto/sha1"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tablekeeper/tablekeeper/store"
)

// dateFormat is how BG Stats writes a play's date, in the phone's time.
const dateFormat = "2006-01-02 15:04:05"

// storeTime is how the store writes a time (see store.Export).
const storeTime = "2006-01-02T15:04:05.000Z"

// Report is what an import made of a file's plays.
type Report struct {
	Imported int            // plays that became matches
	Skipped  map[string]int // plays of other games, by the game's name
	Ignored  int            // plays marked ignored in BG Stats
	Refused  []Refusal      // plays of our games that could not be read
	PlayOf   []int          // each match's play: its place in the file, 1-based
}

// Refusal is a play of our games that could not be read, and why.
type Refusal struct {
	Play       int // its place in the file, 1-based
	Game, Date string
	Why        error
}

func (r Refusal) String() string {
	return fmt.Sprintf("play %d (%s, %s): %v", r.Play, r.Game, r.Date, r.Why)
}

// Import makes the matches of f's plays of our games, with final scores
// only. who maps a BG Stats player id to the name of the group's player
// (an existing one or a new one: the confirmation step's choice); a player
// missing from who keeps the name BG Stats gives. Dates are read in loc.
// The returned roster holds every name the matches use, once.
func (n Names) Import(f File, who map[int64]string, loc *time.Location) ([]store.ExportPlayer, []store.ExportMatch, Report) {
	rep := Report{Skipped: map[string]int{}}
	games := map[int64]Game{}
	for _, g := range f.Games {
		games[g.ID] = g
	}
	bgName := map[int64]string{}
	for _, p := range f.Players {
		bgName[p.ID] = p.Name
	}
	var roster []store.ExportPlayer
	ids := map[string]int64{}
	playerID := func(name string) int64 {
		key := norm(name)
		if id, ok := ids[key]; ok {
			return id
		}
		id := int64(len(roster) + 1)
		ids[key] = id
		roster = append(roster, store.ExportPlayer{ID: id, Name: strings.TrimSpace(name), CreatedAt: time.Now().UTC().Format(storeTime)})
		return id
	}
	var matches []store.ExportMatch
	for i, p := range f.Plays {
		g := games[p.GameRefID]
		game := n.GameID(g)
		switch {
		case game == "":
			rep.Skipped[cmp.Or(g.Name, "?")]++
			continue
		case p.Ignored:
			rep.Ignored++
			continue
		}
		m, err := match(p, game, loc, func(ref int64) (int64, error) {
			name := cmp.Or(who[ref], bgName[ref])
			if strings.TrimSpace(name) == "" {
				return 0, fmt.Errorf("player %d has no name", ref)
			}
			return playerID(name), nil
		})
		if err != nil {
			rep.Refused = append(rep.Refused, Refusal{Play: i + 1, Game: g.Name, Date: p.PlayDate, Why: err})
			continue
		}
		m.ID = int64(len(matches) + 1)
		m.BGStatsPlay = playKey(p, g)
		rep.PlayOf = append(rep.PlayOf, i+1)
		matches = append(matches, m)
		rep.Imported++
	}
	return roster, matches, rep
}

// match is one play as a finished match of one round of final scores.
func match(p Play, game string, loc *time.Location, player func(int64) (int64, error)) (store.ExportMatch, error) {
	at, err := time.ParseInLocation(dateFormat, p.PlayDate, loc)
	if err != nil {
		return store.ExportMatch{}, fmt.Errorf("date %q", p.PlayDate)
	}
	if len(p.PlayerScores) < 2 {
		return store.ExportMatch{}, fmt.Errorf("%d players", len(p.PlayerScores))
	}
	scores := slices.Clone(p.PlayerScores)
	if !slices.ContainsFunc(scores, func(s Score) bool { return s.SeatOrder == 0 }) {
		slices.SortStableFunc(scores, func(a, b Score) int { return cmp.Compare(a.SeatOrder, b.SeatOrder) })
	}
	when := at.UTC().Format(storeTime)
	m := store.ExportMatch{Game: game, CreatedAt: when, FinishedAt: &when}
	var points []int
	seen := map[int64]bool{}
	for _, s := range scores {
		n, err := Points(s.Score)
		if err != nil {
			return store.ExportMatch{}, err
		}
		id, err := player(s.PlayerRefID)
		if err != nil {
			return store.ExportMatch{}, err
		}
		if seen[id] {
			return store.ExportMatch{}, fmt.Errorf("a player seated twice")
		}
		seen[id] = true
		m.Seats = append(m.Seats, store.ExportSeat{Player: id, Total: n})
		points = append(points, n)
	}
	m.Rounds = []store.ExportRound{{Number: 1, Entry: FinalEntry, Points: points, Version: 1, CreatedAt: when,
		Revisions: []store.ExportRevision{{Version: 1, Kind: "created", Entry: FinalEntry, Points: points, Author: "BG Stats", At: when}}}}
	return m, nil
}

// Points reads a BG Stats score: a whole number, or a sum of them as typed
// ("3+20+5"), within the store's bounds.
func Points(s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, fmt.Errorf("no score")
	}
	total := 0
	for _, part := range strings.Split(s, "+") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || n < -store.MaxImportPoints || n > store.MaxImportPoints {
			return 0, fmt.Errorf("score %q", s)
		}
		total += n
	}
	if total < -store.MaxImportPoints || total > store.MaxImportPoints {
		return 0, fmt.Errorf("score %q", s)
	}
	return total, nil
}

// Export writes a group's finished matches (deleted ones left out) as a BG
// Stats file: each match a play dated when it finished (in loc), each seat
// its total, the winners the best totals (lowWins says which way a game
// counts) and the ranks the places.
func (n Names) Export(e store.Export, loc *time.Location, lowWins func(game string) bool) File {
	f := File{Games: []Game{}, Players: []Player{}, Plays: []Play{}}
	for _, p := range e.Players {
		f.Players = append(f.Players, Player{ID: p.ID, Name: p.Name})
	}
	gameRef := map[string]int64{}
	for _, m := range e.Matches {
		if m.FinishedAt == nil || m.DeletedAt != nil || len(m.Seats) == 0 {
			continue
		}
		ref, ok := gameRef[m.Game]
		if !ok {
			ref = int64(len(f.Games) + 1)
			gameRef[m.Game] = ref
			f.Games = append(f.Games, Game{ID: ref, Name: n.GameName(m.Game)})
		}
		at, _ := time.Parse(storeTime, *m.FinishedAt)
		better := func(a, b int) bool { return a > b }
		if lowWins(m.Game) {
			better = func(a, b int) bool { return a < b }
		}
		p := Play{PlayDate: at.In(loc).Format(dateFormat), GameRefID: ref, UUID: uuidOf(e.Group.CreatedAt, m.ID, m.BGStatsPlay)}
		for i, s := range m.Seats {
			rank := 1
			for _, o := range m.Seats {
				if better(o.Total, s.Total) {
					rank++
				}
			}
			p.PlayerScores = append(p.PlayerScores, Score{PlayerRefID: s.Player, Score: strconv.Itoa(s.Total),
				Winner: rank == 1, StartPlayer: i == 0, Rank: rank, SeatOrder: i + 1})
		}
		f.Plays = append(f.Plays, p)
	}
	return f
}

// uuidOf is the uuid the export gives a match: the BG Stats play's it was
// imported from, so that BG Stats knows its own plays again, or one made
// from the match's id, the same at every export.
func uuidOf(group string, match int64, play string) string {
	if play != "" {
		return play
	}
	return playUUID(group, match)
}

// Known is the uuids of the plays a group holds (plays, by match id, as
// store.BGStatsPlays gives them; group its creation time): those of the
// matches imported from BG Stats and those its own BG Stats export gives
// the others, so that a file holding either adds them to it only once.
func Known(group string, plays map[int64]string) map[string]bool {
	out := make(map[string]bool, len(plays))
	for id, play := range plays {
		out[uuidOf(group, id, play)] = true
	}
	return out
}

// playKey is what tells a play from every other: its uuid, or for a play
// without one (a hand-made file), a uuid made from its game, date and scores.
func playKey(p Play, g Game) string {
	if p.UUID != "" {
		return p.UUID
	}
	return nameUUID(fmt.Sprintf("bgstats %s %s %v", norm(g.Name), p.PlayDate, p.PlayerScores))
}

// playUUID is a play's uuid, the same at every export of the match.
func playUUID(group string, match int64) string {
	return nameUUID(fmt.Sprintf("tablekeeper %s %d", group, match))
}

// nameUUID is a version-5-shaped uuid made from name.
func nameUUID(name string) string {
	h := sha1.Sum([]byte(name))
	h[6], h[8] = h[6]&0x0f|0x50, h[8]&0x3f|0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", h[0:4], h[4:6], h[6:8], h[8:10], h[10:16])
}
