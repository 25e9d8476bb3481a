package handlers

import (
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/serve"
	"github.com/tablekeeper/tablekeeper/store"
)

// Limits bound what one client, or one group, may take of a hosted server,
// where anyone may create a group. Each is far beyond what a real group
// does, and well within what a stranger trying to tire the server does.
// Going over one answers 429 (too many at once, or too often) or 413 (too
// large), with a sentence, and changes nothing.
type Limits struct {
	Players  int // players a group may have (forms and imports alike)
	Matches  int // matches a group may have (forms and imports alike)
	Groups   int // groups one address may create (or import) per hour
	Requests int // requests one address may make per second, on average
	Burst    int // requests one address may make at once, above the average
	Streams  int // live-update streams one client may have open
	Exports  int // exports one client may have under way (made or sent)
	// ExportsAll is how many exports may be under way at once in all.
	ExportsAll int
	Uploads    int   // imports under way at once, in all (see serve.Uploads)
	Inflated   int64 // bytes a BG Stats upload may inflate to (the group import has store.MaxImportBytes)
	TempDisk   int64 // bytes of temporary files (bodies, answers) in use at once, in all
}

// DefaultLimits: a group of friends never meets one of them.
var DefaultLimits = Limits{Players: store.MaxImportPlayers, Matches: store.MaxImportMatches,
	Groups: 10, Requests: 20, Burst: 200, Streams: 32, Exports: 2, ExportsAll: 6, Uploads: serve.MaxUploads,
	Inflated: 32 << 20, TempDisk: 2 << 30}

// withDefaults fills in the zero limits; the group's are never above what
// its own import accepts, so that every export imports again.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	for _, p := range []struct{ v, def *int }{{&l.Players, &d.Players}, {&l.Matches, &d.Matches}, {&l.Groups, &d.Groups},
		{&l.Requests, &d.Requests}, {&l.Burst, &d.Burst}, {&l.Streams, &d.Streams}, {&l.Exports, &d.Exports},
		{&l.ExportsAll, &d.ExportsAll}, {&l.Uploads, &d.Uploads}} {
		off := *p.v < 0 && (p.v == &l.Groups || p.v == &l.Requests) // a rate limit turned off
		if *p.v <= 0 && !off {
			*p.v = *p.def
		}
	}
	if l.Inflated <= 0 {
		l.Inflated = d.Inflated
	}
	if l.TempDisk <= 0 {
		l.TempDisk = d.TempDisk
	}
	l.Players = min(l.Players, store.MaxImportPlayers)
	l.Matches = min(l.Matches, store.MaxImportMatches)
	return l
}

// refuse is a refusal with a status (429 or 413) and the message id that
// says why (and its ".title"), rendered as any error (see errorStatus).
var refuse = serve.Refuse

// strictTransport asks browsers to come back over https only, when the
// site's public address is https (a proxy ends TLS in front of it) or this
// server serves https itself.
func (s *Server) strictTransport(next echo.HandlerFunc) echo.HandlerFunc {
	if !s.tls && !strings.HasPrefix(strings.ToLower(s.baseURL), "https://") {
		return next
	}
	return func(c echo.Context) error {
		c.Response().Header()["Strict-Transport-Security"] = hstsHeader
		return next(c)
	}
}

var hstsHeader = fixedHeader("max-age=31536000")
