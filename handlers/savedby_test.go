package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// The sheet a save answers with names who saved the last round (the banner
// another phone shows) as the page read afresh does: the saver, or whoever
// corrected that round since a repeated post of the same form.
func TestSaveAnswerNamesWhoSaved(t *testing.T) {
	app := newTestApp(t)
	ana := app.client()
	slug := ana.group("Jeudi soir")
	ids := ana.players(slug, "Ana", "Ben", "Chloé")
	matchURL := fcMatch(t, ana, slug, ids, "3")
	invite := strings.TrimPrefix(doc(t, ana.get("/g/"+slug)).Find(`[data-testid=invite-url]`).Text(), "http://tk.test")
	ben := app.client()
	if rec := ben.post(invite, url.Values{"display": {"Ben"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("join: status %d", rec.Code)
	}
	ana.htmx = true
	savedBy := func(who *client, path string, form url.Values) (answer, fresh string) {
		t.Helper()
		rec := who.post(path, form)
		if rec.Code != http.StatusOK {
			t.Fatalf("save: status %d", rec.Code)
		}
		answer, _ = doc(t, rec).Find("[data-testid=scoreboard]").Attr("data-savedby")
		fresh, _ = doc(t, ben.get(matchURL)).Find("[data-testid=scoreboard]").Attr("data-savedby")
		return answer, fresh
	}
	form := url.Values{"op": {"save"}, "submitKey": {"1.first"}, "mode_0": {"out"}, "mode_1": {"points"}, "points_1": {"7"}, "mode_2": {"points"}, "points_2": {"9"}}
	answer, fresh := savedBy(ana, matchURL+"/rounds", form)
	if !strings.HasPrefix(answer, "Ana saved round 3") || answer != fresh {
		t.Errorf("after Ana's save: the answer says %q, the page %q", answer, fresh)
	}
	rounds, err := app.store.Rounds(context.Background(), mustInt(strings.TrimPrefix(matchURL, "/g/"+slug+"/matches/")))
	if err != nil || len(rounds) != 1 {
		t.Fatalf("rounds %v, %v", rounds, err)
	}
	edit := matchURL + "/rounds/" + itoa(rounds[0].ID)
	if rec := ben.post(edit, url.Values{"op": {"save"}, "version": {"1"}, "mode_0": {"out"}, "mode_1": {"points"}, "points_1": {"4"}, "mode_2": {"points"}, "points_2": {"9"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("Ben's correction: status %d", rec.Code)
	}
	// Ana's phone posts the same form again (a retry): round 1 as Ben left it
	// (the match started at round 3: the game calls it round 3).
	answer, fresh = savedBy(ana, matchURL+"/rounds", form)
	if !strings.HasPrefix(answer, "Ben saved round 3") || answer != fresh {
		t.Errorf("after a repeated post: the answer says %q, the page %q", answer, fresh)
	}
}
