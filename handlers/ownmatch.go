package handlers

import (
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// ownMatchCookie holds, per group (its path), the match this phone last
// opened or saved a round in: with two tables, each phone's "Continue a
// match" leads back to its own table first.
const ownMatchCookie = "tk_match"

// markOwnMatch remembers match as this phone's own in its group.
func markOwnMatch(c echo.Context, match int64) {
	c.SetCookie(&http.Cookie{Name: ownMatchCookie, Value: strconv.FormatInt(match, 10),
		Path: pathTo(c, routeGroup, memberOf(c).group.Slug), MaxAge: int(store.SessionIdle / time.Second),
		HttpOnly: true, SameSite: http.SameSiteLaxMode})
}

// ownMatch is the match this phone last opened or saved in, 0 when none.
func ownMatch(c echo.Context) int64 {
	ck, err := c.Cookie(ownMatchCookie)
	if err != nil {
		return 0
	}
	id, _ := strconv.ParseInt(ck.Value, 10, 64)
	return id
}

// continueLine is a match in progress with what orders the ways back to it.
type continueLine struct {
	views.MatchLine
	id     int64
	active time.Time // the last save, correction or undo (its start before any)
}

// orderContinues puts the ways back in the order a phone wants them: its
// own match (own), then the matches its player sits at, then the rest, each
// by last activity, the latest first.
func orderContinues(lines []continueLine, own int64) []views.MatchLine {
	rank := func(l continueLine) int {
		switch {
		case l.id == own:
			return 0
		case l.Seated:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(lines, func(a, b continueLine) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		return b.active.Compare(a.active)
	})
	out := make([]views.MatchLine, len(lines))
	for i, l := range lines {
		out[i] = l.MatchLine
	}
	return out
}
