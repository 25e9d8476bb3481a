package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// The phone that saves a match's last round gets the result with the way
// to send the match to BG Stats, as every other phone does.
func TestLastRoundAnswerOffersBGStats(t *testing.T) {
	app := newTestApp(t)
	ana := app.client()
	slug := ana.group("Jeudi soir")
	ids := ana.players(slug, "Ana", "Ben")
	matchURL := fcMatch(t, ana, slug, ids, "11") // an express match: round 11 alone
	ana.htmx = true
	rec := ana.post(matchURL+"/rounds", url.Values{"op": {"save"}, "submitKey": {"1.last"}, "mode_0": {"out"}, "mode_1": {"points"}, "points_1": {"25"}})
	if rec.Code != http.StatusOK {
		t.Fatalf("save: status %d", rec.Code)
	}
	d := doc(t, rec)
	if d.Find("[data-testid=result]").Length() == 0 {
		t.Fatal("the last round's answer shows no result")
	}
	link, _ := d.Find("[data-testid=bgstats-send]").Attr("href")
	if !strings.HasPrefix(link, "bgstats://") {
		t.Errorf("the last round's answer offers BG Stats at %q", link)
	}
}
