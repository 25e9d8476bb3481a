package handlers

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/views"
)

// groupSettings resolves a group's stored house rules for a game against the
// game's declarations (a key the game no longer has, or a value no longer
// allowed, is dropped alone).
func (s *Server) groupSettings(ctx context.Context, groupID int64, g Game) (rulebook.Settings, error) {
	stored, err := s.store.HouseRules(ctx, groupID, g.ID())
	if err != nil {
		return nil, err
	}
	return rulebook.ResolveKnown(g.HouseRules(), stored), nil
}

func (s *Server) houseRules(c echo.Context) error {
	page, err := s.houseRulesModel(c, c.QueryParam("saved"), "", "")
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, views.HouseRules(page))
}

func (s *Server) houseRulesModel(c echo.Context, saved, failedGame, failure string) (views.HouseRulesPage, error) {
	m := memberOf(c)
	page := views.HouseRulesPage{Group: m.nav(c), Saved: saved}
	for _, g := range s.games {
		if len(g.HouseRules()) == 0 {
			continue
		}
		set, err := s.groupSettings(c.Request().Context(), m.group.ID, g)
		if err != nil {
			return page, err
		}
		hg := views.HouseRulesGame{ID: g.ID(), Name: g.Name(lang(c)), Action: pathTo(c, routeRulesSave, m.group.Slug, g.ID())}
		if g.ID() == failedGame {
			hg.Error = failure
		}
		hg.Rules = kit.HouseRuleFields(g.HouseRules(), set, lang(c))
		page.Games = append(page.Games, hg)
	}
	return page, nil
}

func (s *Server) saveHouseRules(c echo.Context) error {
	m := memberOf(c)
	g, ok := s.byID[c.Param("game")]
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	given := map[string]string{}
	for _, h := range g.HouseRules() {
		// A checkbox posts "false" (hidden) then "true" when ticked: the last value wins.
		if vs := form[h.Key]; len(vs) > 0 {
			given[h.Key] = vs[len(vs)-1]
		}
	}
	if _, err := rulebook.Resolve(g.HouseRules(), given); err != nil {
		msg := views.T(s.viewCtx(c), "error.badrequest")
		if ie, ok := err.(*rulebook.InputError); ok {
			msg = views.Mistake(s.viewCtx(c), ie)
		}
		page, err := s.houseRulesModel(c, "", g.ID(), msg)
		if err != nil {
			return err
		}
		return s.render(c, http.StatusUnprocessableEntity, views.HouseRules(page))
	}
	if err := s.store.SetHouseRules(c.Request().Context(), m.group.ID, g.ID(), given); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, pathTo(c, routeRules, m.group.Slug)+"?saved="+g.ID()+"#rules-"+g.ID())
}
