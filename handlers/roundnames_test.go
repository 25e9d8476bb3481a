package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// A round is told by its game's own name in every sentence about it: a
// Take 5! deal is "deal 1", not "round 1", in the banner of the round
// another phone saved (TestMatchChangesTellWhoDidWhat reads the changes told, in an
// express Five Crowns match started at round 3).
func TestSentencesNameTheGamesRound(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	m := take5Match(t, c, "Ana", "Ben")
	if rec := c.post(m+"/rounds", t5Deal("save", false, [5]string{"5", "3", "1", "1", "1"}, [5]string{"3", "20", "", "1", ""})); rec.Code != http.StatusSeeOther {
		t.Fatalf("deal 1: status %d %q", rec.Code, refusals(doc(t, rec)))
	}
	banner := doc(t, c.get(m)).Find("[data-testid=scoreboard]").AttrOr("data-savedby", "")
	if !strings.Contains(banner, "saved deal 1") {
		t.Errorf("the saved-by banner says %q, want «saved deal 1»", banner)
	}
	c.lang = "fr"
	if banner := doc(t, c.get(m)).Find("[data-testid=scoreboard]").AttrOr("data-savedby", ""); !strings.Contains(banner, "la donne 1") {
		t.Errorf("in French the banner says %q, want «la donne 1»", banner)
	}
}

// French sentences put the article their round needs: a player left "après
// la manche 10", and a game scored by its final scores alone says "la marque
// finale" where other games say "la manche 3" (not "la scores finaux"),
// when another phone is told what changed.
func TestFrenchSentencesTellTheRound(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("Table")
	ids := c.players(slug, "Ana", "Ben", "Cleo")
	fc := fcMatch(t, c, slug, ids, "10")
	if rec := c.post(fc+"/rounds", url.Values{"op": {"save"}, "mode_0": {"out"}, "mode_1": {"points"}, "points_1": {"20"}, "mode_2": {"points"}, "points_2": {"30"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("round 10: status %d", rec.Code)
	}
	if rec := c.post(fc+"/leave", url.Values{"seat": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("Ben leaves: status %d", rec.Code)
	}
	c.lang = "fr"
	if got := doc(t, c.get(fc)).Find("[data-testid=left-note]").Text(); !strings.Contains(got, "Ben est parti après la manche 10") {
		t.Errorf("the note in French = %q, want «Ben est parti après la manche 10»", got)
	}
	c.lang = ""
	addGame(t, c, slug, url.Values{"name": {"Welcome To"}, "how": {"high"}, "entry": {"final"}})
	final := startOther(t, c, slug, "custom-1", "Ana", "Ben")
	invite := strings.TrimPrefix(doc(t, c.get("/g/"+slug)).Find(`[data-testid=invite-url]`).Text(), "http://tk.test")
	ben := app.client()
	if rec := ben.post(invite, url.Values{"display": {"Ben"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("Ben joins: status %d", rec.Code)
	}
	if code := otherRound(t, c, final, map[string]string{"v_0": "61", "v_1": "48"}); code != http.StatusSeeOther {
		t.Fatalf("final scores: status %d", code)
	}
	ben.lang = "fr"
	if told := ben.get(final + "/changes?after=0").Body.String(); !strings.Contains(told, "a enregistré la marque finale") {
		t.Errorf("the change told in French = %s, want «… a enregistré la marque finale»", told)
	}
}
