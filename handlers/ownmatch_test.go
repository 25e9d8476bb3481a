package handlers

import (
	"net/http"
	"net/url"
	"testing"
)

// Each phone continues its own match: the match it last opened or saved a
// round in comes first on its group page, before the one its player sits
// at, then the rest by last activity (a round saved in the older match puts
// it before a newer one nobody played yet).
func TestContinueOwnMatchThenLastActivity(t *testing.T) {
	app := newTestApp(t)
	ana, slug, ids, fc, taki := twoTables(t, app)
	fay := ana.players(slug, "Fay")[0]
	first := func(c *client) string {
		t.Helper()
		hrefs, texts := continues(doc(t, c.get("/g/"+slug)))
		if len(hrefs) != 2 {
			t.Fatalf("%d ways back (%q), want 2", len(hrefs), texts)
		}
		return hrefs[0]
	}
	eve := joinAs(t, app, slug, ids["Eve"])
	if got := first(eve); got != taki {
		t.Fatalf("Eve, seated nowhere, sees %s first, want the newest, %s", got, taki)
	}
	if rec := eve.get(fc); rec.Code != http.StatusOK {
		t.Fatalf("open %s: %d", fc, rec.Code)
	}
	if got := first(eve); got != fc {
		t.Errorf("Eve opened %s: her group page leads to %s first", fc, got)
	}

	chloe := joinAs(t, app, slug, ids["Chloé"])
	if got := first(chloe); got != taki {
		t.Fatalf("Chloé, seated at TAKI, sees %s first", got)
	}
	// Chloé keeps the score of the other table on her phone: her own match now.
	if rec := chloe.post(fc+"/rounds", url.Values{"op": {"save"}, "submitKey": {"k1"}, "mode_0": {"out"}, "mode_1": {"points"}, "points_1": {"12"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("save in %s: %d\n%s", fc, rec.Code, rec.Body)
	}
	if got := first(chloe); got != fc {
		t.Errorf("Chloé saved a round in %s: her group page leads to %s first", fc, got)
	}

	// A phone with no match of its own, seated nowhere: the match played
	// last first, though it was started first.
	if got := first(joinAs(t, app, slug, fay)); got != fc {
		t.Errorf("Fay sees %s first, want %s, where a round was saved last", got, fc)
	}
	if got := first(eve); got != fc {
		t.Errorf("Eve's own match: %s first, want %s", got, fc)
	}
}
