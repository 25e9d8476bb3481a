package handlers

import (
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

const sessionCookie = "tk_session"

// sessionToken is the browser's session token, "" when it has none.
func sessionToken(c echo.Context) string {
	if ck, err := c.Cookie(sessionCookie); err == nil {
		return ck.Value
	}
	return ""
}

// setSession gives the browser its session cookie: HttpOnly, SameSite=Lax,
// for as long as the session lasts unused (store.SessionIdle; it is set again
// when use refreshes the session). Secure is added by secureCookies.
func setSession(c echo.Context, token string) {
	c.SetCookie(&http.Cookie{
		Name: sessionCookie, Value: token, Path: "/", MaxAge: int(store.SessionIdle / time.Second),
		HttpOnly: true, SameSite: http.SameSiteLaxMode,
	})
}

// https says whether the browser reaches the site over HTTPS: the configured
// base URL is https, or this request came over TLS (directly or, as the
// proxy says, to the proxy).
func (s *Server) https(r *http.Request) bool {
	return s.tls || strings.HasPrefix(strings.ToLower(s.baseURL), "https://") ||
		r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https"
}

// secureCookies is the one place that decides whether cookies are Secure:
// every cookie a response sets (the session, the admin and public links shown
// once, the language…) is marked Secure when the site is reached over HTTPS,
// so none of them can leak over plain HTTP.
func (s *Server) secureCookies(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if s.https(c.Request()) {
			res := c.Response()
			res.Before(func() {
				cookies := res.Header()["Set-Cookie"]
				for i, v := range cookies {
					if !hasSecure(v) {
						cookies[i] = v + "; Secure"
					}
				}
			})
		}
		return next(c)
	}
}

// hasSecure says whether a Set-Cookie line already has the Secure attribute.
func hasSecure(setCookie string) bool {
	for _, attr := range strings.Split(setCookie, ";")[1:] {
		if strings.EqualFold(strings.TrimSpace(attr), "Secure") {
			return true
		}
	}
	return false
}

// member is the group and membership a group route runs for.
type member struct {
	group store.Group
	who   store.Member
}

func (m member) nav(c echo.Context) views.GroupNav {
	return views.GroupNav{Slug: m.group.Slug, Name: m.group.Name, IsAdmin: m.who.IsAdmin, Paths: groupPaths(c, m.group.Slug)}
}

// groupPaths are the paths of the group's pages its views link to.
func groupPaths(c echo.Context, slug string) views.GroupPaths {
	return views.GroupPaths{Home: pathTo(c, routeGroup, slug), Standings: pathTo(c, routeStandings, slug),
		Players: pathTo(c, routePlayers, slug), Games: pathTo(c, routeGames, slug), Rules: pathTo(c, routeRules, slug),
		Members: pathTo(c, routeMembers, slug), Export: pathTo(c, routeExport, slug),
		InviteRotate: pathTo(c, routeInviteRotate, slug), Leave: pathTo(c, routeLeave, slug), NewMatch: pathTo(c, routeNewMatch, slug), Matches: pathTo(c, routeMatches, slug)}
}

// requireMember lets a request through only for a member of the group named
// in the URL; anyone else (a removed member and an idle session among them)
// gets the same 404 as for a group that does not exist. Use keeps a session
// alive: it is recorded at most once per store.SessionRefresh, so a member
// kept in the cache is looked up again once its record is that old.
func (s *Server) requireMember(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		slug, token := c.Param("group"), sessionToken(c)
		now := s.store.Now()
		if m, ok := s.cache.member(slug, token); ok && now.Sub(m.who.SeenAt) < store.SessionRefresh {
			c.Set("member", m)
			return next(c)
		}
		gen := s.cache.gen(slug)
		ctx := c.Request().Context()
		g, m, err := s.store.Membership(ctx, slug, token)
		if err != nil {
			return err
		}
		if now.Sub(m.SeenAt) >= store.SessionRefresh {
			if err := s.store.TouchSession(ctx, m.SessionID); err != nil {
				return err
			}
			m.SeenAt = now
			setSession(c, token) // the cookie lives another SessionIdle too
		}
		mb := member{group: g, who: m}
		s.cache.keepMember(slug, token, gen, mb)
		c.Set("member", mb)
		return next(c)
	}
}

func memberOf(c echo.Context) member { return c.Get("member").(member) }

// requireAdmin refuses members who are not the group's admin.
func requireAdmin(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !memberOf(c).who.IsAdmin {
			return echo.NewHTTPError(http.StatusForbidden)
		}
		return next(c)
	}
}

// limiter counts failed attempts (wrong or stale invite and admin links) per
// client in a time window. It only ever slows down failures: a request that
// carries a valid link is never refused, so a device that sprays wrong links
// cannot lock out the other phones behind the same address (a café's or a
// household's network). Its memory is bounded: at most maxKeys clients, each
// with at most max failures remembered.
type limiter struct {
	mu      sync.Mutex
	max     int
	maxKeys int
	window  time.Duration
	now     func() time.Time
	fails   map[string][]time.Time
}

func newLimiter(max int, windowSeconds int) *limiter {
	return &limiter{max: max, maxKeys: 10000, window: time.Duration(windowSeconds) * time.Second,
		now: time.Now, fails: map[string][]time.Time{}}
}

// blocked reports whether key has failed too often lately.
func (l *limiter) blocked(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.recent(key)) >= l.max
}

// fail records one failure for key and reports whether key is now blocked.
func (l *limiter) fail(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	ts := l.recent(key)
	if _, known := l.fails[key]; !known && len(l.fails) >= l.maxKeys {
		l.sweep()
	}
	if len(ts) >= l.max { // only the last max failures matter
		ts = ts[len(ts)-l.max+1:]
	}
	l.fails[key] = append(ts, l.now())
	return len(l.fails[key]) >= l.max
}

// sweep makes room for a new key: it drops the keys whose failures are all
// past the window, and if none is, one arbitrary key. The caller holds l.mu.
func (l *limiter) sweep() {
	for k := range l.fails {
		if len(l.recent(k)) == 0 {
			delete(l.fails, k)
		}
	}
	for k := range l.fails {
		if len(l.fails) < l.maxKeys {
			return
		}
		delete(l.fails, k)
	}
}

func (l *limiter) recent(key string) []time.Time {
	cut := l.now().Add(-l.window)
	ts := l.fails[key]
	i := 0
	for i < len(ts) && ts[i].Before(cut) {
		i++
	}
	return ts[i:]
}
