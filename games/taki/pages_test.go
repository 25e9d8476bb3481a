package taki_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/games/gametest"
)

// TAKI's pages as a table uses them: the new-match options, a match by
// rounds and by a points limit, and the refusals of a round.

func TestTakiNewMatchOptions(t *testing.T) {
	c := gametest.Start(t).Phone()
	group := c.Group("Table")
	ids := c.Players(group, "Ana", "Ben")
	rec := c.Get(group + "/matches/new?game=taki")
	if rec.Code != http.StatusOK || rec.Find(`[data-testid="taki-options"]`).Length() != 1 {
		t.Fatalf("new TAKI match page: status %d, options shown %v", rec.Code, rec.Code == http.StatusOK)
	}
	tests := []struct {
		name      string
		opts      url.Values
		wantField string
	}{
		{"zero rounds", url.Values{"end": {"rounds"}, "rounds": {"0"}}, "rounds"},
		{"rounds not a number", url.Values{"end": {"rounds"}, "rounds": {"five"}}, "rounds"},
		{"negative limit", url.Values{"end": {"limit"}, "limit": {"-3"}}, "limit"},
	}
	for _, tt := range tests {
		form := url.Values{"game": {"taki"}, fmt.Sprintf("seat_%d", ids[0]): {"1"}, fmt.Sprintf("seat_%d", ids[1]): {"2"}}
		for k, v := range tt.opts {
			form[k] = v
		}
		rec := c.Post(group+"/matches", form)
		if rec.Code != http.StatusUnprocessableEntity {
			t.Errorf("%s: status %d, want 422", tt.name, rec.Code)
			continue
		}
		d := rec
		if d.Find(fmt.Sprintf(`[data-testid=%q][aria-invalid="true"]`, tt.wantField)).Length() != 1 {
			t.Errorf("%s: field %s not marked invalid", tt.name, tt.wantField)
		}
		if got := d.Find(fmt.Sprintf(`[data-testid=%q]`, tt.wantField)).AttrOr("value", ""); got != tt.opts.Get(tt.wantField) {
			t.Errorf("%s: %s redrawn as %q, want what was typed %q", tt.name, tt.wantField, got, tt.opts.Get(tt.wantField))
		}
	}
}

// A whole match of 2 rounds for 3 players: tap cards, type points, totals,
// the end at the round count, the winner; a bad save stores nothing.
func TestTakiMatchByRounds(t *testing.T) {
	c := gametest.Start(t).Phone()
	group := c.Group("Table")
	match := c.Match(group, "taki", []string{"Ana", "Ben", "Cleo"}, url.Values{"end": {"rounds"}, "rounds": {"2"}})
	rounds := match + "/rounds"

	d := c.Get(match)
	if got := strings.TrimSpace(d.Find(`[data-testid="taki-round"]`).Text()); got != "1 / 2" {
		t.Errorf("round info = %q, want 1 / 2", got)
	}

	// Tapping TV-TK-1's hand into Ben's seat shows the working at once.
	form := url.Values{"winner": {"0"}, "pick": {"1"}}
	var cards []string
	for _, code := range []string{"R7", "B3", "G+2", "YSTOP", "SUPERTAKI"} {
		form.Set("tap", code)
		form.Set("cards_1", strings.Join(cards, " "))
		rec := c.Post(rounds, form)
		if rec.Code != http.StatusOK {
			t.Fatalf("tap %s: status %d", code, rec.Code)
		}
		cards = append(cards, code)
		form.Del("pick")
		form.Set("picker", "1")
	}
	form.Del("tap")
	form.Set("cards_1", strings.Join(cards, " "))
	rec := c.Post(rounds, form)
	got := rec.Texts(`[data-testid="computed"]`)
	if len(got) != 2 || got[1] != "−(7 + 3) − 3 × 10 = −40" {
		t.Errorf("computed = %q, want +100 for Ana and TV-TK-1's −40 for Ben", got)
	}

	// Saving with Cleo blank: 422, the taps kept, nothing stored.
	form.Set("op", "save")
	form.Set("submitKey", "k1")
	rec = c.Post(rounds, form)
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("save with Cleo blank: status %d, want 422", rec.Code)
	}
	d = rec
	// One mistake, said next to Save naming Cleo; her row is marked.
	if said := d.Texts("[data-testid=round-refusal]"); len(said) != 1 || !strings.HasPrefix(said[0], "Cleo: ") || d.Find(`[data-testid="seat"] [data-testid=refusal-flag]`).Length() != 1 || d.Find(`[data-testid="round-row"]`).Length() != 0 {
		t.Errorf("blank seat: refusals %q; want one, Cleo's, her row marked and no stored round", said)
	}
	if d.Find(`input[name="cards_1"]`).AttrOr("value", "") != strings.Join(cards, " ") {
		t.Errorf("the tapped cards were not kept")
	}
	// Typed points that a loser cannot have (0): the scorer's sentence, nothing stored.
	form.Set("mode_2", "points")
	form.Set("points_2", "0")
	rec = c.Post(rounds, form)
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body, "loses 1 to") {
		t.Fatalf("0 points for a loser: status %d, want 422 with the scorer's sentence", rec.Code)
	}
	if c.Get(match).Find(`[data-testid="round-row"]`).Length() != 0 {
		t.Fatalf("an invalid round was stored")
	}
	// Valid: Cleo lost 12.
	form.Set("points_2", "12")
	if rec = c.Post(rounds, form); rec.Code != http.StatusSeeOther {
		t.Fatalf("save round 1: status %d, body %s", rec.Code, rec.Body)
	}
	d = c.Get(match)
	if got := d.Texts(`[data-testid="total"]`); strings.Join(got, ",") != "100,−40,−12" {
		t.Errorf("totals after round 1 = %v, want 100 −40 −12", got)
	}
	if d.Find(`[data-testid="winner"]`).Length() != 0 {
		t.Errorf("the match ended after 1 round of 2")
	}
	hist := d.Find(`[data-testid="history-link"]`).AttrOr("href", "")
	if h := c.Get(hist).Find(`[data-testid="revision"]`).Text(); !strings.Contains(h, "Ana went out") || !strings.Contains(h, "R7 B3 G+2 YSTOP SUPERTAKI") {
		t.Errorf("round history detail = %q, want who went out and the cards tapped", h)
	}

	// Correcting round 1 shows what was entered: the winner, the cards, the points lost.
	edit := d.Find(`a[href$="/edit"]`).AttrOr("href", "")
	ed := c.Get(edit)
	if ed.Find(`input[name="winner"][checked]`).AttrOr("value", "") != "0" || ed.Find(`input[name="cards_1"]`).AttrOr("value", "") != strings.Join(cards, " ") ||
		ed.Find(`input[name="points_2"]`).AttrOr("value", "") != "12" {
		t.Errorf("edit form of round 1 not prefilled: %q", ed.Find(`[data-testid="round-form"]`).Text())
	}

	// Round 2: Cleo goes out; Ana holds a 9 and a crazy card, Ben types −5.
	rec = c.Post(rounds, url.Values{"winner": {"2"}, "cards_0": {"Y9 CRAZY"}, "mode_1": {"points"}, "points_1": {"5"}, "op": {"save"}, "submitKey": {"k2"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("save round 2: status %d, body %s", rec.Code, rec.Body)
	}
	d = c.Get(match)
	if got := d.Texts(`[data-testid="total"]`); strings.Join(got, ",") != "81,−45,88" {
		t.Errorf("totals after round 2 = %v, want 81 −45 88", got)
	}
	if w := d.Find(`[data-testid="winner"]`).Text(); !strings.Contains(w, "Cleo") {
		t.Errorf("winner = %q, want Cleo (highest total) after the last round", w)
	}
	if d.Find(`[data-testid="round-form"]`).Length() != 0 {
		t.Errorf("a finished match still offers a round form")
	}
}

// A points-limit match ends after the round in which a total reaches it,
// and plus2ScoresAs from the group's house rules scores a +2 as 2.
func TestTakiMatchByLimitWithHouseRules(t *testing.T) {
	c := gametest.Start(t).Phone()
	group := c.Group("Table")
	if rec := c.Post(group+"/rules/taki", url.Values{"plus2ScoresAs": {"2"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("set house rule: status %d", rec.Code)
	}
	match := c.Match(group, "taki", []string{"Ana", "Ben"}, url.Values{"end": {"limit"}, "limit": {"150"}})
	rounds := match + "/rounds"
	// TV-TK-1 with +2 counted as a 2: −32.
	rec := c.Post(rounds, url.Values{"winner": {"0"}, "cards_1": {"R7 B3 G+2 YSTOP SUPERTAKI"}, "op": {"save"}, "submitKey": {"a"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("round 1: status %d", rec.Code)
	}
	d := c.Get(match)
	if got := d.Texts(`[data-testid="total"]`); strings.Join(got, ",") != "100,−32" {
		t.Errorf("totals = %v, want 100 −32 (plus2ScoresAs=2)", got)
	}
	if d.Find(`[data-testid="winner"]`).Length() != 0 {
		t.Errorf("the match ended before any total reached 150")
	}
	rec = c.Post(rounds, url.Values{"winner": {"0"}, "cards_1": {"R1"}, "op": {"save"}, "submitKey": {"b"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("round 2: status %d", rec.Code)
	}
	d = c.Get(match)
	if w := d.Find(`[data-testid="winner"]`).Text(); !strings.Contains(w, "Ana") {
		t.Errorf("winner = %q, want Ana at 200 ≥ 150", w)
	}
	// One more round after the end: 409, nothing stored.
	rec = c.Post(rounds, url.Values{"winner": {"1"}, "cards_0": {"R1"}, "op": {"save"}, "submitKey": {"c"}})
	if rec.Code != http.StatusConflict {
		t.Errorf("round after the end: status %d, want 409", rec.Code)
	}
}

func TestTakiRoundErrors(t *testing.T) {
	c := gametest.Start(t).Phone()
	group := c.Group("Table")
	match := c.Match(group, "taki", []string{"Ana", "Ben"}, url.Values{"end": {"rounds"}, "rounds": {"3"}})
	tests := []struct {
		name string
		form url.Values
		want string // a piece of the sentence shown
	}{
		{"no winner", url.Values{"cards_1": {"R5"}}, "Tap who went out"},
		{"loser without cards", url.Values{"winner": {"0"}}, "Tap the cards left"},
		{"points not a number", url.Values{"winner": {"0"}, "mode_1": {"points"}, "points_1": {"lots"}}, "whole number"},
		{"three red 5s", url.Values{"winner": {"0"}, "cards_1": {"R5 R5 R5"}}, "deck holds only 2"},
	}
	for _, tt := range tests {
		tt.form.Set("op", "save")
		rec := c.Post(match+"/rounds", tt.form)
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body, tt.want) {
			t.Errorf("%s: status %d, want 422 saying %q", tt.name, rec.Code, tt.want)
		}
	}
	if n := c.Get(match).Find(`[data-testid="round-row"]`).Length(); n != 0 {
		t.Errorf("invalid rounds stored: %d rows", n)
	}
}
