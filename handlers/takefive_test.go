package handlers

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// tfMatch starts a Take Five match for the named players (seats in order)
// whose first round is started by seat firstStarter (1-based), and returns its URL.
func tfMatch(t *testing.T, c *client, slug string, names []string, firstStarter string) string {
	t.Helper()
	ids := c.players(slug, names...)
	form := url.Values{"game": {"takefive"}, "firstStarter": {firstStarter}}
	for i, id := range ids {
		form.Set(fmt.Sprintf("seat_%d", id), fmt.Sprint(i+1))
	}
	rec := c.post("/g/"+slug+"/matches", form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start Take Five match: status %d\n%s", rec.Code, rec.Body)
	}
	return rec.Header().Get("Location")
}

func TestTakeFiveNewMatchRefusesABadStarter(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("Table")
	ids := c.players(slug, "Ana", "Ben")
	form := url.Values{"game": {"takefive"}, "firstStarter": {"3"},
		fmt.Sprintf("seat_%d", ids[0]): {"1"}, fmt.Sprintf("seat_%d", ids[1]): {"2"}}
	rec := c.post("/g/"+slug+"/matches", form)
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(doc(t, rec).Find(".error").Text(), "from 1 to 2") {
		t.Errorf("seat 3 of 2 starts: status %d, error %q; want 422 naming 1 to 2", rec.Code, doc(t, rec).Find(".error").Text())
	}
}

// A whole match: the phases cycle score → 21 → 21 (replayed: everyone was
// eliminated) → quinte → score, each started left of the last winner, and
// the first to three round wins takes it. Bad saves store nothing.
func TestTakeFiveMatchEndToEnd(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("Table")
	matchURL := tfMatch(t, c, slug, []string{"Ana", "Ben", "Chloé"}, "2")

	type info struct{ phase, starter string }
	check := func(step string, want info) {
		t.Helper()
		d := doc(t, c.get(matchURL))
		got := info{d.Find("[data-testid=tf-phase]").Text(), d.Find("[data-testid=tf-starter]").Text()}
		if got != want {
			t.Errorf("%s: phase, starter = %+v, want %+v", step, got, want)
		}
	}
	save := func(form url.Values) {
		t.Helper()
		form.Set("op", "save")
		if rec := c.post(matchURL+"/rounds", form); rec.Code != http.StatusSeeOther {
			t.Fatalf("save %v: status %d\n%s", form, rec.Code, doc(t, rec).Find(".error").Text())
		}
	}
	totals := func() string {
		var got []string
		doc(t, c.get(matchURL)).Find("[data-testid=total]").Each(func(_ int, s *goquerySelection) { got = append(got, s.Text()) })
		return strings.Join(got, " ")
	}

	check("round 1", info{"score", "Ben"})
	if doc(t, c.get(matchURL)).Find("[data-testid=tf-nobody]").Length() != 0 {
		t.Errorf("a score round offers «nobody won»")
	}
	bad := []struct {
		name, wantErr string
		form          url.Values
	}{
		{"no winner chosen", "Choose who won", url.Values{}},
		{"nobody in a score round", "Only a 21 round", url.Values{"winner": {"-1"}}},
		{"seat out of range", "not a player", url.Values{"winner": {"3"}}},
		{"duplicate in the score rack", "does not win", url.Values{"winner": {"2"}, "rack": {"9 9 7 6 5"}}},
		{"rack not numbers", "numbers from 1 to 9", url.Values{"winner": {"2"}, "rack": {"9 8 x"}}},
	}
	for _, tt := range bad {
		tt.form.Set("op", "save")
		rec := c.post(matchURL+"/rounds", tt.form)
		d := doc(t, rec)
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(d.Find(".error").Text(), tt.wantErr) {
			t.Errorf("%s: status %d, error %q; want 422 with %q", tt.name, rec.Code, d.Find(".error").Text(), tt.wantErr)
		}
		if r := tt.form.Get("rack"); r != "" && d.Find("[data-testid=tf-rack]").AttrOr("value", "") != r {
			t.Errorf("%s: the rack typed was not kept", tt.name)
		}
	}
	if got := totals(); got != "0 0 0" {
		t.Fatalf("after refused saves, totals = %q, want 0 0 0", got)
	}

	save(url.Values{"winner": {"2"}, "rack": {"9 8 7 6 5"}}) // Chloé wins the score round
	check("round 2", info{"21", "Ana"})
	save(url.Values{"winner": {"-1"}}) // all eliminated: replayed (default house rule)
	check("round 3 (replay)", info{"21", "Ben"})
	if rec := c.post(matchURL+"/rounds", url.Values{"op": {"save"}, "winner": {"0"}, "rack": {"9 8 5"}}); rec.Code != http.StatusUnprocessableEntity {
		t.Errorf("21 round won with 9 8 5 = 22: status %d, want 422", rec.Code)
	}
	save(url.Values{"winner": {"0"}, "rack": {"9 8 4"}})
	check("round 4", info{"quinte", "Ben"})
	save(url.Values{"winner": {"0"}, "rack": {"3 4 5 6 7"}})
	check("round 5", info{"score", "Ben"})
	if got := totals(); got != "2 0 1" {
		t.Errorf("totals after 4 rounds = %q, want 2 0 1 (round wins)", got)
	}
	save(url.Values{"winner": {"0"}})
	d := doc(t, c.get(matchURL))
	if w := d.Find("[data-testid=winner]").Text(); !strings.Contains(w, "Ana") {
		t.Errorf("winner = %q, want Ana (three round wins)", w)
	}
	if d.Find("[data-testid=round-form]").Length() != 0 {
		t.Errorf("a finished match still offers the round form")
	}
	if text := d.Text(); !strings.Contains(text, "Round 2 (21)") || !strings.Contains(text, "Round 3 (21)") {
		t.Errorf("the sheet does not show the replayed 21 round:\n%s", text)
	}
	hist := d.Find(`a[href$="/history"]`).Eq(1).AttrOr("href", "")
	if text := doc(t, c.get(hist)).Text(); !strings.Contains(text, "Ana started · all eliminated, no winner") {
		t.Errorf("history of round 2 (%s) does not say who started and that nobody won:\n%s", hist, text)
	}
}
