package handlers

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// postRound handles every post of the round form: a tap on the card picker
// redraws it (200); a save with bad input redraws it with the errors (422)
// and stores nothing; a valid save stores the round and shows the sheet
// (303 without JavaScript, the sheet swapped in with htmx).
//
// A save is decided inside its write transaction (store.ChangeRound, with
// planRound), on the match as it then stands: no other phone's write comes
// between what the form is checked against and what is stored. A tap on
// the picker writes nothing and reads the match as any page does.
func (s *Server) postRound(c echo.Context) error {
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	id, g, err := s.matchGame(c)
	if err != nil {
		return err
	}
	p := s.roundPost(c, id, form)
	match, saved, rounds, plan, err := s.changeRound(c, id, g, p, form.Get("submitKey"))
	switch {
	case err != nil && plan.kind == planWrite && (errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrInvalid)):
		// The store's own check, on the rounds the plan was given: a round another phone saved.
		return s.roundConflict(c, g, match, rounds, progress(g, match, livePlayed(rounds)), plan.number, form)
	case err != nil:
		return err
	case plan.err != nil:
		return plan.err
	}
	switch plan.kind {
	case planNone: // a repeated post: answered with the round it saved
		_, n, _ := roundByID(rounds, saved.ID)
		plan.number, plan.prog = n, progress(g, match, livePlayed(rounds))
	case planRefused, planRedraw: // the lines sent for the round still shown, the member's own first
		return s.formAnswer(c, plan.status(), match, g, rounds, plan.prog, s.withLines(c, g, match, rounds, plan.form))
	case planConflict:
		return s.conflictAnswer(c, g, match, rounds, plan, form)
	}
	// Unchanged since this phone's form saved it (here, or by a repeated
	// post): the sheet's "saved by" names this member without a query.
	if saved.Version == 1 {
		c.Set(lastAuthorKey, lastAuthor{round: saved.ID, name: p.author})
	}
	if ownMatch(c) != match.ID {
		markOwnMatch(c, match.ID)
	}
	return s.savedAnswer(c, match, g, rounds, plan)
}

// changeRound carries out p on match id: a save, a correction or an undo
// inside its write transaction, the plan deciding on the match as it then
// stands; a tap on the card picker on the match as a page reads it, with
// nothing written. It returns the match and its rounds as they now stand,
// the round written (or the one a repeated post saved: plan.kind is then
// planNone) and what the plan decided.
func (s *Server) changeRound(c echo.Context, id int64, g Game, p roundPost, key string) (store.Match, store.Round, []store.Round, roundPlan, error) {
	ctx, group := c.Request().Context(), memberOf(c).group
	if !p.undo && !kit.Saving(p.form) {
		match, rounds, err := s.store.MatchSheet(ctx, group.ID, id)
		if err != nil {
			return match, store.Round{}, nil, roundPlan{}, err
		}
		plan := planRound(g, match, rounds, p)
		if plan.kind == planWrite { // a game that saves without the Save button: not a form of ours
			plan.err = echo.NewHTTPError(http.StatusBadRequest)
		}
		s.gameIDs.check(group.ID, id, plan.err)
		return match, store.Round{}, rounds, plan, nil
	}
	var plan roundPlan
	match, saved, rounds, err := s.store.ChangeRound(ctx, group, id, key, func(m store.Match, rounds []store.Round) store.RoundWrite {
		plan = planRound(g, m, rounds, p)
		return plan.write
	})
	s.gameIDs.check(group.ID, id, cmp.Or(err, plan.err))
	return match, saved, rounds, plan, err
}

// matchGame is the match the URL names and its game, resolved before the
// match's write: the write's plan is handed the game, and reads nothing
// outside its transaction. A match's game never changes, so its id is kept
// once read (gameIDs); the plan checks it against the match it is given.
// 404 for a match the member's group does not have.
func (s *Server) matchGame(c echo.Context) (int64, Game, error) {
	id, err := strconv.ParseInt(c.Param("match"), 10, 64)
	if err != nil {
		return 0, nil, echo.NewHTTPError(http.StatusNotFound)
	}
	group := memberOf(c).group.ID
	name, ok := s.gameIDs.get(group, id)
	if !ok {
		if name, err = s.store.MatchGame(c.Request().Context(), group, id); err != nil {
			return 0, nil, err
		}
		s.gameIDs.put(group, id, name)
	}
	g, err := s.gameParam(c, name)
	return id, g, err
}

// roundPost reads what the plan needs of a post to match id: the form, who
// posts it and what its answer is drawn with.
func (s *Server) roundPost(c echo.Context, id int64, form url.Values) roundPost {
	return roundPost{form: form, env: s.viewCtx(c), url: s.matchURL(c, id), links: s.formLinks(c, id), key: submitKey(c), author: memberOf(c).who.Display, player: memberOf(c).who.PlayerID}
}

// formLinks is where the round forms of the match of id post.
func (s *Server) formLinks(c echo.Context, id int64) formLinks {
	e, slug := c.Echo(), memberOf(c).group.Slug
	return formLinks{rounds: pathTo(c, routeRounds, slug, id),
		round: func(round int64) string { return e.Reverse(routeRound, slug, id, round) }}
}

// status is the status of a form drawn again.
func (p roundPlan) status() int {
	if p.kind == planRefused {
		return http.StatusUnprocessableEntity
	}
	return http.StatusOK
}

// conflictAnswer says how the match moved on since the form was drawn, on
// the match as it now stands, keeping what this phone typed.
func (s *Server) conflictAnswer(c echo.Context, g Game, match store.Match, rounds []store.Round, plan roundPlan, form url.Values) error {
	switch plan.why {
	case matchFinished:
		tellConflict(c, plan.why.reason())
		return s.sheetAnswerAt(c, http.StatusConflict, match, g, rounds, plan.prog, views.T(s.viewCtx(c), "match.alreadyfinished"), nil)
	case seatsChanged:
		tellConflict(c, plan.why.reason())
		return s.sheetAnswerAt(c, http.StatusConflict, match, g, rounds, plan.prog, views.T(s.viewCtx(c), "comego.seatschanged"), nil)
	case undoneMeanwhile:
		return s.typedAfterUndo(c, match, g, rounds, plan.prog, form)
	case editedMeanwhile:
		return s.editConflict(c, g, match, rounds, form)
	case notLast:
		tellConflict(c, plan.why.reason())
		return fmt.Errorf("handlers: undo: %w", store.ErrConflict)
	case finalOnlyUndo:
		tellConflict(c, plan.why.reason())
		return echo.NewHTTPError(http.StatusConflict)
	}
	return s.roundConflict(c, g, match, rounds, plan.prog, plan.number, form) // savedFirst
}

// roundConflict answers a save that lost the race: another phone saved this
// round first. It shows what that phone saved (match and rounds as they now
// stand), and offers this player's values as a correction of that round (a
// recorded edit at the version just read) or to keep the other phone's
// values (cancel).
func (s *Server) roundConflict(c echo.Context, g Game, match store.Match, rounds []store.Round, prog scoring.Progress, number int, form url.Values) error {
	var saved store.Round
	n := 0
	for _, r := range rounds {
		if !r.Undone() {
			if n++; n == number {
				saved = r
			}
		}
	}
	if saved.ID == 0 { // the other write was an undo: what was typed becomes the next round
		return s.typedAfterUndo(c, match, g, rounds, prog, form)
	}
	tellConflict(c, savedFirst.reason())
	ec := editCtxFor(g, s.roundPost(c, match.ID, nil), match, livePlayed(rounds), saved, number)
	_, redraw, _, err := readRound(g, ec.RoundCtx, withoutOp(form))
	if err != nil {
		return err
	}
	main, _ := splitLabel(ec.label) // "round 4", as the other sentences name it, not "Round 4 (6 cards)"
	msg := views.T(ec.Ctx, "round.conflict.here", "Round", inSentence(main), "Points", pointsLine(match, saved.Points))
	return s.sheetAnswerAt(c, http.StatusConflict, match, g, rounds, prog, msg, redraw)
}

// pointsLine writes a round's points by name: "Ana 0, Ben 12".
func pointsLine(match store.Match, points []int) string {
	var b strings.Builder // every answer to a save says it ("saved by"): no fmt
	for seat, p := range points {
		if seat < len(match.Seats) {
			if b.Len() > 0 {
				b.WriteString(", ")
			}
			b.WriteString(match.Seats[seat].Name)
			b.WriteByte(' ')
			b.WriteString(strconv.Itoa(p))
		}
	}
	return b.String()
}

// typedAfterUndo answers a save or a correction that met an undo of its
// round on another phone: on the match as it now stands (match, rounds),
// what this phone typed is offered as the round that now comes next, so
// nothing is lost.
func (s *Server) typedAfterUndo(c echo.Context, match store.Match, g Game, rounds []store.Round, prog scoring.Progress, form url.Values) error {
	tellConflict(c, undoneMeanwhile.reason())
	live := livePlayed(rounds)
	msg := views.T(s.viewCtx(c), "round.undonemeanwhile")
	if prog.Finished {
		return s.sheetAnswerAt(c, http.StatusConflict, match, g, rounds, prog, msg, nil)
	}
	rc := s.roundCtx(c, match, live, len(live.Points)+1, 0)
	_, redraw, _, err := readRound(g, rc, withoutOp(form))
	if err != nil {
		return err
	}
	if c.Param("round") == "" { // posted from the scoresheet: its #sheet is swapped
		return s.sheetAnswerAt(c, http.StatusConflict, match, g, rounds, prog, msg, redraw)
	}
	// Posted from the correction page, which has no #sheet: the whole page
	// becomes the scoresheet, at its own address.
	sh, err := s.sheetModelAt(c, match, g, rounds, prog, msg, redraw)
	if err != nil {
		return err
	}
	if isHTMX(c) {
		swapMain(c)
		c.Response().Header().Set("HX-Push-Url", s.matchURL(c, match.ID))
	}
	return s.render(c, http.StatusConflict, views.ScoresheetPage(sh))
}

// swapMain makes htmx put the answer's <main> in place of the page's, for an
// answer (a message and a form) that the form's own swap would cut short.
func swapMain(c echo.Context) {
	h := c.Response().Header()
	h.Set("HX-Retarget", "main")
	h.Set("HX-Reselect", "main")
	h.Set("HX-Reswap", "outerHTML")
}

func withoutOp(form url.Values) url.Values {
	out := url.Values{}
	for k, v := range form {
		if k != "op" {
			out[k] = v
		}
	}
	return out
}

// savedAnswer sends the player back to the scoresheet after a save.
// It says which round was saved ("Round 4 saved") on the scoreboard.
func (s *Server) savedAnswer(c echo.Context, match store.Match, g Game, rounds []store.Round, plan roundPlan) error {
	url := s.matchURL(c, match.ID)
	if isHTMX(c) {
		c.Response().Header().Set("HX-Push-Url", url)
		c.Set("saved", plan.number)
		return s.sheetAnswerAt(c, http.StatusOK, match, g, rounds, plan.prog, "", nil)
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("%s?saved=%d", url, plan.number))
}

// sheetAnswer renders the scoresheet (callers pass the match and rounds as
// just read); with htmx it replaces #sheet.
func (s *Server) sheetAnswer(c echo.Context, status int, match store.Match, g Game, rounds []store.Round, flash string, form templComponent) error {
	return s.sheetAnswerAt(c, status, match, g, rounds, progress(g, match, livePlayed(rounds)), flash, form)
}

// sheetAnswerAt is sheetAnswer on where the match stands, known already.
func (s *Server) sheetAnswerAt(c echo.Context, status int, match store.Match, g Game, rounds []store.Round, prog scoring.Progress, flash string, form templComponent) error {
	if isHTMX(c) {
		h := c.Response().Header()
		h.Set("HX-Retarget", "#sheet")
		h.Set("HX-Reselect", "#sheet")
		h.Set("HX-Reswap", "outerHTML")
	}
	sh, err := s.sheetModelAt(c, match, g, rounds, prog, flash, form)
	if err != nil {
		return err
	}
	return s.render(c, status, s.sheetView(c, sh))
}

// formAnswer redraws the round form: htmx (which swaps #round-form) gets the
// form alone, at every tap on the card picker; a browser without JavaScript
// gets the whole scoresheet around it.
func (s *Server) formAnswer(c echo.Context, status int, match store.Match, g Game, rounds []store.Round, prog scoring.Progress, form templComponent) error {
	if isHTMX(c) {
		return s.render(c, status, form)
	}
	sh, err := s.sheetModelAt(c, match, g, rounds, prog, "", form)
	if err != nil {
		return err
	}
	return s.render(c, status, views.ScoresheetPage(sh))
}

// sheetView is the whole page, or for htmx only the part it swaps.
func (s *Server) sheetView(c echo.Context, sh views.Scoresheet) templComponent {
	if isHTMX(c) {
		sh.MenuOOB = true
		return views.Sheet(sh)
	}
	return views.ScoresheetPage(sh)
}

func (s *Server) editRound(c echo.Context) error {
	match, g, rounds, err := s.loadMatch(c)
	if err != nil {
		return err
	}
	id, _ := strconv.ParseInt(c.Param("round"), 10, 64)
	r, n, ok := roundByID(rounds, id)
	if !ok || r.Undone() || finalOnly(livePlayed(rounds)) { // final scores from BG Stats are not a game round
		return echo.NewHTTPError(http.StatusNotFound)
	}
	ec := editCtxFor(g, s.roundPost(c, match.ID, nil), match, livePlayed(rounds), r, n)
	return s.render(c, http.StatusOK, views.EditRoundPage(memberOf(c).nav(c), ec.title, g.RoundForm(ec.RoundCtx, r.Entry)))
}

// postEdit handles a post of a correction's form as postRound does a new
// round's: decided inside the write, on the rounds before it as they then
// stand (Take Five's phase follows the earlier winners), at the version the
// form was drawn at.
func (s *Server) postEdit(c echo.Context) error {
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	id, g, err := s.matchGame(c)
	if err != nil {
		return err
	}
	p := s.roundPost(c, id, form)
	if p.round, err = strconv.ParseInt(c.Param("round"), 10, 64); err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	match, _, rounds, plan, err := s.changeRound(c, id, g, p, "")
	switch {
	case errors.Is(err, store.ErrNotFound) && plan.kind == planWrite: // the store's own check: undone meanwhile
		return s.typedAfterUndo(c, match, g, rounds, progress(g, match, livePlayed(rounds)), form)
	case err != nil:
		return err
	case plan.err != nil:
		return plan.err
	}
	switch plan.kind {
	case planRefused, planRedraw:
		return s.render(c, plan.status(), views.EditRoundPage(memberOf(c).nav(c), plan.title, plan.form))
	case planConflict:
		return s.conflictAnswer(c, g, match, rounds, plan, form)
	}
	return seeOther(c, p.url)
}

// editConflict answers a correction that another phone's correction of the
// same round came before: the values as they now stand (with their
// version), ours kept in the form, so that saving again replaces exactly
// what was shown.
func (s *Server) editConflict(c echo.Context, g Game, match store.Match, rounds []store.Round, form url.Values) error {
	id, _ := strconv.ParseInt(c.Param("round"), 10, 64)
	cur, n, _ := roundByID(rounds, id)
	ec := editCtxFor(g, s.roundPost(c, match.ID, form), match, livePlayed(rounds), cur, n)
	_, redraw, _, err := readRound(g, ec.RoundCtx, withoutOp(form))
	if err != nil {
		return err
	}
	tellConflict(c, editedMeanwhile.reason())
	msg := views.T(ec.Ctx, "round.editconflict.here", "Points", pointsLine(match, cur.Points))
	page := views.EditRoundPage(memberOf(c).nav(c), ec.title, views.FormThenAlert(redraw, msg))
	if isHTMX(c) { // the message sits under the form, next to Save, outside what the form swaps
		swapMain(c)
	}
	return s.render(c, http.StatusConflict, page)
}

// seeOther ends a successful post: a 303 for a plain form, a client-side
// redirect for htmx (which would otherwise swap the next page into the form).
func seeOther(c echo.Context, url string) error {
	if isHTMX(c) {
		c.Response().Header().Set("HX-Redirect", url)
		return c.NoContent(http.StatusOK)
	}
	return c.Redirect(http.StatusSeeOther, url)
}

// undoRound undoes the match's last round, decided inside the write as a
// save is: only the round the phone saw last is undone (two phones cannot
// undo two rounds by accident).
func (s *Server) undoRound(c echo.Context) error {
	id, g, err := s.matchGame(c)
	if err != nil {
		return err
	}
	p := roundPost{url: s.matchURL(c, id), links: s.formLinks(c, id), author: memberOf(c).who.Display, undo: true}
	if p.round, err = strconv.ParseInt(c.FormValue("round"), 10, 64); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	match, _, rounds, plan, err := s.changeRound(c, id, g, p, "")
	switch {
	case err != nil:
		return err
	case plan.err != nil:
		return plan.err
	case plan.kind == planConflict:
		return s.conflictAnswer(c, g, match, rounds, plan, nil)
	}
	return c.Redirect(http.StatusSeeOther, p.url)
}

func (s *Server) roundHistory(c echo.Context) error {
	match, g, rounds, err := s.loadMatch(c)
	if err != nil {
		return err
	}
	id, _ := strconv.ParseInt(c.Param("round"), 10, 64)
	r, n, ok := roundByID(rounds, id)
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	revs, err := s.store.History(c.Request().Context(), r.ID)
	if err != nil {
		return err
	}
	vctx := s.viewCtx(c)
	page := views.HistoryPage{Group: memberOf(c).nav(c), MatchURL: s.matchURL(c, match.ID), Label: roundLabel(vctx, g, match, livePlayed(rounds), n)}
	for _, st := range match.Seats {
		page.Names = append(page.Names, st.Name)
	}
	places := placesOnly(g, playedNoScores(match, livePlayed(rounds))) // as the sheet writes them
	var before []int
	for _, rv := range revs {
		changed := make([]bool, len(rv.Points))
		for i, p := range rv.Points {
			changed[i] = before != nil && (i >= len(before) || before[i] != p)
		}
		before = rv.Points
		shown := roundPlaces(rv.Points)
		if !places {
			shown = make([]string, len(rv.Points))
			for i, p := range rv.Points {
				shown[i] = views.Itoa(p)
			}
		}
		page.Items = append(page.Items, views.HistoryItem{Kind: views.T(vctx, "history."+rv.Kind), Author: rv.Author,
			At: views.HumanTime(s.local(rv.At), lang(c)), When: rv.At.Format(time.RFC3339), Shown: shown, Changed: changed, Detail: roundDetail(vctx, g, seatedMatch(match, n), rv.Entry)})
	}
	lines, err := s.store.RoundLines(c.Request().Context(), r.ID)
	if err != nil {
		return err
	}
	for _, l := range lines { // who sent what (issue 37)
		if l.Seat < len(match.Seats) {
			page.Lines = append(page.Lines, views.T(vctx, "line.sentby", "Name", match.Seats[l.Seat].Name, "By", l.Author, "Line", lineSaid(vctx, g, parseLine(l.Fields))))
		}
	}
	return s.render(c, http.StatusOK, views.History(page))
}

// backToMatch answers a GET of the address a round form posts to: a phone
// that posted without JavaScript stands there, and a reload (or the live
// refresh) must find the scoresheet, not "not found".
func (s *Server) backToMatch(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("match"), 10, 64)
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	return c.Redirect(http.StatusSeeOther, s.matchURL(c, id))
}
