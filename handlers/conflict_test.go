package handlers

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// editLinkOf is where the correction of the first round on a's scoresheet
// is posted (its page's address without /edit).
func editLinkOf(t *testing.T, a *client, matchURL string) string {
	t.Helper()
	href, ok := doc(t, a.get(matchURL)).Find(`[data-testid=round-row] a[href$="/edit"]`).First().Attr("href")
	if !ok {
		t.Fatal("no correction link on the scoresheet")
	}
	return strings.TrimSuffix(href, "/edit")
}

func correction(version, benPoints string) url.Values {
	f := roundForm("", benPoints)
	f.Del("submitKey")
	f.Set("version", version)
	return f
}

// Two phones correct the same round from the same version: the second is
// told the values the round now holds (the first phone's, not the old
// ones), keeps what it typed, and saving again replaces exactly what it was
// shown.
func TestCorrectionConflictShowsTheRoundAsItNowStands(t *testing.T) {
	_, a, b, matchURL := twoPhones(t)
	if rec := a.post(matchURL+"/rounds", roundForm("1.x", "12")); rec.Code != http.StatusSeeOther {
		t.Fatalf("save: %d", rec.Code)
	}
	edit := editLinkOf(t, a, matchURL)
	if rec := a.post(edit, correction("1", "30")); rec.Code != http.StatusSeeOther {
		t.Fatalf("first correction: %d", rec.Code)
	}
	rec := b.post(edit, correction("1", "44"))
	if rec.Code != http.StatusConflict {
		t.Fatalf("second correction from the same version = %d, want 409", rec.Code)
	}
	d := doc(t, rec)
	msg := d.Find(".flash, [role=alert], [role=status]").Text()
	if !strings.Contains(msg, "Ben 30") || strings.Contains(msg, "Ben 12") {
		t.Errorf("the conflict says %q; want the round as it now stands (Ben 30), not its old values", msg)
	}
	if v, _ := d.Find("input[name=points_1]").Attr("value"); v != "44" {
		t.Errorf("what the phone typed is lost: points_1 = %q, want 44", v)
	}
	version, _ := d.Find("input[name=version]").Attr("value")
	if rec := b.post(edit, correction(version, "44")); rec.Code != http.StatusSeeOther {
		t.Fatalf("saving again at the version shown = %d, want 303", rec.Code)
	}
	if got := doc(t, a.get(matchURL)).Find("[data-testid=round-row]").First().Text(); !strings.Contains(got, "44") {
		t.Errorf("after the second correction the round reads %q, want 44", got)
	}
}

// A correction that meets an undo of its round (before or during the save)
// lands on the scoresheet with what was typed offered as the round that now
// comes next, never on "not found".
func TestCorrectionThatMeetsAnUndoKeepsWhatWasTyped(t *testing.T) {
	for _, htmx := range []bool{false, true} {
		_, a, b, matchURL := twoPhones(t)
		if rec := a.post(matchURL+"/rounds", roundForm("1.x", "12")); rec.Code != http.StatusSeeOther {
			t.Fatalf("save: %d", rec.Code)
		}
		edit := editLinkOf(t, a, matchURL)
		roundID := strings.Split(edit, "/")[6]
		if rec := a.post(matchURL+"/undo", url.Values{"round": {roundID}}); rec.Code != http.StatusSeeOther {
			t.Fatalf("undo: %d", rec.Code)
		}
		b.htmx = htmx
		rec := b.post(edit, correction("1", "37"))
		b.htmx = false
		if rec.Code != http.StatusConflict {
			t.Fatalf("htmx %v: correction after an undo = %d, want 409\n%s", htmx, rec.Code, rec.Body)
		}
		if htmx && rec.Header().Get("HX-Retarget") != "main" {
			t.Errorf("htmx: the answer would be cut to the form's swap (HX-Retarget %q)", rec.Header().Get("HX-Retarget"))
		}
		d := doc(t, rec)
		if !strings.Contains(d.Text(), "undone on another phone") {
			t.Errorf("htmx %v: the page does not say the round was undone", htmx)
		}
		form := d.Find("[data-testid=round-form]")
		if v, _ := form.Find("input[name=points_1]").Attr("value"); v != "37" {
			t.Errorf("htmx %v: what was typed is lost: points_1 = %q, want 37", htmx, v)
		}
		if key, _ := form.Find("input[name=submitKey]").Attr("value"); !strings.HasPrefix(key, "1.") {
			t.Errorf("htmx %v: the form is not for the round that now comes next (key %q)", htmx, key)
		}
	}
}

// A save drawn for a round that an undo on another phone took away keeps
// what was typed, as the round that now comes next.
func TestSaveThatMeetsAnUndoKeepsWhatWasTyped(t *testing.T) {
	_, a, b, matchURL := twoPhones(t)
	if rec := a.post(matchURL+"/rounds", roundForm("1.x", "12")); rec.Code != http.StatusSeeOther {
		t.Fatalf("save: %d", rec.Code)
	}
	roundID := strings.Split(editLinkOf(t, a, matchURL), "/")[6]
	if rec := a.post(matchURL+"/undo", url.Values{"round": {roundID}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("undo: %d", rec.Code)
	}
	rec := b.post(matchURL+"/rounds", roundForm("2.y", "25")) // b's form was drawn for round 2
	if rec.Code != http.StatusConflict {
		t.Fatalf("save for a round an undo took away = %d, want 409", rec.Code)
	}
	d := doc(t, rec)
	if v, _ := d.Find("[data-testid=round-form] input[name=points_1]").Attr("value"); v != "25" {
		t.Errorf("what was typed is lost: points_1 = %q, want 25", v)
	}
}

// The race itself, many times over: two phones post corrections of one
// round at the same moment. Whoever loses is told the winner's values, and
// the version in its form is the one those values carry.
func TestCorrectionRacesTellTheWinnersValues(t *testing.T) {
	_, a, b, matchURL := twoPhones(t)
	if rec := a.post(matchURL+"/rounds", roundForm("1.x", "12")); rec.Code != http.StatusSeeOther {
		t.Fatalf("save: %d", rec.Code)
	}
	edit := editLinkOf(t, a, matchURL)
	version := 1
	for i := 0; i < 60; i++ {
		va, vb := fmt.Sprint(10+2*i), fmt.Sprint(11+2*i) // round 1 allows up to 150
		recs := make([]*httptest.ResponseRecorder, 2)
		var wg sync.WaitGroup
		for j, ph := range []struct {
			c *client
			v string
		}{{a, va}, {b, vb}} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				recs[j] = ph.c.post(edit, correction(fmt.Sprint(version), ph.v))
			}()
		}
		wg.Wait()
		won, lost := -1, -1
		for j, rec := range recs {
			switch rec.Code {
			case http.StatusSeeOther:
				won = j
			case http.StatusConflict:
				lost = j
			default:
				t.Fatalf("race %d: phone %d got %d", i, j, rec.Code)
			}
		}
		if won < 0 || lost < 0 {
			t.Fatalf("race %d: statuses %d and %d, want one success and one conflict", i, recs[0].Code, recs[1].Code)
		}
		winner := []string{va, vb}[won]
		d := doc(t, recs[lost])
		if msg := d.Find(".flash").Text(); !strings.Contains(msg, "Ben "+winner) {
			t.Fatalf("race %d: the losing phone is told %q; want the winner's Ben %s", i, msg, winner)
		}
		version++
		if v, _ := d.Find("input[name=version]").Attr("value"); v != fmt.Sprint(version) {
			t.Fatalf("race %d: the form's version is %s, want %d (the values shown)", i, v, version)
		}
	}
}

// The import checks every round with the game's own validator, the one the
// scoresheet and the API use: a round no hand could make is refused, naming
// the match, the round and the rule, and a round whose points are not what
// its entry scores is refused too. Nothing is imported either way.
func TestImportChecksEachRoundWithTheGamesRules(t *testing.T) {
	_, a, _, matchURL := twoPhones(t)
	if rec := a.post(matchURL+"/rounds", roundForm("1.x", "12")); rec.Code != http.StatusSeeOther {
		t.Fatalf("save: %d", rec.Code)
	}
	slug := strings.Split(matchURL, "/")[2]
	file := a.get("/g/" + slug + "/export.json").Body.String()
	for _, tc := range []struct{ name, from, to, want string }{
		{"a penalty no hand makes", `{"mode":"points","points":12}`, `{"mode":"points","points":2}`, "match 1, round 1): No hand is worth 2 points"},
		{"points that are not the entry's", `{"mode":"points","points":12}`, `{"mode":"points","points":15}`, "match 1, round 1): the points written"},
	} {
		if !strings.Contains(file, tc.from) {
			t.Fatalf("the export does not hold %s", tc.from)
		}
		before := countGroups(t, a)
		rec := postFile(a, "/import", url.Values{"display": {"Ana"}}, []byte(strings.Replace(file, tc.from, tc.to, 1)))
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), tc.want) {
			t.Errorf("%s: import = %d, want 422 saying %q", tc.name, rec.Code, tc.want)
		}
		if countGroups(t, a) != before {
			t.Errorf("%s: a refused import created a group", tc.name)
		}
	}
}

// A phone that posted a round without JavaScript stands at …/rounds: a
// reload there finds the scoresheet, not "not found".
func TestReloadAfterAPlainPostFindsTheSheet(t *testing.T) {
	_, a, _, matchURL := twoPhones(t)
	rec := a.get(matchURL + "/rounds")
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != matchURL {
		t.Errorf("GET …/rounds = %d to %q, want 303 to %s", rec.Code, rec.Header().Get("Location"), matchURL)
	}
}

// The save that ends the match on one phone, while another phone types
// the same round: the other phone's page says who saved it (the banner its
// live update shows), and its own save is a conflict with what it typed
// kept, offered as a correction of that round, not "the match is over" with
// the values gone. The first phone posting its form again is answered as
// saved.
func TestSaveAfterTheMatchEndedElsewhereKeepsWhatWasTyped(t *testing.T) {
	app := newTestApp(t)
	a := app.client()
	slug := a.group("Table")
	ids := a.players(slug, "Ana", "Ben")
	matchURL := fcMatch(t, a, slug, ids, "11") // an express match: one round, round 11
	g, _ := app.store.GroupBySlug(context.Background(), slug)
	b := app.client()
	if rec := b.post("/join/"+slug+"/"+g.InviteToken, url.Values{"display": {"Ben"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("join: %d", rec.Code)
	}
	if rec := a.post(matchURL+"/rounds", roundForm("1.a", "12")); rec.Code != http.StatusSeeOther {
		t.Fatalf("Ana's save of round 11: %d", rec.Code)
	}
	if banner := doc(t, b.get(matchURL)).Find("[data-testid=scoreboard]").AttrOr("data-savedby", ""); !strings.HasPrefix(banner, "Ana saved round 11: Ana 0, Ben 12") {
		t.Errorf("the finished sheet's banner = %q, want «Ana saved round 11: Ana 0, Ben 12…»", banner)
	}
	rec := b.post(matchURL+"/rounds", roundForm("1.b", "25"))
	if rec.Code != http.StatusConflict {
		t.Fatalf("Ben's save of the round Ana's save ended: %d, want 409", rec.Code)
	}
	d := doc(t, rec)
	if msg := d.Find("[data-testid=flash]").Text(); !strings.Contains(msg, "Another phone saved round 11 first: Ana 0, Ben 12") {
		t.Errorf("the message = %q, want the round and what the other phone saved", msg)
	}
	if v, _ := d.Find("[data-testid=round-form] input[name=points_1]").Attr("value"); v != "25" {
		t.Errorf("what Ben typed is lost: points_1 = %q, want 25", v)
	}
	if rec := a.post(matchURL+"/rounds", roundForm("1.a", "12")); rec.Code != http.StatusSeeOther {
		t.Errorf("Ana's form posted again: %d, want 303 (saved)", rec.Code)
	}
	if rec := b.post(matchURL+"/rounds", roundForm("2.b", "25")); rec.Code != http.StatusConflict || !strings.Contains(doc(t, rec).Find("[data-testid=flash]").Text(), "over") {
		t.Errorf("a form for a round after the end: %d, want 409 saying the match is over", rec.Code)
	}
}

// A phone that corrected a round and lost the answer (the connection
// dropped after the write) sends the same correction again from its queue:
// it is taken once, answered as saved, not as a conflict with itself. A
// different correction from the same old version is still a conflict.
func TestCorrectionSentAgainIsTakenOnce(t *testing.T) {
	_, a, b, matchURL := twoPhones(t)
	if rec := a.post(matchURL+"/rounds", roundForm("1.x", "12")); rec.Code != http.StatusSeeOther {
		t.Fatalf("save: %d", rec.Code)
	}
	edit := editLinkOf(t, a, matchURL)
	for i := range 2 {
		if rec := a.post(edit, correction("1", "30")); rec.Code != http.StatusSeeOther {
			t.Fatalf("correction sent %d times: %d, want 303", i+1, rec.Code)
		}
	}
	hist := doc(t, a.get(edit+"/history"))
	if n := hist.Find("[data-testid=revision]").Length(); n != 2 {
		t.Errorf("history has %d revisions, want 2 (entered, corrected once)", n)
	}
	if rec := b.post(edit, correction("1", "44")); rec.Code != http.StatusConflict {
		t.Errorf("another correction from version 1 = %d, want 409", rec.Code)
	}
}
