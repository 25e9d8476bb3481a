package handlers

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// postRound handles every post of the round form: a tap on the card picker
// redraws it (200); a save with bad input redraws it with the errors (422)
// and stores nothing; a valid save stores the round and shows the sheet
// (303 without JavaScript, the sheet swapped in with htmx).
//
// A save is decided inside its write transaction (store.SaveRound), on the
// match as it then stands: no other phone's write comes between what the
// form is checked against and what is stored. A tap on the picker writes
// nothing and reads the match as any page does.
func (s *Server) postRound(c echo.Context) error {
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	if !kit.Saving(form) {
		return s.redrawRound(c, form)
	}
	id, err := strconv.ParseInt(c.Param("match"), 10, 64)
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	var own Game // a group's own game, read before the transaction (below)
	var p roundPlan
	decide := func(match store.Match, rounds []store.Round) (store.RoundWrite, error) {
		g, ok := s.byID[match.Game]
		if !ok && own != nil && own.ID() == match.Game {
			g, ok = own, true
		}
		if !ok {
			return store.RoundWrite{}, errOwnGame
		}
		p = s.planRound(c, g, match, rounds, form)
		if p.err != nil || p.write == nil {
			return store.RoundWrite{}, cmp.Or(p.err, store.ErrNoWrite)
		}
		return *p.write, nil
	}
	ctx, group := c.Request().Context(), memberOf(c).group
	match, saved, rounds, err := s.store.SaveRound(ctx, group, id, decide)
	if errors.Is(err, errOwnGame) {
		// A group's own games are read from the pool, which a plan inside a
		// write transaction must not wait for (it holds a connection of it
		// on PostgreSQL): read first, then the save is decided again.
		if own, err = s.gameParam(c, match.Game); err != nil {
			return err
		}
		match, saved, rounds, err = s.store.SaveRound(ctx, group, id, decide)
	}
	switch {
	case errors.Is(err, store.ErrNoWrite):
		return p.answer()
	case p.write != nil && (errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrInvalid)):
		return s.roundConflict(c, p.g, p.write.Number, form) // a round another phone saved first
	case err != nil:
		return err
	}
	s.announce(match.ID, rounds) // rounds as they stand after the write
	// Unchanged since this phone's form saved it (here, or by a repeated
	// post): the sheet's "saved by" names this member without a query.
	if saved.Version == 1 {
		c.Set(lastAuthorKey, lastAuthor{round: saved.ID, name: p.write.Author})
	}
	return s.savedAnswer(c, match, p.g, rounds, p.write.Number)
}

// errOwnGame is a plan's answer for a match of one of the group's own games
// that postRound has not read yet.
var errOwnGame = errors.New("handlers: the group's own game is not read yet")

// redrawRound answers a post of the round form that does not save (a tap on
// the card picker): the form drawn again, nothing written.
func (s *Server) redrawRound(c echo.Context, form url.Values) error {
	match, g, rounds, err := s.loadMatch(c)
	if err != nil {
		return err
	}
	p := s.planRound(c, g, match, rounds, form)
	switch {
	case p.err != nil:
		return p.err
	case p.answer == nil: // a game that saves without the Save button: not a form of ours
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	return p.answer()
}

// roundPlan is what a post of the round form calls for, decided on the
// match as it stands: a round to write, or an answer without one.
type roundPlan struct {
	g      Game
	write  *store.RoundWrite // nil: nothing to write, answer says why
	answer func() error
	err    error // a failure that is not about the input
}

// planRound decides what a post of the round form calls for on match and
// its rounds. It writes nothing and answers nothing: as a save's plan it
// may run inside another request's write transaction (a shared commit),
// and more than once (PostgreSQL tries a transaction that lost a race
// again); the answer is sent once the transaction has ended.
func (s *Server) planRound(c echo.Context, g Game, match store.Match, rounds []store.Round, form url.Values) roundPlan {
	p := roundPlan{g: g}
	live := livePlayed(rounds)
	// The form says which round it was drawn for: if another phone saved that
	// round meanwhile, this is a conflict, not the next round.
	number := roundOfKey(form.Get("submitKey"), len(live.Points)+1)
	if number > len(live.Points) && progress(g, match, live).Finished {
		// Drawn for a round the match will not have. (A round that another
		// phone's save of it ended goes on: a conflict, what was typed kept.)
		p.answer = func() error {
			return s.sheetAnswer(c, http.StatusConflict, match, g, rounds, views.T(s.viewCtx(c), "match.alreadyfinished"), nil)
		}
		return p
	}
	if number > len(live.Points)+1 { // drawn for a round that no longer comes next (an undo)
		p.answer = func() error { return s.roundConflict(c, g, number, form) }
		return p
	}
	rc := s.roundCtx(c, match, live, number, 0)
	if key := form.Get("submitKey"); key != "" && keyTag(key) != seatsTag(rc.Seated) { // drawn before a player left or came back
		p.answer = func() error {
			return s.sheetAnswer(c, http.StatusConflict, match, g, rounds, views.T(s.viewCtx(c), "comego.seatschanged"), nil)
		}
		return p
	}
	rc.SubmitKey = form.Get("submitKey")
	save, redraw, invalid, err := readRound(g, rc, form)
	switch {
	case err != nil:
		p.err = err
	case save == nil:
		status := http.StatusOK
		if invalid {
			status = http.StatusUnprocessableEntity
		}
		p.answer = func() error { return s.formAnswer(c, status, match, g, rounds, redraw) }
	default:
		p.write = &store.RoundWrite{Number: number, Entry: save.Entry, Points: save.Points, SubmitKey: rc.SubmitKey,
			Author: memberOf(c).who.Display, Decide: decider(g, match)}
	}
	return p
}

// decider lets the store ask the game whether the match is over, on the
// rounds as they stand inside the write transaction.
func decider(g Game, match store.Match) func([]json.RawMessage, [][]int) bool {
	return func(entries []json.RawMessage, points [][]int) bool {
		return progress(g, match, Played{Entries: entries, Points: points}).Finished
	}
}

// roundOfKey reads the round number a form was drawn for from its submit key
// ("<number>.<random>"); a form without one is for the next round.
func roundOfKey(key string, next int) int {
	n, _, ok := strings.Cut(key, ".")
	if !ok {
		return next
	}
	if v, err := strconv.Atoi(n); err == nil && v >= 1 {
		return v
	}
	return next
}

// roundConflict answers a save that lost the race: another phone saved this
// round first. It shows what that phone saved, and offers this player's values
// as a correction of that round (a recorded edit at the version just read)
// or to keep the other phone's values (cancel).
func (s *Server) roundConflict(c echo.Context, g Game, number int, form url.Values) error {
	match, _, rounds, err := s.loadMatch(c)
	if err != nil {
		return err
	}
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
		return s.typedAfterUndo(c, match, g, rounds, form)
	}
	ec := s.editCtx(c, g, match, livePlayed(rounds), saved, number)
	_, redraw, _, err := readRound(g, ec.RoundCtx, withoutOp(form))
	if err != nil {
		return err
	}
	main, _ := splitLabel(ec.label) // "round 4", as the other sentences name it, not "Round 4 (6 cards)"
	msg := views.T(ec.Ctx, "round.conflict.here", "Round", inSentence(main), "Points", pointsLine(match, saved.Points))
	return s.sheetAnswer(c, http.StatusConflict, match, g, rounds, msg, redraw)
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
// round on another phone: the match is read again, and what this phone
// typed is offered as the round that now comes next, so nothing is lost.
func (s *Server) typedAfterUndo(c echo.Context, match store.Match, g Game, rounds []store.Round, form url.Values) error {
	rounds, err := s.store.Rounds(c.Request().Context(), match.ID)
	if err != nil {
		return err
	}
	live := livePlayed(rounds)
	msg := views.T(s.viewCtx(c), "round.undonemeanwhile")
	if progress(g, match, live).Finished {
		return s.sheetAnswer(c, http.StatusConflict, match, g, rounds, msg, nil)
	}
	rc := s.roundCtx(c, match, live, len(live.Points)+1, 0)
	_, redraw, _, err := readRound(g, rc, withoutOp(form))
	if err != nil {
		return err
	}
	if c.Param("round") == "" { // posted from the scoresheet: its #sheet is swapped
		return s.sheetAnswer(c, http.StatusConflict, match, g, rounds, msg, redraw)
	}
	// Posted from the correction page, which has no #sheet: the whole page
	// becomes the scoresheet, at its own address.
	sh, err := s.sheetModel(c, match, g, rounds, msg, redraw)
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
func (s *Server) savedAnswer(c echo.Context, match store.Match, g Game, rounds []store.Round, number int) error {
	url := s.matchURL(c, match.ID)
	if isHTMX(c) {
		c.Response().Header().Set("HX-Push-Url", url)
		c.Set("saved", number)
		return s.sheetAnswer(c, http.StatusOK, match, g, rounds, "", nil)
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("%s?saved=%d", url, number))
}

// sheetAnswer renders the scoresheet (callers pass the match and rounds as
// just read); with htmx it replaces #sheet.
func (s *Server) sheetAnswer(c echo.Context, status int, match store.Match, g Game, rounds []store.Round, flash string, form templComponent) error {
	if isHTMX(c) {
		h := c.Response().Header()
		h.Set("HX-Retarget", "#sheet")
		h.Set("HX-Reselect", "#sheet")
		h.Set("HX-Reswap", "outerHTML")
	}
	sh, err := s.sheetModel(c, match, g, rounds, flash, form)
	if err != nil {
		return err
	}
	return s.render(c, status, s.sheetView(c, sh))
}

// formAnswer redraws the round form: htmx (which swaps #round-form) gets the
// form alone, at every tap on the card picker; a browser without JavaScript
// gets the whole scoresheet around it.
func (s *Server) formAnswer(c echo.Context, status int, match store.Match, g Game, rounds []store.Round, form templComponent) error {
	if isHTMX(c) {
		return s.render(c, status, form)
	}
	sh, err := s.sheetModel(c, match, g, rounds, "", form)
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

// liveRound finds the round named in the URL among the match's live rounds
// and returns it with its position.
func liveRound(c echo.Context, rounds []store.Round) (store.Round, int, error) {
	id, err := strconv.ParseInt(c.Param("round"), 10, 64)
	if err != nil {
		return store.Round{}, 0, echo.NewHTTPError(http.StatusNotFound)
	}
	n := 0
	for _, r := range rounds {
		if r.Undone() {
			if r.ID == id {
				return r, r.Number, nil
			}
			continue
		}
		n++
		if r.ID == id {
			return r, n, nil
		}
	}
	return store.Round{}, 0, echo.NewHTTPError(http.StatusNotFound)
}

func (s *Server) editRound(c echo.Context) error {
	match, g, rounds, err := s.loadMatch(c)
	if err != nil {
		return err
	}
	r, n, err := liveRound(c, rounds)
	if err != nil || r.Undone() || finalOnly(livePlayed(rounds)) { // final scores from BG Stats are not a game round
		return echo.NewHTTPError(http.StatusNotFound)
	}
	rc := s.editCtx(c, g, match, livePlayed(rounds), r, n)
	return s.render(c, http.StatusOK, views.EditRoundPage(memberOf(c).nav(c), rc.title, g.RoundForm(rc.RoundCtx, r.Entry)))
}

type editCtx struct {
	RoundCtx
	label, title string
}

func (s *Server) editCtx(c echo.Context, g Game, match store.Match, played Played, r store.Round, n int) editCtx {
	rc := s.roundCtx(c, match, played, n, r.Version)
	rc.Action = fmt.Sprintf("%s/rounds/%d", s.matchURL(c, match.ID), r.ID)
	rc.Cancel = s.matchURL(c, match.ID)
	label := g.RoundLabel(rc.Ctx, match, played, n)
	return editCtx{RoundCtx: rc, label: label, title: views.T(rc.Ctx, "round.correct", "Round", label)}
}

func (s *Server) postEdit(c echo.Context) error {
	match, g, rounds, err := s.loadMatch(c)
	if err != nil {
		return err
	}
	r, n, err := liveRound(c, rounds)
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	if r.Undone() { // undone on another phone before this correction arrived
		return s.typedAfterUndo(c, match, g, rounds, form)
	}
	if finalOnly(livePlayed(rounds)) { // final scores from BG Stats are not a game round
		return echo.NewHTTPError(http.StatusNotFound)
	}
	version, _ := strconv.Atoi(form.Get("version"))
	live := livePlayed(rounds)
	ec := s.editCtx(c, g, match, live, r, n)
	ec.Version = version
	save, redraw, invalid, err := readRound(g, ec.RoundCtx, form)
	if err != nil {
		return err
	}
	if save == nil {
		status := http.StatusOK
		if invalid {
			status = http.StatusUnprocessableEntity
		}
		return s.render(c, status, views.EditRoundPage(memberOf(c).nav(c), ec.title, redraw))
	}
	_, err = s.store.EditRound(c.Request().Context(), match.ID, r.ID, version, store.RoundWrite{Entry: save.Entry,
		Points: save.Points, Author: memberOf(c).who.Display, Decide: decider(g, match)})
	if errors.Is(err, store.ErrNotFound) { // undone meanwhile
		return s.typedAfterUndo(c, match, g, rounds, form)
	}
	if errors.Is(err, store.ErrConflict) {
		// Someone corrected it meanwhile: show the values as they now stand
		// (read again, with their version), and keep ours in the form, so
		// that saving again replaces exactly what was shown.
		cur, err := s.store.Round(c.Request().Context(), match.ID, r.ID)
		if err != nil {
			return err
		}
		if cur.Undone() {
			return s.typedAfterUndo(c, match, g, rounds, form)
		}
		ec.Version = cur.Version
		_, redraw, _, err := readRound(g, ec.RoundCtx, withoutOp(form))
		if err != nil {
			return err
		}
		msg := views.T(ec.Ctx, "round.editconflict.here", "Points", pointsLine(match, cur.Points))
		page := views.EditRoundPage(memberOf(c).nav(c), ec.title, views.FormThenAlert(redraw, msg))
		if isHTMX(c) { // the message sits under the form, next to Save, outside what the form swaps
			swapMain(c)
		}
		return s.render(c, http.StatusConflict, page)
	}
	if err != nil {
		return err
	}
	s.changed(c, match.ID)
	return seeOther(c, s.matchURL(c, match.ID))
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

func (s *Server) undoRound(c echo.Context) error {
	match, _, rounds, err := s.loadMatch(c)
	if err != nil {
		return err
	}
	if finalOnly(livePlayed(rounds)) { // a BG Stats match is its final scores: deleting it is the way back
		return echo.NewHTTPError(http.StatusConflict)
	}
	id, err := strconv.ParseInt(c.FormValue("round"), 10, 64)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	if err := s.store.UndoLastRound(c.Request().Context(), match.ID, id, memberOf(c).who.Display); err != nil {
		return err
	}
	s.changed(c, match.ID)
	return c.Redirect(http.StatusSeeOther, s.matchURL(c, match.ID))
}

func (s *Server) roundHistory(c echo.Context) error {
	match, g, rounds, err := s.loadMatch(c)
	if err != nil {
		return err
	}
	r, n, err := liveRound(c, rounds)
	if err != nil {
		return err
	}
	revs, err := s.store.History(c.Request().Context(), r.ID)
	if err != nil {
		return err
	}
	vctx := s.viewCtx(c)
	page := views.HistoryPage{Group: memberOf(c).nav(c), MatchURL: s.matchURL(c, match.ID), Label: g.RoundLabel(vctx, match, livePlayed(rounds), n)}
	for _, st := range match.Seats {
		page.Names = append(page.Names, st.Name)
	}
	var before []int
	for _, rv := range revs {
		changed := make([]bool, len(rv.Points))
		for i, p := range rv.Points {
			changed[i] = before != nil && (i >= len(before) || before[i] != p)
		}
		before = rv.Points
		page.Items = append(page.Items, views.HistoryItem{Kind: views.T(vctx, "history."+rv.Kind), Author: rv.Author,
			At: views.HumanTime(s.local(rv.At), lang(c)), When: rv.At.Format(time.RFC3339), Points: rv.Points, Changed: changed, Detail: g.Detail(vctx, seatedMatch(match, n), rv.Entry)})
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
