package handlers

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// refusals is what the save bar says of a refused round, one sentence each.
func refusals(d *goquery.Document) []string {
	return texts(d, "[data-testid=round-refusal]")
}

// fieldSays is the sentence the refused field in sel points to (its
// aria-describedby), "" when sel holds no field pointing to one.
func fieldSays(d *goquery.Document, sel string) string {
	id := d.Find(sel).Find("[aria-describedby]").AddSelection(d.Find(sel).Filter("[aria-describedby]")).First().AttrOr("aria-describedby", "")
	if id == "" {
		return ""
	}
	return strings.TrimSpace(d.Find("#" + id).Text())
}

// A refused round through the form says every mistake at once, each
// naming its player, once: next to Save. The row keeps a marker (⚠, the
// field aria-invalid and pointing to its sentence) and no sentence of its
// own. Nothing is saved. TAKI with a player who left (the names are the
// seats still there), a 2-player TAKI, and Take Five's winner and rack.
func TestRefusedRoundSaysEveryMistakeOnce(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("R")
	rounds := func(match string) int {
		return doc(t, c.get(match)).Find("[data-testid=round-row]").Length()
	}
	check := func(name string, d *goquery.Document, want []string, marked []string) {
		t.Helper()
		got := refusals(d)
		if len(got) != len(want) {
			t.Errorf("%s: the save bar says %q, want %d sentences starting %q", name, got, len(want), want)
			return
		}
		for i := range want {
			if !strings.HasPrefix(got[i], want[i]) {
				t.Errorf("%s: sentence %d is %q, want it to start %q", name, i, got[i], want[i])
			}
			if strings.Contains(strings.ToLower(got[i]), "player 1") || strings.Contains(got[i], "seat") {
				t.Errorf("%s: %q names a seat, not the player", name, got[i])
			}
		}
		if n := d.Find("#round-form .error").Length(); n != 0 {
			t.Errorf("%s: %d sentences drawn in the form besides the save bar: %q", name, n, texts(d, "#round-form .error"))
		}
		for _, p := range marked {
			row := fmt.Sprintf("[data-testid=seat][data-player=%q]", p)
			if d.Find(row+" [data-testid=refusal-flag]").Length() != 1 || d.Find(row+" [aria-invalid=true]").Length() != 1 {
				t.Errorf("%s: %s's row is not marked", name, p)
			}
			if says := fieldSays(d, row); !strings.HasPrefix(says, p+": ") {
				t.Errorf("%s: %s's field points to %q, not to his sentence next to Save", name, p, says)
			}
		}
	}

	// TAKI, 4 players; Ben leaves after round 1. Round 2: Ana out but
	// holding a card is not possible on the form, so: Ana went out, Cleo
	// typed a loss no hand makes, Dan's row blank.
	tk := takiMatch(t, c, slug, []string{"Ana", "Ben", "Cleo", "Dan"}, url.Values{"end": {"rounds"}, "rounds": {"5"}})
	if rec := c.post(tk+"/rounds", url.Values{"op": {"save"}, "winner": {"0"}, "cards_1": {"R7"}, "cards_2": {"B3"}, "cards_3": {"G4"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("TAKI round 1: %d %q", rec.Code, refusals(doc(t, rec)))
	}
	if rec := c.post(tk+"/leave", url.Values{"seat": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("Ben leaves: %d", rec.Code)
	}
	rec := c.post(tk+"/rounds", url.Values{"op": {"save"}, "winner": {"0"}, "points_1": {"99999"}, "points_2": {""}})
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("TAKI round 2 with two mistakes: status %d, want 422", rec.Code)
	}
	check("TAKI after Ben left", doc(t, rec), []string{"Cleo: ", "Dan: "}, []string{"Cleo", "Dan"})
	// Three red 7s over two hands, a blank row and text for points, at once.
	rec = c.post(tk+"/rounds", url.Values{"op": {"save"}, "winner": {"2"}, "cards_0": {"R7 R7"}, "cards_1": {"R7"}})
	check("TAKI, a third red 7 in a second hand", doc(t, rec), []string{"Cleo: "}, nil)
	rec = c.post(tk+"/rounds", url.Values{"op": {"save"}, "winner": {"2"}, "cards_0": {"R7 R7 R7"}, "points_1": {"ten"}})
	check("TAKI, a third red 7 and words for points", doc(t, rec), []string{"Ana: ", "Cleo: "}, []string{"Ana", "Cleo"})
	// Nobody went out yet, and words for points: both said.
	rec = c.post(tk+"/rounds", url.Values{"op": {"save"}, "points_0": {"ten"}})
	check("TAKI, no winner and words", doc(t, rec), []string{"Tap who went out", "Ana: "}, []string{"Ana"})
	if n := rounds(tk); n != 1 {
		t.Errorf("TAKI: %d rounds after the refusals, want 1", n)
	}

	// Five Crowns, Ben gone after round 1: a 1 for Ana and a 2 for Cleo are
	// said together, by their names (the engine counts Cleo as seat 1 now).
	fcIDs := c.players(slug, "Ana", "Ben", "Cleo")
	fcForm := url.Values{"game": {"fivecrowns"}, "firstDealer": {"1"}, "startRound": {"1"}}
	for i, id := range fcIDs {
		fcForm.Set(fmt.Sprintf("seat_%d", id), fmt.Sprint(i+1))
	}
	rec = c.post("/g/"+slug+"/matches", fcForm)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start Five Crowns: %d", rec.Code)
	}
	fc := rec.Header().Get("Location")
	if rec := c.post(fc+"/rounds", url.Values{"op": {"save"}, "mode_0": {"out"}, "points_1": {"10"}, "points_2": {"20"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("Five Crowns round 1: %d %q", rec.Code, refusals(doc(t, rec)))
	}
	if rec := c.post(fc+"/leave", url.Values{"seat": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("Ben leaves: %d", rec.Code)
	}
	rec = c.post(fc+"/rounds", url.Values{"op": {"save"}, "points_0": {"1"}, "points_1": {"2"}})
	check("Five Crowns after Ben left", doc(t, rec), []string{"Ana: ", "Cleo: "}, []string{"Ana", "Cleo"})
	if n := rounds(fc); n != 1 {
		t.Errorf("Five Crowns: %d rounds after the refusal, want 1", n)
	}

	// TAKI at 2: the loser's row blank and his typed nothing.
	tk2 := takiMatch(t, c, slug, []string{"Eve", "Finn"}, url.Values{"end": {"rounds"}, "rounds": {"2"}})
	rec = c.post(tk2+"/rounds", url.Values{"op": {"save"}, "winner": {"1"}, "points_0": {"0"}})
	check("TAKI at 2", doc(t, rec), []string{"Eve: "}, []string{"Eve"})

	// Take Five: no winner chosen and a rack that wins no score round.
	ids := c.players(slug, "Gil", "Hal")
	form := url.Values{"game": {"takefive"}}
	for i, id := range ids {
		form.Set(fmt.Sprintf("seat_%d", id), fmt.Sprint(i+1))
	}
	rec = c.post("/g/"+slug+"/matches", form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start Take Five: %d", rec.Code)
	}
	tf := rec.Header().Get("Location")
	rec = c.post(tf+"/rounds", url.Values{"op": {"save"}, "rack": {"9 9 7 6 5"}})
	d := doc(t, rec)
	check("Take Five", d, []string{"Choose who won", "This rack does not win"}, nil)
	if says := fieldSays(d, "[data-testid=tf-winner]"); !strings.HasPrefix(says, "Choose who won") {
		t.Errorf("Take Five: the winner's choice points to %q", says)
	}
	if d.Find("[data-testid=tf-rack][aria-invalid=true]").Length() != 1 || !strings.HasPrefix(fieldSays(d, "#rack"), "This rack") {
		t.Errorf("Take Five: the rack is not marked and linked to its sentence")
	}
	if n := rounds(tf); n != 0 {
		t.Errorf("Take Five: %d rounds saved by refused posts", n)
	}
}

// The score endpoints answer a round with several mistakes as before (the
// first one's code, message and field) and list the others under "more";
// one mistake alone has no "more".
func TestAPIScoreSaysEveryMistake(t *testing.T) {
	app := newTestApp(t)
	post := func(body string) (int, string) {
		t.Helper()
		req := httptest.NewRequest(http.MethodPost, "/api/v1/taki/score", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Language", "en")
		rec := serveReq(app, req)
		return rec.Code, rec.Body.String()
	}
	code, got := post(`{"winner": "Ana", "players": [{"name": "Ana", "cards": ["R7"]}, {"name": "Ben", "cards": ["X9"]}, {"name": "Cy", "points": 5}]}`)
	var ans struct {
		Error struct {
			Code, Message, Field string
			More                 []struct{ Message, Field string }
		}
	}
	if err := json.Unmarshal([]byte(got), &ans); err != nil || code != http.StatusBadRequest {
		t.Fatalf("status %d, %s", code, got)
	}
	if ans.Error.Code != "invalid_state" || ans.Error.Field != "players[1].cards[0]" {
		t.Errorf("the first mistake: %+v, want the unknown card (as before)", ans.Error)
	}
	var more []string
	for _, m := range ans.Error.More {
		more = append(more, m.Field)
	}
	if strings.Join(more, " ") != "players[0] players[2].points" || ans.Error.More[0].Message == "" {
		t.Errorf("more: %+v, want the winner holding a card and Cy's positive points", ans.Error.More)
	}
	req := httptest.NewRequest(http.MethodPost, "/api/v1/fivecrowns/score", strings.NewReader(`{"round": 5, "players": [{"name": "Ana", "leftover": ["2S"]}, {"name": "Ben", "wentOut": true}, {"name": "Cy", "leftover": ["XX"]}]}`))
	req.Header.Set("Content-Type", "application/json")
	if fc := serveReq(app, req); fc.Code != http.StatusBadRequest || !strings.Contains(fc.Body.String(), `"more":[{`) {
		t.Errorf("Five Crowns, two unknown cards: %d %s, want both", fc.Code, fc.Body)
	}
	if _, one := post(`{"winner": "Ana", "players": [{"name": "Ana", "cards": []}, {"name": "Ben", "cards": ["X9"]}]}`); strings.Contains(one, `"more"`) {
		t.Errorf("one mistake: %s, want no more", one)
	}
}
