package serve

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"runtime"
	"time"

	"github.com/labstack/echo/v4"
)

// Route is what admission needs to know of a request's route; the handlers
// say it (Admission.Classify), since they know the routes.
type Route struct {
	Direct bool  // a live-update stream or the health check: a GET with no turn, no spool (any other method is a form)
	Export bool  // an export: a few at a time per client and in all (Exports)
	Import bool  // an import: through the upload gate, two decoded at once
	Free   bool  // answered without the database: turns of its own
	Limit  int64 // the body's size limit
}

// Admission bounds how many requests are worked on at once; the others wait
// their turn in the order they came. With every phone of a busy evening in
// flight at once, a few cores shared among them all stretch every request,
// and a save holding the write lock is the one everyone else waits for.
// Worked on a few at a time, each request finishes sooner and the wait is
// first come, first served.
//
// No request holds a turn while it waits on the network, in either
// direction: its body is received whole before its turn (with a deadline
// and a size limit fit for its route, see ReceiveBody), and its answer is
// written into a spool during its turn and sent to the phone after the turn
// is given back (with a deadline). A phone on a slow network, or a client
// that sends half a body or never reads its answer, holds a connection and
// at most a spool's memory, never a turn. The event streams, open for as
// long as a phone watches a match, and the health check, which must answer
// while every turn waits on a stuck database, take no turn and are not
// spooled.
type Admission struct {
	Classify func(echo.Context) Route
	// Body is the time a form's body has to arrive (and an upload's to
	// bring its next BodyInMemory bytes), Upload an import's whole body,
	// Write the answer's.
	Body, Upload, Write time.Duration
	Exports             *UnderWay
	Uploads             *Uploads
	Disk                *DiskBudget
	// DiskFull is the sentence of an answer refused for want of disk.
	DiskFull func(echo.Context) string
	Log      *slog.Logger

	turns     chan struct{}
	freeTurns chan struct{} // the Free routes' turns: never behind a stuck database
	imports   chan struct{} // imports decoding at once
}

// Start makes the turns: InFlight for the requests that need the
// database, as many again for the others, two imports decoding at once.
func (a *Admission) Start() *Admission {
	a.turns = make(chan struct{}, InFlight())
	a.freeTurns = make(chan struct{}, InFlight())
	a.imports = make(chan struct{}, 2)
	return a
}

// InFlight is how many requests are worked on at once: enough to keep every
// core busy while others wait on the database or the network.
func InFlight() int { return 4 * runtime.GOMAXPROCS(0) }

// Admit is the middleware: a refusal of the body is answered and its
// connection closed at once; an admitted request waits its turn, its answer
// spooled and sent after the turn is given back.
func (a *Admission) Admit(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		route := a.Classify(c)
		r := c.Request()
		if route.Direct && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
			return next(c)
		}
		body, err := a.receive(c, route)
		if body != nil {
			defer body.Close()
		}
		if err != nil {
			// The request's context may be cancelled by the failed read: the
			// refusal is still rendered and sent.
			c.SetRequest(r.WithContext(context.WithoutCancel(r.Context())))
			return a.Close(c, err)
		}
		if route.Export {
			// An export takes CPU to make and, when large, disk until it is
			// sent: a few at a time per client and in all, until sent.
			leave, err := a.Exports.Enter(c, ClientKey(c))
			if err != nil {
				return err
			}
			defer leave()
		}
		if route.Import {
			// Imports are few and each costs memory in proportion to its
			// file: a couple at a time.
			select {
			case a.imports <- struct{}{}:
			case <-r.Context().Done():
				return r.Context().Err()
			}
			defer func() { <-a.imports }()
		}
		turns := a.turns
		if route.Free {
			// The referee, the API and the static files do not wait behind
			// pages stuck on a database that stopped answering.
			turns = a.freeTurns
		}
		select {
		case turns <- struct{}{}:
		case <-r.Context().Done():
			return r.Context().Err()
		}
		res := c.Response()
		sp := &spool{real: res.Writer, disk: a.Disk}
		defer sp.discard()
		res.Writer = sp
		func() {
			defer func() { <-turns }()
			defer func() {
				if p := recover(); p != nil {
					// Recover (outside) answers 500: forget what was spooled.
					res.Writer, res.Committed, res.Status, res.Size = sp.real, false, 0, 0
					panic(p)
				}
			}()
			if err := next(c); err != nil {
				c.Error(err) // in the turn: the error page is rendered into the spool too
			}
		}()
		res.Writer = sp.real
		if errors.Is(sp.err, ErrDiskFull) {
			sp.busy = a.DiskFull(c) + "\n"
		}
		rc := http.NewResponseController(sp.real)
		rc.SetWriteDeadline(time.Now().Add(a.Write)) // not supported in tests: no harm
		if err := sp.send(); err != nil {
			// The client did not take its answer in time: the connection is
			// closed (its deadlines stay past, so nothing waits on it).
			a.Log.Debug("answer not taken by the client", "method", r.Method, "path", c.Path(), "client", c.RealIP(), "err", err)
			rc.SetReadDeadline(time.Now())
			return nil
		}
		rc.SetWriteDeadline(time.Time{})
		return nil
	}
}

// Close answers a refusal at once and closes its connection without reading
// what is left of the body: net/http would otherwise read it (up to 256 KiB)
// before closing, and a silent client would keep the connection open for
// ever. The answer has Write to be taken.
func (a *Admission) Close(c echo.Context, err error) error {
	c.Response().Header().Set("Connection", "close")
	rc := http.NewResponseController(c.Response())
	rc.SetWriteDeadline(time.Now().Add(a.Write))
	defer rc.SetWriteDeadline(time.Time{})
	defer rc.SetReadDeadline(time.Now())
	c.Error(err)
	return nil
}

// receive receives the request's body (see ReceiveBody); an import is
// admitted by the upload gate first, and stays counted until the returned
// closer is closed.
func (a *Admission) receive(c echo.Context, route Route) (io.Closer, error) {
	if !route.Import {
		return ReceiveBody(c, route.Limit, a.Body, 0, a.Disk)
	}
	leave, err := a.Uploads.Enter(ClientKey(c))
	if err != nil {
		c.Response().Header().Set("Retry-After", "60")
		return nil, err
	}
	// An upload that goes silent is cut off after the time a form has, not
	// after the time a whole file has: a silent upload does not keep
	// another client's import waiting.
	body, err := ReceiveBody(c, route.Limit, a.Upload, a.Body, a.Disk)
	if err != nil {
		leave()
		return nil, err
	}
	return closeBoth{body, leave}, nil
}

// closeBoth closes a received body (nil when there was none) and leaves
// the gate.
type closeBoth struct {
	body  io.Closer
	leave func()
}

func (b closeBoth) Close() error {
	defer b.leave()
	if b.body != nil {
		return b.body.Close()
	}
	return nil
}

// Working is how many requests that need the database are in their turn now.
func (a *Admission) Working() int { return len(a.turns) }

// Turns is how many requests that need the database are worked on at once.
func (a *Admission) Turns() int { return cap(a.turns) }

// HoldTurns takes every turn of the requests that need the database, as a
// server busy with as many slow pages would; give them back with the
// returned function.
func (a *Admission) HoldTurns() (giveBack func()) {
	for range cap(a.turns) {
		a.turns <- struct{}{}
	}
	return func() {
		for range cap(a.turns) {
			<-a.turns
		}
	}
}
