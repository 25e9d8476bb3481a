package handlers

import (
	"cmp"
	"context"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/store/bgstats"
	"github.com/tablekeeper/tablekeeper/views"
)

// exportBGStats sends the group's finished matches as a BG Stats file
// (see bgstats.Export): players, dates in the server's zone, final scores,
// winners and places. Only what a match's seats say is kept from each
// match (not its rounds), so a large group costs a few hundred bytes a match.
func (s *Server) exportBGStats(c echo.Context) error {
	m := memberOf(c)
	var e store.Export
	err := s.store.ExportTo(c.Request().Context(), m.group.ID, func(head store.Export) error {
		e = head
		return nil
	}, func(mt store.ExportMatch) error {
		if len(mt.Rounds) != 1 || !bgstats.IsFinal(mt.Rounds[0].Entry) {
			mt.Rounds = nil // only a play's final-scores round says something the seats do not
		}
		mt.Rulings, mt.Rules = nil, nil
		e.Matches = append(e.Matches, mt)
		return nil
	})
	if err != nil {
		return err
	}
	gs, err := s.groupGames(c.Request().Context(), m.group.ID)
	if err != nil {
		return err
	}
	uuids, err := s.store.BGStatsGameUUIDs(c.Request().Context(), m.group.ID)
	if err != nil {
		return err
	}
	f := bgstatsNames(gs.all()).Export(e, s.zone, func(game string) bgstats.GameInfo {
		info := s.bgstatsGame(game)
		info.UUID = uuids[game] // as BG Stats knows it, when a file brought it
		if g, ok := gs.get(game); ok {
			info.LowWins = g.LowWins()
			info.NoPoints = g.Profile().Counts == kit.CountsPlaces
			if t, ok := g.(kit.Together); ok {
				info.Cooperative, _ = t.Together(nil)
			}
			info.Result = func(kept string, totals []int) string { return matchResult(g, kept, totals) }
		}
		return info
	})
	for _, p := range f.Players { // the file is the exporting member's: he is its own player
		if p.ID == m.who.PlayerID && m.who.PlayerID != 0 {
			f.UserInfo = &bgstats.UserInfo{MeRefID: p.ID}
		}
	}
	h := c.Response().Header()
	h.Set("Content-Disposition", `attachment; filename="`+exportName(m.group.Slug, "bgstats.json", s.store.Now())+`"`)
	h.Set(echo.HeaderContentType, "application/json; charset=utf-8")
	c.Response().WriteHeader(http.StatusOK)
	return json.NewEncoder(c.Response()).Encode(f)
}

// bgstatsNames are the games' names in BG Stats files, as each declares them.
func bgstatsNames(games []Game) bgstats.Names {
	var names []bgstats.GameNames
	for _, g := range games {
		p := g.Profile().BGStats
		names = append(names, bgstats.GameNames{ID: g.ID(), Export: p.Export, Known: p.Known, BGGID: p.BGGID})
	}
	return bgstats.NewNames(names...)
}

// bgstatsGame is what the BG Stats export says of one of our games: which
// way it counts and who started a match recorded here (the seat after the
// first dealer, or the first starter, as the game's new-match option says).
func (s *Server) bgstatsGame(game string) bgstats.GameInfo {
	g, ok := s.byID[game]
	return bgstats.GameInfo{LowWins: ok && g.LowWins(), StartSeat: func(opts map[string]string, seats int) int {
		if !ok {
			return -1
		}
		p := g.Profile()
		n, err := strconv.Atoi(opts[p.FirstDealer])
		if p.FirstDealer == "" || err != nil || n < 1 || n > seats {
			return -1
		}
		if p.DealerDeals { // the player after the dealer starts
			return n % seats
		}
		return n - 1
	}}
}

// playFacts is what a finished match shows of its play (where, how long,
// the comments) and its one-play link to BG Stats, as BG Stats documents it
// (BGSTATS.md): the game by its name and BoardGameGeek id, which way it is
// won and whether it has points, the sending app and the play's uuid.
func (s *Server) playFacts(vctx context.Context, group store.Group, m store.Match, g Game, prog scoring.Progress, live Played) ([]string, string) {
	var facts []string
	if m.Play.Location != "" {
		facts = append(facts, views.T(vctx, "bgstats.fact.location", "Place", m.Play.Location))
	}
	if m.Play.DurationMin > 0 {
		facts = append(facts, views.T(vctx, "bgstats.fact.duration", "N", m.Play.DurationMin))
	}
	if m.Play.Board != "" {
		facts = append(facts, views.T(vctx, "bgstats.fact.board", "Board", m.Play.Board))
	}
	if m.Play.Comments != "" {
		facts = append(facts, m.Play.Comments)
	}
	if m.FinishedAt == nil {
		return facts, ""
	}
	info := s.bgstatsGame(g.ID())
	start := -1
	if m.Play.StartSeat != nil {
		start = *m.Play.StartSeat
	} else if m.Play.PlayedLocal == "" {
		start = info.StartSeat(m.Options, len(m.Seats))
	}
	noScores := finalOnly(live) && bgstats.IsNoScores(live.Entries[0])
	p := g.Profile()
	lp := bgstats.LinkPlay{SourceName: bgstats.SourceName, SourcePlayID: bgstats.PlayUUID(group.CreatedAt, m.CreatedAt, m.Game, m.BGStatsPlay),
		DurationMin: m.Play.DurationMin, Comments: m.Play.Comments, Location: m.Play.Location, Board: m.Play.Board,
		PlayDate: bgstats.LocalDate(*m.FinishedAt, m.Play.PlayedLocal, s.zone),
		Game: bgstats.LinkGame{BGGID: p.BGStats.BGGID, HighestWins: !g.LowWins(), NoPoints: p.Counts == kit.CountsPlaces,
			Name: cmp.Or(p.BGStats.Export, g.Name("en")), SourceGameID: g.ID()}}
	result := matchResult(g, m.Play.Result, prog.Totals)
	teams := make([]string, len(m.Seats))
	for i, st := range m.Seats {
		teams[i] = st.Team
	}
	ranks := bgstats.Ranks(prog.Places, teams)
	for i, st := range m.Seats {
		p := bgstats.LinkPlayer{StartPlayer: i == start, Name: st.Name, SourcePlayerID: strconv.FormatInt(st.PlayerID, 10), Role: st.Role, Team: st.Team}
		switch {
		case result == store.ResultWon:
			p.Rank, p.Winner = 1, true
		case result != "": // lost together, nobody won, no result: no winner, no ranks
		case i < len(prog.Places):
			p.Rank, p.Winner = ranks[i], prog.Places[i] == 1
		}
		switch {
		case noScores || lp.Game.NoPoints:
		case finalOnly(live) && len(m.Play.Scores) == len(m.Seats): // as the play held it: "4.5", none for a seat without
			p.Score = json.Number(m.Play.Scores[i])
		case i < len(prog.Totals):
			p.Score = json.Number(strconv.Itoa(prog.Totals[i]))
		}
		lp.Players = append(lp.Players, p)
	}
	return facts, bgstats.PlayURL(lp)
}
