package handlers

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// On a phone: the Take 5! referee explains the seed's Example 1 card by card
// and refuses a wrong claim with the forced row and the sheet's words; then a
// 4-player match is scored from one deal (Paul's line is the seed's
// Example 4), marked as the last, and won by the highest total.
func TestBrowserTake5(t *testing.T) {
	b := newBrowser(t)
	ref := b.phone()

	// Example 1: rows 23, 43, 49, 55, 80; the player lays 35, 50, 60.
	ref.open("/referee/take5")
	if n := countSel(ref, "[data-testid=row]"); n != 5 {
		t.Fatalf("the referee page shows %d blank rows, want 5", n)
	}
	rows := []string{"23", "43", "49", "55", "80"}
	for i, r := range rows {
		ref.do(chromedp.SendKeys(css(fmt.Sprintf("#row_%d", i+1)), r))
	}
	ref.tap("[data-testid=take5-referee] details.more > summary") // the second and third cards
	for i, c := range []string{"35", "50", "60"} {
		ref.do(chromedp.SendKeys(css(fmt.Sprintf("#play_%d", i+1)), c))
	}
	ref.tap("[data-testid=judge]")
	ref.waitFor(`document.querySelector('[data-testid=verdict].legal') !== null`)
	steps := []struct{ card, row, why string }{
		{"35", "1", "35 goes on the row ending 23, the largest final below 35."},
		{"50", "3", "50 goes on the row ending 49, the largest final below 50."},
		{"60", "4", "60 goes on the row ending 55, the largest final below 60."},
	}
	if n := countSel(ref, "[data-testid=step]"); n != len(steps) {
		t.Fatalf("the verdict explains %d cards, want 3", n)
	}
	for i, s := range steps {
		sel := fmt.Sprintf("[data-testid=step]:nth-child(%d)", i+1)
		var card, row, pickup string
		ref.eval(fmt.Sprintf(`document.querySelector(%q).dataset.card`, sel), &card)
		ref.eval(fmt.Sprintf(`document.querySelector(%q).dataset.row`, sel), &row)
		ref.eval(fmt.Sprintf(`document.querySelector(%q).dataset.pickup`, sel), &pickup)
		text := ref.text(sel)
		if card != s.card || row != s.row || pickup != "false" {
			t.Errorf("card %d: %s on row %s (pickup %s), want %s on row %s without pickup", i+1, card, row, pickup, s.card, s.row)
		}
		if !strings.Contains(text, s.why) || !strings.Contains(text, s.card+" → Row "+s.row) {
			t.Errorf("card %d reads %q; want %q and %q", i+1, text, s.card+" → Row "+s.row, s.why)
		}
	}
	if n := countSel(ref, "[data-testid=pickup]"); n != 0 {
		t.Errorf("the verdict shows %d rows taken, want none", n)
	}
	if end := ref.text("[data-testid=turn-end]"); !strings.Contains(end, "3 cards were laid") {
		t.Errorf("turn end = %q, want the turn to end after 3 cards", end)
	}
	if got := ref.text("[data-testid=verdict-card]"); !strings.Contains(got, "Chaque carte vachette ne peut correspondre qu'à une seule place") {
		t.Errorf("the legal verdict does not quote the forced-row rule:\n%s", got)
	}
	afterWant := []string{"Row 1 23 35", "Row 2 43", "Row 3 49 50", "Row 4 55 60", "Row 5 80"}
	for i, w := range afterWant {
		if got := strings.Join(strings.Fields(ref.text(fmt.Sprintf("[data-testid=after-row]:nth-child(%d)", i+1))), " "); got != w {
			t.Errorf("table after the turn, line %d = %q, want %q", i+1, got, w)
		}
	}

	// The same turn, but the player claims the 50 goes on the row of 43.
	for i, r := range rows {
		var v string
		ref.eval(fmt.Sprintf(`document.querySelector('#row_%d').value`, i+1), &v)
		if v != r {
			t.Errorf("row %d = %q after judging, want %q kept", i+1, v, r)
		}
	}
	ref.tap("[data-testid=claim-2-2]")
	ref.tap("[data-testid=judge]")
	ref.waitFor(`document.querySelector('[data-testid=verdict].illegal') !== null`)
	if v := ref.text("[data-testid=verdict]"); v == "" {
		t.Error("the illegal verdict has no sentence")
	}
	if n := countSel(ref, "[data-testid=violation]"); n != 1 {
		t.Fatalf("%d violations shown, want 1", n)
	}
	var rule string
	ref.eval(`document.querySelector('[data-testid=violation]').dataset.rule`, &rule)
	if rule != "take5.forced-row" {
		t.Errorf("violated rule %q, want take5.forced-row", rule)
	}
	msg := ref.text("[data-testid=violation]")
	for _, w := range []string{"Card 2", "50 cannot go on the row ending 43 (row 2)", "it must go on the row ending 49 (row 3)", "49 is the largest final below 50"} {
		if !strings.Contains(msg, w) {
			t.Errorf("the violation reads %q; want %q", msg, w)
		}
	}
	if q := ref.text("[data-testid=violation] [data-testid=sheet]"); !strings.Contains(q, "Chaque carte vachette ne peut correspondre qu'à une seule place") {
		t.Errorf("the violation quotes %q, want the sheet's words on the forced row", q)
	}
	var lang string
	ref.eval(`document.querySelector('[data-testid=violation] [data-testid=sheet]').lang`, &lang)
	if lang != "fr" {
		t.Errorf("the sheet's quote has lang %q, want fr", lang)
	}
	if n := countSel(ref, "[data-testid=step]"); n != 1 {
		t.Errorf("the illegal verdict lists %d cards before the wrong one, want 1 (the 35)", n)
	}

	// The referee page fits a 360 px screen, blank and with each verdict.
	q := url.Values{}
	for i, r := range rows {
		q.Set(fmt.Sprintf("row_%d", i+1), r)
	}
	for i, c := range []string{"35", "50", "60"} {
		q.Set(fmt.Sprintf("play_%d", i+1), c)
	}
	legal := "/referee/take5?" + q.Encode()
	q.Set("claim_2", "2")
	illegal := "/referee/take5?" + q.Encode()
	ref.noOverflow("/referee/take5")
	ref.noOverflow(legal)
	if countSel(ref, "[data-testid=verdict].legal") != 1 {
		t.Errorf("%s shows no legal verdict: the overflow check did not see one", legal)
	}
	ref.noOverflow(illegal)
	if countSel(ref, "[data-testid=verdict].illegal") != 1 {
		t.Errorf("%s shows no illegal verdict: the overflow check did not see one", illegal)
	}

	// A 4-player match in a group.
	host := b.phone()
	host.open("/")
	host.do(
		chromedp.SendKeys(css("#name"), "Mardi vaches"),
		chromedp.SendKeys(css("#display"), "Paul"),
		chromedp.Click(css("form[data-testid=create-group] button")),
		chromedp.WaitVisible(css("[data-testid=invite-url]")),
	)
	slug := strings.TrimPrefix(host.location(), "/g/")
	names := []string{"Paul", "Nicole", "Jacques", "Michel"}
	host.open("/g/" + slug + "/players")
	for i, n := range names {
		if i == 0 {
			continue // the group's creator is its first player already
		}
		host.do(chromedp.SendKeys(css("#new-player"), n), chromedp.Click(css("form[data-testid=add-player] button")))
		host.waitFor(fmt.Sprintf(`document.querySelectorAll('[data-testid=player]').length >= %d`, i+1))
	}
	newMatch := "/g/" + slug + "/matches/new?game=take5"
	host.open(newMatch)
	for i, n := range names {
		host.do(chromedp.SetValue(css("[data-testid=seat-"+n+"]"), fmt.Sprint(i+1)))
	}
	host.tap("[data-testid=start-match]")
	host.waitFor(`document.querySelector('[data-testid=round-form]') !== null`)
	matchPath := host.location()
	if h := host.text("[data-testid=take5-hand]"); h != "12" {
		t.Errorf("4 players: hand of %q cards, want 12", h)
	}
	host.noOverflow(matchPath) // the open sheet, with its deal form

	// One deal: green, red, +5, x2, specials in hand ("" left empty).
	deal := [][5]string{
		{"5", "3", "1", "1", "1"}, // Paul, the seed's Example 4: (5 − 3 + 5) × 2 − 10 = 4
		{"3", "20", "", "2", ""},  // Nicole: (3 − 20) × 4 = −68
		{"10", "2", "1", "", ""},  // Jacques: 10 − 2 + 5 = 13
		{"8", "0", "", "", "2"},   // Michel: 8 − 0 − 20 = −12
	}
	workings := []string{"(5 − 3 + 5) × 2 − 10 = 4", "(3 − 20) × 4 = −68", "10 − 2 + 5 = 13", "8 − 0 − 20 = −12"}
	for seat, line := range deal {
		for j, kind := range []string{"green", "red", "plus5", "x2", "hand"} {
			switch {
			case line[j] == "":
			case j < 2: // the cows are typed
				host.do(chromedp.SendKeys(css(fmt.Sprintf("#%s_%d", kind, seat)), line[j]))
			default: // the specials are a chip a count
				host.tap(fmt.Sprintf(`#%s_%d input[value="%s"]`, kind, seat, line[j]))
			}
		}
	}
	host.tap("[data-testid=calc]")
	host.waitFor(`document.querySelectorAll('[data-testid=working]').length === 4`)
	for seat, w := range workings {
		if got := host.text(fmt.Sprintf("[data-testid=seat]:nth-of-type(%d) [data-testid=working]", seat+1)); got != w {
			t.Errorf("%s's working = %q, want %q", names[seat], got, w)
		}
	}
	if w := host.text("[data-testid=deal-winner]"); !strings.Contains(w, "Jacques") {
		t.Errorf("deal winner line %q, want Jacques", w)
	}
	if countSel(host, "[data-testid=round-row]") != 0 {
		t.Error("showing the scores saved the deal")
	}
	var typed string
	host.eval(`document.querySelector('#hand_0 input:checked').value`, &typed)
	if typed != "1" {
		t.Errorf("Paul's specials in hand = %q after showing the scores, want 1 kept", typed)
	}
	host.tap("[data-testid=last-deal]")
	host.tap("[data-testid=save-round]")
	host.waitFor(`document.querySelector('[data-testid=winner]') !== null`)
	if n := countRows(host); n != 1 {
		t.Errorf("the sheet shows %d deals, want 1", n)
	}
	var totals []string
	for i := range names {
		totals = append(totals, host.text(fmt.Sprintf("[data-testid=total]:nth-child(%d)", i+2)))
	}
	if got, want := strings.Join(totals, " "), "4 −68 13 −12"; got != want {
		t.Errorf("totals = %s, want %s", got, want)
	}
	if w := host.text("[data-testid=winner]"); !strings.Contains(w, "Jacques") || strings.Contains(w, "Nicole") {
		t.Errorf("winner line %q, want Jacques (highest, 13)", w)
	}
	if countSel(host, "[data-testid=round-form]") != 0 {
		t.Error("the finished match still offers a deal form")
	}

	// The deal's history shows each player's working. The result is placed
	// in view when it arrives and once more 400 ms later (static/app.js):
	// the tap comes after that, as a thumb would (once it came while the
	// page moved, and missed).
	time.Sleep(500 * time.Millisecond)
	host.tap("[data-testid=round-row] [data-testid=history-link]")
	host.waitFor(`document.querySelector('[data-testid=history]') !== null`)
	histPath := host.location()
	h := host.text("[data-testid=history]")
	for i, w := range workings {
		if !strings.Contains(h, names[i]+" "+w) {
			t.Errorf("the deal's history %q lacks %q", h, names[i]+" "+w)
		}
	}

	for _, path := range []string{newMatch, matchPath, histPath} {
		host.noOverflow(path)
	}
}
