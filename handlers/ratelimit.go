package handlers

import (
	"time"

	"github.com/labstack/echo/v4"
	"golang.org/x/time/rate"
)

// Rate limits per address (serve.ClientKey), with Echo's rate limiter: each
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
	limit := s.admission.PerAddress(rate.Limit(l.Requests), l.Burst, 3*time.Minute, "limit.requests", "1")
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		limited := limit(next)
		return func(c echo.Context) error {
			if c.Path() == healthPath { // a monitor asks often, from one address
				return next(c)
			}
			return limited(c)
		}
	}
}

// groupLimit bounds the groups one address creates (or imports), Groups an
// hour: a group is created once, a stranger creating thousands fills the
// database.
func (s *Server) groupLimit() echo.MiddlewareFunc {
	l := s.limits
	if l.Groups < 0 {
		return func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	}
	return s.admission.PerAddress(rate.Limit(float64(l.Groups)/3600), l.Groups, time.Hour, "limit.groups", "600")
}
