// Package gametest lets a game's own package hold its page tests: it starts
// the app in-process (every game of games.All(), a SQLite file in a
// temporary folder) and gives a test a phone that keeps its cookies, makes
// a group, seats players, starts a match, posts a round and reads the page
// as goquery finds it. A game's tests import it from an external test
// package (package <game>_test), as games/taki's do.
package gametest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/tablekeeper/tablekeeper/games"
	"github.com/tablekeeper/tablekeeper/handlers"
	"github.com/tablekeeper/tablekeeper/store"
)

// Server is the app, served in-process on its own database.
type Server struct {
	t     testing.TB
	h     http.Handler
	Store *store.Store
}

// Start serves the app on a new SQLite file in t's temporary folder; the
// store is closed when t ends.
func Start(t testing.TB) *Server {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "game.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	// One test makes hundreds of requests from one address: no rate limits.
	h, err := handlers.New(handlers.Config{Store: st, Games: games.All(), BaseURL: "http://tk.test",
		Limits: handlers.Limits{Requests: -1, Groups: -1}})
	if err != nil {
		t.Fatal(err)
	}
	return &Server{t: t, h: h, Store: st}
}

// Phone is a browser on the server: it keeps the cookies it is given and
// asks for pages in Lang ("" for the server's default, English).
type Phone struct {
	s       *Server
	cookies map[string]*http.Cookie
	Lang    string
}

// Phone is a new browser, with no cookie yet.
func (s *Server) Phone() *Phone { return &Phone{s: s, cookies: map[string]*http.Cookie{}} }

// Page is an answer: its status, its headers and its HTML.
type Page struct {
	Code   int
	Header http.Header
	Body   string
	*goquery.Document
}

// Texts is the trimmed text of each element sel finds, in order.
func (p *Page) Texts(sel string) []string {
	var out []string
	p.Find(sel).Each(func(_ int, s *goquery.Selection) { out = append(out, strings.TrimSpace(s.Text())) })
	return out
}

// Location is where a 303 sends the phone.
func (p *Page) Location() string { return p.Header.Get("Location") }

// Get asks for path.
func (ph *Phone) Get(path string) *Page { return ph.do(http.MethodGet, path, nil, "") }

// Post sends form to path, as the page's form does.
func (ph *Phone) Post(path string, form url.Values) *Page {
	return ph.do(http.MethodPost, path, strings.NewReader(form.Encode()), "application/x-www-form-urlencoded")
}

// API sends body as JSON to path and returns the answer's status and body.
func (ph *Phone) API(path string, body any) (int, []byte) {
	js, err := json.Marshal(body)
	if err != nil {
		ph.s.t.Fatal(err)
	}
	p := ph.do(http.MethodPost, path, strings.NewReader(string(js)), "application/json")
	return p.Code, []byte(p.Body)
}

func (ph *Phone) do(method, path string, body *strings.Reader, contentType string) *Page {
	ph.s.t.Helper()
	if body == nil {
		body = strings.NewReader("")
	}
	req := httptest.NewRequest(method, path, body)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if ph.Lang != "" {
		req.Header.Set("Accept-Language", ph.Lang)
	}
	for _, ck := range ph.cookies {
		req.AddCookie(ck)
	}
	rec := httptest.NewRecorder()
	ph.s.h.ServeHTTP(rec, req)
	for _, ck := range rec.Result().Cookies() {
		if ck.MaxAge < 0 {
			delete(ph.cookies, ck.Name)
		} else {
			ph.cookies[ck.Name] = ck
		}
	}
	d, err := goquery.NewDocumentFromReader(strings.NewReader(rec.Body.String()))
	if err != nil {
		ph.s.t.Fatal(err)
	}
	return &Page{Code: rec.Code, Header: rec.Header(), Body: rec.Body.String(), Document: d}
}

// Group makes a group (its admin is this phone, seated as Ana) and returns
// its page's path.
func (ph *Phone) Group(name string) string {
	ph.s.t.Helper()
	p := ph.Post("/groups", url.Values{"name": {name}, "display": {"Ana"}})
	if p.Code != http.StatusSeeOther {
		ph.s.t.Fatalf("create group %q: status %d", name, p.Code)
	}
	return p.Location()
}

// Players adds the named players to the group at path (Ana is already
// there) and returns their ids, in the order named.
func (ph *Phone) Players(group string, names ...string) []int64 {
	ph.s.t.Helper()
	ctx := context.Background()
	g, err := ph.s.Store.GroupBySlug(ctx, strings.TrimPrefix(group, "/g/"))
	if err != nil {
		ph.s.t.Fatal(err)
	}
	ps, _ := ph.s.Store.Players(ctx, g.ID)
	for _, n := range names {
		if slices.ContainsFunc(ps, func(p store.Player) bool { return p.Name == n }) {
			continue
		}
		if p := ph.Post(group+"/players", url.Values{"name": {n}}); p.Code != http.StatusSeeOther {
			ph.s.t.Fatalf("add player %s: status %d", n, p.Code)
		}
	}
	ps, _ = ph.s.Store.Players(ctx, g.ID)
	var ids []int64
	for _, n := range names {
		i := slices.IndexFunc(ps, func(p store.Player) bool { return p.Name == n })
		ids = append(ids, ps[i].ID)
	}
	return ids
}

// StartMatch starts a match of game in the group at path, the named
// players seated in order, with the new-match form's other fields opts, and
// returns the answer (a 303 to the match, or the form redrawn).
func (ph *Phone) StartMatch(group, game string, names []string, opts url.Values) *Page {
	ph.s.t.Helper()
	form := url.Values{"game": {game}}
	for i, id := range ph.Players(group, names...) {
		form.Set(fmt.Sprintf("seat_%d", id), fmt.Sprint(i+1))
	}
	for k, v := range opts {
		form[k] = v
	}
	return ph.Post(group+"/matches", form)
}

// Match is StartMatch that must start: it returns the match's path.
func (ph *Phone) Match(group, game string, names []string, opts url.Values) string {
	ph.s.t.Helper()
	p := ph.StartMatch(group, game, names, opts)
	if p.Code != http.StatusSeeOther {
		ph.s.t.Fatalf("start a %s match: status %d: %s", game, p.Code, strings.Join(p.Texts(".error"), " | "))
	}
	return p.Location()
}
