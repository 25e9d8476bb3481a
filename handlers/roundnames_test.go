package handlers

import (
	"net/http"
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
