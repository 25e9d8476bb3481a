package handlers

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// twoTables sets up a group with Five Crowns at one table (Ana, Ben),
// started first, and TAKI at the other (Chloé, Dan), started last. It
// returns the admin's client (Ana's phone), the slug, the players' ids by
// name and the two matches' paths.
func twoTables(t *testing.T, app *testApp) (ana *client, slug string, ids map[string]int64, fc, taki string) {
	t.Helper()
	ana = app.client()
	slug = ana.group("Samedi")
	names := []string{"Ana", "Ben", "Chloé", "Dan", "Eve"}
	ids = map[string]int64{}
	for i, id := range ana.players(slug, names...) {
		ids[names[i]] = id
	}
	fc = fcMatch(t, ana, slug, []int64{ids["Ana"], ids["Ben"]}, "1")
	start := url.Values{"game": {"taki"}, "end": {"rounds"}, "rounds": {"5"}}
	start.Set(fmt.Sprintf("seat_%d", ids["Chloé"]), "1")
	start.Set(fmt.Sprintf("seat_%d", ids["Dan"]), "2")
	rec := ana.post("/g/"+slug+"/matches", start)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start TAKI: status %d\n%s", rec.Code, rec.Body)
	}
	return ana, slug, ids, fc, rec.Header().Get("Location")
}

// joinAs joins the group on a new phone as one of its players.
func joinAs(t *testing.T, app *testApp, slug string, player int64) *client {
	t.Helper()
	g, _ := app.store.GroupBySlug(context.Background(), slug)
	c := app.client()
	if rec := c.post("/join/"+slug+"/"+g.InviteToken, url.Values{"player": {fmt.Sprint(player)}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("join: status %d\n%s", rec.Code, rec.Body)
	}
	return c
}

// continues lists the group page's ways back: each one's link and text.
func continues(d *goquery.Document) (hrefs, texts []string) {
	d.Find("[data-testid=continue-match]").Each(func(_ int, s *goquery.Selection) {
		hrefs = append(hrefs, s.Find("a").AttrOr("href", ""))
		texts = append(texts, strings.Join(strings.Fields(s.Text()), " "))
	})
	return hrefs, texts
}

// Two tables: each match in progress has its own way back on the group
// page, naming the game and who plays, and a phone seated in a match sees
// that one first, even when the other was started later; a phone seated in
// neither sees the newest first. The page is kept per player: a phone never
// gets the order another player's phone was given.
func TestContinueEachMatchInProgress(t *testing.T) {
	app := newTestApp(t)
	ana, slug, ids, fc, taki := twoTables(t, app)
	chloe := joinAs(t, app, slug, ids["Chloé"])
	ben := joinAs(t, app, slug, ids["Ben"])
	eve := joinAs(t, app, slug, ids["Eve"])
	for _, tc := range []struct {
		who   string
		c     *client
		first string
	}{
		{"Ana", ana, fc},       // seated at Five Crowns, started first
		{"Chloé", chloe, taki}, // seated at TAKI
		{"Ben", ben, fc},       // Chloé's page was kept a moment ago
		{"Eve", eve, taki},     // seated nowhere: the newest
		{"Ana", ana, fc},       // again, from the kept page
	} {
		hrefs, texts := continues(doc(t, tc.c.get("/g/"+slug)))
		if len(hrefs) != 2 {
			t.Fatalf("%s's group page offers %d ways back (%q), want 2", tc.who, len(hrefs), texts)
		}
		if hrefs[0] != tc.first {
			t.Errorf("%s's phone sees %s first, want %s (%q)", tc.who, hrefs[0], tc.first, texts)
		}
		for i, h := range hrefs {
			want := "Five Crowns Ana, Ben"
			if h == taki {
				want = "TAKI Chloé, Dan"
			}
			if !strings.Contains(texts[i], want) {
				t.Errorf("%s's way back to %s says %q, want the game and who plays: %q", tc.who, h, texts[i], want)
			}
		}
		// The first keeps its former marker, so "continue" is this phone's match.
		if d := doc(t, tc.c.get("/g/"+slug)); d.Find("[data-testid=continue]").AttrOr("href", "") != tc.first {
			t.Errorf("%s: [data-testid=continue] is not the first way back", tc.who)
		}
	}

	// With one table left, one way back, under the singular heading.
	if rec := ana.post(taki+"/delete", url.Values{}); rec.Code != http.StatusSeeOther {
		t.Fatalf("delete TAKI: status %d", rec.Code)
	}
	d := doc(t, chloe.get("/g/"+slug))
	if hrefs, _ := continues(d); len(hrefs) != 1 || hrefs[0] != fc {
		t.Errorf("after TAKI was deleted Chloé's page offers %q, want only %s", hrefs, fc)
	}
	if h := strings.TrimSpace(d.Find("#continue-title").Text()); h != "Continue the match" {
		t.Errorf("heading = %q, want Continue the match", h)
	}
}
