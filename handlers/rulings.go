package handlers

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// A dispute settled on a referee page opened from a match can be kept with
// that match. Opening the referee from the scoresheet leaves a short-lived
// cookie naming the match; once the page has judged, it offers to save the
// ruling. The saved form is judged again on the server, so what is kept is
// the referee's own verdict.

const rulingCookie = "tk_ruling_for"

// openReferee opens the game's referee page for a dispute of this match.
func (s *Server) openReferee(c echo.Context) error {
	match, g, _, err := s.loadMatch(c)
	if err != nil {
		return err
	}
	if _, ok := g.(RefereePage); !ok {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	c.SetCookie(&http.Cookie{Name: rulingCookie, Value: fmt.Sprintf("%s/%d", memberOf(c).group.Slug, match.ID),
		Path: "/referee", MaxAge: 3 * 3600, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	// The referee starts with the house rules the match is played under.
	return c.Redirect(http.StatusSeeOther, "/referee/"+g.ID()+"?"+withHouseRules(nil, match.Rules).Encode())
}

// offerRuling adds, above a referee page that has judged, a form to keep the
// ruling with the match the referee was opened from (when this browser is a
// member of its group).
func (s *Server) offerRuling(c echo.Context, g Game, form url.Values) {
	ck, err := c.Cookie(rulingCookie)
	if err != nil {
		return
	}
	slug, id, ok := strings.Cut(ck.Value, "/")
	if !ok {
		return
	}
	grp, _, err := s.store.Membership(c.Request().Context(), slug, sessionToken(c))
	if err != nil {
		return
	}
	var mid int64
	fmt.Sscan(id, &mid)
	match, err := s.store.Match(c.Request().Context(), grp.ID, mid)
	if err != nil || match.Game != g.ID() {
		return
	}
	bar := views.RulingBar{Action: fmt.Sprintf("/g/%s/matches/%d/rulings", slug, mid), Form: form.Encode(),
		MatchURL: fmt.Sprintf("/g/%s/matches/%d", slug, mid)}
	c.Set("extra", views.RulingOffer(bar))
}

// saveRuling judges the posted referee form again and keeps the verdict.
func (s *Server) saveRuling(c echo.Context) error {
	match, g, _, err := s.loadMatch(c)
	if err != nil {
		return err
	}
	page, ok := g.(RefereePage)
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	form, err := url.ParseQuery(c.FormValue("form"))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	// Judged again under the match's own house rules, whatever the form said.
	form = withHouseRules(form, match.Rules)
	var r Ruling
	_, status := page.Referee(RefereeCtx{Ctx: s.viewCtx(c), Lang: lang(c), Form: form, Post: true, Ruling: &r})
	if status != http.StatusOK || r.Summary == "" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity)
	}
	if _, err := s.store.AddRuling(c.Request().Context(), store.Ruling{MatchID: match.ID, Form: form.Encode(), Legal: r.Legal,
		Summary: r.Summary, Rules: r.Rules, Author: memberOf(c).who.Display}); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, s.matchURL(c, match.ID)+"#rulings")
}

// rulingLines are a match's rulings as the scoresheet lists them.
func (s *Server) rulingLines(c echo.Context, g Game, matchID int64) ([]views.RulingLine, error) {
	rs, err := s.store.Rulings(c.Request().Context(), matchID)
	if err != nil {
		return nil, err
	}
	var out []views.RulingLine
	for _, r := range rs {
		out = append(out, views.RulingLine{Legal: r.Legal, Summary: r.Summary, Rules: r.Rules, Author: r.Author,
			At: views.HumanTime(s.local(r.At), lang(c)), URL: "/referee/" + g.ID() + "?" + r.Form})
	}
	return out, nil
}
