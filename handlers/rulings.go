package handlers

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
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

// refereeFrom is the match this referee page was opened from, when this
// browser is a member of its group and the match is of this game (nil
// otherwise): the page draws the way back to it and, once it has judged,
// the offer to keep the ruling (see RefereeCtx.rule).
func (s *Server) refereeFrom(c echo.Context, g Game) *views.RulingBar {
	match, slug, ok := s.refereeMatch(c, g)
	if !ok {
		return nil
	}
	return &views.RulingBar{Action: fmt.Sprintf("/g/%s/matches/%d/rulings", slug, match.ID),
		MatchURL: fmt.Sprintf("/g/%s/matches/%d", slug, match.ID)}
}

// refereeMatch reads the match named by the referee cookie, if this browser
// belongs to its group and it is a match of game g.
func (s *Server) refereeMatch(c echo.Context, g Game) (store.Match, string, bool) {
	ck, err := c.Cookie(rulingCookie)
	if err != nil {
		return store.Match{}, "", false
	}
	slug, id, ok := strings.Cut(ck.Value, "/")
	if !ok {
		return store.Match{}, "", false
	}
	grp, _, err := s.store.Membership(c.Request().Context(), slug, sessionToken(c))
	if err != nil {
		return store.Match{}, "", false
	}
	mid, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return store.Match{}, "", false
	}
	match, err := s.store.Match(c.Request().Context(), grp.ID, mid)
	if err != nil || match.Game != g.ID() {
		return store.Match{}, "", false
	}
	return match, slug, true
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
