package handlers

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// Issue 15: identity, access and the spreadsheet export.

// send is c.do with extra request headers (Sec-Fetch-Site, a remote address…).
func (c *client) send(method, path string, form url.Values, hdr map[string]string) *httptest.ResponseRecorder {
	c.app.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(form.Encode()))
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for k, v := range hdr {
		if k == "RemoteAddr" {
			req.RemoteAddr = v
			continue
		}
		req.Header.Set(k, v)
	}
	if c.lang != "" {
		req.Header.Set("Accept-Language", c.lang)
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

// adminURL is the admin link the group page shows once, as a path.
func adminPath(t *testing.T, c *client, slug string) string {
	t.Helper()
	u := doc(t, c.get("/g/"+slug)).Find(`[data-testid=admin-url]`).Text()
	if u == "" {
		t.Fatal("no admin link shown")
	}
	return strings.TrimPrefix(u, "http://tk.test")
}

func invitePath(t *testing.T, c *client, slug string) string {
	t.Helper()
	u := doc(t, c.get("/g/"+slug)).Find(`[data-testid=invite-url]`).Text()
	if u == "" {
		t.Fatal("no invite link shown")
	}
	return strings.TrimPrefix(u, "http://tk.test")
}

// Before: names took NUL bytes, invalid UTF-8 and right-to-left overrides.
// After: every path that takes a name refuses them with a sentence on the
// field, in English and French, and stores nothing.
func TestNamesWithControlOrBidiCharactersAreRefusedEverywhere(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("Table")
	ids := c.players(slug, "Ana")
	base := "/g/" + slug
	file := c.get(base + "/export.json").Body.Bytes()
	invite := invitePath(t, c, slug)

	bad := map[string]string{
		"NUL":             "An\x00a",
		"invalid UTF-8":   "An\xffa",
		"RLO":             "evil\u202egnp.exe",
		"LRI":             "\u2066Ana\u2069",
		"RLM":             "Ana\u200f",
		"ALM":             "Ana\u061c",
		"line break":      "Ana\nBen",
		"tab":             "Ana\tBen",
		"line separator":  "Ana\u2028Ben",
		"41 characters":   strings.Repeat("é", 41),
		"only spaces":     "   ",
		"only zero-width": "\u200b\ufeff",
		"escape sequence": "Ana\x1b[31m",
	}
	why := map[string]string{
		"NUL": "control character", "invalid UTF-8": "not valid text", "RLO": "direction", "LRI": "direction", "RLM": "direction",
		"ALM": "direction", "line break": "control character", "tab": "control character", "line separator": "control character",
		"41 characters": "too long", "only spaces": "type a name", "only zero-width": "type a name", "escape sequence": "control character",
	}
	for label, name := range bad {
		want := why[label]
		check := func(path string, rec *httptest.ResponseRecorder) {
			t.Helper()
			if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(doc(t, rec).Find(".error").Text(), want) {
				t.Errorf("%s: %s: status %d, error %q, want 422 saying %q", label, path, rec.Code, doc(t, rec).Find(".error").Text(), want)
			}
		}
		check("create group (name)", c.post("/groups", url.Values{"name": {name}, "display": {"Ana"}}))
		check("create group (your name)", c.post("/groups", url.Values{"name": {"G"}, "display": {name}}))
		check("add player", c.post(base+"/players", url.Values{"name": {name}}))
		check("rename player", c.post(fmt.Sprintf("%s/players/%d", base, ids[0]), url.Values{"op": {"rename"}, "name": {name}}))
		check("join", app.client().post(invite, url.Values{"display": {name}}))
		check("new season", c.post(base+"/seasons", url.Values{"name": {name}, "from": {"2026-01-01"}, "to": {"2026-02-01"}}))
		check("import (your name)", postFile(c, "/import", url.Values{"display": {name}}, file))
		check("import from a group (your name)", postFile(c, base+"/import", url.Values{"display": {name}}, file))
	}
	// A name inside an imported file goes through the same rule.
	for label, name := range map[string]string{"RLO": `An\u202ea`, "NUL": `An\u0000a`, "tab": `An\ta`} {
		damaged := strings.Replace(string(file), `"Ana"`, `"`+name+`"`, 1)
		rec := postFile(c, "/import", url.Values{"display": {"Zoé"}}, []byte(damaged))
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "invisible control or text-direction") {
			t.Errorf("import of a file with a %s in a player's name: %d", label, rec.Code)
		}
	}
	// French.
	c.lang = "fr"
	if rec := c.post(base+"/players", url.Values{"name": {"evil\u202egnp"}}); !strings.Contains(rec.Body.String(), "change le sens du texte") {
		t.Errorf("the French message for a bidi override is missing")
	}
	if rec := c.post(base+"/players", url.Values{"name": {"A\x00"}}); !strings.Contains(rec.Body.String(), "caractère de contrôle") {
		t.Errorf("the French message for a control character is missing")
	}
	c.lang = ""
	// Nothing was stored: one group, one player still named Ana, no season.
	ps, _ := app.store.Players(context.Background(), mustGroupID(t, app, slug))
	if len(ps) != 1 || ps[0].Name != "Ana" {
		t.Errorf("players after refused names: %+v", ps)
	}
	if n := countGroups(t, c); n != 1 {
		t.Errorf("the browser is in %d groups after refused creations and imports, want 1", n)
	}
	// Names that are fine: accents, emoji with joiners, Arabic and Hebrew
	// written naturally, surrounding spaces trimmed.
	for _, ok := range []string{"Chloé", "👩‍👩‍👧 Famille", "سارة", "דנה", "  Zoé  "} {
		if rec := c.post(base+"/players", url.Values{"name": {ok}}); rec.Code != http.StatusSeeOther {
			t.Errorf("add player %q = %d, want 303", ok, rec.Code)
		}
	}
	ps, _ = app.store.Players(context.Background(), mustGroupID(t, app, slug))
	for _, p := range ps {
		if p.Name == "  Zoé  " {
			t.Errorf("a name was stored untrimmed")
		}
	}
	// The store refuses them too, whoever calls it.
	if _, err := app.store.AddPlayer(context.Background(), mustGroupID(t, app, slug), "x\u202e"); err == nil {
		t.Errorf("store.AddPlayer took a bidi override")
	}
}

// Before: a player named =HYPERLINK(…) was a live formula in export.csv.
// After: text cells a spreadsheet would evaluate start with an apostrophe;
// points stay numbers, negative ones included.
func TestCSVExportNeutralisesFormulas(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("Table")
	names := []string{`=HYPERLINK("http://x.test","Hi")`, `=cmd|' /C calc'!A0`, `=2+3`, `@SUM(1+1)`, `+1`, `-40`}
	match := takiMatch(t, c, slug, names, url.Values{"end": {"rounds"}, "rounds": {"3"}})
	form := url.Values{"op": {"save"}, "submitKey": {"k1"}, "winner": {"0"}}
	for i := 1; i < len(names); i++ {
		form.Set(fmt.Sprintf("mode_%d", i), "points")
		form.Set(fmt.Sprintf("points_%d", i), "-40")
	}
	if rec := c.post(match+"/rounds", form); rec.Code != http.StatusSeeOther {
		t.Fatalf("save a TAKI round: %d %s", rec.Code, doc(t, rec).Find(".error").Text())
	}
	rec := c.get("/g/" + slug + "/export.csv")
	rows, err := csv.NewReader(strings.NewReader(rec.Body.String())).ReadAll()
	if err != nil || len(rows) != 1+len(names) {
		t.Fatalf("export.csv: %v, %d rows:\n%s", err, len(rows), rec.Body)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	seen := map[string]bool{}
	for _, r := range rows[1:] {
		player, points := r[col["player"]], r[col["points"]]
		if !strings.HasPrefix(player, "'") {
			t.Errorf("player cell %q is not neutralised", player)
		}
		seen[strings.TrimPrefix(player, "'")] = true
		if player != "'"+names[0] && points != "-40" {
			t.Errorf("%s scored %q in the CSV, want the number -40", player, points)
		}
		for _, cell := range r {
			if cell != "" && strings.ContainsRune("=+@\t\r", rune(cell[0])) {
				t.Errorf("a cell a spreadsheet would evaluate: %q", cell)
			}
			if cell != "" && cell[0] == '-' && cell != "-40" {
				t.Errorf("a cell starting with - that is not a number: %q", cell)
			}
		}
	}
	for _, n := range names {
		if !seen[n] {
			t.Errorf("name %q lost in the CSV", n)
		}
	}
	for in, want := range map[string]string{"=1": "'=1", "\t=1": "'\t=1", "\r=1": "'\r=1", "Ana": "Ana", "": "", "-": "'-", "fivecrowns": "fivecrowns"} {
		if got := csvText(in); got != want {
			t.Errorf("csvText(%q) = %q, want %q", in, got, want)
		}
	}
}

// newAppAt is newTestApp with another base URL.
func newAppAt(t *testing.T, baseURL string) *testApp {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	srv, e, err := newServer(Config{Store: st, Games: testGames(), BaseURL: baseURL})
	if err != nil {
		t.Fatal(err)
	}
	return &testApp{t: t, e: e, store: st, srv: srv}
}

// Before: under an https base URL the session cookie was Secure only when the
// proxy sent X-Forwarded-Proto, and the admin and public link cookies never.
// After: every cookie is Secure whenever the base URL is https.
func TestCookiesAreSecureUnderAnHTTPSBaseURL(t *testing.T) {
	setCookies := func(app *testApp) map[string]string {
		c := app.client()
		out := map[string]string{}
		keep := func(rec *httptest.ResponseRecorder) {
			for _, v := range rec.Header().Values("Set-Cookie") {
				out[strings.SplitN(v, "=", 2)[0]] = v
			}
		}
		rec := c.post("/groups", url.Values{"name": {"G"}, "display": {"Ana"}})
		keep(rec)
		slug := strings.TrimPrefix(rec.Header().Get("Location"), "/g/")
		keep(c.get("/g/" + slug)) // deletes tk_admin_once
		keep(c.post("/g/"+slug+"/public", url.Values{"op": {"on"}}))
		keep(c.post("/g/"+slug+"/admin/rotate", url.Values{}))
		keep(c.get("/lang?to=fr&back=/"))
		return out
	}
	got := setCookies(newAppAt(t, "https://games.example.org"))
	for _, name := range []string{sessionCookie, "tk_admin_once", "tk_public_once", "lang"} {
		v, ok := got[name]
		if !ok {
			t.Errorf("no %s cookie was set", name)
			continue
		}
		if !hasSecure(v) || strings.Count(strings.ToLower(v), "secure") != 1 {
			t.Errorf("under https, Set-Cookie %q is not Secure (once)", v)
		}
		if !strings.Contains(v, "HttpOnly") {
			t.Errorf("Set-Cookie %q is not HttpOnly", v)
		}
	}
	// Plain http (a laptop on the table's network): not Secure, or the
	// browser would drop them.
	for name, v := range setCookies(newAppAt(t, "http://192.168.1.20:8080")) {
		if hasSecure(v) {
			t.Errorf("under http, cookie %s is Secure: %q", name, v)
		}
	}
}

// Before: the admin link could not be revoked and members not removed.
// After: the admin makes a new admin link (shown once; the old one stops) and
// removes a member, whose phone then sees the "ask for the invite link" page.
func TestAdminRevokesAdminLinkAndRemovesMember(t *testing.T) {
	app := newTestApp(t)
	admin := app.client()
	slug := admin.group("Jeudi")
	oldAdmin := adminPath(t, admin, slug)
	invite := invitePath(t, admin, slug)
	base := "/g/" + slug

	ben := app.client()
	if rec := ben.post(invite, url.Values{"display": {"Ben"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("Ben joins: %d", rec.Code)
	}
	if rec := ben.post(base+"/admin/rotate", url.Values{}); rec.Code != http.StatusForbidden {
		t.Errorf("a member replaces the admin link: %d, want 403", rec.Code)
	}
	if rec := ben.get(base + "/members"); rec.Code != http.StatusForbidden {
		t.Errorf("a member opens the members page: %d, want 403", rec.Code)
	}
	// The admin link is replaced: the new one is shown once, the old one is dead.
	if rec := admin.post(base+"/admin/rotate", url.Values{}); rec.Code != http.StatusSeeOther {
		t.Fatalf("rotate admin link: %d", rec.Code)
	}
	d := doc(t, admin.get(base+"?adminrotated=1"))
	newAdmin := strings.TrimPrefix(d.Find(`[data-testid=admin-url]`).Text(), "http://tk.test")
	if newAdmin == "" || newAdmin == oldAdmin || !strings.Contains(d.Find(".flash").Text(), "old one no longer works") {
		t.Fatalf("after rotation the page shows admin link %q (old %q), flash %q", newAdmin, oldAdmin, d.Find(".flash").Text())
	}
	if doc(t, admin.get(base)).Find(`[data-testid=admin-url]`).Length() != 0 {
		t.Errorf("the new admin link is shown a second time")
	}
	thief := app.client()
	if rec := thief.get(oldAdmin); rec.Code != http.StatusNotFound {
		t.Errorf("GET the revoked admin link: %d, want 404", rec.Code)
	}
	if rec := thief.post(oldAdmin, url.Values{}); rec.Code != http.StatusNotFound {
		t.Errorf("POST the revoked admin link: %d, want 404", rec.Code)
	}
	if rec := thief.get(base); rec.Code != http.StatusNotFound {
		t.Errorf("the revoked admin link let someone in: %d", rec.Code)
	}
	carol := app.client()
	if rec := carol.post(newAdmin, url.Values{}); rec.Code != http.StatusSeeOther {
		t.Fatalf("the new admin link: %d, want 303", rec.Code)
	}
	if doc(t, carol.get(base)).Find(`[data-testid=members-link]`).Length() != 1 {
		t.Errorf("the new admin link did not make an admin")
	}

	// Removing Ben (whose membership the server has cached: he just visited).
	if rec := ben.get(base); rec.Code != http.StatusOK {
		t.Fatalf("Ben visits: %d", rec.Code)
	}
	d = doc(t, admin.get(base+"/members"))
	var removeBen string
	d.Find(`[data-testid=member]`).Each(func(_ int, s *goquery.Selection) {
		if strings.Contains(s.Text(), "Ben") {
			removeBen = s.Find("form").AttrOr("action", "")
		}
	})
	if removeBen == "" || !strings.Contains(d.Find(`[data-testid=session-idle]`).Text(), "90 days") {
		t.Fatalf("members page: no remove form for Ben, or no idle time stated:\n%s", d.Text())
	}
	if rec := admin.post(removeBen, url.Values{}); rec.Code != http.StatusSeeOther {
		t.Fatalf("remove Ben: %d", rec.Code)
	}
	rec := ben.get(base)
	if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "ask them for the current invite link") {
		t.Errorf("removed member GET group: %d, want 404 with the invite sentence", rec.Code)
	}
	if rec := ben.post(base+"/players", url.Values{"name": {"Sneaky"}}); rec.Code != http.StatusNotFound {
		t.Errorf("removed member adds a player: %d, want 404", rec.Code)
	}
	if strings.Contains(ben.get("/").Body.String(), "Jeudi") {
		t.Errorf("the removed member's home page still lists the group")
	}
	if rec := admin.post(removeBen, url.Values{}); rec.Code != http.StatusNotFound {
		t.Errorf("remove Ben twice: %d, want 404", rec.Code)
	}
	// An admin cannot remove themselves (the group would lose its admin).
	g, me, _ := app.store.Membership(context.Background(), slug, admin.cookies[sessionCookie].Value)
	rec = admin.post(fmt.Sprintf("/g/%s/members/%d/remove", g.Slug, me.SessionID), url.Values{})
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "cannot remove yourself") {
		t.Errorf("admin removes themselves: %d", rec.Code)
	}
	if rec := admin.post(base+"/members/nope/remove", url.Values{}); rec.Code != http.StatusNotFound {
		t.Errorf("remove a member that is not a number: %d, want 404", rec.Code)
	}
	// Another group's member cannot be removed through this group.
	other := app.client()
	otherSlug := other.group("Other")
	_, om, _ := app.store.Membership(context.Background(), otherSlug, other.cookies[sessionCookie].Value)
	if rec := admin.post(fmt.Sprintf("%s/members/%d/remove", base, om.SessionID), url.Values{}); rec.Code != http.StatusNotFound {
		t.Errorf("remove another group's member: %d, want 404", rec.Code)
	}
	if rec := other.get("/g/" + otherSlug); rec.Code != http.StatusOK {
		t.Errorf("the other group's admin lost access: %d", rec.Code)
	}
}

// Before: sessions lasted five years. After: 90 days idle, refreshed by use
// at most once a day (not a write per request), stated where it matters.
func TestSessionsExpireAfterNinetyIdleDays(t *testing.T) {
	app := newTestApp(t)
	var offset time.Duration
	clock := app.store.Now
	app.store.Now = func() time.Time { return clock().Add(offset) }
	ana := app.client()
	rec := ana.post("/groups", url.Values{"name": {"G"}, "display": {"Ana"}})
	slug := strings.TrimPrefix(rec.Header().Get("Location"), "/g/")
	base := "/g/" + slug
	if ck := ana.cookies[sessionCookie]; ck.MaxAge != 90*24*3600 {
		t.Errorf("session cookie Max-Age = %d, want 90 days", ck.MaxAge)
	}
	if views.SessionIdleDays != store.SessionIdleDays || store.SessionIdleDays != 90 {
		t.Errorf("pages say %d days, the store keeps %d", views.SessionIdleDays, store.SessionIdleDays)
	}
	seen := func(c *client) time.Time {
		_, m, err := app.store.Membership(context.Background(), slug, c.cookies[sessionCookie].Value)
		if err != nil {
			return time.Time{}
		}
		return m.SeenAt
	}
	// Use within a day writes nothing.
	first := seen(ana)
	offset = 2 * time.Hour
	for i := 0; i < 3; i++ {
		if rec := ana.get(base); rec.Code != http.StatusOK {
			t.Fatalf("visit: %d", rec.Code)
		}
	}
	if seen(ana) != first {
		t.Errorf("visits within a day moved seen_at: %v → %v", first, seen(ana))
	}
	// Use after 60 days refreshes the session (and the cookie)…
	offset = 60 * 24 * time.Hour
	rec = ana.get(base)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Header().Get("Set-Cookie"), sessionCookie) || !seen(ana).After(first) {
		t.Errorf("a visit after 60 days: %d, cookie %q, seen %v", rec.Code, rec.Header().Get("Set-Cookie"), seen(ana))
	}
	// …so 60 more days later (120 since creation, 60 idle) Ana is still in.
	offset = 120 * 24 * time.Hour
	if rec := ana.get(base); rec.Code != http.StatusOK {
		t.Errorf("after 60 idle days (120 since creation): %d, want 200", rec.Code)
	}
	// Ben joins and then sleeps 91 days (his membership still in the cache).
	ben := app.client()
	invite := strings.TrimPrefix(doc(t, ana.get(base)).Find(`[data-testid=invite-url]`).Text(), "http://tk.test")
	jf := doc(t, ben.get(invite))
	if !strings.Contains(jf.Find(`[data-testid=session-idle]`).Text(), "90 days") {
		t.Errorf("the join page does not state the idle time")
	}
	ben.post(invite, url.Values{"display": {"Ben"}})
	if rec := ben.get(base); rec.Code != http.StatusOK {
		t.Fatalf("Ben after joining: %d", rec.Code)
	}
	offset += 91 * 24 * time.Hour
	if rec := ben.get(base); rec.Code != http.StatusNotFound {
		t.Errorf("after 91 idle days: %d, want 404", rec.Code)
	}
	if strings.Contains(ben.get("/").Body.String(), `href="/g/`+slug) {
		t.Errorf("the home page still lists the group of an idle session")
	}
	// Joining again with the invite link gives a new session.
	if rec := ben.post(invite, url.Values{"display": {"Ben"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("Ben joins again: %d", rec.Code)
	}
	if rec := ben.get(base); rec.Code != http.StatusOK {
		t.Errorf("Ben after joining again: %d", rec.Code)
	}
}

// Before: ten wrong invite links from one address locked everyone behind it
// (a café's network, a household) out of joining for ten minutes.
// After: only failures are counted, and a valid link is never refused.
func TestWrongLinksFromOnePhoneDoNotLockOutTheNetwork(t *testing.T) {
	app := newTestApp(t)
	owner := app.client()
	slug := owner.group("G")
	admin := adminPath(t, owner, slug)
	invite := invitePath(t, owner, slug)
	same := map[string]string{"RemoteAddr": "203.0.113.7:4000"} // one NAT address for every phone below

	guesser := app.client()
	codes := map[int]int{}
	for i := 0; i < 30; i++ {
		codes[guesser.send(http.MethodPost, fmt.Sprintf("/join/%s/guess%d", slug, i), url.Values{"display": {"X"}}, same).Code]++
		codes[guesser.send(http.MethodGet, fmt.Sprintf("/admin/%s/guess%d", slug, i), nil, same).Code]++
	}
	if codes[http.StatusTooManyRequests] == 0 || codes[http.StatusOK]+codes[http.StatusSeeOther] != 0 {
		t.Errorf("60 wrong links gave %v; want 404s then 429s", codes)
	}
	friend := app.client()
	if rec := friend.send(http.MethodGet, invite, nil, same); rec.Code != http.StatusOK {
		t.Errorf("a friend on the same network opens the right invite: %d, want 200", rec.Code)
	}
	if rec := friend.send(http.MethodPost, invite, url.Values{"display": {"Ben"}}, same); rec.Code != http.StatusSeeOther {
		t.Errorf("a friend on the same network joins: %d, want 303", rec.Code)
	}
	if rec := friend.get("/g/" + slug); rec.Code != http.StatusOK {
		t.Errorf("the friend is not a member: %d", rec.Code)
	}
	if rec := app.client().send(http.MethodGet, admin, nil, same); rec.Code != http.StatusOK {
		t.Errorf("the right admin link from the same network: %d, want 200", rec.Code)
	}
	// The guesser is still slowed down.
	if rec := guesser.send(http.MethodGet, "/join/"+slug+"/again", nil, same); rec.Code != http.StatusTooManyRequests {
		t.Errorf("the guesser's next wrong link: %d, want 429", rec.Code)
	}
	// Another address is not affected at all.
	if rec := app.client().send(http.MethodGet, "/join/"+slug+"/typo", nil, map[string]string{"RemoteAddr": "198.51.100.1:1"}); rec.Code != http.StatusNotFound {
		t.Errorf("a typo from another address: %d, want 404", rec.Code)
	}
	// One IPv6 /64 is one client.
	for i := 0; i < 12; i++ {
		app.client().send(http.MethodGet, "/join/"+slug+"/v6", nil, map[string]string{"RemoteAddr": fmt.Sprintf("[2001:db8:1:2::%x]:1", i+1)})
	}
	if rec := app.client().send(http.MethodGet, "/join/"+slug+"/v6", nil, map[string]string{"RemoteAddr": "[2001:db8:1:2:ffff::1]:1"}); rec.Code != http.StatusTooManyRequests {
		t.Errorf("wrong links from new addresses in the same IPv6 /64: %d, want 429", rec.Code)
	}
}

func TestLimiterMemoryIsBounded(t *testing.T) {
	l := newLimiter(3, 60)
	l.maxKeys = 100
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l.now = func() time.Time { return now }
	for i := 0; i < 50; i++ {
		l.fail("one")
	}
	if n := len(l.fails["one"]); n > 3 || !l.blocked("one") {
		t.Errorf("one key keeps %d failures (blocked %v), want at most 3 and blocked", n, l.blocked("one"))
	}
	for i := 0; i < 10000; i++ {
		l.fail(fmt.Sprint("spray", i))
	}
	if len(l.fails) > 100 {
		t.Errorf("the limiter keeps %d keys, want at most 100", len(l.fails))
	}
	now = now.Add(2 * time.Minute)
	if l.blocked("spray9999") {
		t.Errorf("still blocked after the window")
	}
}

// Before: a cross-site GET /admin/… (a link, an image) made the visitor an
// admin of the attacker's group. After: the GET asks to confirm; only a
// same-site POST claims, and a cross-site POST is refused. The invite link
// likewise: a cross-site GET only shows the form.
func TestCrossSiteAdminAndJoinLinksChangeNothing(t *testing.T) {
	app := newTestApp(t)
	attacker := app.client()
	slug := attacker.group("Evil")
	admin := adminPath(t, attacker, slug)
	invite := invitePath(t, attacker, slug)
	cross := map[string]string{"Sec-Fetch-Site": "cross-site"}

	victim := app.client()
	mine := victim.group("Mine")
	before := victim.cookies[sessionCookie].Value

	rec := victim.send(http.MethodGet, admin, nil, cross)
	if rec.Code != http.StatusOK || doc(t, rec).Find(`form[data-testid=claim-form][method=post]`).Length() != 1 {
		t.Errorf("cross-site GET of an admin link: %d, want 200 with a confirmation form", rec.Code)
	}
	if rec.Header().Get("Set-Cookie") != "" {
		t.Errorf("cross-site GET of an admin link set a cookie: %q", rec.Header().Get("Set-Cookie"))
	}
	if rec := victim.send(http.MethodPost, admin, url.Values{}, cross); rec.Code != http.StatusForbidden {
		t.Errorf("cross-site POST of an admin link: %d, want 403", rec.Code)
	}
	rec = victim.send(http.MethodGet, invite, nil, cross)
	if rec.Code != http.StatusOK || rec.Header().Get("Set-Cookie") != "" {
		t.Errorf("cross-site GET of an invite link: %d, cookie %q; want the form and no cookie", rec.Code, rec.Header().Get("Set-Cookie"))
	}
	if rec := victim.send(http.MethodPost, invite, url.Values{"display": {"V"}}, cross); rec.Code != http.StatusForbidden {
		t.Errorf("cross-site POST of an invite link: %d, want 403", rec.Code)
	}
	if victim.cookies[sessionCookie].Value != before {
		t.Errorf("the victim's session changed")
	}
	if rec := victim.get("/g/" + slug); rec.Code != http.StatusNotFound {
		t.Errorf("the victim became a member of the attacker's group: %d", rec.Code)
	}
	if rec := victim.get("/g/" + mine); rec.Code != http.StatusOK {
		t.Errorf("the victim lost their own group: %d", rec.Code)
	}
	// The same link, confirmed on the site itself, works.
	if rec := victim.send(http.MethodPost, admin, url.Values{}, map[string]string{"Sec-Fetch-Site": "same-origin"}); rec.Code != http.StatusSeeOther {
		t.Errorf("same-origin POST of the admin link: %d, want 303", rec.Code)
	}
	if doc(t, victim.get("/g/"+slug)).Find(`[data-testid=members-link]`).Length() != 1 {
		t.Errorf("the confirmed admin link did not make an admin")
	}
	if rec := victim.get("/g/" + mine); rec.Code != http.StatusOK {
		t.Errorf("claiming another group's admin link lost the victim's own group: %d", rec.Code)
	}
}
