package handlers

import (
	"bytes"
	"io"
	"net/http"
	"runtime"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
)

// admitted bounds how many requests are worked on at once; the others wait
// their turn in the order they came. With every phone of a busy evening in
// flight at once, a few cores shared among them all stretch every request,
// and a save holding the write lock is the one everyone else waits for.
// Worked on a few at a time, each request finishes sooner and the wait is
// first come, first served. The event streams, open for as long as a phone
// watches a match, do not take a turn; and a request's body is received
// before its turn, so a phone on a slow network holds no turn while it
// sends its form.
func (s *Server) admitted(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if strings.HasSuffix(c.Path(), "/events") {
			return next(c)
		}
		if err := receiveBody(c); err != nil {
			return err
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

const (
	// bodyAhead is how much of a body is received before the request's
	// turn: every form whole; only a large import is read in its turn.
	bodyAhead = 256 << 10
	// bodyWait is how long a phone has to send that much.
	bodyWait = 30 * time.Second
)

// receiveBody reads up to bodyAhead of the request body now, with a
// deadline, and leaves the request reading from what was received.
func receiveBody(c echo.Context) error {
	r := c.Request()
	if r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0 {
		return nil
	}
	rc := http.NewResponseController(c.Response())
	rc.SetReadDeadline(time.Now().Add(bodyWait)) // not supported in tests: no harm
	got, err := io.ReadAll(io.LimitReader(r.Body, bodyAhead))
	rc.SetReadDeadline(time.Time{})
	if err != nil {
		return echo.NewHTTPError(http.StatusRequestTimeout)
	}
	r.Body = readCloser{io.MultiReader(bytes.NewReader(got), r.Body), r.Body}
	return nil
}

type readCloser struct {
	io.Reader
	io.Closer
}

// inFlight is how many requests are worked on at once: enough to keep every
// core busy while others wait on the database or the network.
func inFlight() int { return 4 * runtime.GOMAXPROCS(0) }
