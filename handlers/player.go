package handlers

// A player's page: results, ratings over time, head-to-head.

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/scoring/standings"
	"github.com/tablekeeper/tablekeeper/views"
)

func (s *Server) playerPage(c echo.Context) error {
	m := memberOf(c)
	ctx, vctx, lg := c.Request().Context(), s.viewCtx(c), lang(c)
	id, err := strconv.ParseInt(c.Param("player"), 10, 64)
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	player, err := s.store.Player(ctx, m.group.ID, id)
	if err != nil {
		return err
	}
	players, err := s.store.Players(ctx, m.group.ID)
	if err != nil {
		return err
	}
	seasons, err := s.store.Seasons(ctx, m.group.ID)
	if err != nil {
		return err
	}
	gs, err := s.groupGames(ctx, m.group.ID)
	if err != nil {
		return err
	}
	names := playerNames(players)
	slug := m.group.Slug
	choices, cur := s.seasonChoices(vctx, seasons, c.QueryParam("season"))
	self := pathTo(c, routePlayer, slug, id)
	page := views.PlayerPage{Group: m.nav(c), Name: player.Name, Title: cur.label,
		Seasons: seasonLinks(choices, cur, func(k string) string { return withQuery(self, "season", k) }),
		BackURL: withQuery(pathTo(c, routeStandings, slug), "season", cur.key)}
	f := cur.filter("")
	var prof standings.Profile
	var recs standings.Records
	err = s.withLedger(ctx, m.group.ID, func(l *standings.Ledger) error {
		var err error
		if prof, err = l.PlayerProfile(f, id); err != nil {
			return err
		}
		if recs, err = l.GroupRecords(f); err != nil {
			return err
		}
		if prof.Played == 0 {
			return nil
		}
		keep := func(p int64) bool { return p == id }
		nights, who, err := l.Nights(f, keep)
		if err != nil {
			return err
		}
		// Drawn here: the points are the ledger's own, read while it is held.
		page.Chart = ratingChart(vctx, lg, "player", views.T(vctx, "standings.chart.player", "Name", player.Name, "Season", cur.label),
			nights, who, names)
		return nil
	})
	if err != nil {
		return err
	}
	matchURL := func(mid int64) string { return pathTo(c, routeMatch, slug, mid) }
	playerURL := func(pid int64) string { return withQuery(pathTo(c, routePlayer, slug, pid), "season", cur.key) }
	page.Played, page.Wins = prof.Played, prof.Wins
	if ranked := prof.Played - prof.Together.Played(); ranked > 0 { // a win rate of ranked matches
		page.WinRate = views.PctText(lg, float64(prof.Wins)/float64(ranked))
	}
	page.Together = togetherText(vctx, prof.Together)
	page.LongestStreak, page.CurrentStreak = prof.LongestStreak.Length, prof.CurrentStreak
	for _, a := range prof.Form {
		page.Form = append(page.Form, views.FormItem{Game: gs.name(a.Game, lg), Date: views.DayText(lg, s.local(a.PlayedAt)),
			Place: views.T(vctx, "standings.form.place", "Place", a.Place, "Players", a.Players), Win: a.Win, URL: matchURL(a.MatchID)})
	}
	for _, e := range prof.Extremes {
		g := views.PlayerGame{Game: gs.name(e.Game, lg),
			Best: views.IntText(e.Best.Total), BestURL: matchURL(e.Best.MatchID), BestDate: views.DayText(lg, s.local(e.Best.PlayedAt))}
		// After one whole match its total is the best: there is no worst yet.
		if e.Worst.MatchID != e.Best.MatchID {
			g.Worst, g.WorstURL, g.WorstDate = views.IntText(e.Worst.Total), matchURL(e.Worst.MatchID), views.DayText(lg, s.local(e.Worst.PlayedAt))
		}
		page.Games = append(page.Games, g)
	}
	for _, v := range prof.Rivals {
		page.Rivals = append(page.Rivals, views.RivalRow{Name: names[v.Opponent], URL: playerURL(v.Opponent),
			Together: v.Together, Ahead: v.Ahead, Behind: v.Behind, Level: v.Level})
	}
	if t := prof.ToughestRival; t != nil {
		page.Toughest = &views.RivalRow{Name: names[t.Opponent], URL: playerURL(t.Opponent), Together: t.Together, Ahead: t.Ahead, Behind: t.Behind, Level: t.Level}
	}
	for _, item := range s.recordItems(vctx, gs, lg, recs, names, matchURL, playerURL) {
		if item.holder == id {
			page.Records = append(page.Records, item.Label+" "+item.Value+" ("+item.When+")")
		}
	}
	return s.render(c, http.StatusOK, views.PlayerView(page))
}
