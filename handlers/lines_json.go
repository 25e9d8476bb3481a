package handlers

import (
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// The lines route's answers to a client asking for JSON (docs/API.md, "A
// match's lines"): what a line came to, and every refusal in the API's
// error shape.

// wantsJSON reports whether the client asked for a JSON answer.
func wantsJSON(c echo.Context) bool {
	return strings.Contains(c.Request().Header.Get(echo.HeaderAccept), echo.MIMEApplicationJSON)
}

// linesRoute is the lines' route in a group (routes.go).
const linesRoute = "/matches/:match/lines"

// jsonRefusals reports whether c's refusals are said in JSON, as the API's
// (handleError): the API's, and the lines route's to a client asking for
// JSON, whatever refuses it (not a member, no such match, a body too large).
func jsonRefusals(c echo.Context) bool {
	return isAPI(c) || strings.HasSuffix(c.Path(), linesRoute) && wantsJSON(c)
}

// badLine refuses a line post that names no row or no form (400): in
// JSON on field, to a client asking for it.
func (s *Server) badLine(c echo.Context, field string) error {
	if !wantsJSON(c) {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	return c.JSON(http.StatusBadRequest, apiError{Error: apiErrorBody{Code: "invalid_state", Field: field,
		Message: views.T(s.viewCtx(c), "line.bad."+field)}})
}

// lineAnswer is the JSON answer to a line (docs/API.md).
type lineAnswer struct {
	Status   string        `json:"status"` // stored, saved, refused, conflict, stale
	Player   string        `json:"player"`
	Round    int           `json:"round"`
	In       []string      `json:"in"`
	Awaited  []string      `json:"awaited"`
	Mistakes []lineMistake `json:"mistakes,omitempty"`
	SentBy   string        `json:"sentBy,omitempty"` // conflict: who sent the line in
	Theirs   string        `json:"theirs,omitempty"`
	Yours    string        `json:"yours,omitempty"`
	Message  string        `json:"message,omitempty"`
	Reason   string        `json:"reason,omitempty"` // conflict, stale: why, in a word (X-TK-Conflict)
}

type lineMistake struct {
	Player  string `json:"player,omitempty"`
	Field   string `json:"field"`
	Message string `json:"message"`
}

func (s *Server) lineJSON(c echo.Context, g Game, match store.Match, rounds []store.Round, p linePost, plan linePlan) error {
	live := livePlayed(rounds)
	rc := s.roundCtx(c, match, live, plan.round.number, 0)
	out := lineAnswer{Round: plan.round.number, In: []string{}, Awaited: []string{}}
	if p.row >= 0 && p.row < len(rc.Match.Seats) {
		out.Player = rc.Match.Seats[p.row].Name
	}
	status := http.StatusOK
	switch plan.kind {
	case lineStored:
		out.Status = "stored"
	case lineSaved:
		out.Status = "saved"
	case lineRefused, lineTable:
		out.Status, status = "refused", http.StatusUnprocessableEntity
		for _, err := range kit.Mistakes(plan.err) {
			m := lineMistake{Message: kit.InputMessage(err, rc.Ctx)}
			var ie *rulebook.InputError
			if errors.As(err, &ie) {
				m.Field = ie.Field
				if ie.Seat >= 0 && ie.Seat < len(rc.Match.Seats) {
					m.Player = rc.Match.Seats[ie.Seat].Name
				}
			}
			out.Mistakes = append(out.Mistakes, m)
		}
	case lineConflict:
		out.Status, status, out.Reason = "conflict", http.StatusConflict, lineTaken
		out.SentBy, out.Theirs, out.Yours = plan.other.Author, lineText(parseLine(plan.other.Fields)), lineText(plan.mine)
	case lineStale:
		out.Status, status, out.Reason = "stale", http.StatusConflict, plan.round.why.reason()
		out.Message = views.T(rc.Ctx, "line.stale")
	}
	if out.Reason != "" {
		tellConflict(c, out.Reason)
	}
	if plan.kind != lineSaved && plan.kind != lineStale {
		for i, st := range rc.Match.Seats {
			if slices.ContainsFunc(match.Lines, func(l store.Line) bool { return l.Number == plan.round.number && rowOf(rc.Seated, l.Seat) == i }) {
				out.In = append(out.In, st.Name)
			} else {
				out.Awaited = append(out.Awaited, st.Name)
			}
		}
	}
	switch {
	case plan.kind == lineTable && len(out.Awaited) > 0: // lines that cannot stand together, whatever comes
		out.Message = views.T(rc.Ctx, "line.contested")
	case plan.kind == lineTable:
		out.Message = views.T(rc.Ctx, "line.tablerefused")
	}
	return c.JSON(status, out)
}
