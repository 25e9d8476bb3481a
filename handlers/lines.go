package handlers

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// Each player enters their own line of the next round from their own phone
// (issue 37). A line is one row of the round form, as its game reads it
// (kit.Lines). Sending one is decided in one write transaction
// (store.SendLine), by planLine on the match as it then stands: the line
// alone is checked by the game's own check (its row's mistakes refuse it);
// a row whose line another member sent with other values is a conflict;
// otherwise it is stored, and when every seated player's line is in the
// lines are put together into one round form that goes through planRound
// as a keeper's Save does (one rule, one place).

// linePost is what was posted for a line: the round form, the row whose
// line is sent and who sends it.
type linePost struct {
	roundPost
	row    int   // the form's row
	sender int64 // the member's session
}

// lineKind is what a line comes to.
type lineKind int

const (
	lineStored   lineKind = iota // stored; the round waits for the other lines
	lineSaved                    // the last line: the round is saved
	lineRefused                  // the line alone cannot stand (422): nothing stored
	lineTable                    // stored, but the round the lines make cannot stand (422): its players named
	lineConflict                 // another member sent this row's line with other values (409): nothing stored
	lineStale                    // the form is for a round that does not come next (409): round.why says how
)

// linePlan is what a line comes to on the match as it stands.
type linePlan struct {
	kind  lineKind
	write store.LineWrite
	round roundPlan  // lineSaved: the round's write; lineTable: its refusal; lineStale: the conflict
	err   error      // lineRefused: the row's mistakes; lineTable: the round's; else a failure (404, 400)
	other store.Line // lineConflict: the line already in
	mine  url.Values // the line sent
}

// planLine decides what line p comes to on match and its rounds. Like
// planRound it reads and writes nothing.
func planLine(g Game, lg kit.Lines, match store.Match, rounds []store.Round, p linePost) linePlan {
	if match.Game != g.ID() {
		return linePlan{err: fmt.Errorf("handlers: match %d is of %q, not %q: %w", match.ID, match.Game, g.ID(), store.ErrNotFound)}
	}
	live := livePlayed(rounds)
	key := p.form.Get("submitKey")
	out := linePlan{round: roundPlan{number: roundOfKey(key, len(live.Points)+1), prog: progress(g, match, live)}}
	rc := roundCtxFor(p.roundPost, match, live, out.round.number, 0)
	switch {
	case out.round.prog.Finished:
		return out.stale(matchFinished)
	case out.round.number > len(live.Points)+1:
		return out.stale(undoneMeanwhile)
	case out.round.number <= len(live.Points):
		return out.stale(savedFirst)
	case keyTag(key) != seatsTag(rc.Seated):
		return out.stale(seatsChanged)
	case p.row < 0 || p.row >= len(rc.Match.Seats):
		out.err = echo.NewHTTPError(http.StatusBadRequest)
		return out
	}
	rc.SubmitKey = key
	out.mine = lg.Line(p.form, p.row)
	if err := lineMistakes(g, lg, rc, out.mine, p.row); err != nil {
		out.kind, out.err = lineRefused, err
		return out
	}
	seat := matchSeat(rc.Seated, p.row)
	line := store.Line{Number: out.round.number, Seat: seat, Fields: out.mine.Encode(), Sender: p.sender, Author: p.author}
	lines := pendingLines(match, out.round.number)
	if i := slices.IndexFunc(lines, func(l store.Line) bool { return l.Seat == seat }); i >= 0 {
		if o := lines[i]; o.Sender != p.sender && o.Fields != line.Fields {
			out.kind, out.other = lineConflict, o
			return out
		}
		lines = slices.Delete(slices.Clone(lines), i, i+1)
	}
	lines = append(lines, line)
	out.kind, out.write = lineStored, store.LineWrite{Store: true, Line: line}
	form, whole, contested := linesForm(lg, rc, lines, key, -1)
	if contested != nil { // stored, and refused whole already: the claimants change theirs
		out.kind, out.err = lineTable, contested
		return out
	}
	if !whole {
		return out
	}
	form.Set("op", "save")
	rp := planNew(g, match, rounds, roundPost{form: form, env: p.env, url: p.url, links: p.links, key: p.key, author: p.author})
	out.round = rp
	switch rp.kind {
	case planWrite:
		out.kind, out.write.Round = lineSaved, rp.write
	case planRefused:
		out.kind = lineTable
		post, _ := checkRound(g, rc, form)
		out.err = post.Err
	default:
		out.err = rp.err
		if out.err == nil {
			out.err = fmt.Errorf("handlers: the lines of round %d come to plan %d", out.round.number, rp.kind)
		}
	}
	return out
}

func (p linePlan) stale(why conflict) linePlan {
	p.kind, p.round = lineStale, p.round.conflict(why)
	return p
}

// lineForm is a round form holding one line, asked to save.
func lineForm(key string, line url.Values) url.Values {
	form := url.Values{"submitKey": {key}, "op": {"save"}}
	for k, v := range line {
		form[k] = v
	}
	return form
}

// lineMistakes is what the game refuses in row's line alone (rowMistakes);
// a winner's line (kit.WinnerLine) is the whole round, refused whole, and
// a line of a player who claims no win is not one.
func lineMistakes(g Game, lg kit.Lines, rc RoundCtx, line url.Values, row int) error {
	wl, whole := lg.(kit.WinnerLine)
	if whole && line == nil {
		return wl.NotWinnerLine(row)
	}
	return rowMistakes(g, rc, lineForm(rc.SubmitKey, line), row, whole)
}

// rowMistakes is what the game refuses in row's line alone: the mistakes
// of a round form holding only that line that are its player's (the other
// rows' blanks and the round's own checks wait for the whole table), or
// all of them when the line is the whole round (all).
func rowMistakes(g Game, rc RoundCtx, form url.Values, row int, all bool) error {
	post, _ := checkRound(g, rc, form)
	var mine []error
	for _, err := range kit.Mistakes(post.Err) {
		var ie *rulebook.InputError
		if !errors.As(err, &ie) {
			return err // not a refusal: the failure is said as such
		}
		if ie.Seat == row || all {
			mine = append(mine, err)
		}
	}
	return errors.Join(mine...)
}

// matchSeat is the match's seat of the form's row (seated: atRound's).
func matchSeat(seated []int, row int) int {
	if seated == nil || row < 0 || row >= len(seated) {
		return row
	}
	return seated[row]
}

// rowOf is the form's row of the match's seat, -1 when it does not play.
func rowOf(seated []int, seat int) int {
	if seated == nil {
		return seat
	}
	return slices.Index(seated, seat)
}

// pendingLines are the lines sent for round number of match.
func pendingLines(match store.Match, number int) []store.Line {
	var out []store.Line
	for _, l := range match.Lines {
		if l.Number == number {
			out = append(out, l)
		}
	}
	return out
}

// linesForm puts lines together into one round form for rc's round (the
// lines of seats that do not play it left out), and says whether every
// row's line is in, and what cannot stand in them however the rest reads:
// a field no row owns claimed by several lines (kit.Contested). The line of
// row first is put in first, so that of a field claimed twice its claim is
// the one the form shows (-1: in the order sent).
func linesForm(lg kit.Lines, rc RoundCtx, lines []store.Line, key string, first int) (url.Values, bool, error) {
	form := url.Values{"submitKey": {key}}
	byRow := map[int]url.Values{}
	var rows []int
	for _, l := range lines {
		row := rowOf(rc.Seated, l.Seat)
		if row < 0 || row >= len(rc.Match.Seats) {
			continue
		}
		vals, err := url.ParseQuery(l.Fields)
		if err != nil {
			continue
		}
		byRow[row] = lg.Line(vals, row) // only the row's own fields, whatever was stored
		rows = append(rows, row)
	}
	if i := slices.Index(rows, first); i > 0 {
		rows = append([]int{first}, slices.Delete(rows, i, i+1)...)
	}
	for _, row := range rows {
		for k, v := range byRow[row] {
			form[k] = append(form[k], v...)
		}
	}
	contested := kit.Contested(lg, byRow, seatNames(rc.Match))
	if _, one := lg.(kit.WinnerLine); one { // the winner's line is the round
		return form, len(rows) > 0, contested
	}
	return form, len(rows) == len(rc.Match.Seats) && len(rows) > 0, contested
}

// lineSaid is how line reads in a sentence (a history, a conflict): as
// its game says it (kit.LineReader), else its values as typed.
func lineSaid(ctx context.Context, g Game, line url.Values) string {
	if lr, ok := g.(kit.LineReader); ok {
		return lr.LineText(ctx, line)
	}
	return lineText(line)
}

// lineText is a line's values as typed, for a sentence ("12", "out").
func lineText(line url.Values) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(line)) {
		for _, v := range line[k] {
			if v = strings.TrimSpace(v); v != "" {
				parts = append(parts, v)
			}
		}
	}
	if len(parts) == 0 {
		return "–"
	}
	return strings.Join(parts, " ")
}

// postLine handles a line sent from a phone (POST …/lines): its form is
// the round form, the row whose line it is in "line". A browser without
// JavaScript is sent back to the scoresheet (303), which shows the lines
// in; htmx gets the round form redrawn, or the sheet when the line saved
// the round; a client asking for JSON gets what the line came to.
func (s *Server) postLine(c echo.Context) error {
	form, err := c.FormParams()
	if err != nil {
		return s.badLine(c, "body")
	}
	id, g, err := s.matchGame(c)
	if err != nil {
		return err
	}
	lg, ok := kit.LinesOf(g)
	if !ok { // a game whose round is not entered a line per player
		return echo.NewHTTPError(http.StatusNotFound)
	}
	row, err := strconv.Atoi(form.Get("line"))
	key := form.Get("submitKey")
	switch {
	case err != nil:
		return s.badLine(c, "line")
	case key == "":
		return s.badLine(c, "submitKey")
	}
	p := linePost{roundPost: s.roundPost(c, id, form), row: row, sender: memberOf(c).who.SessionID}
	sendKey := key + "/" + strconv.Itoa(row)
	if k := form.Get("key"); k != "" { // an API client's own key
		sendKey = k
	}
	var plan linePlan
	group := memberOf(c).group
	match, _, rounds, repeat, err := s.store.SendLine(c.Request().Context(), group, id, sendKey, func(m store.Match, rounds []store.Round) store.LineWrite {
		plan = planLine(g, lg, m, rounds, p)
		return plan.write
	})
	s.gameIDs.check(group.ID, id, err)
	switch {
	case err != nil && plan.kind == lineSaved && (errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrInvalid)):
		if wantsJSON(c) { // another phone saved the round first
			return s.lineJSON(c, g, match, rounds, p, plan.stale(savedFirst))
		}
		return s.roundConflict(c, g, match, rounds, progress(g, match, livePlayed(rounds)), plan.round.number, withoutOp(form))
	case plan.kind == lineStored && plan.err != nil && isBadRequest(plan.err): // a row the form does not have
		return s.badLine(c, "line")
	case err != nil:
		return err
	case repeat: // sent before: answered with the match as it now stands
		live := livePlayed(rounds)
		plan = linePlan{kind: lineStored, round: roundPlan{number: roundOfKey(key, len(live.Points)+1), prog: progress(g, match, live)}}
		if plan.round.number <= len(live.Points) {
			plan.kind = lineSaved
		}
	case plan.err != nil && plan.kind != lineRefused && plan.kind != lineTable:
		return plan.err
	}
	if wantsJSON(c) {
		return s.lineJSON(c, g, match, rounds, p, plan)
	}
	live := livePlayed(rounds)
	prog := plan.round.prog // the plan's, on these rounds: a line stored, refused or in conflict changes no round
	switch plan.kind {
	case lineSaved:
		return s.savedAnswer(c, match, g, rounds, plan.round)
	case lineStale:
		return s.conflictAnswer(c, g, match, rounds, plan.round, withoutOp(form))
	case lineStored:
		if !isHTMX(c) {
			return c.Redirect(http.StatusSeeOther, p.url)
		}
		return s.formAnswer(c, http.StatusOK, match, g, rounds, prog, s.nextForm(c, g, match, live, len(live.Points)+1))
	case lineTable: // stored: the form shows every line and what the round they make cannot be
		return s.formAnswer(c, http.StatusUnprocessableEntity, match, g, rounds, prog, s.nextForm(c, g, match, live, len(live.Points)+1))
	}
	// Refused or a conflict: nothing stored, the form as this phone posted
	// it, with its lines; what stopped the line is said next to it.
	rc := s.roundCtx(c, match, live, len(live.Points)+1, 0)
	rc.SubmitKey = key
	post := g.ReadRound(rc, withoutOp(form))
	lines := pendingLines(match, rc.Number)
	if plan.kind == lineRefused {
		lv := s.lineView(c, rc, lines, plan.err) // each of its player's mistakes next to the line; any other next to Save
		other := rulebook.All(slices.DeleteFunc(slices.Clone(kit.Mistakes(plan.err)), func(err error) bool { return seatOf(err, len(lv.Rows)) >= 0 }))
		return s.formAnswer(c, http.StatusUnprocessableEntity, match, g, rounds, prog,
			kit.WithLines(kit.WithRefusals(post.Form(plan.err), kit.Refusals(rc.Ctx, other, seatNames(rc.Match))), lv))
	}
	tellConflict(c, lineTaken)
	lv := s.lineView(c, rc, lines, nil)
	lv.Rows[p.row].Error = views.T(rc.Ctx, "line.conflict", "Name", rc.Match.Seats[p.row].Name, "By", plan.other.Author,
		"Theirs", lineSaid(rc.Ctx, g, parseLine(plan.other.Fields)), "Yours", lineSaid(rc.Ctx, g, plan.mine))
	return s.formAnswer(c, http.StatusConflict, match, g, rounds, prog, kit.WithLines(post.Form(nil), lv))
}

// isBadRequest reports whether err is a 400 of the plan's (a row off the form).
func isBadRequest(err error) bool {
	var he *echo.HTTPError
	return errors.As(err, &he) && he.Code == http.StatusBadRequest
}

func parseLine(fields string) url.Values {
	v, _ := url.ParseQuery(fields)
	return v
}

// nextForm is the form of match's next round (number), drawn for this
// member: with the lines sent for it filled in and shown, the member's own
// first; when every line is in and the round they make cannot stand, with
// its refusals. A game without lines draws its blank form.
func (s *Server) nextForm(c echo.Context, g Game, match store.Match, live Played, number int) templ.Component {
	rc := s.roundCtx(c, match, live, number, 0)
	lg, ok := kit.LinesOf(g)
	if !ok {
		return g.RoundForm(rc, nil)
	}
	lines := pendingLines(match, number)
	var form templ.Component
	var refused error
	if len(lines) == 0 {
		form = g.RoundForm(rc, nil)
	} else {
		vals, whole, contested := linesForm(lg, rc, lines, rc.SubmitKey, ownRow(c, rc))
		refused = contested
		if whole && contested == nil {
			vals.Set("op", "save")
			post, _ := checkRound(g, rc, vals)
			refused = post.Err
			_, redraw, _, err := readRound(g, rc, vals)
			if err == nil && redraw != nil {
				form = redraw
			}
		}
		if form == nil {
			vals.Del("op")
			form = g.ReadRound(rc, vals).Form(nil)
		}
	}
	return kit.WithLines(form, s.withBlank(c, g, rc, s.lineView(c, rc, lines, refused)))
}

// withBlank is lv with the round's form drawn blank when a line is in
// (kit.LineView.Blank): a phone that keeps this round offline moves on to
// the next from it, not from a form holding this round's lines.
func (s *Server) withBlank(c echo.Context, g Game, rc RoundCtx, lv *kit.LineView) *kit.LineView {
	if lv.Active {
		lv.Blank = kit.WithLines(g.RoundForm(rc, nil), s.lineView(c, rc, nil, nil))
	}
	return lv
}

// withLines is a redrawn form of match's next round (a tap on the card
// picker, a refused Save) with the lines sent for it shown, as nextForm
// draws them.
func (s *Server) withLines(c echo.Context, g Game, match store.Match, rounds []store.Round, form templ.Component) templ.Component {
	if _, ok := kit.LinesOf(g); !ok || form == nil {
		return form
	}
	live := livePlayed(rounds)
	rc := s.roundCtx(c, match, live, len(live.Points)+1, 0)
	return kit.WithLines(form, s.withBlank(c, g, rc, s.lineView(c, rc, pendingLines(match, rc.Number), nil)))
}

// ownRow is the form's row of the member's own player, -1 when they do
// not play the round.
func ownRow(c echo.Context, rc RoundCtx) int {
	me := memberOf(c).who.PlayerID
	return slices.IndexFunc(rc.Match.Seats, func(st store.Seat) bool { return st.PlayerID != 0 && st.PlayerID == me })
}

// lineView is what the form shows of lines: whose is in, the member's own
// row, and each row's part of refused (the round the lines make).
func (s *Server) lineView(c echo.Context, rc RoundCtx, lines []store.Line, refused error) *kit.LineView {
	lv := &kit.LineView{Action: pathTo(c, routeLines, memberOf(c).group.Slug, rc.Match.ID), Own: ownRow(c, rc), Rows: make([]kit.LineRow, len(rc.Match.Seats))}
	for i, st := range rc.Match.Seats {
		r := kit.LineRow{Name: st.Name, State: views.T(rc.Ctx, "line.awaited"), Send: views.T(rc.Ctx, "line.sendfor", "Name", st.Name)}
		if i == lv.Own {
			r.Send = views.T(rc.Ctx, "line.send")
		}
		if j := slices.IndexFunc(lines, func(l store.Line) bool { return rowOf(rc.Seated, l.Seat) == i }); j >= 0 {
			r.In, r.State, lv.Active = true, views.T(rc.Ctx, "line.isin"), true
			if lines[j].Author != st.Name {
				r.State = views.T(rc.Ctx, "line.isinby", "By", lines[j].Author)
			}
		}
		lv.Rows[i] = r
	}
	for _, err := range kit.Mistakes(refused) {
		if i := seatOf(err, len(lv.Rows)); i >= 0 {
			lv.Rows[i].Error = strings.TrimSpace(lv.Rows[i].Error + " " + kit.InputMessage(err, rc.Ctx))
		}
	}
	return lv
}

// seatOf is the form's row whose player err is a mistake of, -1 when none
// of its n rows.
func seatOf(err error, n int) int {
	var ie *rulebook.InputError
	if errors.As(err, &ie) && ie.Seat >= 0 && ie.Seat < n {
		return ie.Seat
	}
	return -1
}
