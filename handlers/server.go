// Package handlers is the HTTP layer: Echo routes that parse input, call the
// engines and the store, pick a view, and map errors to status codes.
package handlers

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tablekeeper/tablekeeper/serve"
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
	// TrustedProxies are the reverse proxies in front of the server: from
	// them, the client's address is read from X-Forwarded-For (see
	// ipExtractor). Empty: every client is the connection's address.
	TrustedProxies []*net.IPNet
	// TLS says the server serves https itself (--tls-cert or
	// --acme-domain): cookies are Secure and answers carry HSTS, as with an
	// https BaseURL.
	TLS bool
	// Metrics is where the server's Prometheus series are registered (see
	// metrics.go); nil: none are kept.
	Metrics prometheus.Registerer
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
	ledgers *ledgers // the standings kept per group, see ledger.go
	limits  Limits

	admission *serve.Admission // turns, bodies and answers, see admitted
	streams   *serve.Streams   // live-update streams open, see streams.go
	exports   *serve.UnderWay  // exports under way, per client and in all
	uploads   *serve.Uploads   // imports under way, in all and per client
	disk      *serve.DiskBudget
	metrics   *metrics // nil without Config.Metrics
	tls       bool     // served over https by this process (Config.TLS)
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
		tls:     cfg.TLS,
		games:   cfg.Games,
		byID:    map[string]Game{},
		tr:      tr,
		assets:  static.New(),
		joins:   newLimiter(10, 10*60),
		live:    newHub(),
		cache:   newPageCache(),
		ledgers: newLedgers(),
	}
	s.limits = cfg.Limits.withDefaults()
	s.streams = serve.NewStreams(s.limits.Streams)
	s.exports = serve.NewUnderWay(s.limits.Exports, s.limits.ExportsAll, "limit.exports.client", "limit.exports.server")
	s.disk = serve.NewDiskBudget(s.limits.TempDisk)
	s.uploads = &serve.Uploads{Max: s.limits.Uploads}
	cfg.Store.SetGroupLimits(store.GroupLimits{Players: s.limits.Players, Matches: s.limits.Matches})
	if s.zone == nil {
		s.zone = time.UTC
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	t := cfg.Timeouts.withDefaults()
	s.admission = (&serve.Admission{Classify: s.route, Body: t.Body, Upload: t.Upload, Write: t.Write,
		Exports: s.exports, Uploads: s.uploads, Disk: s.disk, Log: s.log,
		DiskFull: func(c echo.Context) string { return views.T(s.viewCtx(c), "limit.disk") }}).Start()
	icons := map[string]string{}
	for _, g := range cfg.Games {
		s.byID[g.ID()] = g
		icons[g.ID()] = g.Profile().Icon
	}
	tr.SetGameIcons(icons)
	s.bgNames = bgstatsNames(cfg.Games)
	if cfg.Metrics != nil {
		s.metrics = newMetrics(s, cfg.Metrics)
	}
	cfg.Store.OnWrite(s.cache.written)
	cfg.Store.OnWrite(s.tellWatchers)
	if cfg.WarmLedgers {
		go s.warmLedgers(context.Background())
	}
	cfg.Store.OnWrite(s.membersChanged)
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = s.handleError
	e.IPExtractor = ipExtractor(cfg.TrustedProxies)
	s.routes(e)
	return s, e, nil
}

// ipExtractor is how the client's address (c.RealIP, which every limit and
// log line uses) is found. Without trusted proxies it is the connection's:
// X-Forwarded-For is not read, or anyone could send it to dodge, or
// trigger, a limit. From a trusted proxy it is the nearest address in
// X-Forwarded-For that is not itself a trusted proxy; from any other
// address the header is ignored. Echo would otherwise trust every private
// and loopback address: here only the given ranges are.
func ipExtractor(trusted []*net.IPNet) echo.IPExtractor {
	if len(trusted) == 0 {
		return echo.ExtractIPDirect()
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, n := range trusted {
		opts = append(opts, echo.TrustIPRange(n))
	}
	return echo.ExtractIPFromXFFHeader(opts...)
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
