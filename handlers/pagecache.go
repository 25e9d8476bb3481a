package handlers

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/serve"
	"github.com/tablekeeper/tablekeeper/store"
)

// pageCache keeps rendered pages and members' lookups, per group, until
// something is written to that group. The store tells it of every committed
// write (see written), so a page built from data read before a write is
// never kept past that write. On PostgreSQL other instances write too: their
// writes arrive as notifications a moment after their commit (store.listen),
// so there a kept page is also checked against the group's write counter,
// read from the database before it is served (see cachedPage).
type pageCache struct {
	mu     sync.Mutex
	all    uint64            // bumped when everything is forgotten
	gens   map[string]uint64 // bumped when a group's entries are forgotten
	groups map[string]*groupEntries
	bytes  int // what the kept pages hold
}

type groupEntries struct {
	pages   map[string]cachedPage
	members map[string]member
}

type cachedPage struct {
	page *serve.Prepared
	at   time.Time
	ver  int64 // the group's write counter read before the page was built (PostgreSQL)
}

// cacheGen is what a reader saw before reading: a page or a member read then
// is kept only if its group has not been written to since.
type cacheGen struct{ all, group uint64 }

const (
	maxCacheBytes = 4 << 20     // about 1,000 compressed scoresheets (4 KB each)
	maxMembers    = 1000        // per group
	maxGens       = 10000       // groups written to between two full forgets
	pageTTL       = time.Minute // also bounds what depends on the clock (the default season)
)

func newPageCache() *pageCache {
	return &pageCache{gens: map[string]uint64{}, groups: map[string]*groupEntries{}}
}

// forget drops what is kept for group, or everything when group is "".
func (p *pageCache) forget(group string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if group == "" {
		p.forgetAll()
		return
	}
	p.bump(group)
	if g := p.groups[group]; g != nil {
		p.dropPagesOf(g)
		delete(p.groups, group)
	}
}

// bump records a write to group. The counters are kept only for groups
// written since the last full forget, a few hundred at most; should they
// ever pile up, everything is forgotten and they start again.
// The caller holds p.mu.
func (p *pageCache) bump(group string) {
	if len(p.gens) >= maxGens {
		p.forgetAll()
		return
	}
	p.gens[group]++
}

// forgetAll drops every group's entries and counters. The caller holds p.mu.
func (p *pageCache) forgetAll() {
	p.all++
	clear(p.gens)
	clear(p.groups)
	p.bytes = 0
}

// forgetPages drops group's pages but keeps who its members are: for the
// writes that change no membership (rounds, matches, players, rules).
func (p *pageCache) forgetPages(group string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.bump(group) // a member read meanwhile is not kept either: harmless
	if g := p.groups[group]; g != nil {
		p.dropPagesOf(g)
	}
}

func (p *pageCache) dropPagesOf(g *groupEntries) {
	for _, cp := range g.pages {
		p.bytes -= cp.page.Mem()
	}
	clear(g.pages)
}

func (p *pageCache) gen(group string) cacheGen {
	p.mu.Lock()
	defer p.mu.Unlock()
	return cacheGen{p.all, p.gens[group]}
}

// entries is group's entries, made when gen is still current; nil otherwise.
// The caller holds p.mu.
func (p *pageCache) entries(group string, gen cacheGen) *groupEntries {
	if gen != (cacheGen{p.all, p.gens[group]}) {
		return nil
	}
	g := p.groups[group]
	if g == nil {
		g = &groupEntries{pages: map[string]cachedPage{}, members: map[string]member{}}
		p.groups[group] = g
	}
	return g
}

func (p *pageCache) page(group, key string) (*serve.Prepared, int64, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	g := p.groups[group]
	if g == nil {
		return nil, 0, false
	}
	cp, ok := g.pages[key]
	if !ok || time.Since(cp.at) > pageTTL {
		return nil, 0, false
	}
	return cp.page, cp.ver, true
}

// keepPage stores a page built from data read at gen (and, on PostgreSQL,
// after reading the group's write counter ver).
func (p *pageCache) keepPage(group, key string, gen cacheGen, ver int64, page *serve.Prepared) {
	p.mu.Lock()
	defer p.mu.Unlock()
	g := p.entries(group, gen)
	if g == nil {
		return
	}
	if old, ok := g.pages[key]; ok {
		p.bytes -= old.page.Mem()
		delete(g.pages, key)
	}
	p.evict(page.Mem())
	g.pages[key] = cachedPage{page: page, at: time.Now(), ver: ver}
	p.bytes += page.Mem()
}

// evict makes room for n bytes, dropping pages in no particular order (Go's
// map order), down to three quarters of the budget. The caller holds p.mu.
func (p *pageCache) evict(n int) {
	if p.bytes+n <= maxCacheBytes {
		return
	}
	for _, g := range p.groups {
		for k, cp := range g.pages {
			p.bytes -= cp.page.Mem()
			delete(g.pages, k)
			if p.bytes+n <= maxCacheBytes*3/4 {
				return
			}
		}
	}
}

func (p *pageCache) member(group, key string) (member, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if g := p.groups[group]; g != nil {
		m, ok := g.members[key]
		return m, ok
	}
	return member{}, false
}

func (p *pageCache) keepMember(group, key string, gen cacheGen, m member) {
	p.mu.Lock()
	defer p.mu.Unlock()
	g := p.entries(group, gen)
	if g == nil {
		return
	}
	if len(g.members) >= maxMembers {
		clear(g.members)
	}
	g.members[key] = m
}

// written is the store's word that a write committed (store.OnWrite): the
// group's kept pages are forgotten, and its members too when they changed.
// The store is the one place that writes, so no request needs to be guessed
// at: an anonymous new group or import forgets nothing of the others.
//
// A write of another instance (PostgreSQL) arrives the same way, Remote;
// one with no group means notifications may have been lost (the listener
// reconnected): everything is forgotten.
func (p *pageCache) written(w store.Written) {
	if w.Members || w.Slug == "" {
		p.forget(w.Slug)
		return
	}
	p.forgetPages(w.Slug)
}

// cachedPage answers a GET of a page that depends only on stored data, the
// URL, the language, the member's role and htmx: from the cache when no write
// happened since it was built, otherwise built, and kept when it holds
// nothing drawn for this request (a round form's submit key: a match in
// progress is built for every answer, a finished one is kept).
func (s *Server) cachedPage(c echo.Context, build func() ([]byte, error)) error {
	return s.cachedPageFor(c, "", build)
}

// cachedPageFor is cachedPage for a page that also depends on who looks:
// who tells it apart (e.g. the member's player), kept once per who.
func (s *Server) cachedPageFor(c echo.Context, who string, build func() ([]byte, error)) error {
	m := memberOf(c)
	// The host too: without a base URL setting, links to share (the invite)
	// are written with the address the browser used.
	key := strings.Join([]string{c.Request().Host, c.Request().URL.RequestURI(), lang(c), strconv.FormatBool(m.who.IsAdmin),
		c.Request().Header.Get("HX-Request"), who}, "\x00")
	group := m.group.Slug
	// On PostgreSQL another instance may have written to the group a moment
	// ago, its notification not here yet: the group's write counter, one
	// indexed read, says whether the kept page is still current. It is read
	// before the page is built, so a write committed while building makes
	// the page look older than it is, never newer.
	shared := s.store.Shared()
	var ver int64
	if shared {
		var err error
		if ver, err = s.store.GroupVersion(c.Request().Context(), m.group.ID); err != nil {
			if err := store.Unavailable(c.Request().Context(), err); errors.Is(err, store.ErrUnavailable) {
				return err // the page would wait for the database as long again
			}
			ver = -1 // not kept
		}
	}
	if page, kept, ok := s.cache.page(group, key); ok && (!shared || ver >= 0 && kept == ver) {
		return s.sendPrepared(c, http.StatusOK, page)
	}
	gen := s.cache.gen(group)
	body, err := build()
	if err != nil {
		return err
	}
	perRequest := drawnKey(c)
	page := serve.Prepare(body, serve.EtagOf(body, perRequest))
	keep := ver >= 0 && perRequest == ""
	if keep {
		s.cache.keepPage(group, key, gen, ver, page.Slim())
	}
	err = s.sendPrepared(c, http.StatusOK, page)
	if !keep || page.GZ != nil { // a kept page holds its compressed copy, not body
		releaseBody(body)
	}
	return err
}
