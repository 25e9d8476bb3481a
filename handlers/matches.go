package handlers

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

func (s *Server) newMatch(c echo.Context) error {
	g, err := s.gameParam(c, c.QueryParam("game"))
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
	last, err := s.lastLineup(c, g)
	if err != nil {
		return views.NewMatchPage{}, err
	}
	var guests []string
	optForm := url.Values(form)
	if again, ok := s.againMatch(c, g); ok && form == nil { // "the same again" from a finished match
		last, guests = againLineup(again)
		optForm = againOptions(again)
	}
	min, max := g.Seats()
	page := views.NewMatchPage{Group: m.nav(c), Game: views.GameLink{ID: g.ID(), Name: g.Name(lang(c))},
		MinMax: fmt.Sprintf("%d–%d", min, max), Errors: errs, Dealer: g.Profile().FirstDealer, Refusals: startRefusals(errs)}
	ticked := map[int64]bool{}
	for _, v := range form["play"] {
		id, _ := strconv.ParseInt(v, 10, 64)
		ticked[id] = true
	}
	// The last line-up first, in its seating; then the others, as listed.
	seatOf := map[int64]int{}
	for i, id := range last {
		seatOf[id] = i + 1
	}
	var active []store.Player
	for _, p := range players {
		if !p.Archived() && !p.Guest {
			active = append(active, p)
		}
	}
	page.Guests = guests
	if form != nil {
		page.Guests = guestNames(form)
	}
	sort.SliceStable(active, func(i, j int) bool {
		a, b := seatOf[active[i].ID], seatOf[active[j].ID]
		return a != 0 && (b == 0 || a < b)
	})
	ids := make([]int64, len(active))
	for i, p := range active {
		ids[i] = p.ID
	}
	colours := kit.ColoursOf(ids) // the line-up first: the colours its match gave
	for i, p := range active {
		seat, _ := strconv.Atoi(first(form, fmt.Sprintf("seat_%d", p.ID)))
		chosen := seatOf[p.ID] != 0
		if form != nil {
			chosen = ticked[p.ID] || seat != 0
		}
		page.Players = append(page.Players, views.PlayerChoice{ID: p.ID, Name: p.Name, Seat: seat, Selected: chosen, Color: colours[i]})
		if chosen && page.DealerID == 0 {
			page.DealerID = p.ID
		}
	}
	// A seat beyond the game's most is never taken: each player's list of
	// seats has at most that many, so the page grows with its players, not
	// with their square.
	page.Seats = len(page.Players)
	if page.Seats > max {
		page.Seats = max
	}
	if d, err := strconv.ParseInt(first(form, "dealer"), 10, 64); err == nil {
		page.DealerID = d
	}
	set, err := s.groupSettings(ctx, m.group.ID, g)
	if err != nil {
		return page, err
	}
	page.Rules = kit.DescribeRules(g, set, lang(c))
	page.Options = g.Options(OptionsCtx{Ctx: s.viewCtx(c), Form: optForm, Errs: errs})
	return page, nil
}

// lastLineup is who played the group's newest match of this game (of any
// game when it has none), in seat order: the table usually sits again as it sat.
func (s *Server) lastLineup(c echo.Context, g Game) ([]int64, error) {
	matches, err := s.store.Matches(c.Request().Context(), memberOf(c).group.ID, 20)
	if err != nil || len(matches) == 0 {
		return nil, err
	}
	pick := matches[0]
	for _, mt := range matches {
		if mt.Game == g.ID() {
			pick = mt
			break
		}
	}
	ids := make([]int64, len(pick.Seats))
	for i, st := range pick.Seats {
		ids[i] = st.PlayerID
	}
	return ids, nil
}

// againMatch is the match named by ?again= (a rematch from a finished
// match's result), when it is a match of this group and game.
func (s *Server) againMatch(c echo.Context, g Game) (store.Match, bool) {
	id, err := strconv.ParseInt(c.QueryParam("again"), 10, 64)
	if err != nil {
		return store.Match{}, false
	}
	m, err := s.store.Match(c.Request().Context(), memberOf(c).group.ID, id)
	if err != nil || m.Game != g.ID() {
		return store.Match{}, false
	}
	return m, true
}

// againLineup is a match's table to play again: its roster players in seat
// order and its guests' names (they sit again, last).
func againLineup(m store.Match) (ids []int64, guests []string) {
	for _, st := range m.Seats {
		if st.Guest {
			guests = append(guests, st.Name)
		} else {
			ids = append(ids, st.PlayerID)
		}
	}
	return ids, guests
}

// againOptions is the new-match form's options as a match was started with
// them (a game's option keys are its form's fields): a 2-round match is
// played again over 2 rounds. The first dealer is not among them: it is
// chosen by player, next to each name.
func againOptions(m store.Match) url.Values {
	form := url.Values{}
	for k, v := range m.Options {
		form.Set(k, v)
	}
	return form
}

func first(form map[string][]string, key string) string {
	if vs := form[key]; len(vs) > 0 {
		return vs[0]
	}
	return ""
}

// createMatch starts a match: the form is read (parseMatchForm), the
// players seated (seatTable), the game's options checked with the dealer
// the seating chose, and the match written.
func (s *Server) createMatch(c echo.Context) error {
	m := memberOf(c)
	ctx := c.Request().Context()
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	g, err := s.gameParam(c, form.Get("game"))
	if err != nil {
		return err
	}
	roster, err := s.store.Players(ctx, m.group.ID)
	if err != nil {
		return err
	}
	key := g.Profile().FirstDealer
	min, max := g.Seats()
	table, problems := seatTable(roster, parseMatchForm(form, key),
		tableRule{min: min, max: max, game: g.Name(lang(c)), dealer: key != ""})
	vctx := s.viewCtx(c)
	errs := views.FieldErrors{}
	for field, p := range problems {
		errs[field] = views.T(vctx, p.key, p.args...)
	}
	// The options are judged at a table of the game's size: a count out of
	// range is the seating's to say, once ("11 ticked: untick one").
	names := table.names
	if len(names) > max {
		names = names[:max]
	}
	for len(names) < min {
		names = append(slices.Clone(names), "")
	}
	opts, optErrs := readOptions(g, OptionsCtx{Ctx: vctx, Names: names, Form: form, Dealer: table.dealer})
	for k, v := range optErrs {
		errs[k] = v
	}
	if len(errs) > 0 {
		return s.refuseNewMatch(c, g, form, errs)
	}
	set, err := s.groupSettings(ctx, m.group.ID, g)
	if err != nil {
		return err
	}
	id, err := s.store.CreateMatch(ctx, m.group.ID, store.NewMatch{Game: g.ID(), Players: table.ids, Guests: table.guests, Rules: set, Options: opts})
	if errors.Is(err, store.ErrNameTaken) { // a roster player took the name meanwhile
		errs["guest"] = views.T(vctx, "comego.guest.taken", "Name", table.guests[0])
		return s.refuseNewMatch(c, g, form, errs)
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, pathTo(c, routeMatch, m.group.Slug, id))
}

// refuseNewMatch draws the new-match page again with what was posted and why it was refused.
func (s *Server) refuseNewMatch(c echo.Context, g Game, form url.Values, errs views.FieldErrors) error {
	page, err := s.newMatchModel(c, g, form, errs)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusUnprocessableEntity, views.NewMatch(page))
}

// loadMatch reads the match named in the URL, its game and its rounds.
func (s *Server) loadMatch(c echo.Context) (store.Match, Game, []store.Round, error) {
	m := memberOf(c)
	id, err := strconv.ParseInt(c.Param("match"), 10, 64)
	if err != nil {
		return store.Match{}, nil, nil, echo.NewHTTPError(http.StatusNotFound)
	}
	match, rounds, err := s.store.MatchSheet(c.Request().Context(), m.group.ID, id)
	if err != nil {
		return match, nil, nil, err
	}
	g, err := s.gameParam(c, match.Game)
	return match, g, rounds, err
}

// endedAt is when a match that a save has just ended finished: its newest
// round's moment, as the store gave it (now, if none says).
func endedAt(rounds []store.Round) *time.Time {
	var at time.Time
	for _, r := range rounds {
		if r.CreatedAt.After(at) {
			at = r.CreatedAt
		}
	}
	if at.IsZero() {
		at = time.Now()
	}
	return &at
}

// livePlayed is what the rounds that still count hold.
func livePlayed(rounds []store.Round) Played {
	n := 0
	for _, r := range rounds {
		if !r.Undone() {
			n++
		}
	}
	if n == 0 {
		return Played{}
	}
	out := Played{Entries: make([]json.RawMessage, 0, n), Points: make([][]int, 0, n)}
	for _, r := range rounds {
		if !r.Undone() {
			out.Entries = append(out.Entries, r.Entry)
			out.Points = append(out.Points, r.Points)
		}
	}
	return out
}

func (s *Server) scoresheet(c echo.Context) error {
	if id, err := strconv.ParseInt(c.Param("match"), 10, 64); err == nil && id != ownMatch(c) {
		markOwnMatch(c, id) // a match of another group is a 404 below, and this group's list never shows it
	}
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
	return pathTo(c, routeMatch, memberOf(c).group.Slug, matchID)
}

// sheetModel builds the scoresheet; form replaces the blank round form (to
// keep what a player typed after an error).
func (s *Server) sheetModel(c echo.Context, match store.Match, g Game, rounds []store.Round, flash string, form templ.Component) (views.Scoresheet, error) {
	return s.sheetModelAt(c, match, g, rounds, progress(g, match, livePlayed(rounds)), flash, form)
}

// sheetModelAt is sheetModel for a request that knows where the match
// stands already (prog, as a save's plan decided it on these rounds).
func (s *Server) sheetModelAt(c echo.Context, match store.Match, g Game, rounds []store.Round, prog scoring.Progress, flash string, form templ.Component) (views.Scoresheet, error) {
	vctx := s.viewCtx(c)
	url := s.matchURL(c, match.ID)
	live := livePlayed(rounds)
	totals := scoring.Totals(len(match.Seats), kit.EngineRounds(live))
	sh := views.Scoresheet{Group: memberOf(c).nav(c), MatchURL: url, Game: g.Name(lang(c)), Deals: g.Profile().Deals, Totals: totals,
		Leaders: make([]bool, len(totals)), Finished: prog.Finished, Flash: flash,
		Rules: kit.DescribeRules(g, match.Rules, lang(c)), Version: store.SheetVersion(match, rounds),
		Names: make([]string, 0, len(match.Seats)), Rounds: make([]views.RoundRow, 0, len(rounds))}
	for _, st := range match.Seats {
		sh.Names = append(sh.Names, st.Name)
	}
	for _, i := range prog.Leaders() {
		sh.Leaders[i] = true
	}
	sh.GroupURL = pathTo(c, routeGroup, memberOf(c).group.Slug)
	sh.EventsURL = pathTo(c, routeMatchEvents, memberOf(c).group.Slug, match.ID)
	sh.Colours = kit.Colours(match.Seats)
	sh.Board = board(sh.Names, sh.Colours, totals, prog, leftSeats(match))
	if prog.Finished {
		if match.FinishedAt == nil { // read before the save that ended it, just now
			match.FinishedAt = endedAt(rounds)
		}
		sh.Result = ranking(sh.Board)
		sh.PlayFacts, sh.BGStatsLink = s.playFacts(vctx, memberOf(c).group, match, g, prog, live)
		sh.RematchURL = fmt.Sprintf("%s?game=%s&again=%d", pathTo(c, routeNewMatch, memberOf(c).group.Slug), g.ID(), match.ID)
	}
	result := ""
	if prog.Finished {
		result = matchResult(g, match.Play.Result, totals)
		if r := result; r != "" { // won or lost together, no winner
			sh.Outcome, prog.Winners = resultText(vctx, r, len(totals)), nil
			for i := range sh.Leaders {
				sh.Leaders[i] = false
			}
			for i := range sh.Result {
				sh.Result[i].Rank = 0
			}
			for i := range sh.Board {
				sh.Board[i].Rank = 0
			}
		}
	}
	sh.Places = placesOnly(g, playedNoScores(match, live))
	switch {
	case sh.Places: // the places as typed or imported, never the players beaten
		sh.Shown = placeTexts(prog.Places, result)
	case finalOnly(live) && len(match.Play.Scores) == len(match.Seats): // a play's scores as it held them
		sh.Shown = make([]string, len(match.Play.Scores))
		for i, v := range match.Play.Scores {
			sh.Shown[i] = views.ScoreText(lang(c), v)
		}
	}
	var w []string
	for _, i := range prog.Winners {
		w = append(w, sh.Names[i])
	}
	sh.Winners, sh.Tie = strings.Join(w, ", "), len(w) > 1
	n := 0
	var lastLive int64
	final := finalOnly(live) // BG Stats' final scores: nothing to correct or undo
	for _, r := range rounds {
		row := views.RoundRow{ID: r.ID, Points: r.Points, Undone: r.Undone(), Edited: r.Version > 1 && !r.Undone()}
		switch {
		case sh.Places && r.Undone():
			row.Shown = roundPlaces(r.Points)
		case final || sh.Places:
			row.Shown = sh.Shown
		}
		if !r.Undone() {
			n++
			row.Label = roundLabel(vctx, g, match, live, n)
			row.Away = scoring.Away(match.AwayFrom(), n)
			row.Main, row.Sub = splitLabel(row.Label)
			if !final {
				lastLive, sh.UndoLabel = r.ID, row.Main
				row.Num = strconv.Itoa(n)
			}
		} else {
			row.Label = roundLabel(vctx, g, match, live, r.Number)
			row.Main, row.Sub = splitLabel(row.Label)
			if !final {
				row.Num = strconv.Itoa(r.Number)
			}
			row.Sub = strings.TrimPrefix(row.Sub+" · ", " · ") + views.T(vctx, "match.undone")
			row.Label += " · " + views.T(vctx, "match.undone")
		}
		sh.Rounds = append(sh.Rounds, row)
	}
	roundLinks(sh.Rounds, roundPathOf(c, routeRoundHistory, match.ID), roundPathOf(c, routeRoundEdit, match.ID), !final)
	if lastLive != 0 {
		sh.UndoURL, sh.UndoRound = pathTo(c, routeMatchUndo, memberOf(c).group.Slug, match.ID), lastLive
	}
	if match.Rulings > 0 { // most matches have none: no query for them
		var err error
		if sh.Rulings, err = s.rulingLines(c, g, match.ID); err != nil {
			return sh, err
		}
	}
	if _, ok := g.(RefereePage); ok {
		sh.RefereeURL = pathTo(c, routeMatchReferee, memberOf(c).group.Slug, match.ID)
	}
	switch {
	case sh.Places: // no running totals of places
	case prog.Finished: // a finished match's page is kept: its chart is drawn in
		sh.Chart = s.sheetExtras(c, sh.Names, live.Points)
	case len(live.Points) > 0:
		sh.Chart = views.SheetChartLater(pathTo(c, routeMatchChart, memberOf(c).group.Slug, match.ID))
	}
	if memberOf(c).who.IsAdmin {
		sh.DeleteURL = pathTo(c, routeMatchDelete, memberOf(c).group.Slug, match.ID)
	}
	// A round is named as its game names it ("Deal 3", an express match's
	// "Round 9"), not by its place in the match.
	named := func(number int) string {
		main, _ := splitLabel(roundLabel(vctx, g, match, live, number))
		return main
	}
	if n > 0 { // for a phone typing the round another phone saved (the last one too, which ended the match)
		sh.SavedElsewhere = views.T(vctx, "match.savedelsewhere", "Label", named(n))
		sh.SavedBy = s.savedBy(c, match, rounds, named)
	}
	if saved, _ := c.Get("saved").(int); saved > 0 {
		sh.Saved = views.T(vctx, "match.saved", "Label", named(saved))
	} else if saved, _ := strconv.Atoi(c.QueryParam("saved")); saved > 0 && saved <= n {
		sh.Saved = views.T(vctx, "match.saved", "Label", named(saved))
	}
	sh.Comings = s.comings(c, match, n, prog.Finished)
	if !prog.Finished {
		sh.Info = g.Info(vctx, match, live, n+1)
		if form == nil {
			form = s.nextForm(c, g, match, live, n+1)
		}
	}
	sh.Form = form // a finished match has one only when a conflict offers what was typed as a correction
	cutRows(c, &sh)
	return sh, nil
}

// roundPath is a round's page of a match, its route built once by name
// with the round left out: the path before the round's id and after it.
type roundPath struct{ before, after string }

func roundPathOf(c echo.Context, route string, matchID int64) roundPath {
	before, after, _ := strings.Cut(pathTo(c, route, memberOf(c).group.Slug, matchID, "\x00"), "\x00")
	return roundPath{before, after}
}

func (p roundPath) append(b []byte, round int64) []byte {
	return append(strconv.AppendInt(append(b, p.before...), round, 10), p.after...)
}

// roundLinks fills in each round's history link, and its edit link when
// rounds may be edited and it is live, all cut from one string.
func roundLinks(rows []views.RoundRow, hist, edit roundPath, editable bool) {
	t := newTextCuts(len(rows)*(len(hist.before)+len(edit.before)+50), 2*len(rows))
	for _, r := range rows {
		t.b = hist.append(t.b, r.ID)
		t.cut()
		if editable && !r.Undone {
			t.b = edit.append(t.b, r.ID)
			t.cut()
		}
	}
	links := t.strings()
	for i := range rows {
		rows[i].HistURL, links = links[0], links[1:]
		if editable && !rows[i].Undone {
			rows[i].EditURL, links = links[0], links[1:]
		}
	}
}

// board is the scoreboard in seat order: places from the engine
// (scoring.Places, through Progress), the dealer where the game has one.
func board(names []string, colours []int, totals []int, prog scoring.Progress, left []bool) []views.BoardPlayer {
	out := make([]views.BoardPlayer, len(names))
	for i, n := range names {
		out[i] = views.BoardPlayer{Name: n, Seat: i, Colour: colours[i], Deals: !prog.Finished && prog.Dealer == i, Left: i < len(left) && left[i]}
		if i < len(totals) {
			out[i].Total = totals[i]
		}
		if i < len(prog.Places) {
			out[i].Rank = prog.Places[i]
		}
	}
	return out
}

// ranking is the board from first to last (seat order among equals).
func ranking(b []views.BoardPlayer) []views.BoardPlayer {
	out := append([]views.BoardPlayer(nil), b...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Rank < out[j].Rank })
	return out
}

// splitLabel parts a round label as the games write it, "Round 8 (10
// cards)", into what the row shows large ("Round 8") and small ("10 cards").
func splitLabel(label string) (main, sub string) {
	if i := strings.Index(label, " ("); i > 0 && strings.HasSuffix(label, ")") {
		return label[:i], label[i+2 : len(label)-1]
	}
	return label, ""
}

func (s *Server) roundCtx(c echo.Context, match store.Match, played Played, number int, version int) RoundCtx {
	return roundCtxFor(s.roundPost(c, match.ID, nil), match, played, number, version)
}

// deleteMatch marks a match deleted (admin only): it leaves the lists and
// the standings, and stays in the database and the export.
func (s *Server) deleteMatch(c echo.Context) error {
	m := memberOf(c)
	id, err := strconv.ParseInt(c.Param("match"), 10, 64)
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	// Phones watching it learn it is gone, and who deleted it (the live
	// hub, told by the store): they go to the group's page, which says so
	// (as this phone does).
	if err := s.store.DeleteMatch(c.Request().Context(), m.group.ID, id, m.who.Display); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, pathTo(c, routeGroup, m.group.Slug)+"?deletedby="+url.QueryEscape(m.who.Display))
}

// startRefusals are the new-match form's refusals as Start says them: the
// players' first, then the guests', then the game's options, each once.
func startRefusals(errs views.FieldErrors) []string {
	fields := make([]string, 0, len(errs))
	for f := range errs {
		fields = append(fields, f)
	}
	order := map[string]int{"players": 0, "guest": 1}
	sort.SliceStable(fields, func(i, j int) bool {
		oi, ok := order[fields[i]]
		if !ok {
			oi = 2
		}
		oj, ok := order[fields[j]]
		if !ok {
			oj = 2
		}
		return oi < oj || oi == oj && fields[i] < fields[j]
	})
	var out []string
	for _, f := range fields {
		if msg := errs[f]; msg != "" && !slices.Contains(out, msg) {
			out = append(out, msg)
		}
	}
	return out
}
