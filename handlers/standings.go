package handlers

// The season standings page, for members and through the public link.

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/scoring/standings"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// hasPoints tells whether a game's totals are points worth averaging and
// its rounds worth a record, as the game declares (kit.Profile.Counts).
func (gs gameSet) hasPoints(game string) bool {
	g, ok := gs.get(game)
	return !ok || g.Profile().Counts == kit.CountsPoints
}

// noPoints reports whether a game's matches are written as places only:
// its totals only rank the players, and it holds no records.
func (gs gameSet) noPoints(game string) bool {
	g, ok := gs.get(game)
	return ok && g.Profile().Counts == kit.CountsPlaces
}

// playedMatches is the group's stored history as the standings read it,
// read whole: the reference the kept ledger (ledger.go) is tested against.
//
// withRounds also reads each round's points, which only the records need.
func (s *Server) playedMatches(ctx context.Context, groupID int64, withRounds bool) ([]standings.Match, error) {
	pm, err := s.store.PlayedMatches(ctx, groupID, withRounds)
	if err != nil {
		return nil, err
	}
	gs, err := s.groupGames(ctx, groupID)
	if err != nil {
		return nil, err
	}
	out := make([]standings.Match, 0, len(pm))
	for _, m := range pm {
		out = append(out, gs.standingsMatch(m))
	}
	return out, nil
}

// standingsMatch is a stored finished match as the standings read it:
// places from the totals on the game's side, rounds only for a game whose
// totals are points, partial when it is not the whole game (wholeMatch).
func (gs gameSet) standingsMatch(m store.PlayedMatch) standings.Match {
	lowWins, partial := false, false
	if g, ok := gs.get(m.Game); ok {
		lowWins = g.LowWins()
		partial = !wholeMatch(g, scoring.Match{Seats: len(m.Seats), Options: m.Options})
	}
	// An early-ended match is not the whole game either: it sets no record.
	partial = partial || m.EndedEarly
	totals := make([]int, 0, len(m.Seats))
	var left []bool
	for i, st := range m.Seats {
		totals = append(totals, st.Total)
		if st.AwayFrom > 0 { // who left is ranked after everyone who stayed
			if left == nil {
				left = make([]bool, len(m.Seats))
			}
			left[i] = true
		}
	}
	places := scoring.FinalPlaces(m.Places, totals, lowWins, left) // a BG Stats play's own places, else the totals'
	points := gs.hasPoints(m.Game) && !m.NoScores                  // a play without scores: zeros worth no average
	res := make([]standings.Result, len(m.Seats))
	for i, st := range m.Seats {
		res[i] = standings.Result{Player: st.PlayerID, Total: st.Total, Place: places[i], Left: left != nil && left[i]}
		if points {
			res[i].Rounds = st.Rounds
		}
	}
	return standings.Match{ID: m.ID, Game: m.Game, PlayedAt: m.FinishedAt, LowWins: lowWins, HasPoints: points,
		Partial: partial, Outcome: outcome(gs.resultOf(m.Game, m.Result, totals)), Results: res}
}

// wholeMatch reports whether a match is the whole game, as a game with a
// shorter variant says (Five Crowns' express match); a game without one
// plays whole matches only. Only whole matches set records.
func wholeMatch(g Game, m scoring.Match) bool {
	w, ok := g.(kit.Variants)
	return !ok || w.Whole(m)
}

func (gs gameSet) name(game, lang string) string {
	if g, ok := gs.get(game); ok {
		return g.Name(lang)
	}
	return game
}

func playerNames(players []store.Player) map[int64]string {
	out := make(map[int64]string, len(players))
	for _, p := range players {
		out[p.ID] = p.Name
	}
	return out
}

func (s *Server) standingsPage(c echo.Context) error {
	return s.cachedPage(c, func() ([]byte, error) {
		m := memberOf(c)
		page, err := s.standingsModel(c, m.group, m.nav(c), pathTo(c, routeStandings, m.group.Slug), false)
		if err != nil {
			return nil, err
		}
		return s.renderBytes(c, views.StandingsView(page))
	})
}

// publicStandings is the read-only standings behind the admin's public
// link: the table and the chart, no names linked, nothing to change.
func (s *Server) publicStandings(c echo.Context) error {
	g, err := s.store.GroupByPublicToken(c.Request().Context(), c.Param("group"), c.Param("token"))
	if err != nil {
		return err
	}
	c.Response().Header().Set("Referrer-Policy", "no-referrer") // the token is in the URL
	c.Response().Header().Set("X-Robots-Tag", "noindex")
	page, err := s.standingsModel(c, g, views.GroupNav{Slug: g.Slug, Name: g.Name, Paths: groupPaths(c, g.Slug)}, pathTo(c, routePublicStandings, g.Slug, c.Param("token")), true)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, views.StandingsView(page))
}

// standingsModel builds the standings page of group for ?season= and ?game=.
func (s *Server) standingsModel(c echo.Context, group store.Group, nav views.GroupNav, path string, public bool) (views.StandingsPage, error) {
	ctx, vctx, lg := c.Request().Context(), s.viewCtx(c), lang(c)
	players, err := s.store.Players(ctx, group.ID)
	if err != nil {
		return views.StandingsPage{}, err
	}
	seasons, err := s.store.Seasons(ctx, group.ID)
	if err != nil {
		return views.StandingsPage{}, err
	}
	names := playerNames(players)
	guests := map[int64]bool{} // kept out of the standings until the admin adds them to the group
	for _, p := range players {
		if p.Guest {
			guests[p.ID] = true
		}
	}
	choices, cur := s.seasonChoices(vctx, seasons, c.QueryParam("season"))
	gs, err := s.groupGames(ctx, group.ID)
	if err != nil {
		return views.StandingsPage{}, err
	}
	game := c.QueryParam("game")
	if _, ok := gs.get(game); !ok {
		game = ""
	}
	page := views.StandingsPage{Group: nav, Public: public, MinMatches: standings.DefaultOptions().MinMatches,
		Seasons: seasonLinks(choices, cur, func(k string) string { return withQuery(path, "season", k, "game", game) })}
	page.Title = cur.label
	if game != "" {
		page.Title += " · " + gs.name(game, lg)
	} else {
		page.Title += " · " + views.T(vctx, "standings.allgames")
	}
	f := cur.filter(game)
	var played map[string]bool
	var tb standings.Table
	err = s.withLedger(ctx, group.ID, func(l *standings.Ledger) error {
		played = l.Games()
		var err error
		if page.Matches, err = l.Count(f); err != nil {
			return err
		}
		if tb, err = l.Standings(f); err != nil {
			return err
		}
		if page.Matches == 0 {
			return nil
		}
		ranked := map[int64]bool{}
		for _, r := range tb.Ranked {
			ranked[r.Player] = true
		}
		// The chart follows the ranked players; until someone is ranked, everyone.
		keep := func(p int64) bool { return !guests[p] && (len(ranked) == 0 || ranked[p]) }
		nights, who, err := l.Nights(f, keep)
		if err != nil {
			return err
		}
		// Drawn here: the points are the ledger's own, read while it is held.
		page.Chart = ratingChart(vctx, lg, "rating", views.T(vctx, "standings.chart.desc", "Season", page.Title), nights, who, names)
		return nil
	})
	if err != nil {
		return page, err
	}
	page.Games = append(page.Games, views.Link{Label: views.T(vctx, "standings.allgames"), URL: withQuery(path, "season", cur.key), Current: game == ""})
	for _, g := range gs.all() {
		if played[g.ID()] || g.ID() == game {
			page.Games = append(page.Games, views.Link{Label: g.Name(lg), URL: withQuery(path, "season", cur.key, "game", g.ID()), Current: game == g.ID()})
		}
	}
	if !cur.first.IsZero() {
		page.Range = views.T(vctx, "standings.range", "From", views.DayText(lg, cur.first), "To", views.DayText(lg, cur.end))
	}
	page.Points = tb.Points
	row := func(r standings.Row, rank int) views.StandingRow {
		out := views.StandingRow{Rank: rank, Name: names[r.Player], Played: r.Played, Wins: r.Wins,
			WinRate: views.PctText(lg, r.WinRate), AvgPlace: views.DecText(lg, r.AvgPlace, 2), Rating: views.DecText(lg, r.Ordinal, 1),
			Together: togetherText(vctx, r.Together)}
		if tb.Points {
			out.PerMatch = views.DecText(lg, r.PointsPerMatch, 1)
		}
		out.Change, out.ChangeSign = views.ChangeText(lg, r.Change)
		if !public {
			out.URL = withQuery(pathTo(c, routePlayer, group.Slug, r.Player), "season", cur.key)
		}
		return out
	}
	for _, r := range tb.Ranked {
		if !guests[r.Player] {
			page.Ranked = append(page.Ranked, row(r, len(page.Ranked)+1))
		}
	}
	for _, r := range tb.Provisional {
		if !guests[r.Player] {
			page.Provisional = append(page.Provisional, row(r, 0))
		}
	}
	if !public {
		page.Records, page.Export, page.SeasonAction = pathTo(c, routeRecords, group.Slug), nav.Paths.Export, pathTo(c, routeSeasons, group.Slug)
		page.SeasonForm = views.SeasonForm{Errors: views.FieldErrors{}}
		for _, se := range seasons {
			page.SeasonList = append(page.SeasonList, views.SeasonItem{ID: se.ID,
				Label:     se.Name + " · " + views.DayText(lg, se.From) + " – " + views.DayText(lg, se.To),
				DeleteURL: pathTo(c, routeSeasonDelete, group.Slug, se.ID)})
		}
	}
	return page, nil
}
