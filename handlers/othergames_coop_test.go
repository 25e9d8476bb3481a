package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// The admin adds a co-operative game ("won or lost together"): a match has
// one tick for the table, its sheet and the group's list say "Won
// together" or "Lost together", and the standings count it in plays and a
// record of its own, never in wins (issue 38).
func TestCoopGameWonOrLostTogether(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	c.lang = "en"
	slug := c.group("Table")
	addGame(t, c, slug, url.Values{"name": {"Hanabi"}, "how": {"places"}, "places": {"together"}})
	won := startOther(t, c, slug, "custom-1", "Ana", "Ben")
	if d := doc(t, c.get(won)); d.Find("[data-testid=custom-won-together]").Length() != 1 || d.Find("[data-testid=custom-won]").Length() != 0 {
		t.Fatal("a co-operative game's form is not one tick for the table")
	}
	if code := otherRound(t, c, won, map[string]string{"won": "1"}); code != http.StatusSeeOther {
		t.Fatalf("won: status %d", code)
	}
	lost := startOther(t, c, slug, "custom-1", "Ana", "Ben")
	if code := otherRound(t, c, lost, map[string]string{}); code != http.StatusSeeOther {
		t.Fatalf("lost: status %d", code)
	}
	for url, want := range map[string]string{won: "Won together", lost: "Lost together"} {
		if got := strings.TrimSpace(doc(t, c.get(url)).Find("[data-testid=outcome]").Text()); got != want {
			t.Errorf("%s says %q, want %q", url, got, want)
		}
	}
	if n := doc(t, c.get("/g/"+slug)).Find("[data-testid=match-outcome]").Length(); n != 2 {
		t.Errorf("the group's list says %d results together, want 2", n)
	}
	row := doc(t, c.get("/g/"+slug+"/standings?season=all")).Find("[data-testid=standing-row]").First()
	if p, w, r := row.Find("[data-testid=standing-played]").Text(), row.Find("[data-testid=standing-wins]").Text(),
		row.Find("[data-testid=standing-together]").Text(); p != "2" || w != "0" || r != "Together: 1 won, 1 lost" {
		t.Errorf("standings: played %s, wins %s, %q; want 2, 0, Together: 1 won, 1 lost", p, w, r)
	}
}

// A co-operative game's round is the table's, won or lost together: no
// player's line holds it, so its form offers no lines (before, each player
// could send an empty line and the round the lines made was saved lost,
// whatever the table did), and a line sent anyway is refused, changing
// nothing; the keeper's tick saves the round, won.
func TestCoopGameHasNoLines(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	c.lang = "en"
	slug := c.group("Table")
	addGame(t, c, slug, url.Values{"name": {"Hanabi"}, "how": {"places"}, "places": {"together"}})
	m := startOther(t, c, slug, "custom-1", "Ana", "Ben")
	d := doc(t, c.get(m))
	if n := d.Find("[data-testid=own-line], [data-testid=send-line]").Length(); n != 0 {
		t.Errorf("a co-operative game's form offers %d line marks, want none", n)
	}
	key := d.Find("#round-form input[name=submitKey]").AttrOr("value", "")
	if rec := c.post(m+"/lines", url.Values{"submitKey": {key}, "line": {"0"}}); rec.Code != http.StatusNotFound {
		t.Errorf("a line of a co-operative game: status %d, want 404", rec.Code)
	}
	if code := otherRound(t, c, m, map[string]string{"won": "1"}); code != http.StatusSeeOther {
		t.Fatalf("won: status %d", code)
	}
	if got := strings.TrimSpace(doc(t, c.get(m)).Find("[data-testid=outcome]").Text()); got != "Won together" {
		t.Errorf("the match says %q, want Won together", got)
	}
}
