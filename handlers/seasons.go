package handlers

// Seasons: the choice of season on the standings pages, and adding or
// deleting one.

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/scoring/standings"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// seasonChoice is the period a page shows.
type seasonChoice struct {
	key        string // the season query value: "all", "year" or a season id
	label      string
	from, to   time.Time // filter bounds: to is the day after the last
	first, end time.Time // the days shown, both included; zero for all time
}

// seasonChoices lists what can be shown (defined seasons, the current
// calendar year unless a season already is exactly that, all time) and
// picks the one asked for in ?season=, by default the season that holds
// today, else the current calendar year.
func (s *Server) seasonChoices(vctx context.Context, seasons []store.Season, asked string) ([]seasonChoice, seasonChoice) {
	now := s.local(s.store.Now()) // today is the pages' time zone's today
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	var out []seasonChoice
	yearFirst := time.Date(now.Year(), 1, 1, 0, 0, 0, 0, time.UTC)
	yearEnd := time.Date(now.Year(), 12, 31, 0, 0, 0, 0, time.UTC)
	yearDefined := false
	def := ""
	for _, se := range seasons {
		out = append(out, seasonChoice{key: strconv.FormatInt(se.ID, 10), label: se.Name,
			from: s.startOf(se.From), to: s.startOf(se.To.AddDate(0, 0, 1)), first: se.From, end: se.To})
		if se.From.Equal(yearFirst) && se.To.Equal(yearEnd) {
			yearDefined = true
		}
		if def == "" && !today.Before(se.From) && !today.After(se.To) {
			def = strconv.FormatInt(se.ID, 10)
		}
	}
	if !yearDefined {
		out = append([]seasonChoice{{key: "year", label: strconv.Itoa(now.Year()), from: s.startOf(yearFirst),
			to: s.startOf(yearEnd.AddDate(0, 0, 1)), first: yearFirst, end: yearEnd}}, out...)
	}
	out = append(out, seasonChoice{key: "all", label: views.T(vctx, "standings.alltime")})
	if def == "" {
		def = "year"
		if yearDefined {
			def = out[0].key
		}
	}
	if asked == "" {
		asked = def
	}
	for _, ch := range out {
		if ch.key == asked {
			return out, ch
		}
	}
	for _, ch := range out {
		if ch.key == def {
			return out, ch
		}
	}
	return out, out[0]
}

func (ch seasonChoice) filter(game string) standings.Filter {
	return standings.Filter{Game: game, From: ch.from, To: ch.to}
}

// withQuery returns path with the given query values (empty ones left out).
func withQuery(path string, kv ...string) string {
	q := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] != "" {
			q.Set(kv[i], kv[i+1])
		}
	}
	if len(q) == 0 {
		return path
	}
	return path + "?" + q.Encode()
}

func seasonLinks(choices []seasonChoice, cur seasonChoice, link func(key string) string) []views.Link {
	out := make([]views.Link, 0, len(choices))
	for _, ch := range choices {
		out = append(out, views.Link{Label: ch.label, URL: link(ch.key), Current: ch.key == cur.key})
	}
	return out
}

func (s *Server) addSeason(c echo.Context) error {
	m := memberOf(c)
	vctx := s.viewCtx(c)
	form := views.SeasonForm{Name: strings.TrimSpace(c.FormValue("name")), From: c.FormValue("from"), To: c.FormValue("to"),
		Errors: views.FieldErrors{}, Open: true}
	if k := checkName(form.Name); k != "" {
		form.Errors["name"] = views.T(vctx, k)
	}
	from, errFrom := store.ParseDate(form.From)
	to, errTo := store.ParseDate(form.To)
	switch {
	case errFrom != nil:
		form.Errors["from"] = views.T(vctx, "standings.season.baddate")
	case errTo != nil:
		form.Errors["to"] = views.T(vctx, "standings.season.baddate")
	case to.Before(from):
		form.Errors["to"] = views.T(vctx, "standings.season.backwards")
	}
	if len(form.Errors) > 0 {
		page, err := s.standingsModel(c, m.group, m.nav(c), pathTo(c, routeStandings, m.group.Slug), false)
		if err != nil {
			return err
		}
		page.SeasonForm = form
		return s.render(c, http.StatusUnprocessableEntity, views.StandingsView(page))
	}
	se, err := s.store.AddSeason(c.Request().Context(), m.group.ID, form.Name, from, to)
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, withQuery(pathTo(c, routeStandings, m.group.Slug), "season", strconv.FormatInt(se.ID, 10)))
}

func (s *Server) deleteSeason(c echo.Context) error {
	m := memberOf(c)
	id, err := strconv.ParseInt(c.Param("season"), 10, 64)
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	if err := s.store.DeleteSeason(c.Request().Context(), m.group.ID, id); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, pathTo(c, routeStandings, m.group.Slug))
}
