// Package seed fills a store with a realistic history for load tests and
// benchmarks: groups of players with years of finished matches of the four
// games (each round's entry in the game's own stored form, points that add
// up, a few corrected, undone and deleted), matches in progress, and fresh
// Five Crowns matches for a load test to save rounds into.
//
// It writes through store.ImportGroup (one transaction per group), which is
// what makes 5,000 matches take seconds rather than minutes.
package seed

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"

	all "github.com/tablekeeper/tablekeeper/games"
	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store"
)

// Config says how much to seed.
type Config struct {
	Groups          int // 50
	PlayersPerGroup int // 20
	Matches         int // finished history, all groups together: 5,000
	InProgress      int // per group: matches half played (one per game in turn)
	OpenFiveCrowns  int // per group: Five Crowns matches with no round yet, for saves
	// BigGroup, when above 0, seeds one more group of PlayersPerGroup
	// players with this many finished matches over the same two years (and
	// nothing in progress): the years of history of issue 19. It is
	// Result.Big, not one of Result.Groups.
	BigGroup int
	Seed     uint64 // the random source, so a run can be repeated
}

// Default is the database: 50 groups of 20 players, 5,000 matches.
var Default = Config{Groups: 50, PlayersPerGroup: 20, Matches: 5000, InProgress: 4, OpenFiveCrowns: 40, Seed: 9}

// Match is a seeded match, as a load test addresses it.
type Match struct {
	ID    int64
	Game  string
	Seats int
	Done  bool
}

// Group is a seeded group: its slug, the admin browser's session token
// (a member, so it may read and save), and its matches.
type Group struct {
	ID         int64
	Slug       string
	Session    string
	Finished   []Match
	InProgress []Match
	Open       []Match // Five Crowns, no round yet
	Players    []int64 // the roster's ids
}

// Result is what was seeded.
type Result struct {
	Groups  []Group
	Big     *Group // Config.BigGroup's group, nil without one
	Matches int    // every match written
	Rounds  int    // every round written (undone ones included)
}

const timeFormat = "2006-01-02T15:04:05.000Z"

// OpenGame is the game of the matches seeded with no round yet (Config.
// OpenFiveCrowns): the load's saves start there, on the heaviest form, the
// one with the card picker.
const OpenGame = "fivecrowns"

// Seed writes cfg's history into st.
func Seed(ctx context.Context, st *store.Store, cfg Config) (Result, error) {
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x7ab1e))
	var res Result
	perGroup := cfg.Matches / max(cfg.Groups, 1)
	for g := 0; g < cfg.Groups; g++ {
		n := perGroup
		if g < cfg.Matches%max(cfg.Groups, 1) {
			n++
		}
		sg, err := seedGroup(ctx, st, groupExport(rng, g, cfg, n), &res)
		if err != nil {
			return res, fmt.Errorf("seed group %d: %w", g, err)
		}
		res.Groups = append(res.Groups, sg)
	}
	if cfg.BigGroup > 0 {
		big := cfg
		big.InProgress, big.OpenFiveCrowns = 0, 0
		sg, err := seedGroup(ctx, st, groupExport(rng, cfg.Groups, big, cfg.BigGroup), &res)
		if err != nil {
			return res, fmt.Errorf("seed the big group: %w", err)
		}
		res.Big = &sg
	}
	return res, nil
}

// seedGroup imports e and reads back its matches and players.
func seedGroup(ctx context.Context, st *store.Store, e store.Export, res *Result) (Group, error) {
	for _, m := range e.Matches {
		res.Rounds += len(m.Rounds)
	}
	res.Matches += len(e.Matches)
	cg, err := st.ImportGroup(ctx, e, "Admin", "")
	if err != nil {
		return Group{}, err
	}
	sg := Group{ID: cg.Group.ID, Slug: cg.Group.Slug, Session: cg.SessionToken}
	ms, err := st.Matches(ctx, cg.Group.ID, len(e.Matches)+1)
	if err != nil {
		return sg, err
	}
	for _, m := range ms {
		sm := Match{ID: m.ID, Game: m.Game, Seats: len(m.Seats), Done: m.Finished()}
		switch {
		case m.Finished():
			sg.Finished = append(sg.Finished, sm)
		case m.Seats[0].Total == 0 && m.Game == OpenGame && m.Options["seed"] == "open":
			sg.Open = append(sg.Open, sm)
		default:
			sg.InProgress = append(sg.InProgress, sm)
		}
	}
	ps, err := st.Players(ctx, cg.Group.ID)
	for _, p := range ps {
		sg.Players = append(sg.Players, p.ID)
	}
	return sg, err
}

func groupExport(rng *rand.Rand, g int, cfg Config, matches int) store.Export {
	now := time.Date(2026, 11, 1, 20, 0, 0, 0, time.UTC)
	start := now.AddDate(-2, 0, 0)
	e := store.Export{Format: store.ExportFormat, Version: store.ExportVersion, ExportedAt: now.Format(timeFormat),
		Group:   store.ExportGroup{Name: fmt.Sprintf("Group %d", g+1), CreatedAt: start.Format(timeFormat)},
		Seasons: []store.ExportSeason{{Name: "2025", From: "2025-01-01", To: "2025-12-31"}, {Name: "2026", From: "2026-01-01", To: "2026-12-31"}}}
	for p := 0; p < cfg.PlayersPerGroup; p++ {
		ep := store.ExportPlayer{ID: int64(p + 1), Name: names[(g*7+p)%len(names)] + fmt.Sprintf(" %c.", 'A'+rune(p%26)), CreatedAt: start.Format(timeFormat)}
		if p == cfg.PlayersPerGroup-1 && p > 4 {
			at := now.AddDate(0, -3, 0).Format(timeFormat)
			ep.ArchivedAt = &at
		}
		e.Players = append(e.Players, ep)
	}
	active := max(cfg.PlayersPerGroup-1, 2)
	id := int64(0)
	add := func(game string, at time.Time, rounds int, finish bool) {
		id++
		m := match(rng, game, active, at, rounds, finish)
		m.ID = id
		e.Matches = append(e.Matches, m)
	}
	span := now.Sub(start)
	for i := 0; i < matches; i++ {
		at := start.Add(time.Duration(float64(span) * float64(i) / float64(max(matches, 1))))
		m := match(rng, games[rng.IntN(len(games))], active, at, -1, true)
		id++
		m.ID = id
		if rng.IntN(100) == 0 {
			d := at.Add(time.Hour).Format(timeFormat)
			m.DeletedAt = &d
		}
		e.Matches = append(e.Matches, m)
	}
	for i := 0; i < cfg.InProgress; i++ {
		add(games[i%len(games)], now.Add(-time.Duration(i+1)*time.Minute), 0, false)
	}
	for i := 0; i < cfg.OpenFiveCrowns; i++ {
		add("open", now, 0, false)
	}
	return e
}

// match builds one match: rounds < 0 plays it to its end, rounds == 0 half way.
func match(rng *rand.Rand, game string, players int, at time.Time, rounds int, finish bool) store.ExportMatch {
	open := game == "open"
	if open {
		game = OpenGame
	}
	g := samplers[game]
	seats := min(g.SampleSeats(rng), players)
	m := store.ExportMatch{Game: game, CreatedAt: at.Format(timeFormat), Rules: map[string]string{}}
	for _, p := range rng.Perm(players)[:seats] {
		m.Seats = append(m.Seats, store.ExportSeat{Player: int64(p + 1)})
	}
	var entries []json.RawMessage
	m.Options, entries = g.Sample(rng, seats)
	if open {
		m.Options["seed"] = "open"
		entries = nil
	} else if rounds == 0 {
		entries = g.Unfinished(entries, max(len(entries)/2, 1))
	}
	engine := engines[game]
	points := score(engine, scoring.Match{Seats: seats, Options: m.Options, Rules: rulebook.Defaults(engine.HouseRules())}, entries)
	t := at
	live := 0
	for i, raw := range entries {
		t = t.Add(time.Duration(3+rng.IntN(5)) * time.Minute)
		live++
		r := store.ExportRound{Number: live, Entry: raw, Points: points[i], Version: 1, CreatedAt: t.Format(timeFormat),
			Revisions: []store.ExportRevision{{Version: 1, Kind: "created", Entry: raw, Points: points[i], Author: "Admin", At: t.Format(timeFormat)}}}
		if rng.IntN(40) == 0 { // a round saved wrong and undone, then entered again
			undone := r
			ut := t.Add(30 * time.Second).Format(timeFormat)
			undone.UndoneAt, undone.Version = &ut, 2
			undone.Revisions = append(undone.Revisions, store.ExportRevision{Version: 2, Kind: "undone", Entry: raw, Points: points[i], Author: "Admin", At: ut})
			m.Rounds = append(m.Rounds, undone)
		} else if rng.IntN(30) == 0 { // a round corrected later
			r.Version = 2
			r.Revisions = append(r.Revisions, store.ExportRevision{Version: 2, Kind: "edited", Entry: raw, Points: points[i], Author: "Admin", At: t.Add(time.Minute).Format(timeFormat)})
		}
		m.Rounds = append(m.Rounds, r)
		for s := range m.Seats {
			m.Seats[s].Total += points[i][s]
		}
	}
	if finish && len(entries) > 0 && !open && rounds < 0 {
		f := t.Add(time.Minute).Format(timeFormat)
		m.FinishedAt = &f
	}
	return m
}

// The games the seed draws from, in the list's order (the order the
// random source was drawn in): each game's sampler and its scoresheet
// engine, which scores every entry seeded, so the history is one the app
// could have recorded.
var games, samplers, engines = sampled()

func sampled() ([]string, map[string]kit.Sampler, map[string]scoring.Game) {
	var ids []string
	samplers, engines := map[string]kit.Sampler{}, map[string]scoring.Game{}
	for _, g := range all.All() {
		if s, ok := g.(kit.Sampler); ok {
			ids = append(ids, g.ID())
			samplers[g.ID()], engines[g.ID()] = s, g
		}
	}
	return ids, samplers, engines
}

// score is each entry's points, as the engine scores it after the ones
// before; an entry it refuses is a bug of this package.
func score(g scoring.Game, m scoring.Match, entries []json.RawMessage) [][]int {
	var before []scoring.Round
	for _, e := range entries {
		pts, err := g.Score(m, before, e)
		if err != nil {
			panic(fmt.Sprintf("seed: %s refuses its own entry %s: %v", g.ID(), e, err))
		}
		before = append(before, scoring.Round{Entry: e, Points: pts})
	}
	return scoring.Points(before)
}

var names = []string{"Ana", "Ben", "Chloé", "David", "Élise", "Farid", "Gaëlle", "Hugo", "Inès", "Jules", "Karim",
	"Léa", "Marc", "Nadia", "Omar", "Paul", "Quentin", "Rose", "Sami", "Théo", "Ursule", "Victor", "Wendy", "Yann", "Zoé"}
