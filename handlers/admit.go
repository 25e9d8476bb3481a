package handlers

import (
	"runtime"
	"strings"

	"github.com/labstack/echo/v4"
)

// admitted bounds how many requests are worked on at once; the others wait
// their turn in the order they came. With every phone of a busy evening in
// flight at once, a few cores shared among them all stretch every request,
// and a save holding the write lock is the one everyone else waits for.
// Worked on a few at a time, each request finishes sooner and the wait is
// first come, first served. The event streams, open for as long as a phone
// watches a match, do not take a turn.
func (s *Server) admitted(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if strings.HasSuffix(c.Path(), "/events") {
			return next(c)
		}
		select {
		case s.turns <- struct{}{}:
		case <-c.Request().Context().Done():
			return c.Request().Context().Err()
		}
		defer func() { <-s.turns }()
		return next(c)
	}
}

// inFlight is how many requests are worked on at once: enough to keep every
// core busy while others wait on the database or the network.
func inFlight() int { return 4 * runtime.GOMAXPROCS(0) }
