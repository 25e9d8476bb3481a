// Package handlers is the HTTP layer: Echo routes that parse input, call the
// engines and the store, pick a view, and map errors to status codes.
package handlers

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/static"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/store/bgstats"
	"github.com/tablekeeper/tablekeeper/views"
)

// Config is what the HTTP layer needs from the outside.
type Config struct {
	Store    *store.Store
	Log      *slog.Logger
	BaseURL  string         // public URL used in invite links, e.g. https://games.example.org
	TimeZone *time.Location // the zone pages show times in; nil: UTC
	Games    []Game         // the games offered, in menu order

	// How long a client may take, each at its default when zero (see
	// Timeouts). No request holds a turn while any of these runs.
	Timeouts Timeouts

	// WarmLedgers builds the standings of the recently active groups in the
	// background at start-up (warmLedgers, ledger.go).
	WarmLedgers bool
	// What one client or one group may take, each at its default when zero
	// (see Limits).
	Limits Limits
}

// Timeouts are the deadlines of a connection.
type Timeouts struct {
	Header time.Duration // to send a request's line and headers (10 s)
	Body   time.Duration // to send a form's body (30 s)
	Upload time.Duration // to send an import, up to maxImport (5 min)
	Write  time.Duration // to take an answer: a page, or a whole export (2 min)
	Idle   time.Duration // a kept-alive connection waiting for its next request (60 s)
}

// DefaultTimeouts are a phone's deadlines on a poor mobile network.
var DefaultTimeouts = Timeouts{Header: 10 * time.Second, Body: 30 * time.Second,
	Upload: 5 * time.Minute, Write: 2 * time.Minute, Idle: 60 * time.Second}

// withDefaults fills in the zero durations.
func (t Timeouts) withDefaults() Timeouts {
	d := DefaultTimeouts
	for _, p := range []struct{ v, def *time.Duration }{{&t.Header, &d.Header}, {&t.Body, &d.Body},
		{&t.Upload, &d.Upload}, {&t.Write, &d.Write}, {&t.Idle, &d.Idle}} {
		if *p.v <= 0 {
			*p.v = *p.def
		}
	}
	return t
}

// NewHTTPServer is the HTTP server to serve h (made by New with the same
// cfg) with: every connection has deadlines. Headers must arrive within
// Timeouts.Header and a kept-alive connection is closed after Timeouts.Idle
// without a request. The body and answer deadlines are set per request (see
// admitted), not here: a server-wide read or write timeout would also cut
// the long-lived event streams.
func NewHTTPServer(cfg Config, h http.Handler) *http.Server {
	t := cfg.Timeouts.withDefaults()
	return &http.Server{Handler: h, ReadHeaderTimeout: t.Header, IdleTimeout: t.Idle,
		MaxHeaderBytes: 64 << 10}
}

// Server holds the dependencies of every handler.
type Server struct {
	store   *store.Store
	log     *slog.Logger
	baseURL string
	zone    *time.Location // pages show times here
	games   []Game
	byID    map[string]Game
	// gameIDs are the game ids of matches written to lately (matchGame).
	gameIDs matchGames
	bgNames bgstats.Names // the games' names in BG Stats files
	tr      *views.Translator
	assets  *static.Assets
	joins   *limiter
	live    *hub
	cache   *pageCache
	ledgers *ledgers      // the standings kept per group, see ledger.go
	turns   chan struct{} // see admitted
	imports chan struct{} // imports decoding at once, see admitted
	uploads uploadGate    // imports under way, in all and per client
	limits  Limits
	streams *streams  // live-update streams open, see streams.go
	exports *underWay // exports under way, per client and in all
	disk    *diskBudget

	bodyTimeout, uploadTimeout, writeTimeout time.Duration

	// freeTurns are the turns of the requests answered without the
	// database (needsNoDatabase), as many again: they never wait behind a
	// database that stopped answering.
	freeTurns chan struct{}
}

// New builds the Echo instance with every route and middleware.
func New(cfg Config) (*echo.Echo, error) {
	_, e, err := newServer(cfg)
	return e, err
}

// newServer builds the server and its Echo instance (tests keep the server
// to tell its cache when they write to the store behind its back).
func newServer(cfg Config) (*Server, *echo.Echo, error) {
	tr, err := views.NewTranslator()
	if err != nil {
		return nil, nil, err
	}
	s := &Server{
		store:   cfg.Store,
		log:     cfg.Log,
		baseURL: strings.TrimRight(cfg.BaseURL, "/"),
		zone:    cfg.TimeZone,
		games:   cfg.Games,
		byID:    map[string]Game{},
		tr:      tr,
		assets:  static.New(),
		joins:   newLimiter(10, 10*60),
		live:    newHub(),
		cache:   newPageCache(),
		ledgers: newLedgers(),
		turns:   make(chan struct{}, inFlight()),
		imports: make(chan struct{}, 2),
	}
	s.freeTurns = make(chan struct{}, inFlight())
	s.limits = cfg.Limits.withDefaults()
	s.streams = newStreams(s.limits.Streams)
	s.exports = newUnderWay(s.limits.Exports, s.limits.ExportsAll, "limit.exports.client", "limit.exports.server")
	s.disk = &diskBudget{max: s.limits.TempDisk}
	s.uploads.max = s.limits.Uploads
	cfg.Store.SetGroupLimits(store.GroupLimits{Players: s.limits.Players, Matches: s.limits.Matches})
	t := cfg.Timeouts.withDefaults()
	s.bodyTimeout, s.uploadTimeout, s.writeTimeout = t.Body, t.Upload, t.Write
	if s.zone == nil {
		s.zone = time.UTC
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	icons := map[string]string{}
	for _, g := range cfg.Games {
		s.byID[g.ID()] = g
		icons[g.ID()] = g.Profile().Icon
	}
	tr.SetGameIcons(icons)
	s.bgNames = bgstatsNames(cfg.Games)
	cfg.Store.OnWrite(s.cache.written)
	cfg.Store.OnWrite(s.tellWatchers)
	if cfg.WarmLedgers {
		go s.warmLedgers(context.Background())
	}
	cfg.Store.OnWrite(s.membersChanged)
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = s.handleError
	// The client's address is the connection's: X-Forwarded-For is not trusted
	// (anyone could send it to dodge, or trigger, the join rate limit).
	e.IPExtractor = echo.ExtractIPDirect()
	s.routes(e)
	return s, e, nil
}

// baseURLFor is the configured public URL, or the request's own origin.
func (s *Server) baseURLFor(r *http.Request) string {
	if s.baseURL != "" {
		return s.baseURL
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}
