package handlers

import (
	"net/http"
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
// Secure when the request came over HTTPS.
func setSession(c echo.Context, token string) {
	r := c.Request()
	c.SetCookie(&http.Cookie{
		Name: sessionCookie, Value: token, Path: "/", MaxAge: 5 * 365 * 24 * 3600,
		HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https",
	})
}

// member is the group and membership a group route runs for.
type member struct {
	group store.Group
	who   store.Member
}

func (m member) nav() views.GroupNav {
	return views.GroupNav{Slug: m.group.Slug, Name: m.group.Name, IsAdmin: m.who.IsAdmin}
}

// requireMember lets a request through only for a member of the group named
// in the URL; anyone else gets the same 404 as for a group that does not exist.
func (s *Server) requireMember(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		slug, token := c.Param("group"), sessionToken(c)
		if m, ok := s.cache.member(slug, token); ok {
			c.Set("member", m)
			return next(c)
		}
		gen := s.cache.gen(slug)
		g, m, err := s.store.Membership(c.Request().Context(), slug, token)
		if err != nil {
			return err
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

// limiter counts failures per key (the client's address) in a time window,
// so that guessing invite links is slow.
type limiter struct {
	mu     sync.Mutex
	max    int
	window time.Duration
	fails  map[string][]time.Time
}

func newLimiter(max int, windowSeconds int) *limiter {
	return &limiter{max: max, window: time.Duration(windowSeconds) * time.Second, fails: map[string][]time.Time{}}
}

// blocked reports whether key has failed too often lately.
func (l *limiter) blocked(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.recent(key)) >= l.max
}

// fail records one failure for key.
func (l *limiter) fail(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.fails[key] = append(l.recent(key), time.Now())
	if len(l.fails) > 10000 { // bound memory under a spray of addresses
		clear(l.fails)
	}
}

func (l *limiter) recent(key string) []time.Time {
	cut := time.Now().Add(-l.window)
	ts := l.fails[key]
	i := 0
	for i < len(ts) && ts[i].Before(cut) {
		i++
	}
	return ts[i:]
}
