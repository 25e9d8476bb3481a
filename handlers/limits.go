package handlers

import (
	"net/http"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

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
	Uploads    int   // imports under way at once, in all (see uploadGate)
	Inflated   int64 // bytes a BG Stats upload may inflate to (the group import has store.MaxImportBytes)
	TempDisk   int64 // bytes of temporary files (bodies, answers) in use at once, in all
}

// DefaultLimits: a group of friends never meets one of them.
var DefaultLimits = Limits{Players: store.MaxImportPlayers, Matches: store.MaxImportMatches,
	Groups: 10, Requests: 20, Burst: 200, Streams: 32, Exports: 2, ExportsAll: 6, Uploads: maxUploads,
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
func refuse(status int, key string, args ...any) error {
	return &gateRefusal{status: status, key: key, args: args}
}

// strictTransport asks browsers to come back over https only, when the
// site's public address is https (a proxy ends TLS in front of it).
func (s *Server) strictTransport(next echo.HandlerFunc) echo.HandlerFunc {
	if !strings.HasPrefix(strings.ToLower(s.baseURL), "https://") {
		return next
	}
	return func(c echo.Context) error {
		c.Response().Header()["Strict-Transport-Security"] = hstsHeader
		return next(c)
	}
}

var hstsHeader = fixedHeader("max-age=31536000")

// underWay counts what each client has under way (streams, exports), with a
// bound per client and, when all > 0, in all.
type underWay struct {
	mu        sync.Mutex
	per, all  int
	n         int
	byClient  map[string]int
	busyKey   string // the message when the client is at its bound
	fullKey   string // the message when all are taken
	retryText string // Retry-After, in seconds
}

func newUnderWay(per, all int, busyKey, fullKey string) *underWay {
	return &underWay{per: per, all: all, byClient: map[string]int{}, busyKey: busyKey, fullKey: fullKey, retryText: "30"}
}

// enter admits one more for client, or says why not (429); leave must be
// called once it is over (calling it again does nothing).
func (k *underWay) enter(c echo.Context, client string) (leave func(), err error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.byClient[client] >= k.per {
		c.Response().Header().Set("Retry-After", k.retryText)
		return nil, refuse(http.StatusTooManyRequests, k.busyKey)
	}
	if k.all > 0 && k.n >= k.all {
		c.Response().Header().Set("Retry-After", k.retryText)
		return nil, refuse(http.StatusTooManyRequests, k.fullKey)
	}
	k.byClient[client]++
	k.n++
	var once sync.Once
	return func() {
		once.Do(func() {
			k.mu.Lock()
			defer k.mu.Unlock()
			k.n--
			if k.byClient[client]--; k.byClient[client] <= 0 {
				delete(k.byClient, client)
			}
		})
	}, nil
}

// diskBudget bounds the temporary files in use at once, in all: the bodies
// of imports waiting to be read and the answers (exports) waiting to be
// sent. A file takes its bytes as they are written and gives them back
// when it is closed.
type diskBudget struct {
	mu        sync.Mutex
	max, used int64
}

// take reserves n bytes, or reports that the budget is spent.
func (d *diskBudget) take(n int64) bool {
	if d == nil {
		return true
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.used+n > d.max {
		return false
	}
	d.used += n
	return true
}

func (d *diskBudget) give(n int64) {
	if d == nil || n == 0 {
		return
	}
	d.mu.Lock()
	d.used -= n
	d.mu.Unlock()
}

func (d *diskBudget) inUse() int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.used
}

// errDiskFull is a temporary file refused by the budget.
var errDiskFull = refuse(http.StatusTooManyRequests, "limit.disk")
