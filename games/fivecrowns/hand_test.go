package fivecrowns_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/tablekeeper/tablekeeper/games/gametest"
)

// A player who taps their whole hand is shown how the exact solver lays it
// down, not only its points (issue 37: "the exact solver shows the best
// melds … and the points"): round 3 (5 cards, the 5s wild), 7♥ 8♥ 9♥ K♠
// and the wild 5♣: the run 7♥ 8♥ 9♥ with the 5♣ in it, the K♠ left in
// hand, 13 points; in French too. Two kings and no wild stay in hand; a
// hand that melds whole leaves nothing.
func TestWholeHandShowsItsLayDown(t *testing.T) {
	s := gametest.Start(t)
	ana := s.Phone()
	group := ana.Group("Jeudi")
	match := ana.Match(group, "fivecrowns", []string{"Ana", "Ben", "Chloé"}, url.Values{"firstDealer": {"1"}, "startRound": {"3"}})
	for _, c := range []struct {
		lang, cards, points string
		melds               []string
		left                string
	}{
		{"en", "7H 8H 9H KS 5C", "13", []string{"7♥ 8♥ 9♥ 5♣"}, "left in hand: K♠"},
		{"fr", "7H 8H 9H KS 5C", "13", []string{"7♥ 8♥ 9♥ 5♣"}, "reste en main : K♠"},
		{"en", "7H 8H 9H KS KC", "26", []string{"7♥ 8♥ 9♥"}, "left in hand: K♣ K♠"},
		{"en", "7H 8H 9H 5C 5D", "0", []string{"7♥ 8♥ 9♥ 5♣ 5♦"}, "nothing left in hand"},
	} {
		ana.Lang = c.lang
		p := ana.Post(match+"/rounds", url.Values{"picker": {"0"}, "mode_0": {"hand"}, "cards_0": {c.cards}})
		if p.Code != http.StatusOK {
			t.Fatalf("%s %s: the redrawn form answered %d", c.lang, c.cards, p.Code)
		}
		row := p.Find(`[data-testid=seat][data-player=Ana]`)
		melds := row.Find(`[data-testid=meld]`).Map(func(_ int, m *goquery.Selection) string { return strings.TrimSpace(m.Text()) })
		if !slices.Equal(slices.Sorted(slices.Values(melds)), slices.Sorted(slices.Values(c.melds))) {
			t.Errorf("%s %s: melds shown %q, want %q", c.lang, c.cards, melds, c.melds)
		}
		if got := strings.TrimSpace(row.Find(`[data-testid=kept]`).Text()); got != c.left {
			t.Errorf("%s %s: what is left reads %q, want %q", c.lang, c.cards, got, c.left)
		}
		if got, _ := row.Find(`[data-testid=points-input]`).Attr("value"); got != c.points {
			t.Errorf("%s %s: the line's points are %q, want %q", c.lang, c.cards, got, c.points)
		}
	}
}

// On the player's own phone the cards tapped are their whole hand, laid
// down by the solver, unless switched to the cards left; on another
// player's row they are the cards left, as the keeper taps them after the
// table laid down (issue 37: "tap the cards left in your hand; the exact
// solver shows the best melds"). Ana's phone: Ana's row opened and the
// 5♣ tapped to 7♥ 8♥ 9♥ K♠ is a whole hand (13); Ben's row the same is
// the cards left (7+8+9+13 and the wild 5's 20 = 57). A number typed with
// no card tapped stays that number.
func TestOwnRowTapsAWholeHand(t *testing.T) {
	s := gametest.Start(t)
	ana := s.Phone()
	group := ana.Group("Jeudi")
	match := ana.Match(group, "fivecrowns", []string{"Ana", "Ben", "Chloé"}, url.Values{"firstDealer": {"1"}, "startRound": {"3"}})
	for _, c := range []struct {
		seat, player, points string
		melds                int
	}{{"0", "Ana", "13", 1}, {"1", "Ben", "57", 0}} {
		p := ana.Post(match+"/rounds", url.Values{"picker": {c.seat}, "tap": {"5C"}, "cards_" + c.seat: {"7H 8H 9H KS"}})
		row := p.Find(`[data-testid=seat][data-player=` + c.player + `]`)
		if got, _ := row.Find(`[data-testid=points-input]`).Attr("value"); got != c.points || row.Find(`[data-testid=meld]`).Length() != c.melds {
			t.Errorf("%s's row on Ana's phone: %q points and %d melds, want %s and %d", c.player, got, row.Find(`[data-testid=meld]`).Length(), c.points, c.melds)
		}
	}
	// The sheet opened on her own row, nothing tapped: the switch says
	// whole hand, and the row how many cards a hand holds.
	p := ana.Post(match+"/rounds", url.Values{"picker": {"0"}})
	if v, _ := p.Find(`input[name=mode_0]:checked`).Attr("value"); v != "hand" {
		t.Errorf("Ana's own card sheet opens on %q, want the whole hand", v)
	}
	p = ana.Post(match+"/rounds", url.Values{"picker": {"0"}, "tap": {"KS"}, "cards_0": {"7H"}})
	if got := strings.TrimSpace(p.Find(`[data-testid=seat][data-player=Ana] [data-testid=hand-more]`).Text()); got != "3 more cards to tap for the whole hand" {
		t.Errorf("Ana's hand of 2 cards of 5 says %q", got)
	}
	// Switched to the cards left and the sheet closed: they stay the cards
	// left (7 + 13), the switch carried by the form.
	p = ana.Post(match+"/rounds", url.Values{"pick": {"-1"}, "mode_0": {"cards"}, "cards_0": {"7H KS"}})
	if got, _ := p.Find(`[data-testid=seat][data-player=Ana] [data-testid=points-input]`).Attr("value"); got != "20" || p.Find(`input[type=hidden][name=mode_0][value=cards]`).Length() != 1 {
		t.Errorf("Ana's cards left, the sheet closed: %q points, switch carried %d times, want 20 and once", got, p.Find(`input[type=hidden][name=mode_0][value=cards]`).Length())
	}
	// Typed, no card: the number, even with the whole hand switched on.
	p = ana.Post(match+"/rounds", url.Values{"op": {"save"}, "mode_0": {"hand"}, "points_0": {"12"}, "mode_1": {"out"}, "points_2": {"7"}})
	if p.Code != http.StatusSeeOther {
		t.Errorf("a round with Ana's 12 typed answered %d: %s", p.Code, strings.Join(p.Texts(`[data-testid=round-refusals], .error`), " | "))
	}
}
