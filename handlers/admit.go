package handlers

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/views"
)

// admitted bounds how many requests are worked on at once; the others wait
// their turn in the order they came. With every phone of a busy evening in
// flight at once, a few cores shared among them all stretch every request,
// and a save holding the write lock is the one everyone else waits for.
// Worked on a few at a time, each request finishes sooner and the wait is
// first come, first served.
//
// No request holds a turn while it waits on the network, in either
// direction: its body is received whole before its turn (with a deadline
// and a size limit fit for its route, see receiveBody), and its answer is
// written into a spool during its turn and sent to the phone after the turn
// is given back (with a deadline, see spool). A phone on a slow network, or
// a client that sends half a body or never reads its answer, holds a
// connection and at most a spool's memory, never a turn. The event streams,
// open for as long as a phone watches a match, take no turn and are not
// spooled.
func (s *Server) admitted(next echo.HandlerFunc) echo.HandlerFunc {
	// The security headers go on every answer, refusals made here included.
	return securityHeaders(func(c echo.Context) error {
		if strings.HasSuffix(c.Path(), "/events") {
			return next(c)
		}
		r := c.Request()
		body, err := s.receive(c)
		if body != nil {
			defer body.Close()
		}
		if err != nil {
			// The request's context may be cancelled by the failed read: the
			// refusal is still rendered and sent.
			c.SetRequest(r.WithContext(context.WithoutCancel(r.Context())))
			c.Response().Header().Set("Connection", "close") // the rest of the body is not read
			rc := http.NewResponseController(c.Response())
			rc.SetWriteDeadline(time.Now().Add(s.writeTimeout))
			defer rc.SetWriteDeadline(time.Time{})
			// What is left of the body is not waited for: net/http would
			// read it (up to 256 KiB) before closing, and a silent client
			// would keep the connection open for ever.
			defer rc.SetReadDeadline(time.Now())
			c.Error(err)
			return nil
		}
		if isExport(c.Path()) {
			// An export takes CPU to make and, when large, disk until it is
			// sent: a few at a time per client and in all, until sent.
			leave, err := s.exports.enter(c, clientKey(c))
			if err != nil {
				return err
			}
			defer leave()
		}
		if isImport(c.Path()) {
			// Imports are few and each costs memory in proportion to its
			// file (see maxImport): a couple at a time.
			select {
			case s.imports <- struct{}{}:
			case <-r.Context().Done():
				return r.Context().Err()
			}
			defer func() { <-s.imports }()
		}
		turns := s.turns
		if needsNoDatabase(c) {
			// The referee, the API and the static files do not wait behind
			// pages stuck on a database that stopped answering: they have
			// turns of their own.
			turns = s.freeTurns
		}
		select {
		case turns <- struct{}{}:
		case <-r.Context().Done():
			return r.Context().Err()
		}
		res := c.Response()
		sp := &spool{real: res.Writer, disk: s.disk}
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
		if errors.Is(sp.err, errDiskFull) {
			sp.busy = views.T(s.viewCtx(c), "limit.disk") + "\n"
		}
		rc := http.NewResponseController(sp.real)
		rc.SetWriteDeadline(time.Now().Add(s.writeTimeout)) // not supported in tests: no harm
		if err := sp.send(); err != nil {
			// The client did not take its answer in time: the connection is
			// closed (its deadlines stay past, so nothing waits on it).
			s.log.Debug("answer not taken by the client", "method", r.Method, "path", c.Path(), "err", err)
			rc.SetReadDeadline(time.Now())
			return nil
		}
		rc.SetWriteDeadline(time.Time{})
		return nil
	})
}

// Size limits of a request body, by route.
const (
	// formLimit bounds a form: a round of seven players with every card
	// typed is a few kilobytes.
	formLimit = 64 << 10
	// uploadLimit bounds an import's request: the file and the form around it.
	uploadLimit = maxImport + 64<<10
	// bodyInMemory is how much of a body is kept in memory; the rest of an
	// import waits in a temporary file.
	bodyInMemory = 64 << 10
)

// needsNoDatabase reports whether c's request is answered without the
// database: the JSON API, the referee (unless opened from a match, whose
// cookie it reads the match by) and the static files.
func needsNoDatabase(c echo.Context) bool {
	switch path := c.Path(); {
	case strings.HasPrefix(path, "/api/"), strings.HasPrefix(path, "/static/"):
		return true
	case path == "/referee" || path == "/referee/:game":
		_, err := c.Cookie(rulingCookie)
		return err != nil
	case path == "/manifest.webmanifest", path == "/icon.svg", path == "/sw.js", path == "/app-strings/:file":
		return true
	}
	return false
}

func isExport(path string) bool {
	switch path {
	case "/g/:group/export.csv", "/g/:group/export.json", "/g/:group/export.json.gz", "/g/:group/export.bgstats.json":
		return true
	}
	return false
}

func isImport(path string) bool {
	switch path {
	case "/import", "/g/:group/import", "/g/:group/import/bgstats", "/g/:group/import/bgstats/confirm":
		return true
	}
	return false
}

// bodyLimit is the size limit and the time allowed to receive the body of a
// request to route path.
func (s *Server) bodyLimit(path string) (int64, time.Duration) {
	switch {
	case isImport(path):
		return uploadLimit, s.uploadTimeout
	case strings.HasPrefix(path, "/api/"):
		return maxBody, s.bodyTimeout
	}
	return formLimit, s.bodyTimeout
}

// receiveBody receives the whole request body now, within wait, and leaves
// the request reading from what was received: up to bodyInMemory in
// memory, the rest in a temporary file (its bytes taken from disk). A body
// larger than limit is refused with 413, one that does not arrive whole in
// time with 408, and so is one that, with stall > 0, leaves stall pass
// without bringing another bodyInMemory bytes: a silent upload is cut off
// then, not at the end of wait. The returned closer (nil when there is no
// body) removes the temporary file.
func receiveBody(c echo.Context, limit int64, wait, stall time.Duration, disk *diskBudget) (io.Closer, error) {
	r := c.Request()
	if r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0 {
		return nil, nil
	}
	if r.ContentLength > limit {
		return nil, echo.NewHTTPError(http.StatusRequestEntityTooLarge)
	}
	rc := http.NewResponseController(c.Response())
	end := time.Now().Add(wait)
	rc.SetReadDeadline(end) // not supported in tests: no harm
	defer rc.SetReadDeadline(time.Time{})
	var in io.Reader = r.Body
	if stall > 0 && stall < wait {
		in = &paced{r: r.Body, rc: rc, end: end, stall: stall}
	}
	sb := &spooledBody{buf: bufs.Get().(*bytes.Buffer), disk: disk}
	buf := sb.buf
	n, err := io.Copy(buf, io.LimitReader(in, bodyInMemory))
	if err == nil && n == bodyInMemory {
		if sb.file, err = os.CreateTemp("", "tablekeeper-body-*"); err != nil {
			return nil, err
		}
		os.Remove(sb.file.Name()) // gone when closed, whatever happens
		var m int64
		m, err = io.Copy(budgeted{sb.file, disk, &sb.taken}, io.LimitReader(in, limit+1-n))
		n += m
		if err == nil {
			_, err = sb.file.Seek(0, io.SeekStart)
		}
	}
	switch {
	case err == nil && n > limit:
		err = echo.NewHTTPError(http.StatusRequestEntityTooLarge)
	case errors.Is(err, errDiskFull):
		c.Response().Header().Set("Retry-After", "60")
	case err != nil:
		// Too slow, cut off or malformed: the form never arrived whole.
		err = echo.NewHTTPError(http.StatusRequestTimeout).SetInternal(err)
	}
	if err != nil {
		sb.Close()
		return nil, err
	}
	r.Body.Close()
	sb.Reader = io.MultiReader(bytes.NewReader(buf.Bytes()), sb.fileReader())
	r.Body, r.ContentLength = sb, n
	return sb, nil
}

// paced reads a body that must bring bodyInMemory bytes within each stall
// (and end by end): the read deadline moves on with each such step.
type paced struct {
	r         io.Reader
	rc        *http.ResponseController
	end       time.Time
	stall     time.Duration
	sinceLast int64
	started   bool
}

func (p *paced) Read(b []byte) (int, error) {
	if !p.started || p.sinceLast >= bodyInMemory {
		p.started, p.sinceLast = true, 0
		next := time.Now().Add(p.stall)
		if next.After(p.end) {
			next = p.end
		}
		p.rc.SetReadDeadline(next)
	}
	n, err := p.r.Read(b)
	p.sinceLast += int64(n)
	return n, err
}

// budgeted writes to a temporary file what the disk budget allows.
type budgeted struct {
	f     *os.File
	disk  *diskBudget
	taken *int64
}

func (w budgeted) Write(p []byte) (int, error) {
	if !w.disk.take(int64(len(p))) {
		return 0, errDiskFull
	}
	*w.taken += int64(len(p))
	return w.f.Write(p)
}

// spooledBody is a received body: memory, then perhaps a temporary file.
type spooledBody struct {
	io.Reader
	buf   *bytes.Buffer // borrowed from bufs until Close
	file  *os.File
	disk  *diskBudget
	taken int64 // bytes of the file, taken from disk
}

func (b *spooledBody) fileReader() io.Reader {
	if b.file == nil {
		return bytes.NewReader(nil)
	}
	return b.file
}

func (b *spooledBody) Close() error {
	putBuf(b.buf)
	b.buf = nil
	if b.file != nil {
		b.file.Close()
		b.file = nil
	}
	b.disk.give(b.taken)
	b.taken = 0
	return nil
}

// spool holds an answer while it is made, in a turn: the status, then up to
// spoolInMemory bytes in memory and the rest in a temporary file, so that
// a client that reads slowly, or never, holds neither a turn nor more than
// that much memory. The headers are the real writer's (nothing is sent
// before send).
type spool struct {
	real   http.ResponseWriter
	status int
	buf    *bytes.Buffer // from bufs, taken at the first write
	file   *os.File
	err    error
	disk   *diskBudget // the file's bytes are taken from it
	taken  int64
	busy   string // what to say when the disk budget is spent
}

// bufs are the buffers spools and received bodies borrow: one per request
// in flight rather than a new one (grown by doubling) per request.
var bufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// keptBuf is the largest buffer given back to bufs: an export's does not
// stay in memory for the next page.
const keptBuf = 64 << 10

func putBuf(b *bytes.Buffer) {
	if b != nil && b.Cap() <= keptBuf {
		b.Reset()
		bufs.Put(b)
	}
}

// spoolInMemory is how much of an answer is kept in memory: every page; a
// large export goes to a temporary file.
const spoolInMemory = 256 << 10

func (s *spool) Header() http.Header { return s.real.Header() }

func (s *spool) WriteHeader(status int) {
	if s.status == 0 {
		s.status = status
	}
}

func (s *spool) Write(p []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	if s.err != nil {
		return 0, s.err
	}
	if s.buf == nil {
		s.buf = bufs.Get().(*bytes.Buffer)
	}
	if s.file == nil && s.buf.Len()+len(p) <= spoolInMemory {
		return s.buf.Write(p)
	}
	if s.file == nil {
		if s.file, s.err = os.CreateTemp("", "tablekeeper-answer-*"); s.err != nil {
			return 0, s.err
		}
		os.Remove(s.file.Name()) // gone when closed, whatever happens
	}
	if !s.disk.take(int64(len(p))) {
		s.err = errDiskFull
		return 0, s.err
	}
	s.taken += int64(len(p))
	n, err := s.file.Write(p)
	s.err = err
	return n, err
}

// Flush is a no-op: everything is sent at the end.
func (s *spool) Flush() {}

// Unwrap lets a handler reach the connection (read deadlines).
func (s *spool) Unwrap() http.ResponseWriter { return s.real }

// send writes the spooled answer to the client.
func (s *spool) send() error {
	if s.status == 0 {
		return nil // nothing was written: net/http answers as it does for any handler
	}
	if s.err != nil {
		// The answer could not be kept whole: say so rather than send half.
		h := s.real.Header()
		h.Del("Content-Length")
		h.Del("Content-Encoding")
		h.Del("Content-Disposition")
		h.Set("Content-Type", "text/plain; charset=utf-8")
		if errors.Is(s.err, errDiskFull) {
			// Too many large answers wait to be sent: this one is not made.
			h.Set("Retry-After", "60")
			s.real.WriteHeader(http.StatusTooManyRequests)
			_, err := io.WriteString(s.real, s.busy)
			return err
		}
		s.real.WriteHeader(http.StatusInternalServerError)
		_, err := io.WriteString(s.real, "The server could not prepare this answer. Please try again later.\n")
		return errors.Join(s.err, err)
	}
	if s.buf == nil {
		s.buf = bufs.Get().(*bytes.Buffer)
	}
	size := int64(s.buf.Len())
	if s.file != nil {
		st, err := s.file.Stat()
		if err != nil {
			return err
		}
		size += st.Size()
		if _, err := s.file.Seek(0, io.SeekStart); err != nil {
			return err
		}
	}
	h := s.real.Header()
	if h.Get("Content-Length") == "" && s.status != http.StatusNotModified && s.status != http.StatusNoContent && s.status >= 200 {
		h.Set("Content-Length", strconv.FormatInt(size, 10))
	}
	s.real.WriteHeader(s.status)
	if _, err := s.real.Write(s.buf.Bytes()); err != nil {
		return err
	}
	if s.file != nil {
		_, err := io.Copy(s.real, s.file)
		return err
	}
	return nil
}

func (s *spool) discard() {
	putBuf(s.buf)
	s.buf = nil
	if s.file != nil {
		s.file.Close()
		s.file = nil
	}
	s.disk.give(s.taken)
	s.taken = 0
}

// inFlight is how many requests are worked on at once: enough to keep every
// core busy while others wait on the database or the network.
func inFlight() int { return 4 * runtime.GOMAXPROCS(0) }
