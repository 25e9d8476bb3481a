package handlers

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/rulebook"
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
	match, g, rounds, err := s.loadMatch(c)
	if err != nil {
		return err
	}
	page, ok := g.(RefereePage)
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	c.SetCookie(&http.Cookie{Name: rulingCookie, Value: fmt.Sprintf("%s/%d", memberOf(c).group.Slug, match.ID),
		Path: "/referee", MaxAge: 3 * 3600, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	// The referee starts with the house rules the match is played under.
	return c.Redirect(http.StatusSeeOther, pathTo(c, routeReferee, g.ID())+"?"+kit.WithHouseRules(refereeSetup(page, match, rounds), match.Rules).Encode())
}

// refereeSetup is the referee form as far as the match knows the table,
// as its game sets it up from the match and the rounds played.
func refereeSetup(page RefereePage, match store.Match, rounds []store.Round) url.Values {
	played := 0
	for _, r := range rounds {
		if r.UndoneAt == nil {
			played++
		}
	}
	return page.RefereeSetup(match, played)
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
	return &views.RulingBar{Action: pathTo(c, routeMatchRulings, slug, match.ID), MatchURL: pathTo(c, routeMatch, slug, match.ID)}
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
	// Judged again under the match's own house rules, whatever the form said,
	// once in each language: every reader sees the verdict in his own.
	form = kit.WithHouseRules(form, match.Rules)
	said := map[string]string{}
	var kept Ruling
	for _, l := range []string{"en", "fr"} {
		ctx := views.WithEnv(c.Request().Context(), s.tr.NewEnv(l, c.Request().URL.RequestURI(), "", "", ""))
		var r Ruling
		_, status := page.Referee(RefereeCtx{Ctx: ctx, Lang: l, Form: form, Post: true, Ruling: &r})
		if status != http.StatusOK || r.Summary == "" {
			return echo.NewHTTPError(http.StatusUnprocessableEntity)
		}
		said[l] = r.Summary
		if l == lang(c) || kept.Summary == "" {
			kept = r
		}
	}
	request, err := json.Marshal(kept.Request)
	if err != nil || kept.Request == nil {
		request = nil
	}
	if _, err := s.store.AddRuling(c.Request().Context(), store.Ruling{MatchID: match.ID, Form: form.Encode(), Legal: kept.Legal,
		Summary: kept.Summary, Rules: kept.Rules, Author: memberOf(c).who.Display,
		Request: request, RuleIDs: kept.RuleIDs, Said: said}); err != nil {
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
	l := lang(c)
	var out []views.RulingLine
	for _, r := range rs {
		line := views.RulingLine{Legal: r.Legal, Summary: r.Summary, Author: r.Author,
			At: views.HumanTime(s.local(r.At), l), URL: pathTo(c, routeReferee, g.ID()) + "?" + r.Form}
		if said, ok := r.Said[l]; ok {
			line.Summary = said
		}
		ids := r.RuleIDs
		if ids == nil { // kept before rulings were data: "id — «sheet words»"
			for _, rule := range r.Rules {
				id, _, _ := strings.Cut(rule, " — ")
				ids = append(ids, id)
			}
		}
		for _, id := range ids {
			line.RuleIDs = append(line.RuleIDs, id)
			line.Rules = append(line.Rules, s.ruleName(id, l))
		}
		out = append(out, line)
	}
	return out, nil
}

// ruleName is how a reader sees a rule a ruling cites: the rule stated
// plainly in his language, from its game's catalogue (the id only when no
// catalogue has it).
func (s *Server) ruleName(id, lang string) string {
	for _, g := range s.games {
		page, ok := g.(RefereePage)
		if !ok {
			continue
		}
		if r, ok := rulebook.Find(page.RuleBook(), id); ok {
			return s.tr.Say(lang, r.Statement())
		}
	}
	return id
}
