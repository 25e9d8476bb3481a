package handlers

import (
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

func (s *Server) gameParam(name string) (Game, error) {
	g, ok := s.byID[name]
	if !ok {
		return nil, echo.NewHTTPError(http.StatusNotFound)
	}
	return g, nil
}

func (s *Server) newMatch(c echo.Context) error {
	g, err := s.gameParam(c.QueryParam("game"))
	if err != nil {
		return err
	}
	page, err := s.newMatchModel(c, g, nil, views.FieldErrors{})
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, views.NewMatch(page))
}

func (s *Server) newMatchModel(c echo.Context, g Game, form map[string][]string, errs views.FieldErrors) (views.NewMatchPage, error) {
	m := memberOf(c)
	ctx := c.Request().Context()
	players, err := s.store.Players(ctx, m.group.ID)
	if err != nil {
		return views.NewMatchPage{}, err
	}
	min, max := g.Seats()
	page := views.NewMatchPage{Group: m.nav(), Game: views.GameLink{ID: g.ID(), Name: g.Name(lang(c))},
		MinMax: fmt.Sprintf("%d–%d", min, max), Errors: errs}
	for _, p := range players {
		if p.Archived() {
			continue
		}
		seat, _ := strconv.Atoi(first(form, fmt.Sprintf("seat_%d", p.ID)))
		page.Players = append(page.Players, views.PlayerChoice{ID: p.ID, Name: p.Name, Seat: seat})
	}
	set, err := s.groupSettings(ctx, m.group.ID, g)
	if err != nil {
		return page, err
	}
	page.Rules = describeRules(g, set, lang(c))
	page.Options = g.Options(OptionsCtx{Ctx: s.viewCtx(c), Form: form, Errs: errs})
	return page, nil
}

func first(form map[string][]string, key string) string {
	if vs := form[key]; len(vs) > 0 {
		return vs[0]
	}
	return ""
}

func (s *Server) createMatch(c echo.Context) error {
	m := memberOf(c)
	ctx := c.Request().Context()
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	g, err := s.gameParam(form.Get("game"))
	if err != nil {
		return err
	}
	vctx := s.viewCtx(c)
	errs := views.FieldErrors{}
	players, err := s.store.Players(ctx, m.group.ID)
	if err != nil {
		return err
	}
	type seated struct {
		seat int
		id   int64
		name string
	}
	var seats []seated
	taken := map[int]bool{}
	for _, p := range players {
		v := form.Get(fmt.Sprintf("seat_%d", p.ID))
		if v == "" || p.Archived() {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > len(players) {
			errs["players"] = views.T(vctx, "newmatch.badseat", "Name", p.Name)
			continue
		}
		if taken[n] {
			errs["players"] = views.T(vctx, "newmatch.sameseat", "N", n)
		}
		taken[n] = true
		seats = append(seats, seated{n, p.ID, p.Name})
	}
	sort.Slice(seats, func(i, j int) bool { return seats[i].seat < seats[j].seat })
	if min, max := g.Seats(); len(seats) < min || len(seats) > max {
		errs["players"] = views.T(vctx, "newmatch.count", "Min", min, "Max", max, "Game", g.Name(lang(c)))
	}
	ids, names := make([]int64, len(seats)), make([]string, len(seats))
	for i, st := range seats {
		ids[i], names[i] = st.id, st.name
	}
	opts, optErrs := readOptions(g, OptionsCtx{Ctx: vctx, Names: names, Form: form})
	for k, v := range optErrs {
		errs[k] = v
	}
	if len(errs) > 0 {
		page, err := s.newMatchModel(c, g, form, errs)
		if err != nil {
			return err
		}
		return s.render(c, http.StatusUnprocessableEntity, views.NewMatch(page))
	}
	set, err := s.groupSettings(ctx, m.group.ID, g)
	if err != nil {
		return err
	}
	id, err := s.store.CreateMatch(ctx, m.group.ID, store.NewMatch{Game: g.ID(), Players: ids, Rules: set, Options: opts})
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/g/%s/matches/%d", m.group.Slug, id))
}

// loadMatch reads the match named in the URL, its game and its rounds.
func (s *Server) loadMatch(c echo.Context) (store.Match, Game, []store.Round, error) {
	m := memberOf(c)
	id, err := strconv.ParseInt(c.Param("match"), 10, 64)
	if err != nil {
		return store.Match{}, nil, nil, echo.NewHTTPError(http.StatusNotFound)
	}
	ctx := c.Request().Context()
	match, err := s.store.Match(ctx, m.group.ID, id)
	if err != nil {
		return match, nil, nil, err
	}
	g, err := s.gameParam(match.Game)
	if err != nil {
		return match, nil, nil, err
	}
	rounds, err := s.store.Rounds(ctx, match.ID)
	return match, g, rounds, err
}

// livePlayed is what the rounds that still count hold.
func livePlayed(rounds []store.Round) Played {
	var out Played
	for _, r := range rounds {
		if !r.Undone() {
			out.Entries = append(out.Entries, r.Entry)
			out.Points = append(out.Points, r.Points)
		}
	}
	return out
}

func (s *Server) scoresheet(c echo.Context) error {
	return s.cachedPage(c, func() ([]byte, error) {
		match, g, rounds, err := s.loadMatch(c)
		if err != nil {
			return nil, err
		}
		sh, err := s.sheetModel(c, match, g, rounds, "", nil)
		if err != nil {
			return nil, err // not kept: a page missing its rulings is not the page
		}
		return s.renderBytes(c, views.ScoresheetPage(sh))
	})
}

func (s *Server) matchURL(c echo.Context, matchID int64) string {
	return fmt.Sprintf("/g/%s/matches/%d", memberOf(c).group.Slug, matchID)
}

// sheetModel builds the scoresheet; form replaces the blank round form (to
// keep what a player typed after an error).
func (s *Server) sheetModel(c echo.Context, match store.Match, g Game, rounds []store.Round, flash string, form templ.Component) (views.Scoresheet, error) {
	vctx := s.viewCtx(c)
	url := s.matchURL(c, match.ID)
	live := livePlayed(rounds)
	totals := sums(len(match.Seats), live.Points)
	prog := progress(g, match, live)
	sh := views.Scoresheet{Group: memberOf(c).nav(), MatchURL: url, Game: g.Name(lang(c)), Totals: totals,
		Leaders: make([]bool, len(totals)), Finished: prog.Finished, Flash: flash,
		Rules: describeRules(g, match.Rules, lang(c)), Version: sheetVersion(rounds)}
	for _, st := range match.Seats {
		sh.Names = append(sh.Names, st.Name)
	}
	for _, i := range prog.Leaders {
		sh.Leaders[i] = true
	}
	var w []string
	for _, i := range prog.Winners {
		w = append(w, sh.Names[i])
	}
	sh.Winners = strings.Join(w, ", ")
	n := 0
	var lastLive int64
	for _, r := range rounds {
		row := views.RoundRow{ID: r.ID, Points: r.Points, Undone: r.Undone(), Edited: r.Version > 1 && !r.Undone(),
			HistURL: fmt.Sprintf("%s/rounds/%d/history", url, r.ID), Detail: g.Detail(vctx, match, r.Entry)}
		if !r.Undone() {
			n++
			row.Label = g.RoundLabel(vctx, match, live, n)
			row.EditURL = fmt.Sprintf("%s/rounds/%d/edit", url, r.ID)
			lastLive = r.ID
		} else {
			row.Label = g.RoundLabel(vctx, match, live, r.Number) + " · " + views.T(vctx, "match.undone")
		}
		sh.Rounds = append(sh.Rounds, row)
	}
	if lastLive != 0 {
		sh.UndoURL, sh.UndoRound = url+"/undo", lastLive
	}
	if match.Rulings > 0 { // most matches have none: no query for them
		var err error
		if sh.Rulings, err = s.rulingLines(c, g, match.ID); err != nil {
			return sh, err
		}
	}
	if _, ok := g.(RefereePage); ok {
		sh.RefereeURL = url + "/referee"
	}
	sh.Chart = s.sheetExtras(c, sh.Names, live.Points, url)
	if !prog.Finished {
		sh.Info = g.Info(vctx, match, live, n+1)
		if form == nil {
			form = g.RoundForm(s.roundCtx(c, match, live, n+1, 0), nil)
		}
		sh.Form = form
	}
	return sh, nil
}

// sheetVersion changes whenever any round changes.
func sheetVersion(rounds []store.Round) string {
	sum := 0
	for _, r := range rounds {
		sum += r.Version
	}
	return fmt.Sprintf("%d.%d", len(rounds), sum)
}

func (s *Server) roundCtx(c echo.Context, match store.Match, played Played, number int, version int) RoundCtx {
	return RoundCtx{Ctx: s.viewCtx(c), Match: match, Played: played, Number: number,
		Action: s.matchURL(c, match.ID) + "/rounds", SubmitKey: fmt.Sprintf("%d.%s", number, submitKeyHole), Version: version}
}

// deleteMatch marks a match deleted (admin only): it leaves the lists and
// the standings, and stays in the database and the export.
func (s *Server) deleteMatch(c echo.Context) error {
	m := memberOf(c)
	id, err := strconv.ParseInt(c.Param("match"), 10, 64)
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	if err := s.store.DeleteMatch(c.Request().Context(), m.group.ID, id); err != nil {
		return err
	}
	s.live.publish(id, "deleted") // phones watching it learn it is gone
	return c.Redirect(http.StatusSeeOther, "/g/"+m.group.Slug)
}
