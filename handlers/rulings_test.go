package handlers

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

func TestRulingKeptWithTheMatch(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("G")
	ids := c.players(slug, "Ana", "Ben")
	form := url.Values{"game": {"take5"}}
	for i, id := range ids {
		form.Set(fmt.Sprintf("seat_%d", id), fmt.Sprint(i+1))
	}
	rec := c.post("/g/"+slug+"/matches", form)
	matchURL := rec.Header().Get("Location")
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start Take 5! match: %d", rec.Code)
	}
	if rec := c.get(matchURL + "/referee"); rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/referee/take5?") {
		t.Fatalf("open the referee from the match: %d %s", rec.Code, rec.Header().Get("Location"))
	}
	// Seed example 1 with a wrong claim: «my 50 goes on the 43» (row 2); it must go on the 49.
	dispute := url.Values{"op": {"judge"}, "row_1": {"23"}, "row_2": {"43"}, "row_3": {"49"}, "row_4": {"55"}, "row_5": {"80"},
		"play_1": {"50"}, "claim_1": {"2"}}
	page := doc(t, c.post("/referee/take5", dispute))
	offer := page.Find("[data-testid=ruling-offer] form[data-testid=keep-ruling]")
	if offer.Length() != 1 {
		t.Fatal("the referee opened from a match does not offer to keep the ruling")
	}
	action, _ := offer.Attr("action")
	saved, _ := offer.Find("input[name=form]").Attr("value")
	if rec := c.post(action, url.Values{"form": {saved}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("keep the ruling: %d", rec.Code)
	}
	sheet := doc(t, c.get(matchURL))
	ruling := sheet.Find("[data-testid=ruling]")
	if ruling.Length() != 1 || ruling.Find(`[data-rule="take5.forced-row"]`).Length() != 1 || !strings.Contains(ruling.Find(".verdict").Text(), "Not allowed") {
		t.Errorf("scoresheet rulings = %q; want one, not allowed, citing take5.forced-row", ruling.Text())
	}
	// Kept as data: the rule by its name, never its id, and each reader's language.
	if strings.Contains(ruling.Text(), "take5.forced-row") || !strings.Contains(ruling.Text(), "row ending 49") {
		t.Errorf("the ruling reads %q: want the sentence and the rule's name, not its id", ruling.Text())
	}
	c.cookies["lang"] = &http.Cookie{Name: "lang", Value: "fr"}
	fr := doc(t, c.get(matchURL)).Find("[data-testid=ruling]")
	if !strings.Contains(fr.Find(".verdict").Text(), "Interdit") || strings.Contains(fr.Text(), "row ending") || !strings.Contains(fr.Text(), "49") {
		t.Errorf("a French reader sees the ruling as %q", fr.Text())
	}
	delete(c.cookies, "lang")
	reopen, _ := ruling.Find("a").Attr("href")
	if rec := c.get(reopen); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "take5.forced-row") {
		t.Errorf("reopening the ruling %s: %d", reopen, rec.Code)
	}

	// A stranger never gets the offer, and a forged or impossible form is not kept.
	stranger := app.client()
	stranger.cookies[rulingCookie] = c.cookies[rulingCookie]
	if d := doc(t, stranger.post("/referee/take5", dispute)); d.Find("[data-testid=ruling-offer]").Length() != 0 {
		t.Error("a browser outside the group is offered to keep a ruling in it")
	}
	if rec := c.post(action, url.Values{"form": {"row_1=23&row_2=23&op=judge&play_1=50"}}); rec.Code != http.StatusUnprocessableEntity {
		t.Errorf("keeping a ruling on an impossible table = %d, want 422", rec.Code)
	}
	g, _ := app.store.GroupBySlug(context.Background(), slug)
	ms, _ := app.store.Matches(context.Background(), g.ID, 5)
	rs, _ := app.store.Rulings(context.Background(), ms[0].ID)
	if len(rs) != 1 {
		t.Fatalf("%d rulings stored, want 1", len(rs))
	}
	if r := rs[0]; !strings.Contains(string(r.Request), `"cards"`) || len(r.RuleIDs) == 0 || r.RuleIDs[0] != "take5.forced-row" ||
		r.Said["en"] == "" || r.Said["fr"] == "" || r.Said["en"] == r.Said["fr"] {
		t.Errorf("ruling stored as %+v; want the engine request, the rule ids and the verdict in both languages", r)
	}
}

// A group moving to a fresh instance is imported from the home page, by a
// browser that belongs to no group there.
func TestImportFromTheHomePage(t *testing.T) {
	app := newTestApp(t)
	owner := app.client()
	slug := owner.group("Moving")
	owner.players(slug, "Ana", "Ben")
	file := owner.get("/g/" + slug + "/export.json").Body.Bytes()

	newcomer := app.client()
	if d := doc(t, newcomer.get("/")); d.Find("form[data-testid=home-import]").Length() != 1 {
		t.Fatal("the home page offers no import")
	}
	bad := postFile(newcomer, "/import", url.Values{"display": {"Zoé"}}, []byte(`{"format": "something else"}`))
	if bad.Code != http.StatusUnprocessableEntity || doc(t, bad).Find("#import-display[value=Zoé]").Length() != 1 {
		t.Errorf("a foreign file imported from home = %d (name kept: %v), want 422 keeping the name", bad.Code, doc(t, bad).Find("#import-display[value=Zoé]").Length() == 1)
	}
	if ck := newcomer.cookies[sessionCookie]; ck != nil {
		if gs, _ := app.store.GroupsOf(context.Background(), ck.Value); len(gs) != 0 {
			t.Errorf("a refused import created %d groups", len(gs))
		}
	}
	rec := postFile(newcomer, "/import", url.Values{"display": {"Zoé"}}, file)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("import from home: %d", rec.Code)
	}
	d := doc(t, newcomer.get(rec.Header().Get("Location")))
	if d.Find("[data-testid=group-name]").Text() != "Moving" || d.Find("[data-testid=admin-url]").Length() != 1 {
		t.Errorf("after import: group %q, admin link shown %v", d.Find("[data-testid=group-name]").Text(), d.Find("[data-testid=admin-url]").Length() == 1)
	}
}

// A ruling kept with a match is judged under the house rules of that match,
// not the referee page's defaults (TV-T5-5: two pickups in one turn are
// illegal when a pickup ends the turn).
func TestRulingFollowsTheMatchHouseRules(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("G")
	ids := c.players(slug, "Ana", "Ben")
	if rec := c.post("/g/"+slug+"/rules/take5", url.Values{"pickupEndsTurn": {"false", "true"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("set house rule: %d", rec.Code)
	}
	form := url.Values{"game": {"take5"}}
	for i, id := range ids {
		form.Set(fmt.Sprintf("seat_%d", id), fmt.Sprint(i+1))
	}
	matchURL := c.post("/g/"+slug+"/matches", form).Header().Get("Location")
	loc := c.get(matchURL + "/referee").Header().Get("Location")
	if !strings.Contains(loc, "rule.pickupEndsTurn=true") {
		t.Errorf("the referee opened from the match does not start with its house rules: %s", loc)
	}
	twoPickups := url.Values{"op": {"judge"}, "row_1": {"10 11 12 13"}, "row_2": {"40 41 42 43"}, "row_3": {"60"}, "row_4": {"70"},
		"play_1": {"14"}, "play_2": {"44"}} // the page's own switch left at its default
	offer := doc(t, c.post("/referee/take5", twoPickups)).Find("form[data-testid=keep-ruling]")
	action, _ := offer.Attr("action")
	saved, _ := offer.Find("input[name=form]").Attr("value")
	if rec := c.post(action, url.Values{"form": {saved}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("keep the ruling: %d", rec.Code)
	}
	ruling := doc(t, c.get(matchURL)).Find("[data-testid=ruling]")
	if !strings.Contains(ruling.Find(".verdict").Text(), "Not allowed") || ruling.Find(`[data-rule="take5.turn-over"]`).Length() == 0 {
		t.Errorf("ruling kept = %q; want not allowed under the match's pickupEndsTurn (take5.turn-over)", ruling.Text())
	}
}

// Opened from a match, the referee is set up from it: the Five Crowns round
// being played, the TAKI players by name and count, the Take 5! rows for
// that many players, a Take Five rack line per player.
func TestRefereeSetUpFromTheMatch(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("G")
	ids := c.players(slug, "Ana", "Ben", "Chloé", "Dan")
	start := func(game string, extra url.Values) string {
		form := url.Values{"game": {game}}
		for k, v := range extra {
			form[k] = v
		}
		for i, id := range ids {
			form.Set(fmt.Sprintf("seat_%d", id), fmt.Sprint(i+1))
		}
		rec := c.post("/g/"+slug+"/matches", form)
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("start %s: %d %s", game, rec.Code, rec.Body.String())
		}
		loc := c.get(rec.Header().Get("Location") + "/referee").Header().Get("Location")
		return loc
	}
	fcPage := doc(t, c.get(start("fivecrowns", url.Values{"startRound": {"3"}})))
	if v, _ := fcPage.Find("#fcr-round option[selected]").Attr("value"); v != "3" {
		t.Errorf("Five Crowns from a match starting at round 3: the referee shows round %q", v)
	}
	tkPage := doc(t, c.get(start("taki", url.Values{"end": {"rounds"}, "rounds": {"3"}})))
	if v, _ := tkPage.Find("[data-testid=players] option[selected]").Attr("value"); v != "4" {
		t.Errorf("TAKI from a 4-player match: %q players", v)
	}
	if got := tkPage.Find("[data-testid=current] option").First().Text(); got != "Ana" {
		t.Errorf("TAKI from a match: the first seat is %q, want Ana", got)
	}
	if n := doc(t, c.get(start("take5", nil))).Find("[data-testid=row]").Length(); n != 12 {
		t.Errorf("Take 5! from a 4-player match: %d rows, want 12 (the circle for 4)", n)
	}
	tfPage := doc(t, c.get(start("takefive", url.Values{"firstStarter": {"1"}})))
	if v, _ := tfPage.Find("[data-testid=rack_1]").Attr("value"); !strings.HasPrefix(v, "Ben:") {
		t.Errorf("Take Five from a match: the second rack reads %q, want Ben's", v)
	}
	// Without a match the pages still start blank and need no login.
	if n := doc(t, app.client().get("/referee/take5")).Find("[data-testid=row]").Length(); n != 5 {
		t.Errorf("Take 5! without a match: %d rows, want 5", n)
	}
}
