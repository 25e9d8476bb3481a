package handlers

import (
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

// pageCache keeps rendered pages and members' lookups until anything is
// written. Every successful write to the server (any POST, and the admin
// link, a GET that writes) empties it, after the write has committed, so a
// page built from data read before a write is never kept past that write.
// One server process owns the database, so nothing else can change it.
type pageCache struct {
	mu      sync.Mutex
	epoch   uint64
	pages   map[string]cachedPage
	members map[string]member
}

type cachedPage struct {
	body []byte // with the submit-key hole, filled in per answer by send
	at   time.Time
}

const (
	maxCachedPages = 1000
	pageTTL        = time.Minute // also bounds what depends on the clock (the default season)
)

func newPageCache() *pageCache {
	return &pageCache{pages: map[string]cachedPage{}, members: map[string]member{}}
}

// bump forgets everything: something was written.
func (p *pageCache) bump() {
	p.mu.Lock()
	p.epoch++
	clear(p.pages)
	clear(p.members)
	p.mu.Unlock()
}

func (p *pageCache) now() uint64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.epoch
}

func (p *pageCache) page(key string) ([]byte, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	cp, ok := p.pages[key]
	if !ok || time.Since(cp.at) > pageTTL {
		return nil, false
	}
	return cp.body, true
}

// keepPage stores a page built while the epoch was epoch; a write since then
// makes it unsafe to keep.
func (p *pageCache) keepPage(key string, epoch uint64, body []byte) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.epoch != epoch {
		return
	}
	if len(p.pages) >= maxCachedPages {
		clear(p.pages)
	}
	p.pages[key] = cachedPage{body: body, at: time.Now()}
}

func (p *pageCache) member(key string) (member, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	m, ok := p.members[key]
	return m, ok
}

func (p *pageCache) keepMember(key string, epoch uint64, m member) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.epoch != epoch {
		return
	}
	if len(p.members) >= maxCachedPages {
		clear(p.members)
	}
	p.members[key] = m
}

// forgetOnWrite empties the cache after every request that may have written:
// any successful method other than GET or HEAD, except the JSON API and the
// event stream, which read no stored data.
func (s *Server) forgetOnWrite(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		err := next(c)
		r := c.Request()
		if r.Method != http.MethodGet && r.Method != http.MethodHead && !strings.HasPrefix(r.URL.Path, "/api/") {
			s.cache.bump()
		}
		return err
	}
}

// cachedPage answers a GET of a page that depends only on stored data, the
// URL, the language, the member's role and htmx: from the cache when no write
// happened since it was built, otherwise built and kept.
func (s *Server) cachedPage(c echo.Context, build func() ([]byte, error)) error {
	m := memberOf(c)
	key := strings.Join([]string{c.Request().URL.RequestURI(), lang(c), strconv.FormatBool(m.who.IsAdmin),
		c.Request().Header.Get("HX-Request")}, "\x00")
	if body, ok := s.cache.page(key); ok {
		return s.send(c, http.StatusOK, body)
	}
	epoch := s.cache.now()
	body, err := build()
	if err != nil {
		return err
	}
	s.cache.keepPage(key, epoch, body)
	return s.send(c, http.StatusOK, body)
}
