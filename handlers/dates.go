package handlers

import (
	"fmt"
	"time"

	"github.com/tablekeeper/tablekeeper/scoring/standings"
)

var months = map[string][12]string{
	"en": {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"},
	"fr": {"janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."},
}

// humanTime writes a moment as people at the table read it: "22 Nov 2026,
// 20:15" or "22 nov. 2026, 20:15", in t's location (see Server.local).
func humanTime(t time.Time, lang string) string {
	m, ok := months[lang]
	if !ok {
		m = months["en"]
	}
	return fmt.Sprintf("%d %s %d, %02d:%02d", t.Day(), m[t.Month()-1], t.Year(), t.Hour(), t.Minute())
}

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
