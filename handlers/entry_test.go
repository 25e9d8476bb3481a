package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Without JavaScript (issue 16): a tap on a player's card icon is a plain
// post that redraws the form with the bottom sheet open for that player; a
// card the deck holds no more of is refused at the tap, saying why; typed
// points need no mode; cards tapped win over a number typed.
func TestRoundEntryWithoutJavaScript(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("G")
	ids := c.players(slug, "Ana", "Ben", "Chloé")
	match := fcMatch(t, c, slug, ids, "2") // round 2: 4 cards, 4s wild
	rounds := match + "/rounds"

	d := doc(t, c.post(rounds, url.Values{"pick": {"1"}, "mode_0": {"out"}, "points_2": {"9"}}))
	if d.Find(`[data-testid=picker][data-seat="1"]`).Length() != 1 {
		t.Fatalf("the card icon did not open Ben's sheet")
	}
	if d.Find(`[data-testid=picker] .sheet-suit`).Length() != 6 {
		t.Errorf("the sheet shows %d rows, want a row per suit and the jokers", d.Find(`[data-testid=picker] .sheet-suit`).Length())
	}
	if _, ok := d.Find(`[data-testid=went-out][data-player=Ana]`).Attr("checked"); !ok {
		t.Errorf("Ana's went-out mark was lost by the tap")
	}
	if v := d.Find(`[data-testid=points-input][data-player=Chloé]`).AttrOr("value", ""); v != "9" {
		t.Errorf("Chloé's typed points were lost by the tap: %q", v)
	}

	// Ben holds both 7♥: a third is refused at the tap, with the reason.
	form := url.Values{"picker": {"1"}, "tap": {"7H"}, "mode_0": {"out"}, "cards_1": {"7H 7H"}, "points_2": {"9"}}
	rec := c.post(rounds, form)
	d = doc(t, rec)
	if got := d.Find(`input[name=cards_1]`).AttrOr("value", ""); got != "7H 7H" {
		t.Errorf("a third 7♥ was taken: cards %q", got)
	}
	if msg := d.Find(`[data-testid=picker] .error`).Text(); !strings.Contains(msg, "7♥") || !strings.Contains(msg, "2") {
		t.Errorf("the refusal does not say why: %q", msg)
	}
	if d.Find(`[data-testid=picker] button[data-card="7H"][disabled]`).Length() != 1 {
		t.Errorf("the sheet still offers 7♥")
	}

	// Ben typed 5 and tapped 7♥ 7♥ K♣: the cards win (27), saved as cards.
	save := url.Values{"op": {"save"}, "mode_0": {"out"}, "cards_1": {"7H 7H KC"}, "points_1": {"5"}, "points_2": {"9"}}
	if rec := c.post(rounds, save); rec.Code != http.StatusSeeOther {
		t.Fatalf("save: status %d: %s", rec.Code, doc(t, rec).Find(".error").Text())
	}
	stored, _ := app.store.Rounds(context.Background(), mustInt(strings.TrimPrefix(match, "/g/"+slug+"/matches/")))
	if len(stored) != 1 || stored[0].Points[1] != 27 || stored[0].Points[2] != 9 {
		t.Errorf("stored %+v, want Ben 27 from his cards and Chloé's typed 9", stored)
	}

	// TAKI: typed points are the points lost, without switching a mode.
	tk := takiMatch(t, c, c.group("T"), []string{"Ana", "Ben", "Chloé"}, url.Values{"end": {"rounds"}, "rounds": {"3"}})
	if rec := c.post(tk+"/rounds", url.Values{"op": {"save"}, "winner": {"0"}, "points_1": {"12"}, "points_2": {"7"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("TAKI typed: status %d: %s", rec.Code, doc(t, rec).Find(".error").Text())
	}
	// A blank row says what to do, naming that player, next to Save; his
	// row is marked and its field points to that sentence.
	rec = c.post(tk+"/rounds", url.Values{"op": {"save"}, "winner": {"0"}, "points_1": {"12"}})
	if says := fieldSays(doc(t, rec), `[data-testid=seat][data-player=Chloé]`); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(says, "Chloé: ") || !strings.Contains(says, "type the points") {
		t.Errorf("TAKI blank row: status %d, Chloé's field says %q (refusals %q)", rec.Code, says, refusals(doc(t, rec)))
	}
}
