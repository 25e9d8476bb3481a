package handlers

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"golang.org/x/time/rate"
)

// Rate limits per address (clientKey), with Echo's rate limiter: each
// address has a bucket of Burst requests refilled at Requests a second, so
// a phone loading a page with its files never waits, while a client
// sending hundreds a second is answered 429 at once, before its request
// takes a turn (see admitted) and so before it slows anyone else down. A
// negative limit turns it off (tests and load generators on loopback).
func (s *Server) requestLimit() echo.MiddlewareFunc {
	l := s.limits
	if l.Requests < 0 {
		return func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	}
	return perAddress(rate.Limit(l.Requests), l.Burst, 3*time.Minute, "limit.requests", "1")
}

// groupLimit bounds the groups one address creates (or imports), Groups an
// hour: a group is created once, a stranger creating thousands fills the
// database.
func (s *Server) groupLimit() echo.MiddlewareFunc {
	l := s.limits
	if l.Groups < 0 {
		return func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	}
	return perAddress(rate.Limit(float64(l.Groups)/3600), l.Groups, time.Hour, "limit.groups", "600")
}

// refusalDelay is how long a refusal of the rate limit waits before it is
// sent.
const refusalDelay = time.Second

// perAddress is Echo's rate limiter keyed by clientKey, refusing with a
// sentence (key) and Retry-After (seconds).
func perAddress(r rate.Limit, burst int, forget time.Duration, key, retry string) echo.MiddlewareFunc {
	return middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		Store: middleware.NewRateLimiterMemoryStoreWithConfig(middleware.RateLimiterMemoryStoreConfig{
			Rate: r, Burst: burst, ExpiresIn: forget}),
		IdentifierExtractor: func(c echo.Context) (string, error) { return clientKey(c), nil },
		ErrorHandler: func(c echo.Context, err error) error {
			return refuse(http.StatusTooManyRequests, key)
		},
		DenyHandler: func(c echo.Context, _ string, _ error) error {
			// The refusal is held back a moment (no turn is taken while it
			// waits): a client that sends its next request as soon as it
			// has an answer is slowed to one per connection per refusalDelay,
			// instead of spending the server's time on refusals.
			t := time.NewTimer(refusalDelay)
			defer t.Stop()
			select {
			case <-t.C:
			case <-c.Request().Context().Done():
			}
			c.Response().Header().Set("Retry-After", retry)
			return refuse(http.StatusTooManyRequests, key)
		},
	})
}
