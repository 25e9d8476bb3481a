package handlers

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// What a phone needs to keep working when the connection does not (issue
// 29): the service worker, the few sentences app.js shows without the
// server, and what the other phones changed on a match while this one was
// away. Every page and every save still works without any of it.

// serviceWorker answers /sw.js: at the root, so that its scope covers the
// whole app, and never kept stale (a new release reaches the phones at once).
func (s *Server) serviceWorker(c echo.Context) error {
	s.assets.ServeWorker(c.Response(), c.Request(), "sw.js")
	return nil
}

// appStrings are the sentences app.js writes itself, when the server may
// not answer (a save kept on the phone, a referee page opened offline).
var appStrings = []string{"pending.waiting", "pending.correction", "pending.sending", "referee.offline",
	"refused.gone", "refused.deleted", "refused.forbidden", "refused.large", "refused.other", "refused.typed", "refused.dismiss",
	"refusedline.gone", "refusedline.deleted", "refusedline.forbidden", "refusedline.large", "refusedline.other", "refusedline.finished",
	"refusedline.yours", "refusedline.for", "pendingline.yours", "pendingline.for", "pendingline.waiting", "pendingline.sending",
	"pending.rounds", "kept.next", "kept.round", "kept.waiting", "kept.totals", "refused.conflict",
	"refused.finished", "refused.seats", "refused.undone", "refused.changed"}

// clientStrings answers /app-strings/en.json or fr.json: those sentences in
// that language, cached by the service worker as the pages are.
func (s *Server) clientStrings(c echo.Context) error {
	l, ok := strings.CutSuffix(c.Param("file"), ".json")
	if !ok || (l != "en" && l != "fr") {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	ctx := views.WithEnv(c.Request().Context(), s.tr.NewEnv(l, "", "", "", ""))
	out := map[string]string{}
	for _, id := range appStrings {
		out[id] = views.T(ctx, id, "Round", "{round}", "Name", "{name}", "Line", "{line}")
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=3600")
	return c.JSON(http.StatusOK, out)
}

// maxChangeLines bounds the sentences of one answer: a phone away for a
// whole evening is told the last ones and how many there were.
const maxChangeLines = 8

type changeLine struct {
	Kind string `json:"kind"` // created, edited, undone
	Text string `json:"text"`
}

// matchChanges answers what the other members changed on a match after the
// revision ?after= (a phone's cursor): a sentence per change ("Marc took
// back round 7"), one sentence for a phone that was away, and the newest
// revision, the phone's next cursor. Without ?after= it answers the cursor
// alone. This member's own changes are not told back to them.
func (s *Server) matchChanges(c echo.Context) error {
	match, g, rounds, err := s.loadMatch(c)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	after, err := strconv.ParseInt(c.QueryParam("after"), 10, 64)
	if err != nil || after < 0 {
		after = -1
	}
	changes, last, err := s.store.RoundChanges(c.Request().Context(), match.ID, max(after, 0), 500)
	if err != nil {
		return err
	}
	if after < 0 { // the cursor alone
		changes = nil
	}
	me := memberOf(c).who.Display
	live := livePlayed(rounds)
	vctx := s.viewCtx(c)
	var lines []changeLine
	var texts []string
	for _, ch := range changes {
		if ch.Author == me {
			continue
		}
		main, _ := splitLabel(roundLabel(vctx, g, match, live, ch.Number)) // the game's own name: "deal 3"
		t := views.T(vctx, "change."+ch.Kind, "Author", ch.Author, "Round", inSentence(main))
		lines = append(lines, changeLine{Kind: ch.Kind, Text: t})
		texts = append(texts, t)
	}
	out := map[string]any{"last": strconv.FormatInt(last, 10), "version": store.SheetVersion(match, rounds), "lines": lines}
	if n := len(texts); n > 0 {
		if n > maxChangeLines {
			texts = append([]string{views.T(vctx, "change.earlier", "N", n-maxChangeLines)}, texts[n-maxChangeLines:]...)
		}
		out["away"] = views.T(vctx, "change.away", "List", strings.Join(texts, "; "))
		out["here"] = views.T(vctx, "change.here", "List", strings.Join(texts, "; "))
	}
	return c.JSON(http.StatusOK, out)
}
