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

	"github.com/tablekeeper/tablekeeper/referee"
	tf "github.com/tablekeeper/tablekeeper/referee/takefive"
	"github.com/tablekeeper/tablekeeper/scoring"
	fcscore "github.com/tablekeeper/tablekeeper/scoring/fivecrowns"
	t5score "github.com/tablekeeper/tablekeeper/scoring/take5"
	tfscore "github.com/tablekeeper/tablekeeper/scoring/takefive"
	tkscore "github.com/tablekeeper/tablekeeper/scoring/taki"
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

var games = []string{"fivecrowns", "take5", "taki", "takefive"}

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
		case m.Seats[0].Total == 0 && m.Game == "fivecrowns" && m.Options["seed"] == "open":
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
		game = "fivecrowns"
	}
	var seats int
	switch game {
	case "takefive":
		seats = 2 + rng.IntN(3)
	case "take5":
		seats = 3 + rng.IntN(4)
	default:
		seats = 3 + rng.IntN(4)
	}
	seats = min(seats, players)
	m := store.ExportMatch{Game: game, CreatedAt: at.Format(timeFormat), Rules: map[string]string{}}
	for _, p := range rng.Perm(players)[:seats] {
		m.Seats = append(m.Seats, store.ExportSeat{Player: int64(p + 1)})
	}
	var entries []json.RawMessage
	switch game {
	case "fivecrowns":
		m.Options = map[string]string{"firstDealer": "0", "startRound": "1"}
		entries = fiveCrowns(rng, seats)
	case "take5":
		m.Options = map[string]string{"end": "declared"}
		entries = take5(rng, seats)
	case "taki":
		m.Options = map[string]string{"end": "rounds", "rounds": "5"}
		entries = taki(rng, seats, 5)
	case "takefive":
		m.Options = map[string]string{"firstStarter": "0"}
		entries = takeFive(rng, seats)
	}
	if open {
		m.Options["seed"] = "open"
		entries = nil
	} else if rounds == 0 {
		keep := max(len(entries)/2, 1)
		if game == "take5" { // its last deal says it is the last: keep one that does not
			e, _ := t5score.DecodeEntry(entries[keep-1])
			entries[keep-1] = t5score.NewEntry(false, e.Seats...).Marshal()
		}
		entries = entries[:keep]
	}
	points := score(engines[game], scoring.Match{Seats: seats, Options: m.Options, Rules: referee.Defaults(engines[game].HouseRules())}, entries)
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

// engines are the games' scoresheet engines: every entry seeded is built
// with the engine's own Entry type and scored by the engine's Score, the
// one validator of a round, so the history is one the app could have
// recorded.
var engines = map[string]scoring.Game{
	"fivecrowns": fcscore.Sheet{},
	"take5":      t5score.Sheet{},
	"taki":       tkscore.Sheet{},
	"takefive":   tfscore.Game{},
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

func fiveCrowns(rng *rand.Rand, seats int) []json.RawMessage {
	var es []json.RawMessage
	for r := 1; r <= 11; r++ {
		out := rng.IntN(seats)
		e := fcscore.Entry{Round: r}
		for s := 0; s < seats; s++ {
			if s == out {
				e.Seats = append(e.Seats, fcscore.WentOut())
				continue
			}
			p := rng.IntN(5 * (r + 2)) // 0, or 3 and more: no hand leaves 1 or 2 points
			if p > 0 && p < 3 {
				p = 3
			}
			e.Seats = append(e.Seats, fcscore.Typed(p))
		}
		es = append(es, e.Encode())
	}
	return es
}

// take5 deals: each player picks up at most one row of five cows' cards,
// and may keep a special in hand; a deal the engine would refuse (more
// rows than the table lays) is drawn again.
func take5(rng *rand.Rand, seats int) []json.RawMessage {
	var es []json.RawMessage
	m := scoring.Match{Seats: seats, Options: map[string]string{"end": "declared"}, Rules: referee.Defaults(t5score.Sheet{}.HouseRules())}
	deals := 3 + rng.IntN(4)
	for d := 0; d < deals; d++ {
		for try := 0; ; try++ {
			var ts []t5score.Tally
			for s := 0; s < seats; s++ {
				t := t5score.Tally{SpecialsInHand: rng.IntN(2)}
				if try < 20 && rng.IntN(2) == 0 { // a row of 5: g green cards (1–2 cows), 5−g red (2–7)
					g := rng.IntN(6)
					t.Green = g + rng.IntN(g+1)
					t.Red = 2*(5-g) + rng.IntN(5*(5-g)+1)
					t.X2, t.Plus5 = rng.IntN(2), rng.IntN(2)
					if t.X2+t.Plus5+t.SpecialsInHand > 2 {
						t.SpecialsInHand = 0
					}
				}
				ts = append(ts, t)
			}
			e := t5score.NewEntry(d == deals-1, ts...).Marshal()
			if _, err := (t5score.Sheet{}).Score(m, nil, e); err == nil || try > 40 {
				es = append(es, e)
				break
			}
		}
	}
	return es
}

func taki(rng *rand.Rand, seats, rounds int) []json.RawMessage {
	var es []json.RawMessage
	for r := 0; r < rounds; r++ {
		w := rng.IntN(seats)
		e := tkscore.Entry{Winner: w}
		for s := 0; s < seats; s++ {
			if s == w {
				e.Seats = append(e.Seats, tkscore.WentOut())
				continue
			}
			e.Seats = append(e.Seats, tkscore.Lost(-(5 + rng.IntN(60))))
		}
		es = append(es, e.Encode())
	}
	return es
}

func takeFive(rng *rand.Rand, seats int) []json.RawMessage {
	set := referee.Defaults(tf.HouseRules)
	var winners []int
	for {
		winners = append(winners, rng.IntN(seats))
		sh, err := tfscore.Play(seats, 0, winners, set)
		if err != nil {
			winners = winners[:len(winners)-1]
			continue
		}
		if sh.Finished || len(winners) > 40 {
			var es []json.RawMessage
			for _, r := range sh.Rounds {
				es = append(es, tfscore.EntryOf(r).Encode())
			}
			return es
		}
	}
}

var names = []string{"Ana", "Ben", "Chloé", "David", "Élise", "Farid", "Gaëlle", "Hugo", "Inès", "Jules", "Karim",
	"Léa", "Marc", "Nadia", "Omar", "Paul", "Quentin", "Rose", "Sami", "Théo", "Ursule", "Victor", "Wendy", "Yann", "Zoé"}
