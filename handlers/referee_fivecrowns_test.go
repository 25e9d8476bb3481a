package handlers

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	fcscore "github.com/tablekeeper/tablekeeper/scoring/fivecrowns"
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
	if said := strings.Join(refusals(doc(t, rec)), " "); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(said, "6 cards") {
		t.Fatalf("5-card hand in round 4: status %d, refusals %q; want 422 naming 6 cards", rec.Code, said)
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
	e, err := fcscore.DecodeEntry(rounds[0].Entry)
	if err != nil || e.Seats[1].Mode != "hand" || len(e.Seats[1].Cards) != 6 {
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

// fcRef posts the Five Crowns referee form and parses the answer.
func fcRef(t *testing.T, c *client, form url.Values) (int, *goquery.Document) {
	t.Helper()
	rec := c.post("/referee/fivecrowns", form)
	return rec.Code, doc(t, rec)
}

func TestFiveCrownsRefereeVerdicts(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	if rec := c.get("/referee/fivecrowns"); rec.Code != http.StatusOK || doc(t, rec).Find("[data-testid=picker] button[data-card]").Length() != 56 {
		t.Fatalf("first visit: status %d", rec.Code)
	}
	judge := func(kv ...string) url.Values {
		f := url.Values{"op": {"judge"}}
		for i := 0; i+1 < len(kv); i += 2 {
			f.Set(kv[i], kv[i+1])
		}
		return f
	}
	tests := []struct {
		name       string
		form       url.Values
		valid      bool     // the declared lay-down
		rules      []string // data-rule of each violation, in order
		sheet      string   // words of the French sheet quoted
		melds      []string // per declared meld: run, book or invalid
		minPenalty int
		goOut      string // can-go-out, cannot-go-out or ""
		houseRules string // words the page says of the house rules
	}{
		{"TV-FC-1 Sophie goes out", judge("round", "4", "hand", "JH JS JD 8S 9S 10S 3C", "meld1", "JH JS JD", "meld2", "8S 9S 10S", "discard", "3C"),
			true, nil, "", []string{"book", "run"}, 0, "can-go-out", "none"},
		{"TV-FC-1 without the discard", judge("round", "4", "hand", "JH JS JD 8S 9S 10S 3C", "meld1", "JH JS JD", "meld2", "8S 9S 10S"),
			false, []string{"fivecrowns.discard-required"}, "Puis il remet une carte", []string{"book", "run"}, 0, "can-go-out", "none"},
		{"TV-FC-3 no wrap", judge("round", "2", "hand", "QH KH 3H 5S", "meld1", "QH KH 3H"),
			false, []string{"fivecrowns.run-wrap"}, "roi, dame, valet", []string{"invalid"}, 33, "", "none"},
		{"TV-FC-3 under runsWrap", judge("round", "2", "hand", "QH KH 3H 5S", "meld1", "QH KH 3H", "rule.runsWrap", "true"),
			true, nil, "", []string{"run"}, 5, "", "wrap"},
		{"TV-FC-6 all wilds by default", judge("round", "1", "hand", "JK JK 3H 9C", "meld1", "JK JK 3H", "discard", "9C"),
			true, nil, "", []string{"book"}, 0, "can-go-out", "none"},
		{"TV-FC-6 under minNaturalsPerMeld=1", judge("round", "1", "hand", "JK JK 3H 9C", "meld1", "JK JK 3H", "discard", "9C", "rule.minNaturalsPerMeld", "1"),
			false, []string{"fivecrowns.min-naturals"}, "remplacée par un Atout", []string{"invalid"}, 0, "can-go-out", "minNaturalsPerMeld = 1"},
		{"TV-FC-7 duplicate rank in a run", judge("round", "6", "hand", "5S 6S 6S 7S 3H 4D 10C QC", "meld1", "5S 6S 6S 7S"),
			false, []string{"fivecrowns.run-duplicate"}, "se suivant dans une même couleur", []string{"invalid"}, 35, "", "none"},
		{"a gap no wild fills", judge("round", "4", "hand", "3S 4S 7S 9H 9D 10C", "meld1", "3S 4S 7S"),
			false, []string{"fivecrowns.run-gap"}, "remplacée par un Atout", []string{"invalid"}, 42, "", "none"},
		{"mixed suits", judge("round", "1", "hand", "5S 6H 7S", "meld1", "5S 6H 7S"),
			false, []string{"fivecrowns.run-suit"}, "même couleur", []string{"invalid"}, 18, "", "none"},
		{"a book with two ranks", judge("round", "1", "hand", "8S 8H 9H", "meld1", "8S 8H 9H"),
			false, []string{"fivecrowns.book-rank"}, "même valeur", []string{"invalid"}, 25, "", "none"},
		{"fewer than 3 cards", judge("round", "1", "hand", "8S 8H 9H", "meld1", "8S 8H"),
			false, []string{"fivecrowns.meld-size"}, "3 cartes ou plus", []string{"invalid"}, 25, "", "none"},
		{"a card not in the hand", judge("round", "1", "hand", "8S 8H 9H", "meld1", "8S 8H 8D"),
			false, []string{"fivecrowns.not-in-hand"}, "la totalité de leurs cartes", []string{"invalid"}, 25, "", "none"},
		{"going out without discarding, allowed by the house rule", judge("round", "1", "hand", "8S 8H 8D 8C", "meld1", "8S 8H 8D 8C", "rule.goOutWithoutDiscard", "true"),
			true, nil, "", []string{"book"}, 0, "can-go-out", "without discarding"},
	}
	for _, tt := range tests {
		code, d := fcRef(t, c, tt.form)
		if code != http.StatusOK {
			t.Errorf("%s: status %d, errors %q", tt.name, code, d.Find(".error").Text())
			continue
		}
		legal := d.Find("[data-testid=declared] [data-testid=verdict-legal]").Length() == 1
		if legal != tt.valid {
			t.Errorf("%s: valid = %v, want %v", tt.name, legal, tt.valid)
		}
		var rules []string
		d.Find("[data-testid=declared] [data-testid=violation]").Each(func(_ int, s *goquery.Selection) { rules = append(rules, s.AttrOr("data-rule", "")) })
		if strings.Join(rules, " ") != strings.Join(tt.rules, " ") {
			t.Errorf("%s: violations %v, want %v", tt.name, rules, tt.rules)
		}
		if tt.sheet != "" && !strings.Contains(d.Find("[data-testid=declared] blockquote.sheet").Text(), tt.sheet) {
			t.Errorf("%s: the sheet quoted is %q, want it to hold %q", tt.name, d.Find("blockquote.sheet").Text(), tt.sheet)
		}
		if len(tt.rules) > 0 && strings.TrimSpace(d.Find("[data-testid=rule-text]").First().Text()) == "" {
			t.Errorf("%s: no English sentence beside the quote", tt.name)
		}
		var melds []string
		d.Find("[data-testid=meld-verdict]").Each(func(_ int, s *goquery.Selection) {
			switch txt := s.Find("[data-testid=meld-valid]").Text(); {
			case strings.Contains(txt, "run"):
				melds = append(melds, "run")
			case strings.Contains(txt, "book"):
				melds = append(melds, "book")
			default:
				melds = append(melds, "invalid")
			}
		})
		if strings.Join(melds, " ") != strings.Join(tt.melds, " ") {
			t.Errorf("%s: melds read %v, want %v", tt.name, melds, tt.melds)
		}
		if got := d.Find("[data-testid=min-penalty]").Text(); !strings.Contains(got, fmt.Sprintf(": %d points", tt.minPenalty)) {
			t.Errorf("%s: minimum %q, want %d points", tt.name, got, tt.minPenalty)
		}
		if tt.goOut != "" && d.Find("[data-testid="+tt.goOut+"]").Length() != 1 {
			t.Errorf("%s: want %s", tt.name, tt.goOut)
		}
		if got := d.Find("[data-testid=house-rules]").Text(); !strings.Contains(got, tt.houseRules) {
			t.Errorf("%s: house rules line %q, want %q", tt.name, got, tt.houseRules)
		}
	}
}

// Without declaring anything, the page gives the best lay-down; with a card
// too many, the discard that leaves the least.
func TestFiveCrownsRefereeBestLayDown(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	code, d := fcRef(t, c, url.Values{"op": {"judge"}, "round": {"4"}, "hand": {"JH JS JD 8S 9S 10S 3C"}})
	if code != http.StatusOK || d.Find("[data-testid=declared]").Length() != 0 {
		t.Fatalf("best lay-down of Sophie's hand: status %d, declared shown %d", code, d.Find("[data-testid=declared]").Length())
	}
	if n := d.Find("[data-testid=best-meld]").Length(); n != 2 {
		t.Errorf("best lay-down has %d melds, want 2", n)
	}
	if got := d.Find("[data-testid=best-discard] [data-card]").AttrOr("data-card", ""); got != "3C" {
		t.Errorf("best discard %q, want 3C", got)
	}
	if d.Find("[data-testid=can-go-out]").Length() != 1 || !strings.Contains(d.Find("[data-testid=min-penalty]").Text(), "0 points") {
		t.Errorf("Sophie's hand: can go out %d, minimum %q", d.Find("[data-testid=can-go-out]").Length(), d.Find("[data-testid=min-penalty]").Text())
	}
	// A hand that cannot meld after drawing: the joker (50) is the discard that leaves the least.
	code, d = fcRef(t, c, url.Values{"op": {"judge"}, "round": {"1"}, "hand": {"JK 7H KC 4*"}})
	if code != http.StatusOK || d.Find("[data-testid=cannot-go-out]").Length() != 1 {
		t.Fatalf("round 1, JK 7♥ K♣ 4★: status %d, cannot go out shown %d", code, d.Find("[data-testid=cannot-go-out]").Length())
	}
	if got := d.Find("[data-testid=min-penalty]").Text(); !strings.Contains(got, "24 points") || d.Find("[data-testid=best-discard] [data-card]").AttrOr("data-card", "") != "JK" {
		t.Errorf("minimum %q, discard %q; want 24 points (7 + 13 + 4) after discarding the joker", got, d.Find("[data-testid=best-discard] [data-card]").AttrOr("data-card", ""))
	}
	c.lang = "fr"
	_, d = fcRef(t, c, url.Values{"op": {"judge"}, "round": {"2"}, "hand": {"QH KH 3H 5S"}, "meld1": {"QH KH 3H"}})
	if got := d.Find("[data-testid=rule-text]").Text(); !strings.Contains(got, "Les valeurs vont du 3 au roi") {
		t.Errorf("French page: rule text %q", got)
	}
}

// Taps go into the hand and the meld aimed at; a hand that cannot occur is a
// 422 with the sentence next to the hand, and what was tapped is kept.
func TestFiveCrownsRefereeTapsAndImpossibleHands(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	code, d := fcRef(t, c, url.Values{"round": {"4"}, "hand": {"JH JS"}, "meld1": {"JH JS"}, "target": {"meld1"}, "tap": {"JD"}})
	if code != http.StatusOK || d.Find("[data-testid=hand]").AttrOr("value", "") != "JH JS JD" || d.Find("[data-testid=meld1]").AttrOr("value", "") != "JH JS JD" {
		t.Fatalf("tap into meld 1: status %d, hand %q, meld1 %q", code, d.Find("[data-testid=hand]").AttrOr("value", ""), d.Find("[data-testid=meld1]").AttrOr("value", ""))
	}
	if n, m := d.Find("[data-testid=field-hand] .chip").Length(), d.Find("[data-testid=field-meld1] .chip").Length(); n != 3 || m != 3 {
		t.Errorf("the hand shows %d chips and meld 1 %d, want 3 and 3", n, m)
	}
	_, d = fcRef(t, c, url.Values{"round": {"4"}, "hand": {"JH JS JD"}, "meld1": {"JH JS JD"}, "target": {"meld1"}, "untap": {"hand:0"}})
	if d.Find("[data-testid=hand]").AttrOr("value", "") != "JS JD" || d.Find("[data-testid=meld1]").AttrOr("value", "") != "JS JD" {
		t.Errorf("taking J♥ off the hand takes it off meld 1 too: hand %q, meld1 %q", d.Find("[data-testid=hand]").AttrOr("value", ""), d.Find("[data-testid=meld1]").AttrOr("value", ""))
	}
	_, d = fcRef(t, c, url.Values{"round": {"4"}, "hand": {"JS"}, "target": {"discard"}, "tap": {"3C"}})
	if d.Find("[data-testid=discard]").AttrOr("value", "") != "3C" || d.Find("input[name=target]").AttrOr("value", "") != "hand" {
		t.Errorf("a tap into the discard: discard %q; the next taps should go back to the hand", d.Find("[data-testid=discard]").AttrOr("value", ""))
	}

	tests := []struct {
		name, field, hand, want string
		form                    url.Values
	}{
		{"a third J♥ (tap)", "hand", "JH JH 5S", "more than twice", url.Values{"round": {"4"}, "tap": {"JH"}}},
		{"seven jokers", "hand", "JK JK JK JK JK JK JK 3H 4H", "six jokers", url.Values{"round": {"7"}, "op": {"judge"}}},
		{"a wrong number of cards", "hand", "JH JS JD 8S 9S", "6 cards", url.Values{"round": {"4"}, "op": {"judge"}}},
		{"not a card", "hand", "JH JS JD 8S 9S 1S", "not a Five Crowns card", url.Values{"round": {"4"}, "op": {"judge"}}},
		{"no round", "round", "JH JS JD", "round from 1 to 11", url.Values{"round": {"12"}, "op": {"judge"}}},
		{"a discard after the discard", "discard", "JH JS JD 8S 9S 10S", "already after its discard", url.Values{"round": {"4"}, "op": {"judge"}, "meld1": {"JH JS JD"}, "discard": {"10S"}}},
		{"a bad card in a meld", "meld2", "JH JS JD 8S 9S 10S", "not a Five Crowns card", url.Values{"round": {"4"}, "op": {"judge"}, "meld2": {"8S 9S 0S"}}},
	}
	for _, tt := range tests {
		tt.form.Set("hand", tt.hand)
		code, d := fcRef(t, c, tt.form)
		if code != http.StatusUnprocessableEntity {
			t.Errorf("%s: status %d, want 422", tt.name, code)
			continue
		}
		if d.Find(fmt.Sprintf(`[data-testid=%q][aria-invalid="true"]`, tt.field)).Length() != 1 {
			t.Errorf("%s: field %s not marked invalid", tt.name, tt.field)
		}
		if !strings.Contains(d.Find(".error").Text(), tt.want) {
			t.Errorf("%s: error %q, want it to say %q", tt.name, d.Find(".error").Text(), tt.want)
		}
		want := tt.hand
		if tt.form.Get("tap") != "" {
			want += " " + tt.form.Get("tap")
		}
		if got := d.Find("[data-testid=hand]").AttrOr("value", ""); got != want {
			t.Errorf("%s: hand redrawn as %q, want what was tapped %q", tt.name, got, want)
		}
		if d.Find("[data-testid=result]").Length() != 0 {
			t.Errorf("%s: a verdict is shown for an impossible hand", tt.name)
		}
	}
}

// The table part of the page: the card taken from the discard pile and the
// melds of the player who went out, read under the two house rules.
func TestFiveCrownsRefereeTable(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	judge := func(kv ...string) url.Values {
		f := url.Values{"op": {"judge"}}
		for i := 0; i+1 < len(kv); i += 2 {
			f.Set(kv[i], kv[i+1])
		}
		return f
	}
	chips := func(d *goquery.Document, sel string) string {
		var out []string
		d.Find(sel + " [data-card]").Each(func(_ int, s *goquery.Selection) { out = append(out, s.AttrOr("data-card", "")) })
		return strings.Join(out, " ")
	}
	tests := []struct {
		name       string
		form       url.Values
		minPenalty int
		layOff     string // best-layoff chips
		rules      []string
		houseRules string
	}{
		{"going out only by laying off", judge("round", "2", "hand", "5H QD JS JD JC", "out1", "6H 7H 8H 9H", "rule.allowLayOff", "true"),
			0, "5H", nil, "add cards to the melds"},
		{"… not without the house rule", judge("round", "2", "hand", "5H QD JS JD JC", "out1", "6H 7H 8H 9H"),
			5, "", nil, "none"},
		{"a run extended at both ends, a wild filling the gap", judge("round", "4", "hand", "5H 10H 6S QD 3C 4D", "out1", "7H 8H 9H", "out2", "KS KD KC", "rule.allowLayOff", "true"),
			12 + 3 + 4, "5H 10H 6S", nil, "add cards"},
		{"Sophie rediscards the 3♣ she took", judge("round", "4", "hand", "JH JS JD 8S 9S 10S 3C", "taken", "3C", "meld1", "JH JS JD", "meld2", "8S 9S 10S", "discard", "3C", "rule.forbidImmediateRediscard", "true"),
			14, "", []string{"fivecrowns.rediscard"}, "same card"},
		{"… allowed without the house rule", judge("round", "4", "hand", "JH JS JD 8S 9S 10S 3C", "taken", "3C", "meld1", "JH JS JD", "meld2", "8S 9S 10S", "discard", "3C"),
			0, "", nil, "none"},
		{"a declared lay-off", judge("round", "2", "hand", "5H QD JS JD JC", "out1", "6H 7H 8H 9H", "meld1", "JS JD JC", "lay1", "5H", "discard", "QD", "rule.allowLayOff", "true"),
			0, "5H", nil, "add cards"},
		{"a declared lay-off into the run", judge("round", "4", "hand", "9H JH QS QD 3C 4D", "out1", "8H 6S 10H", "out2", "KS KD KC", "lay1", "9H", "rule.allowLayOff", "true"),
			9 + 12 + 12 + 3 + 4, "JH", []string{"fivecrowns.lay-off-fit"}, "add cards"},
		{"a declared lay-off without the house rule", judge("round", "2", "hand", "5H QD JS JD JC", "out1", "6H 7H 8H 9H", "meld1", "JS JD JC", "lay1", "5H", "discard", "QD"),
			5, "", []string{"fivecrowns.lay-off"}, "none"},
	}
	for _, tt := range tests {
		code, d := fcRef(t, c, tt.form)
		if code != http.StatusOK {
			t.Errorf("%s: status %d, errors %q", tt.name, code, d.Find(".error").Text())
			continue
		}
		if got := d.Find("[data-testid=min-penalty]").Text(); !strings.Contains(got, fmt.Sprintf(": %d point", tt.minPenalty)) {
			t.Errorf("%s: minimum %q, want %d", tt.name, got, tt.minPenalty)
		}
		if got := chips(d, "[data-testid=best-layoff]"); got != tt.layOff {
			t.Errorf("%s: best lay-off %q, want %q", tt.name, got, tt.layOff)
		}
		var rules []string
		d.Find("[data-testid=declared] [data-testid=violation]").Each(func(_ int, s *goquery.Selection) { rules = append(rules, s.AttrOr("data-rule", "")) })
		if strings.Join(rules, " ") != strings.Join(tt.rules, " ") {
			t.Errorf("%s: violations %v, want %v", tt.name, rules, tt.rules)
		}
		if got := d.Find("[data-testid=house-rules]").Text(); !strings.Contains(got, tt.houseRules) {
			t.Errorf("%s: house rules line %q, want %q", tt.name, got, tt.houseRules)
		}
		if lay := tt.form.Get("lay1"); lay != "" && chips(d, "[data-testid=declared-layoff]") != lay {
			t.Errorf("%s: declared lay-off shows %q, want %q", tt.name, chips(d, "[data-testid=declared-layoff]"), lay)
		}
	}

	// Taps: into a meld of the player who went out, not into the hand; into
	// the card taken, into the hand too, and the next tap goes to the hand.
	_, d := fcRef(t, c, url.Values{"round": {"2"}, "hand": {"5H"}, "out1": {"6H 7H"}, "target": {"out1"}, "tap": {"8H"}})
	if d.Find("[data-testid=hand]").AttrOr("value", "") != "5H" || d.Find("[data-testid=out1]").AttrOr("value", "") != "6H 7H 8H" {
		t.Errorf("a tap into out meld 1: hand %q, out1 %q", d.Find("[data-testid=hand]").AttrOr("value", ""), d.Find("[data-testid=out1]").AttrOr("value", ""))
	}
	_, d = fcRef(t, c, url.Values{"round": {"4"}, "hand": {"JH"}, "target": {"taken"}, "tap": {"3C"}})
	if d.Find("[data-testid=hand]").AttrOr("value", "") != "JH 3C" || d.Find("[data-testid=taken]").AttrOr("value", "") != "3C" ||
		d.Find("input[name=target]").AttrOr("value", "") != "hand" {
		t.Errorf("a tap into the card taken: hand %q, taken %q", d.Find("[data-testid=hand]").AttrOr("value", ""), d.Find("[data-testid=taken]").AttrOr("value", ""))
	}
	_, d = fcRef(t, c, url.Values{"round": {"2"}, "hand": {"QD"}, "out1": {"6H 7H 8H"}, "target": {"lay1"}, "tap": {"5H"}})
	if d.Find("[data-testid=hand]").AttrOr("value", "") != "QD 5H" || d.Find("[data-testid=lay1]").AttrOr("value", "") != "5H" {
		t.Errorf("a tap into lay-off 1: hand %q, lay1 %q", d.Find("[data-testid=hand]").AttrOr("value", ""), d.Find("[data-testid=lay1]").AttrOr("value", ""))
	}
	_, d = fcRef(t, c, url.Values{"round": {"4"}, "hand": {"JH 3C"}, "taken": {"3C"}, "untap": {"hand:1"}})
	if d.Find("[data-testid=taken]").AttrOr("value", "x") != "" {
		t.Errorf("taking 3♣ off the hand leaves it as the card taken: %q", d.Find("[data-testid=taken]").AttrOr("value", ""))
	}

	// What cannot be on the table: 422, the sentence next to the field, and
	// everything typed kept.
	bad := []struct {
		name, field, want string
		form              url.Values
	}{
		{"a card taken that is not in the hand", "taken", "not in the hand", judge("round", "4", "hand", "JH JS JD 8S 9S 10S 3C", "taken", "QH")},
		{"a card taken in a hand after its discard", "taken", "just after drawing", judge("round", "5", "hand", "JH JS JD 8S 9S 10S 3C", "taken", "3C")},
		{"two cards taken", "taken", "single card", judge("round", "4", "hand", "JH JS JD 8S 9S 10S 3C", "taken", "3C JH")},
		{"an out meld that is not a meld", "out2", "different suits", judge("round", "4", "hand", "JH JS JD 8S 9S 10S 3C", "out1", "KS KD KC", "out2", "5H 9S 8H")},
		{"an out meld card a third time", "out1", "more than twice", judge("round", "4", "hand", "JH JS JD 8S 9S 10S 3C", "out1", "JH JH JC", "out2", "KS KD KC")},
		{"too many out melds in round 1", "out2", "at most 1 melds", judge("round", "1", "hand", "5H 6H 7H", "out1", "KS KD KC", "out2", "QS QD QC")},
		{"a lay-off onto no meld", "lay2", "nothing here", judge("round", "2", "hand", "5H QD JS JD JC", "out1", "6H 7H 8H 9H", "lay2", "5H")},
	}
	for _, tt := range bad {
		code, d := fcRef(t, c, tt.form)
		if code != http.StatusUnprocessableEntity {
			t.Errorf("%s: status %d, want 422", tt.name, code)
			continue
		}
		if d.Find(fmt.Sprintf(`[data-testid=%q][aria-invalid="true"]`, tt.field)).Length() != 1 || !strings.Contains(d.Find("[data-testid=field-"+tt.field+"] .error").Text(), tt.want) {
			t.Errorf("%s: field %s not marked with %q: errors %q", tt.name, tt.field, tt.want, d.Find(".error").Text())
		}
		for k, v := range tt.form {
			if k != "op" && k != "round" && d.Find(fmt.Sprintf("[data-testid=%q]", k)).AttrOr("value", "") != v[0] {
				t.Errorf("%s: %s redrawn as %q, want %q", tt.name, k, d.Find(fmt.Sprintf("[data-testid=%q]", k)).AttrOr("value", ""), v[0])
			}
		}
	}
}
