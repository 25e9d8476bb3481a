package serve

import (
	"cmp"
	"net/http"
	"sync"
)

// MaxUploads is how many imports may be under way at once by default, from
// the moment their body starts to arrive: received, waiting for one of the
// two import slots (see Admission), or worked on. One client (see
// ClientKey) may have one under way at a time, so it can hold at most one
// of the two slots. An upload that goes silent holds its place for at most
// Admission.Body, a slow one for at most Admission.Upload: a few strangers'
// silent uploads do not keep every import out for minutes.
const MaxUploads = 16

// Uploads counts the imports under way, in all and per client.
type Uploads struct {
	mu      sync.Mutex
	clients map[string]bool
	n       int
	Max     int // MaxUploads when 0
}

// Enter admits an import from client, or says why not; leave must be
// called when it is over.
func (g *Uploads) Enter(client string) (leave func(), err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.clients[client] {
		return nil, Refuse(http.StatusTooManyRequests, "import.busy.client")
	}
	if g.n >= cmp.Or(g.Max, MaxUploads) {
		return nil, Refuse(http.StatusTooManyRequests, "import.busy.server")
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

// Open is how many imports are under way.
func (g *Uploads) Open() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.n
}
