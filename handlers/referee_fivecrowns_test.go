package handlers

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// The scoresheet's «whole hand» mode: the tapped cards are the player's whole
// final hand and the points are its lowest penalty, shown at once, stored
// with mode "hand", under the match's house rules.
func TestFiveCrownsWholeHandMode(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("G")
	ids := c.players(slug, "Ana", "Ben", "Chloé")
	matchURL := fcMatch(t, c, slug, ids, "4") // round 4: 6 cards, 6s wild

	// Ben's whole hand J♥ J♠ J♦ 8♠ 9♠ K♣: the book of jacks melds, 8+9+13 stay = 30.
	form := url.Values{"mode_0": {"out"}, "mode_1": {"hand"}, "cards_1": {"JH JS JD 8S 9S"}, "picker": {"1"}, "tap": {"KC"}, "mode_2": {"points"}, "points_2": {"7"}}
	rec := c.post(matchURL+"/rounds", form)
	d := doc(t, rec)
	if rec.Code != http.StatusOK || strings.TrimSpace(d.Find("[data-testid=computed]").Text()) == "" ||
		!strings.Contains(d.Find("[data-testid=computed]").Text(), "30") {
		t.Fatalf("tap in whole-hand mode: status %d, computed %q, want 30", rec.Code, d.Find("[data-testid=computed]").Text())
	}
	if _, ok := d.Find("input[name=mode_1][value=hand]").Attr("checked"); !ok {
		t.Errorf("a tap switched Ben out of the whole-hand mode")
	}

	// A hand of the wrong size is refused with the sentence, and nothing is saved.
	bad := url.Values{"op": {"save"}, "mode_0": {"out"}, "mode_1": {"hand"}, "cards_1": {"JH JS JD 8S 9S"}, "mode_2": {"points"}, "points_2": {"7"}}
	rec = c.post(matchURL+"/rounds", bad)
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(doc(t, rec).Find(".error").Text(), "6 cards") {
		t.Fatalf("5-card hand in round 4: status %d, error %q; want 422 naming 6 cards", rec.Code, doc(t, rec).Find(".error").Text())
	}
	matchID := mustInt(strings.TrimPrefix(matchURL, "/g/"+slug+"/matches/"))
	if rounds, _ := app.store.Rounds(context.Background(), matchID); len(rounds) != 0 {
		t.Fatalf("a refused round was saved: %d rounds", len(rounds))
	}

	form.Set("op", "save")
	form.Set("cards_1", "JH JS JD 8S 9S KC")
	form.Del("tap")
	if rec := c.post(matchURL+"/rounds", form); rec.Code != http.StatusSeeOther {
		t.Fatalf("save whole hand: status %d\n%s", rec.Code, doc(t, rec).Find(".error").Text())
	}
	rounds, _ := app.store.Rounds(context.Background(), matchID)
	if len(rounds) != 1 || rounds[0].Points[1] != 30 {
		t.Fatalf("stored rounds %+v, want Ben 30", rounds)
	}
	var e fcEntry
	if err := json.Unmarshal(rounds[0].Entry, &e); err != nil || e.Seats[1].Mode != "hand" || len(e.Seats[1].Cards) != 6 {
		t.Errorf("stored entry %s, want Ben in mode hand with his 6 cards", rounds[0].Entry)
	}
	if hist := doc(t, c.get(fmt.Sprintf("%s/rounds/%d/history", matchURL, rounds[0].ID))).Text(); !strings.Contains(hist, "whole hand, 30") {
		t.Errorf("the round's history does not say Ben's 30 came from his whole hand: %q", hist)
	}

	// The match's house rules count: with minNaturalsPerMeld = 1, round 5's
	// joker + joker + 7♥ cannot meld alone (7s wild).
	c2 := app.client()
	slug2 := c2.group("H")
	if rec := c2.post("/g/"+slug2+"/rules/fivecrowns", url.Values{"minNaturalsPerMeld": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("set house rule: %d", rec.Code)
	}
	ids2 := c2.players(slug2, "Ana", "Ben")
	m2 := fcMatch(t, c2, slug2, ids2, "1")
	rec = c2.post(m2+"/rounds", url.Values{"mode_0": {"out"}, "mode_1": {"hand"}, "cards_1": {"JK JK 3H"}, "picker": {"1"}})
	if got := doc(t, rec).Find("[data-testid=computed]").Text(); !strings.Contains(got, "120") {
		t.Errorf("round 1, JK JK 3♥ under minNaturalsPerMeld=1: computed %q, want 120 (nothing melds)", got)
	}
	m3 := fcMatch(t, c, slug, ids[:2], "1")
	rec = c.post(m3+"/rounds", url.Values{"mode_0": {"out"}, "mode_1": {"hand"}, "cards_1": {"JK JK 3H"}, "picker": {"1"}})
	if got := doc(t, rec).Find("[data-testid=computed]").Text(); !strings.Contains(got, "= 0") {
		t.Errorf("round 1, JK JK 3♥ under the default rules: computed %q, want 0 (an all-wild book)", got)
	}
}
