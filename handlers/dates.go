package handlers

import (
	"time"

	"github.com/tablekeeper/tablekeeper/scoring/standings"
)

// local is t in the time zone the pages show (the server's setting).
func (s *Server) local(t time.Time) time.Time { return t.In(s.zone) }

// startOf is the first instant of a calendar day (a date stored as midnight
// UTC) in the pages' time zone: a season's bounds.
func (s *Server) startOf(day time.Time) time.Time {
	return time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, s.zone)
}

// standingsOptions are the standings engine's defaults, game nights dated in
// the pages' time zone.
func (s *Server) standingsOptions() standings.Options {
	o := standings.DefaultOptions()
	o.Location = s.zone
	return o
}
