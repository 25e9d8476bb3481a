package handlers

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/tablekeeper/tablekeeper/serve"
)

// A cached scoresheet is the page as it stands: a write from any phone shows
// at once, every answer carries its own submit key, and a reload of an
// unchanged sheet is a 304.
func TestCachedScoresheetFollowsEveryWrite(t *testing.T) {
	app, a, b, matchURL := twoPhones(t)
	first := doc(t, b.get(matchURL))
	second := doc(t, b.get(matchURL))
	k1, _ := first.Find("input[name=submitKey]").Attr("value")
	k2, _ := second.Find("input[name=submitKey]").Attr("value")
	if k1 == k2 || !strings.HasPrefix(k1, "1.") || len(k1) < 20 {
		t.Errorf("two answers of the same sheet carry submit keys %q and %q; want two fresh keys for round 1", k1, k2)
	}
	if n := second.Find("[data-testid=round-row]").Length(); n != 0 {
		t.Fatalf("%d rounds before any save", n)
	}
	if rec := a.post(matchURL+"/rounds", roundForm("1.x", "12")); rec.Code != http.StatusSeeOther {
		t.Fatalf("save: %d", rec.Code)
	}
	if n := doc(t, b.get(matchURL)).Find("[data-testid=round-row]").Length(); n != 1 {
		t.Errorf("the other phone sees %d rounds right after a save, want 1", n)
	}
	rec := b.get(matchURL)
	req := httptestRequest(http.MethodGet, matchURL, nil)
	req.Header.Set("If-None-Match", rec.Header().Get("ETag"))
	for _, ck := range b.cookies {
		req.AddCookie(ck)
	}
	if rr := serveReq(app, req); rr.Code != http.StatusNotModified {
		t.Errorf("reload of an unchanged sheet = %d, want 304", rr.Code)
	}
	// A rename shows too (the cache forgets on any write).
	slug := strings.Split(matchURL, "/")[2]
	ids := a.players(slug)
	_ = ids
	page := doc(t, a.get("/g/"+slug+"/players"))
	action, _ := page.Find("[data-testid=player] form").First().Attr("action")
	a.post(action, url.Values{"op": {"rename"}, "name": {"Anaïs"}})
	if !strings.Contains(doc(t, b.get(matchURL)).Find("thead").Text(), "Anaïs") {
		t.Error("a renamed player keeps the old name on a cached sheet")
	}
	// A stranger still gets nothing from the cache.
	if rec := app.client().get(matchURL); rec.Code != http.StatusNotFound {
		t.Errorf("stranger GET of a cached sheet = %d, want 404", rec.Code)
	}
}

// A write forgets the pages of its own group only: one table's save does not
// make every other group's phones wait for their pages to be built again.
// And every gzipped answer of a sheet carries its own key, under one ETag.
func TestCacheForgetsOnlyTheGroupWritten(t *testing.T) {
	app, a, b, matchURL := twoPhones(t)
	slug := strings.Split(matchURL, "/")[2]
	other := app.client()
	otherSlug := other.group("Other table")
	otherURL := fcMatch(t, other, otherSlug, other.players(otherSlug, "Zoé", "Yann"), "1")

	gzipKey := func(c *client, url string) (key, etag string) {
		t.Helper()
		req := httptestRequest(http.MethodGet, url, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		for _, ck := range c.cookies {
			req.AddCookie(ck)
		}
		rec := serveReq(app, req)
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "gzip" {
			t.Fatalf("GET %s with gzip: %d, encoding %q", url, rec.Code, rec.Header().Get("Content-Encoding"))
		}
		body, err := gunzipOne(rec.Body.Bytes())
		if err != nil {
			t.Fatalf("GET %s: %v", url, err)
		}
		d, err := goquery.NewDocumentFromReader(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		key, _ = d.Find("input[name=submitKey]").Attr("value")
		return key, rec.Header().Get("ETag")
	}
	k1, e1 := gzipKey(b, matchURL)
	k2, e2 := gzipKey(b, matchURL)
	if k1 == k2 || !strings.HasPrefix(k1, "1.") || e1 != e2 {
		t.Errorf("two gzipped answers of one sheet: keys %q, %q and ETags %s, %s; want two keys, one ETag", k1, k2, e1, e2)
	}
	gzipKey(other, otherURL)
	// A sheet with a round form is built for every answer; the standings
	// hold nothing per request and are kept.
	b.get("/g/" + slug + "/standings")
	other.get("/g/" + otherSlug + "/standings")
	kept := func(group string) bool {
		app.srv.cache.mu.Lock()
		defer app.srv.cache.mu.Unlock()
		g := app.srv.cache.groups[group]
		return g != nil && len(g.pages) > 0
	}
	if !kept(slug) || !kept(otherSlug) {
		t.Fatal("both sheets should be kept after being read")
	}
	if rec := other.post("/g/"+otherSlug+"/players", url.Values{"name": {"Xavier"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("add player: %d", rec.Code)
	}
	if !kept(slug) || kept(otherSlug) {
		t.Errorf("after a write in the other group: kept here %v (want true), kept there %v (want false)", kept(slug), kept(otherSlug))
	}
	if rec := a.post(matchURL+"/rounds", roundForm("1.x", "12")); rec.Code != http.StatusSeeOther {
		t.Fatalf("save: %d", rec.Code)
	}
	if kept(slug) {
		t.Error("a save keeps its group's old sheet")
	}
	if n := doc(t, b.get(matchURL)).Find("[data-testid=round-row]").Length(); n != 1 {
		t.Errorf("after the save the other phone sees %d rounds, want 1", n)
	}
	b.get("/g/" + slug + "/standings")
	// A stranger's new group writes to no existing group: it forgets nothing.
	if rec := app.client().post("/groups", url.Values{"name": {"Newcomers"}, "display": {"Neo"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("a stranger's new group: %d", rec.Code)
	}
	if !kept(slug) {
		t.Error("an anonymous POST /groups emptied another group's pages")
	}
}

// A save from htmx answers the sheet alone, as it stands after the save: the
// new round, the totals, and a form (with a new key) for the next round. A
// repeat of the same post saves nothing more.
func TestHTMXSaveAnswersTheSheet(t *testing.T) {
	app, a, _, matchURL := twoPhones(t)
	post := func(form url.Values) *goquery.Document {
		t.Helper()
		req := httptestRequest(http.MethodPost, matchURL+"/rounds", form)
		req.Header.Set("HX-Request", "true")
		for _, ck := range a.cookies {
			req.AddCookie(ck)
		}
		rec := serveReq(app, req)
		if rec.Code != http.StatusOK || rec.Header().Get("HX-Retarget") != "#sheet" {
			t.Fatalf("htmx save: %d, HX-Retarget %q", rec.Code, rec.Header().Get("HX-Retarget"))
		}
		if strings.Contains(rec.Body.String(), "<html") {
			t.Error("the htmx answer carries the whole page; htmx keeps only #sheet")
		}
		return doc(t, rec)
	}
	for range 2 {
		d := post(roundForm("1.same", "12"))
		if n := d.Find("#sheet [data-testid=round-row]").Length(); n != 1 {
			t.Errorf("the answer shows %d rounds, want 1", n)
		}
		var totals []string
		d.Find("[data-testid=total]").Each(func(_ int, s *goquery.Selection) { totals = append(totals, s.Text()) })
		if strings.Join(totals, " ") != "0 12" {
			t.Errorf("totals = %q, want 0 12", totals)
		}
		if key, _ := d.Find("#sheet input[name=submitKey]").Attr("value"); !strings.HasPrefix(key, "2.") {
			t.Errorf("next form's key = %q, want one for round 2", key)
		}
	}
}

// Saves keep the members a group's phones were recognised as (no lookup
// after every round), but a write that changes the group itself shows at
// once: a rotated invite link is the new one on the very next page.
func TestMembersForgottenOnlyWhenTheGroupChanges(t *testing.T) {
	app, a, b, matchURL := twoPhones(t)
	slug := strings.Split(matchURL, "/")[2]
	invite := func() string {
		return doc(t, a.get("/g/"+slug)).Find("[data-testid=invite-url]").Text()
	}
	before := invite()
	if before == "" {
		t.Fatal("the admin's group page shows no invite link")
	}
	b.get(matchURL) // b's membership is now kept
	if rec := a.post(matchURL+"/rounds", roundForm("1.x", "12")); rec.Code != http.StatusSeeOther {
		t.Fatalf("save: %d", rec.Code)
	}
	app.srv.cache.mu.Lock()
	kept := len(app.srv.cache.groups[slug].members)
	app.srv.cache.mu.Unlock()
	if kept == 0 {
		t.Error("a round save forgot the group's members")
	}
	if rec := a.post("/g/"+slug+"/invite/rotate", url.Values{}); rec.Code != http.StatusSeeOther {
		t.Fatalf("rotate: %d", rec.Code)
	}
	if after := invite(); after == before || after == "" {
		t.Errorf("after rotating, the group page shows %q (was %q)", after, before)
	}
}

// While every turn is taken, a request waits (and gives up when its phone
// does), but a phone's event stream is never kept waiting for a turn.
func TestBusyServerQueuesRequestsButNotEventStreams(t *testing.T) {
	app, _, b, matchURL := twoPhones(t)
	giveBack := app.srv.admission.HoldTurns()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	req := httptestRequest(http.MethodGet, matchURL+"/events?poll=1", nil)
	for _, ck := range b.cookies {
		req.AddCookie(ck)
	}
	polled := make(chan int, 1)
	go func() { polled <- serveReq(app, req).Code }()
	select {
	case code := <-polled:
		if code != http.StatusOK {
			t.Errorf("event poll while the server is busy: %d, want 200", code)
		}
	case <-time.After(time.Minute): // a deadline, not a measure: a poll waiting for a turn would wait for ever
		t.Fatal("an event poll waited for a turn")
	}
	req = httptestRequest(http.MethodGet, matchURL, nil).WithContext(ctx)
	for _, ck := range b.cookies {
		req.AddCookie(ck)
	}
	done := make(chan struct{})
	go func() { serveReq(app, req); close(done) }()
	select {
	case <-done:
		if ctx.Err() == nil {
			t.Error("a page was served while every turn was taken")
		}
	case <-time.After(time.Minute): // a deadline, not a measure
		t.Fatal("a request whose phone gave up kept waiting for a turn")
	}
	giveBack()
	if rec := b.get(matchURL); rec.Code != http.StatusOK {
		t.Errorf("once turns are free: %d", rec.Code)
	}
}

// A tap on the card picker redraws the round form: htmx gets the form alone
// (it swaps #round-form), a browser without JavaScript the whole sheet.
func TestTapAnswersTheFormAlone(t *testing.T) {
	app, a, _, matchURL := twoPhones(t)
	tap := url.Values{"picker": {"1"}, "tap": {"JK"}, "mode_0": {"points"}, "mode_1": {"cards"}}
	req := httptestRequest(http.MethodPost, matchURL+"/rounds", tap)
	req.Header.Set("HX-Request", "true")
	for _, ck := range a.cookies {
		req.AddCookie(ck)
	}
	rec := serveReq(app, req)
	d := doc(t, rec)
	if rec.Code != http.StatusOK || d.Find("form#round-form").Length() != 1 || d.Find("table.scores").Length() != 0 {
		t.Errorf("htmx tap: %d, %d round forms, %d score tables; want the form alone", rec.Code,
			d.Find("form#round-form").Length(), d.Find("table.scores").Length())
	}
	if got := d.Find("[data-testid=seat]").Eq(1).Find("[data-testid=computed]").Text(); !strings.Contains(got, "50") {
		t.Errorf("after tapping a joker for Ben, his line reads %q; want 50 points", got)
	}
	plain := doc(t, a.post(matchURL+"/rounds", tap))
	if plain.Find("form#round-form").Length() != 1 || plain.Find("table.scores").Length() != 1 {
		t.Error("a tap without JavaScript should redraw the whole sheet with the form")
	}
}

// Phones that start a post and never finish sending it hold no turn: the
// server keeps answering everyone else.
func TestSlowSendersHoldNoTurn(t *testing.T) {
	app := newTestApp(t)
	srv := httptest.NewServer(app.e)
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	for range app.srv.admission.Turns() + 2 {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		fmt.Fprintf(conn, "POST /groups HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nname=", addr)
	}
	time.Sleep(100 * time.Millisecond)           // the posts are in, waiting for their bodies
	client := &http.Client{Timeout: time.Minute} // a deadline, not a measure
	resp, err := client.Get(srv.URL + "/")
	if err != nil {
		t.Fatalf("GET / while %d phones are slow to send: %v", app.srv.admission.Turns()+2, err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET / = %d", resp.StatusCode)
	}
}

// The cache counts what it holds exactly (a page kept again replaces the
// old one), and a refused post, such as a stranger's, records no write.
func TestCacheAccountsAndIgnoresRefusals(t *testing.T) {
	app := newTestApp(t)
	p := newPageCache()
	page := serve.Prepare(bytes.Repeat([]byte("<td>12</td>"), 300), "").Slim()
	gen := p.gen("g")
	p.keepPage("g", "k", gen, 0, page)
	p.keepPage("g", "k", gen, 0, page)
	if p.bytes != page.Mem() {
		t.Errorf("one page kept twice counts %d bytes, want %d", p.bytes, page.Mem())
	}
	p.forget("g")
	if p.bytes != 0 {
		t.Errorf("after forgetting the group, %d bytes counted", p.bytes)
	}
	stranger := app.client()
	if rec := stranger.post("/g/no-such-group/players", url.Values{"name": {"Eve"}}); rec.Code != http.StatusNotFound {
		t.Fatalf("stranger's post: %d", rec.Code)
	}
	app.srv.cache.mu.Lock()
	_, recorded := app.srv.cache.gens["no-such-group"]
	app.srv.cache.mu.Unlock()
	if recorded {
		t.Error("a refused post was recorded as a write")
	}
}

// Asking the public referee a question stores nothing, so it keeps every
// group's pages: a stranger cannot empty the cache by posting there.
func TestRefereeQuestionsKeepThePages(t *testing.T) {
	app, _, b, matchURL := twoPhones(t)
	slug := strings.Split(matchURL, "/")[2]
	b.get("/g/" + slug + "/standings") // kept: it holds nothing per request
	stranger := app.client()
	stranger.post("/referee/take5", url.Values{"rows": {"23"}})
	app.srv.cache.mu.Lock()
	g := app.srv.cache.groups[slug]
	kept := g != nil && len(g.pages) > 0
	app.srv.cache.mu.Unlock()
	if !kept {
		t.Error("a referee question emptied a group's kept pages")
	}
}

// The group's page is kept too, and follows the group's writes: a match
// started from one phone is listed at once on another's.
func TestKeptGroupPageFollowsNewMatches(t *testing.T) {
	_, a, b, matchURL := twoPhones(t)
	slug := strings.Split(matchURL, "/")[2]
	count := func() int { return doc(t, b.get("/g/"+slug)).Find("[data-testid=matches] a").Length() }
	before := count()
	if before == 0 || count() != before {
		t.Fatalf("the group page lists %d matches, then %d", before, count())
	}
	fcMatch(t, a, slug, a.players(slug, "Zoé", "Yann"), "1")
	if after := count(); after <= before {
		t.Errorf("after a new match the other phone's group page lists %d matches (was %d)", after, before)
	}
}

// A form whose body never arrives whole is refused with a sentence that says
// what happened and that nothing was saved.
func TestBodyThatNeverArrivesIsExplained(t *testing.T) {
	app := newTestApp(t)
	req := httptest.NewRequest(http.MethodPost, "/groups", io.NopCloser(iotest.ErrReader(errors.New("connection reset"))))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.ContentLength = 100
	rec := serveReq(app, req)
	if rec.Code != http.StatusRequestTimeout || !strings.Contains(rec.Body.String(), "nothing was saved") {
		t.Errorf("body lost on the way: %d %q", rec.Code, rec.Body.String())
	}
}

// Only a page that holds nothing drawn for its request is kept: a match in
// progress (its round form has a fresh submit key) is built for every
// answer; once finished, it has no form, and its page is kept.
func TestOnlyAFinishedSheetIsKept(t *testing.T) {
	app := newTestApp(t)
	a := app.client()
	slug := a.group("Table")
	matchURL := fcMatch(t, a, slug, a.players(slug, "Ana", "Ben"), "11") // the last round
	kept := func() int {
		app.srv.cache.mu.Lock()
		defer app.srv.cache.mu.Unlock()
		if g := app.srv.cache.groups[slug]; g != nil {
			return len(g.pages)
		}
		return 0
	}
	page := doc(t, a.get(matchURL))
	key, _ := page.Find("input[name=submitKey]").Attr("value")
	if key == "" {
		t.Fatal("a match in progress shows no round form")
	}
	if n := kept(); n != 0 {
		t.Errorf("a sheet with a round form is kept (%d pages)", n)
	}
	if rec := a.post(matchURL+"/rounds", roundForm(key, "12")); rec.Code != http.StatusSeeOther {
		t.Fatalf("save: %d", rec.Code)
	}
	done := doc(t, a.get(matchURL))
	if done.Find("[data-testid=winner]").Length() != 1 || done.Find("input[name=submitKey]").Length() != 0 {
		t.Fatal("the match did not end with its last round")
	}
	if n := kept(); n != 1 {
		t.Errorf("a finished match's sheet: %d pages kept, want 1", n)
	}
}
