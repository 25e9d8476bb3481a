package handlers

import (
	"cmp"
	"io"
	"net/http"
	"sync"

	"github.com/labstack/echo/v4"
)

// maxUploads is how many imports may be under way at once by default (see
// Limits.Uploads), from the moment their body starts to arrive: received,
// waiting for one of the two import slots (see admitted), or worked on.
// One client (see clientKey) may have one under way at a time, so it can
// hold at most one of the two slots. An upload that goes silent holds its
// place for at most Timeouts.Body (see receive), a slow one for at most
// Timeouts.Upload: a few strangers' silent uploads no longer keep every
// import out for minutes.
//
// What imports put on disk is bounded by Limits.TempDisk, in all (with the
// answers waiting to be sent): a body waits in a temporary file (at most
// uploadLimit, 256 MiB), its file part is copied into another when the form
// is read, and the first is removed at once (see parseUpload). The
// decompressed file is never written: it is read as a stream, at most
// store.MaxImportBytes.
const maxUploads = 16

// uploadGate counts the imports under way, in all and per client.
type uploadGate struct {
	mu      sync.Mutex
	clients map[string]bool
	n       int
	max     int // maxUploads when 0 (see Limits.Uploads)
}

// gateRefusal is an import refused before its body was read: a status and
// the message id that says why (and its ".title").
type gateRefusal struct {
	status int
	key    string
	args   []any // the message's values (see views.T)
}

func (e *gateRefusal) Error() string { return "import refused: " + e.key }

// enter admits an import from client, or says why not; leave must be
// called when it is over.
func (g *uploadGate) enter(client string) (leave func(), err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.clients[client] {
		return nil, refuse(http.StatusTooManyRequests, "import.busy.client")
	}
	if g.n >= cmp.Or(g.max, maxUploads) {
		return nil, refuse(http.StatusTooManyRequests, "import.busy.server")
	}
	if g.clients == nil {
		g.clients = map[string]bool{}
	}
	g.clients[client] = true
	g.n++
	var once sync.Once
	return func() {
		once.Do(func() {
			g.mu.Lock()
			defer g.mu.Unlock()
			delete(g.clients, client)
			g.n--
		})
	}, nil
}

// receive receives the request's body (see receiveBody); an import is
// admitted by the upload gate first, and stays counted until the returned
// closer is closed.
func (s *Server) receive(c echo.Context) (io.Closer, error) {
	limit, wait := s.bodyLimit(c.Path())
	if !isImport(c.Path()) {
		return receiveBody(c, limit, wait, 0, s.disk)
	}
	leave, err := s.uploads.enter(clientKey(c))
	if err != nil {
		c.Response().Header().Set("Retry-After", "60")
		return nil, err
	}
	// An upload that goes silent is cut off after the time a form has (see
	// receiveBody), not after the time a whole file has: a silent upload
	// does not keep another client's import waiting.
	body, err := receiveBody(c, limit, wait, s.bodyTimeout, s.disk)
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
