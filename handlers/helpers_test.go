package handlers

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
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/games"
	"github.com/tablekeeper/tablekeeper/store"
)

// testGames is the game list the handler tests run with: every game the app offers.
func testGames() []Game {
	return games.All()
}

// testApp is a real Echo instance on a real SQLite file.
type testApp struct {
	t     testing.TB
	e     *echo.Echo
	store *store.Store
	srv   *Server
}

// wrote tells the server that the test wrote to the store directly (the
// server forgets cached pages on its own writes, and no one else writes).
func (a *testApp) wrote() { a.srv.cache.forget("") }

func newTestApp(t testing.TB) *testApp {
	t.Helper()
	return newTestAppWith(t, testGames())
}

// newTestAppWith is a test app offering games.
func newTestAppWith(t testing.TB, games []Game) *testApp {
	t.Helper()
	return newTestAppConfig(t, games, nil)
}

// newTestAppConfig is a test app offering games, its Config changed by
// change (when not nil).
func newTestAppConfig(t testing.TB, games []Game, change func(*Config)) *testApp {
	t.Helper()
	return newTestAppAt(t, games, filepath.Join(t.TempDir(), "test.db"), change)
}

// newTestAppAt is newTestAppConfig on the database db (a SQLite file, or a
// PostgreSQL URL: pgtest.Database).
func newTestAppAt(t testing.TB, games []Game, db string, change func(*Config)) *testApp {
	t.Helper()
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	// A second passes at every reading, under a lock: requests run at once.
	var clockMu sync.Mutex
	clock := time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)
	st.Now = func() time.Time {
		clockMu.Lock()
		defer clockMu.Unlock()
		clock = clock.Add(time.Second)
		return clock
	}
	// One test client makes hundreds of requests at once: no rate limits.
	cfg := Config{Store: st, Games: games, BaseURL: "http://tk.test", Limits: Limits{Requests: -1, Groups: -1}}
	if change != nil {
		change(&cfg)
	}
	srv, e, err := newServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &testApp{t: t, e: e, store: st, srv: srv}
}

// client is one browser: it keeps its cookies.
type client struct {
	app     *testApp
	cookies map[string]*http.Cookie
	lang    string
	htmx    bool // send HX-Request, as htmx does
}

func (a *testApp) client() *client { return &client{app: a, cookies: map[string]*http.Cookie{}} }

// do sends a request (form-encoded when form is non-nil) and returns the recorder.
func (c *client) do(method, path string, form url.Values) *httptest.ResponseRecorder {
	c.app.t.Helper()
	var body *strings.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	} else {
		body = strings.NewReader("")
	}
	req := httptest.NewRequest(method, path, body)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if c.lang != "" {
		req.Header.Set("Accept-Language", c.lang)
	}
	if c.htmx {
		req.Header.Set("HX-Request", "true")
	}
	for _, ck := range c.cookies {
		req.AddCookie(ck)
	}
	rec := httptest.NewRecorder()
	c.app.e.ServeHTTP(rec, req)
	for _, ck := range rec.Result().Cookies() {
		if ck.MaxAge < 0 {
			delete(c.cookies, ck.Name)
		} else {
			c.cookies[ck.Name] = ck
		}
	}
	return rec
}

// get follows one redirect, like a browser after a 303.
func (c *client) get(path string) *httptest.ResponseRecorder { return c.do(http.MethodGet, path, nil) }

func (c *client) post(path string, form url.Values) *httptest.ResponseRecorder {
	return c.do(http.MethodPost, path, form)
}

// doc parses the HTML of a response.
func doc(t testing.TB, rec *httptest.ResponseRecorder) *goquery.Document {
	t.Helper()
	d, err := goquery.NewDocumentFromReader(strings.NewReader(rec.Body.String()))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// group creates a group as c and returns its slug.
func (c *client) group(name string) string {
	c.app.t.Helper()
	rec := c.post("/groups", url.Values{"name": {name}, "display": {"Ana"}})
	if rec.Code != http.StatusSeeOther {
		c.app.t.Fatalf("create group: status %d", rec.Code)
	}
	return strings.TrimPrefix(rec.Header().Get("Location"), "/g/")
}

// players adds players to the group and returns their ids in order.
func (c *client) players(slug string, names ...string) []int64 {
	c.app.t.Helper()
	g, _ := c.app.store.GroupBySlug(context.Background(), slug)
	ps, _ := c.app.store.Players(context.Background(), g.ID)
	for _, n := range names {
		if slices.ContainsFunc(ps, func(p store.Player) bool { return p.Name == n }) {
			continue // the group's creator (Ana) or a member who joined as n is already a player
		}
		if rec := c.post("/g/"+slug+"/players", url.Values{"name": {n}}); rec.Code != http.StatusSeeOther {
			c.app.t.Fatalf("add player %s: status %d", n, rec.Code)
		}
	}
	ps, _ = c.app.store.Players(context.Background(), g.ID)
	var ids []int64
	for _, n := range names {
		for _, p := range ps {
			if p.Name == n {
				ids = append(ids, p.ID)
			}
		}
	}
	return ids
}

// writeRound seeds match mid of the group named slug with w (a round added,
// corrected or undone) as the server writes one, through store.ChangeRound,
// without its form: for tests that set up many rounds.
func writeRound(t testing.TB, st *store.Store, slug string, mid int64, w store.RoundWrite) {
	t.Helper()
	ctx := context.Background()
	g, err := st.GroupBySlug(ctx, slug)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := st.ChangeRound(ctx, g, mid, "", func(store.Match, []store.Round) store.RoundWrite { return w }); err != nil {
		t.Fatal(err)
	}
}

// pointsEntry is a round entry of typed points, as the tests seed them.
func pointsEntry(pts []int) json.RawMessage {
	b, _ := json.Marshal(map[string]any{"points": pts})
	return b
}

// takiMatch starts a TAKI match for the named players (seats in order) with
// extra options, and returns the match URL.
func takiMatch(t *testing.T, c *client, slug string, names []string, opts url.Values) string {
	t.Helper()
	ids := c.players(slug, names...)
	form := url.Values{"game": {"taki"}}
	for i, id := range ids {
		form.Set(fmt.Sprintf("seat_%d", id), fmt.Sprint(i+1))
	}
	for k, v := range opts {
		form[k] = v
	}
	rec := c.post("/g/"+slug+"/matches", form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start TAKI match: status %d, body %s", rec.Code, rec.Body.String())
	}
	return rec.Header().Get("Location")
}

func texts(d *goquery.Document, sel string) []string {
	var out []string
	d.Find(sel).Each(func(_ int, s *goquery.Selection) { out = append(out, strings.TrimSpace(s.Text())) })
	return out
}
