package handlers

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tablekeeper/tablekeeper/serve"
)

// metrics are the server's Prometheus series (Config.Metrics), served on
// their own listener by cmd/tablekeeper, never on the public address. Each
// is counted in one place: requests, saves and conflicts by the observe
// middleware, refusals and database time-outs where an error becomes an
// answer (handleError), what is under way and the database's waits read
// when scraped.
type metrics struct {
	requests  *prometheus.HistogramVec // by route pattern, method and status
	saves     prometheus.Counter
	conflicts prometheus.Counter
	refusals  *prometheus.CounterVec // by limit
	timeouts  prometheus.Counter     // answers 503: the database did not answer in time
}

// savePath is the route of a round's save.
const savePath = "/g/:group/matches/:match/rounds"

func newMetrics(s *Server, reg prometheus.Registerer) *metrics {
	m := &metrics{
		requests: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "tablekeeper_http_request_duration_seconds",
			Help:    "Requests answered, by route pattern, method and status, and how long each took.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}}, []string{"route", "method", "status"}),
		saves:     prometheus.NewCounter(prometheus.CounterOpts{Name: "tablekeeper_saves_total", Help: "Rounds saved by the round form."}),
		conflicts: prometheus.NewCounter(prometheus.CounterOpts{Name: "tablekeeper_conflicts_total", Help: "Writes answered 409: a form drawn before another phone's change."}),
		refusals: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "tablekeeper_refusals_total",
			Help: "Requests refused by a limit, by the limit's message key."}, []string{"limit"}),
		timeouts: prometheus.NewCounter(prometheus.CounterOpts{Name: "tablekeeper_db_timeouts_total", Help: "Requests answered 503 because the database did not answer in time."}),
	}
	gauge := func(name, help string, f func() float64) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, f)
	}
	counter := func(name, help string, f func() float64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help}, f)
	}
	reg.MustRegister(m.requests, m.saves, m.conflicts, m.refusals, m.timeouts,
		gauge("tablekeeper_streams_open", "Live-update streams open.", func() float64 { return float64(s.streams.Open()) }),
		gauge("tablekeeper_imports_under_way", "Imports under way, from their first byte.", func() float64 { return float64(s.uploads.Open()) }),
		gauge("tablekeeper_exports_under_way", "Exports under way, made or being sent.", func() float64 { return float64(s.exports.Open()) }),
		gauge("tablekeeper_requests_working", "Requests in their turn now.", func() float64 { return float64(s.admission.Working()) }),
		gauge("tablekeeper_db_connections_open", "Database connections open.", func() float64 { return float64(s.store.DBStats().OpenConnections) }),
		counter("tablekeeper_db_waits_total", "Times a query waited for a free database connection.", func() float64 { return float64(s.store.DBStats().WaitCount) }),
		counter("tablekeeper_db_wait_seconds_total", "Time spent waiting for a free database connection.", func() float64 { return s.store.DBStats().WaitDuration.Seconds() }),
	)
	return m
}

// observe counts and times every answer (the outermost middleware but
// Recover): the error, if any, is answered here so that its status is
// known.
func (m *metrics) observe(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		t0 := time.Now()
		if err := next(c); err != nil {
			c.Error(err)
		}
		route, status := c.Path(), c.Response().Status
		if route == "" {
			route = "unmatched"
		}
		method := c.Request().Method
		m.requests.WithLabelValues(route, method, strconv.Itoa(status)).Observe(time.Since(t0).Seconds())
		switch {
		case status == http.StatusConflict:
			m.conflicts.Inc()
		case route == savePath && method == http.MethodPost && status < 400 && c.Request().Form.Get("pick") == "":
			m.saves.Inc()
		}
		return nil
	}
}

// answered counts an error answer: a refusal by its limit, a database
// that did not answer.
func (m *metrics) answered(err error, status int) {
	if m == nil {
		return
	}
	if r := (*serve.Refusal)(nil); errors.As(err, &r) {
		m.refusals.WithLabelValues(r.Key).Inc()
	}
	if status == http.StatusServiceUnavailable {
		m.timeouts.Inc()
	}
}
