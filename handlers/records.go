package handlers

// The records page: the group's best results, with who holds them.

import (
	"context"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/scoring/standings"
	"github.com/tablekeeper/tablekeeper/views"
)

// heldRecord is a record with who holds it.
type heldRecord struct {
	views.RecordItem
	game   string
	holder int64
}

// recordItems describes the records: per game the best total and round (on
// the game's side, from whole matches), then the longest winning streak.
func (s *Server) recordItems(vctx context.Context, gs gameSet, lg string, recs standings.Records, names map[int64]string,
	matchURL func(int64) string, playerURL func(int64) string) []heldRecord {
	var out []heldRecord
	add := func(game, label string, f standings.Feat) {
		out = append(out, heldRecord{game: game, holder: f.Player, RecordItem: views.RecordItem{Label: label, Value: views.IntText(f.Value),
			Who: names[f.Player], WhoURL: playerURL(f.Player), When: views.DayText(lg, s.local(f.PlayedAt)), MatchURL: matchURL(f.MatchID)}})
	}
	for _, g := range recs.Games {
		if gs.noPoints(g.Game) {
			continue // places only: no score to hold a record with
		}
		name := gs.name(g.Game, lg)
		side := "high"
		if g.LowWins {
			side = "low"
		}
		if !gs.hasPoints(g.Game) {
			side = "wins"
		}
		add(g.Game, views.T(vctx, "standings.rec.best."+side, "Game", name), g.BestTotal)
		if g.BestRound != nil {
			add(g.Game, views.T(vctx, "standings.rec.bestround."+side, "Game", name), *g.BestRound)
		}
	}
	if st := recs.LongestStreak; st != nil {
		add("", views.T(vctx, "standings.rec.streak"), *st)
	}
	return out
}

func (s *Server) recordsPage(c echo.Context) error {
	m := memberOf(c)
	ctx, vctx, lg := c.Request().Context(), s.viewCtx(c), lang(c)
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
	slug := m.group.Slug
	choices, cur := s.seasonChoices(vctx, seasons, c.QueryParam("season"))
	page := views.RecordsPage{Group: m.nav(c), Title: cur.label,
		Seasons: seasonLinks(choices, cur, func(k string) string { return withQuery(pathTo(c, routeRecords, slug), "season", k) })}
	var recs standings.Records
	err = s.withLedger(ctx, m.group.ID, func(l *standings.Ledger) error {
		var err error
		recs, err = l.GroupRecords(cur.filter(""))
		return err
	})
	if err != nil {
		return err
	}
	items := s.recordItems(vctx, gs, lg, recs, playerNames(players),
		func(mid int64) string { return pathTo(c, routeMatch, slug, mid) },
		func(pid int64) string { return withQuery(pathTo(c, routePlayer, slug, pid), "season", cur.key) })
	for _, it := range items {
		if it.game == "" {
			st := it.RecordItem
			page.Streak = &st
			continue
		}
		if n := len(page.Games); n == 0 || page.Games[n-1].Game != gs.name(it.game, lg) {
			page.Games = append(page.Games, views.RecordGame{Game: gs.name(it.game, lg)})
		}
		g := &page.Games[len(page.Games)-1]
		// Under the game's heading, the label need not repeat the game.
		it.Label = views.Capitalize(strings.TrimLeft(strings.TrimPrefix(it.Label, g.Game), ": \u00a0"))
		g.Items = append(g.Items, it.RecordItem)
	}
	return s.render(c, http.StatusOK, views.RecordsView(page))
}
