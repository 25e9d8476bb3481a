package handlers

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// fcMatch starts a Five Crowns match for Ana, Ben and Chloé and returns its URL.
func fcMatch(t testing.TB, c *client, slug string, ids []int64, start string) string {
	t.Helper()
	form := url.Values{"game": {"fivecrowns"}, "firstDealer": {"1"}, "startRound": {start}}
	for i, id := range ids {
		form.Set(fmt.Sprintf("seat_%d", id), fmt.Sprint(i+1))
	}
	rec := c.post("/g/"+slug+"/matches", form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start match: status %d\n%s", rec.Code, rec.Body)
	}
	return rec.Header().Get("Location")
}

func TestCreateGroupJoinAndRotate(t *testing.T) {
	app := newTestApp(t)
	admin := app.client()
	slug := admin.group("Jeudi soir")

	page := doc(t, admin.get("/g/"+slug))
	if got := page.Find(`[data-testid=admin-url]`).Text(); !strings.HasPrefix(got, "http://tk.test/admin/"+slug+"/") {
		t.Errorf("admin link shown after creation = %q", got)
	}
	invite := page.Find(`[data-testid=invite-url]`).Text()
	if !strings.HasPrefix(invite, "http://tk.test/join/"+slug+"/") || page.Find(".qr svg").Length() != 1 {
		t.Fatalf("invite link %q or its QR code missing", invite)
	}
	if again := doc(t, admin.get("/g/"+slug)); again.Find(`[data-testid=admin-url]`).Length() != 0 {
		t.Errorf("admin link shown a second time")
	}

	friend := app.client()
	invitePath := strings.TrimPrefix(invite, "http://tk.test")
	if rec := friend.get("/g/" + slug); rec.Code != http.StatusNotFound {
		t.Errorf("outsider GET group = %d, want 404", rec.Code)
	}
	if rec := friend.post(invitePath, url.Values{"display": {""}}); rec.Code != http.StatusUnprocessableEntity {
		t.Errorf("join with an empty name = %d, want 422", rec.Code)
	}
	if rec := friend.post(invitePath, url.Values{"display": {"Ben"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("join = %d, want 303", rec.Code)
	}
	if rec := friend.get("/g/" + slug); rec.Code != http.StatusOK {
		t.Errorf("member GET group = %d, want 200", rec.Code)
	}
	if rec := friend.post("/g/"+slug+"/invite/rotate", url.Values{}); rec.Code != http.StatusForbidden {
		t.Errorf("non-admin rotate = %d, want 403", rec.Code)
	}
	if rec := admin.post("/g/"+slug+"/invite/rotate", url.Values{}); rec.Code != http.StatusSeeOther {
		t.Fatalf("admin rotate = %d", rec.Code)
	}
	late := app.client()
	if rec := late.post(invitePath, url.Values{"display": {"Late"}}); rec.Code != http.StatusNotFound {
		t.Errorf("join with the rotated-out link = %d, want 404", rec.Code)
	}
	if rec := late.get(invitePath); rec.Code != http.StatusNotFound {
		t.Errorf("GET the rotated-out link = %d, want 404", rec.Code)
	}
}

// TestGroupRoutesRefuseOutsiders walks every route of the router under /g/
// (from the route table, so a new route cannot be forgotten) as a stranger
// and as a member of another group.
func TestGroupRoutesRefuseOutsiders(t *testing.T) {
	app := newTestApp(t)
	owner := app.client()
	slug := owner.group("Mine")
	ids := owner.players(slug, "Ana", "Ben")
	matchURL := fcMatch(t, owner, slug, ids, "1")
	matchID := strings.TrimPrefix(matchURL, "/g/"+slug+"/matches/")
	rec := owner.post(matchURL+"/rounds", url.Values{"op": {"save"}, "mode_0": {"out"}, "mode_1": {"points"}, "points_1": {"12"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("save round: %d", rec.Code)
	}
	rounds, _ := app.store.Rounds(context.Background(), mustInt(matchID))
	roundID := fmt.Sprint(rounds[0].ID)

	stranger := app.client()
	other := app.client()
	other.group("Theirs")
	groupRoutes := 0
	for _, r := range app.e.Routes() {
		if !strings.HasPrefix(r.Path, "/g/") {
			continue
		}
		groupRoutes++
		path := strings.NewReplacer(":group", slug, ":match", matchID, ":round", roundID, ":player", fmt.Sprint(ids[0]), ":game", "fivecrowns").Replace(r.Path)
		for name, c := range map[string]*client{"stranger": stranger, "member of another group": other} {
			var form url.Values
			if r.Method == http.MethodPost {
				form = url.Values{"name": {"X"}, "op": {"save"}, "round": {roundID}, "game": {"fivecrowns"}}
			}
			if rec := c.do(r.Method, path, form); rec.Code != http.StatusNotFound {
				t.Errorf("%s %s %s = %d, want 404", name, r.Method, path, rec.Code)
			}
		}
	}
	if groupRoutes < 10 {
		t.Errorf("only %d group routes found in the route table", groupRoutes)
	}
	m, _ := app.store.Match(context.Background(), mustGroupID(t, app, slug), mustInt(matchID))
	if m.Seats[1].Total != 12 {
		t.Errorf("an outsider changed the match: totals %+v", m.Seats)
	}
}

func mustInt(s string) int64 {
	var n int64
	fmt.Sscan(s, &n)
	return n
}

func mustGroupID(t *testing.T, app *testApp, slug string) int64 {
	g, err := app.store.GroupBySlug(context.Background(), slug)
	if err != nil {
		t.Fatal(err)
	}
	return g.ID
}

func TestFormsRejectBadInputAndSaveNothing(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("G")
	ids := c.players(slug, "Ana", "Ben", "Chloé")
	matchURL := fcMatch(t, c, slug, ids, "1")
	long := strings.Repeat("x", 41)
	tests := []struct {
		name       string
		path       string
		form       url.Values
		wantStatus int
		wantSel    string // an element the answer must contain
		wantText   string // text it must contain (what was typed is kept, the reason is given)
	}{
		{"group without a name", "/groups", url.Values{"name": {""}, "display": {"Ana"}}, 422, "#name[aria-invalid=true]", "Please type a name."},
		{"player name too long", "/g/" + slug + "/players", url.Values{"name": {long}}, 422, "#new-player[value=" + long + "]", "40 characters"},
		{"match with one player", "/g/" + slug + "/matches", url.Values{"game": {"fivecrowns"}, "firstDealer": {"1"}, "startRound": {"1"}, fmt.Sprintf("seat_%d", ids[0]): {"1"}}, 422, "form[data-testid=new-match]", "2 to 7 players"},
		{"two players on one seat", "/g/" + slug + "/matches", url.Values{"game": {"fivecrowns"}, "firstDealer": {"1"}, "startRound": {"1"}, fmt.Sprintf("seat_%d", ids[0]): {"1"}, fmt.Sprintf("seat_%d", ids[1]): {"1"}}, 422, "form", "seat 1"},
		{"round with letters for points", matchURL + "/rounds", url.Values{"op": {"save"}, "mode_0": {"out"}, "mode_1": {"points"}, "points_1": {"douze"}, "mode_2": {"points"}, "points_2": {"7"}}, 422, "#points_1[value=douze]", "whole number"},
		{"round where nobody went out", matchURL + "/rounds", url.Values{"op": {"save"}, "mode_0": {"points"}, "points_0": {"3"}, "mode_1": {"points"}, "points_1": {"4"}, "mode_2": {"points"}, "points_2": {"5"}}, 422, "#points_2[value='5']", "Nobody scored 0"},
		{"round with a third copy of a card", matchURL + "/rounds", url.Values{"op": {"save"}, "mode_0": {"out"}, "mode_1": {"cards"}, "cards_1": {"KH KH"}, "mode_2": {"cards"}, "cards_2": {"KH"}}, 422, "[data-testid=seat]", "more than twice"},
		{"round with points left empty", matchURL + "/rounds", url.Values{"op": {"save"}, "mode_0": {"out"}, "mode_1": {"points"}, "mode_2": {"points"}, "points_2": {"3"}}, 422, "[data-testid=seat]", "Type the points"},
	}
	for _, tt := range tests {
		rec := c.post(tt.path, tt.form)
		if rec.Code != tt.wantStatus {
			t.Errorf("%s: status %d, want %d", tt.name, rec.Code, tt.wantStatus)
			continue
		}
		d := doc(t, rec)
		if d.Find(tt.wantSel).Length() == 0 {
			t.Errorf("%s: no %s in the answer", tt.name, tt.wantSel)
		}
		if !strings.Contains(d.Text(), tt.wantText) {
			t.Errorf("%s: answer lacks %q", tt.name, tt.wantText)
		}
	}
	g := mustGroupID(t, app, slug)
	ms, _ := app.store.Matches(context.Background(), g, 10)
	if len(ms) != 1 {
		t.Errorf("%d matches stored, want only the fixture's 1", len(ms))
	}
	rounds, _ := app.store.Rounds(context.Background(), ms[0].ID)
	if len(rounds) != 0 {
		t.Errorf("%d rounds stored after only bad input, want 0", len(rounds))
	}
	ps, _ := app.store.Players(context.Background(), g)
	if len(ps) != 3 {
		t.Errorf("%d players stored, want 3", len(ps))
	}
}

func TestFiveCrownsMatchEndToEnd(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("G")
	ids := c.players(slug, "Ana", "Ben", "Chloé")
	matchURL := fcMatch(t, c, slug, ids, "9") // express: rounds 9, 10, 11

	sheet := doc(t, c.get(matchURL))
	if got := sheet.Find("[data-testid=fc-wild]").Text(); !strings.HasPrefix(got, "J") {
		t.Errorf("round 9 wild = %q, want J", got)
	}
	if d, s := sheet.Find("[data-testid=fc-dealer]").Text(), sheet.Find("[data-testid=fc-starter]").Text(); d != "Ana" || s != "Ben" {
		t.Errorf("dealer, starter = %q, %q; want Ana, Ben", d, s)
	}
	// A tap on the picker redraws the form with the card and its points, saving nothing.
	rec := c.post(matchURL+"/rounds", url.Values{"picker": {"1"}, "tap": {"JK"}, "mode_0": {"out"}})
	if rec.Code != http.StatusOK || !strings.Contains(doc(t, rec).Find("[data-testid=computed]").Text(), "50") {
		t.Fatalf("tap on the picker: status %d, computed %q", rec.Code, doc(t, rec).Find("[data-testid=computed]").Text())
	}
	// Round 9 (J wild): Ana out, Ben holds JK 7♥ K♣ 4★ = 50+7+13+4, Chloé typed 12.
	save := func(form url.Values) {
		t.Helper()
		form.Set("op", "save")
		if rec := c.post(matchURL+"/rounds", form); rec.Code != http.StatusSeeOther {
			t.Fatalf("save %v: status %d\n%s", form, rec.Code, doc(t, rec).Find(".error").Text())
		}
	}
	save(url.Values{"mode_0": {"out"}, "mode_1": {"cards"}, "cards_1": {"JK 7H KC 4*"}, "mode_2": {"points"}, "points_2": {"12"}})
	save(url.Values{"mode_0": {"points"}, "points_0": {"30"}, "mode_1": {"out"}, "mode_2": {"points"}, "points_2": {"0"}})
	d := doc(t, c.get(matchURL))
	var got []string
	d.Find("[data-testid=total]").Each(func(_ int, s *goquerySelection) { got = append(got, s.Text()) })
	if strings.Join(got, " ") != "30 74 12" {
		t.Errorf("totals after 2 rounds = %v, want 30 74 12", got)
	}
	// Correct round 9: Chloé had 3, not 12. The change is recorded.
	rounds, _ := app.store.Rounds(context.Background(), mustInt(strings.TrimPrefix(matchURL, "/g/"+slug+"/matches/")))
	edit := fmt.Sprintf("%s/rounds/%d", matchURL, rounds[0].ID)
	if rec := c.post(edit, url.Values{"op": {"save"}, "version": {"1"}, "mode_0": {"out"}, "mode_1": {"cards"}, "cards_1": {"JK 7H KC 4*"}, "mode_2": {"points"}, "points_2": {"3"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("correct round: %d", rec.Code)
	}
	if rec := c.post(edit, url.Values{"op": {"save"}, "version": {"1"}, "mode_0": {"out"}, "mode_1": {"points"}, "points_1": {"4"}, "mode_2": {"points"}, "points_2": {"4"}}); rec.Code != http.StatusConflict {
		t.Errorf("correction from a stale version = %d, want 409", rec.Code)
	}
	hist := doc(t, c.get(edit+"/history"))
	if n := hist.Find("[data-testid=revision]").Length(); n != 2 || !strings.Contains(hist.Text(), "Corrected") {
		t.Errorf("history has %d revisions (%q), want entered then corrected", n, hist.Text())
	}
	save(url.Values{"mode_0": {"out"}, "mode_1": {"points"}, "points_1": {"5"}, "mode_2": {"points"}, "points_2": {"5"}})
	d = doc(t, c.get(matchURL))
	if w := d.Find("[data-testid=winner]").Text(); !strings.Contains(w, "Chloé") {
		t.Errorf("winner = %q, want Chloé (8 against 30 and 79)", w)
	}
	if d.Find("[data-testid=round-form]").Length() != 0 {
		t.Errorf("a finished match still offers the round form")
	}
	if rec := c.post(matchURL+"/rounds", url.Values{"op": {"save"}, "mode_0": {"out"}, "mode_1": {"out"}, "mode_2": {"out"}}); rec.Code != http.StatusConflict {
		t.Errorf("a 4th round on a finished match = %d, want 409", rec.Code)
	}
}

func TestLanguage(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	c.lang = "fr-FR,fr;q=0.9,en;q=0.5"
	if d := doc(t, c.get("/")); d.Find("h1").Text() != "Votre compagnon de table" {
		t.Errorf("French browser h1 = %q", d.Find("h1").Text())
	}
	c.get("/lang?to=en&back=/referee")
	if d := doc(t, c.get("/")); d.Find("h1").Text() != "Your table companion" {
		t.Errorf("after the switch to English h1 = %q", d.Find("h1").Text())
	}
	if rec := c.get("/lang?to=fr&back=//evil.example"); rec.Header().Get("Location") != "/" {
		t.Errorf("language switch redirects off-site to %q", rec.Header().Get("Location"))
	}
}

func TestSecurityHeadersAndCrossOriginPosts(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	rec := c.get("/")
	h := rec.Header()
	if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || strings.Contains(csp, "unsafe-inline") {
		t.Errorf("CSP = %q", csp)
	}
	if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") == "" {
		t.Errorf("headers = %v", h)
	}
	req := httptestRequest(http.MethodPost, "/groups", url.Values{"name": {"X"}, "display": {"Y"}})
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	rr := serveReq(app, req)
	if rr.Code != http.StatusForbidden {
		t.Errorf("cross-site form post = %d, want 403", rr.Code)
	}
}

func TestStaticFilesAreHashedAndCached(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	d := doc(t, c.get("/"))
	css, _ := d.Find(`link[rel=stylesheet]`).Attr("href")
	rec := c.get(css)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
		t.Errorf("GET %s = %d, Cache-Control %q", css, rec.Code, rec.Header().Get("Cache-Control"))
	}
	if rec := c.get("/static/app.css"); rec.Code != http.StatusNotFound {
		t.Errorf("unhashed name served with %d, want 404", rec.Code)
	}
	d.Find("script[src], link[href]").Each(func(_ int, s *goquerySelection) {
		src := s.AttrOr("src", s.AttrOr("href", ""))
		if strings.Contains(src, "//") {
			t.Errorf("page loads %s from another origin", src)
		}
	})
}

func TestReloadOfAnUnchangedPageIsA304(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	first := c.get("/")
	etag := first.Header().Get("ETag")
	if etag == "" {
		t.Fatal("no ETag on the home page")
	}
	req := httptestRequest(http.MethodGet, "/", nil)
	req.Header.Set("If-None-Match", etag)
	if rec := serveReq(app, req); rec.Code != http.StatusNotModified {
		t.Errorf("reload with If-None-Match = %d, want 304", rec.Code)
	}
}

func TestRepeatedWrongJoinsAreSlowedDown(t *testing.T) {
	app := newTestApp(t)
	owner := app.client()
	slug := owner.group("G")
	guesser := app.client()
	codes := map[int]int{}
	for i := 0; i < 12; i++ {
		codes[guesser.post("/join/"+slug+"/guess"+fmt.Sprint(i), url.Values{"display": {"X"}}).Code]++
	}
	if codes[http.StatusTooManyRequests] == 0 {
		t.Errorf("12 wrong invite links gave %v; want the last ones refused with 429", codes)
	}
}

func TestReviewFindingsStayFixed(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	// /lang never sends a browser to another site, however the address is spelled.
	for _, back := range []string{"//evil.example", "/\t/evil.example", "/\\evil.example", "https://evil.example/", "http:/evil"} {
		if loc := c.get("/lang?to=fr&back=" + url.QueryEscape(back)).Header().Get("Location"); loc != "/" {
			t.Errorf("/lang back=%q redirects to %q, want /", back, loc)
		}
	}
	// X-Forwarded-For cannot dodge or aim the join rate limit.
	slug := c.group("G")
	for i := 0; i < 12; i++ {
		req := httptestRequest(http.MethodPost, "/join/"+slug+"/wrong", url.Values{"display": {"X"}})
		req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.0.0.%d", i))
		serveReq(app, req)
	}
	if rec := serveReq(app, httptestRequest(http.MethodGet, "/join/"+slug+"/wrong", nil)); rec.Code != http.StatusTooManyRequests {
		t.Errorf("after 12 wrong joins with changing X-Forwarded-For, GET a join link = %d, want 429", rec.Code)
	}
	// The JSON API answers cross-origin clients, in JSON, with no Go type names.
	req := httptest.NewRequest(http.MethodPost, "/api/v1/take5/score", strings.NewReader(`[]`))
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	rec := serveReq(app, req)
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "must be an object") || strings.Contains(rec.Body.String(), "take5.") {
		t.Errorf("cross-site [] to the API = %d %s", rec.Code, rec.Body)
	}
}
