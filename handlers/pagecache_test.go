package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
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
	if k1 == k2 || !strings.HasPrefix(k1, "1.") || strings.Contains(k1, submitKeyHole) {
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
	if rr := serve(app, req); rr.Code != http.StatusNotModified {
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
