package handlers

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// On a phone: the +2 chain dispute of TV-TK-4 on the referee page (C may not
// dodge the 4 owed with a blue 7, drawing is legal), then a TAKI match in a
// group where a round is scored by tapping TV-TK-1's hand; every page fits a
// 360 px screen.
func TestBrowserTaki(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()

	// TV-TK-4: A played a green +2, B answered with a blue +2; C owes 4.
	p.open("/referee/taki")
	p.do(chromedp.SetValue(css("[data-testid=players]"), "4"), chromedp.SetValue(css("[data-testid=current]"), "2"))
	p.tap("[data-testid=picker] [data-testid=pending-4]") // the sheet starts on the top card, with the cards owed
	p.tap(`[data-testid=picker] button[data-card="B+2"]`)
	p.waitFor(`document.querySelector('[data-testid=top]').value === 'B+2' && document.querySelector('input[name=target]').value === 'play'`)
	p.do(chromedp.SetValue(css("[data-testid=colour]"), "B"))
	p.tap(`[data-testid=picker] button[data-card="B7"]`)
	p.waitFor(`document.querySelector('[data-testid=play]').value === 'B7'`)
	if got := strings.Join(strings.Fields(p.text(".tk-field.tk-target .chips")), " "); got != "7" {
		t.Errorf("the cards played read %q, want the blue 7", got)
	}
	p.tap("[data-testid=judge]")
	p.waitFor(`document.querySelector('[data-testid=verdict]') !== null`)
	if countSel(p, "[data-testid=verdict-illegal]") != 1 {
		t.Fatalf("a blue 7 on a blue +2 with 4 owed is not judged illegal: %q", p.text("[data-testid=verdict]"))
	}
	if v := p.text("[data-testid=verdict-illegal]"); !strings.Contains(v, "Illegal") {
		t.Errorf("verdict line %q, want «Illegal turn»", v)
	}
	var rule string
	p.eval(`document.querySelector('[data-testid=violation]').dataset.rule`, &rule)
	if rule != "taki.plus2" {
		t.Errorf("broken rule %q, want taki.plus2", rule)
	}
	viol := p.text("[data-testid=violation]")
	if !strings.Contains(viol, "Card 1") || !strings.Contains(viol, "blue 7") {
		t.Errorf("the violation does not name the card at fault: %q", viol)
	}
	if m := p.text("[data-testid=violation-message]"); !strings.Contains(m, "owe 4 cards") || !strings.Contains(m, "+2") {
		t.Errorf("the violation does not say why: %q", m)
	}
	var lang string
	p.eval(`document.querySelector('[data-testid=violation] blockquote.sheet').lang`, &lang)
	if q := p.text("[data-testid=violation] blockquote.sheet"); lang != "fr" || !strings.Contains(q, "piocher 4 cartes ou jouer une carte +2") {
		t.Errorf("the French sheet is not quoted (lang %q): %q", lang, q)
	}

	// C draws instead: legal, C draws 4, D plays next in blue.
	p.tap("[data-testid=pop-play]")
	p.waitFor(`document.querySelector('[data-testid=play]').value === '' && document.querySelector('[data-testid=verdict]') === null`)
	p.tap("[data-testid=move-draw]")
	p.tap("[data-testid=judge]")
	p.waitFor(`document.querySelector('[data-testid=verdict-legal]') !== null`)
	follows := p.text("[data-testid=follows]")
	for _, want := range []string{"C draws 4 cards.", "D plays next.", "the colour in force is blue"} {
		if !strings.Contains(follows, want) {
			t.Errorf("what follows = %q, want %q", follows, want)
		}
	}
	if strings.Contains(follows, "must play a +2") {
		t.Errorf("what follows = %q: after C draws, D owes nothing", follows)
	}
	if countSel(p, `[data-testid=applied][data-rule="taki.plus2"] blockquote.sheet`) != 1 {
		t.Errorf("the legal draw does not quote the +2 rule")
	}
	illegal := "/referee/taki?" + url.Values{"players": {"4"}, "current": {"2"}, "direction": {"cw"}, "top": {"B+2"}, "colour": {"B"},
		"pending": {"4"}, "move": {"play"}, "play": {"B7"}, "op": {"judge"}}.Encode()
	p.noOverflow("/referee/taki")
	p.noOverflow(illegal)
	if countSel(p, "[data-testid=verdict-illegal]") != 1 {
		t.Errorf("the verdict page checked for overflow shows no verdict")
	}

	// A group, three players, a TAKI match of 3 rounds.
	p.open("/")
	p.do(
		chromedp.SendKeys(css("#name"), "Mardi TAKI"),
		chromedp.SendKeys(css("#display"), "Ana"),
		chromedp.Click(css("form[data-testid=create-group] button")),
		chromedp.WaitVisible(css("[data-testid=invite-url]")),
	)
	slug := strings.TrimPrefix(p.location(), "/g/")
	p.open("/g/" + slug + "/players")
	for i, n := range []string{"Ana", "Ben", "Cleo"} {
		if i == 0 {
			continue // the group's creator is its first player already
		}
		p.do(chromedp.SendKeys(css("#new-player"), n), chromedp.Click(css("form[data-testid=add-player] button")))
		p.waitFor(fmt.Sprintf(`document.querySelectorAll('[data-testid=player]').length >= %d`, i+1))
	}
	p.open("/g/" + slug + "/matches/new?game=taki")
	p.do(
		chromedp.SetValue(css("[data-testid=seat-Ana]"), "1"),
		chromedp.SetValue(css("[data-testid=seat-Ben]"), "2"),
		chromedp.SetValue(css("[data-testid=seat-Cleo]"), "3"),
	)
	p.tap("[data-testid=end-rounds]")
	p.do(chromedp.Clear(css("[data-testid=rounds]")), chromedp.SendKeys(css("[data-testid=rounds]"), "3"))
	p.tap("[data-testid=start-match]")
	p.waitFor(`document.querySelector('[data-testid=round-form]') !== null`)
	matchPath := p.location()
	if r := p.text("[data-testid=taki-round]"); r != "1 / 3" {
		t.Errorf("round info %q, want 1 / 3", r)
	}

	// Ana went out; Ben's hand is TV-TK-1's, tapped; Cleo typed 12.
	p.tap("[data-testid=taki-winner] [data-testid=winner-radio][value='0']")
	p.tap("[data-testid=pick-seat][value='1']")
	p.waitFor(`document.querySelector('[data-testid=picker]') !== null`)
	for i, code := range []string{"R7", "B3", "G+2", "YSTOP", "SUPERTAKI"} {
		p.tap(fmt.Sprintf(`[data-testid=picker] button[data-card="%s"]`, code))
		p.waitFor(fmt.Sprintf(`document.querySelector('input[name=cards_1]').value.split(' ').length === %d && document.querySelector('input[name=cards_1]').value.endsWith(%q)`, i+1, code))
	}
	p.waitFor(`document.querySelectorAll('[data-testid=computed]').length === 2`)
	var seen string
	p.eval(`Array.from(document.querySelectorAll('[data-testid=seat]')).map(s => (s.querySelector('[data-testid=computed]') || {textContent: ''}).textContent.trim()).join('|')`, &seen)
	computed := strings.Split(seen, "|")
	if len(computed) != 3 || computed[2] != "" {
		t.Fatalf("the seats' working reads %q, want Ana's +100 and Ben's −40 only", computed)
	}
	if !strings.HasPrefix(computed[0], "+100") {
		t.Errorf("Ana's seat reads %q, want +100 for going out", computed[0])
	}
	if computed[1] != "−(7 + 3) − 3 × 10 = −40" {
		t.Errorf("Ben's working reads %q, want −(7 + 3) − 3 × 10 = −40", computed[1])
	}
	p.tap("[data-testid=picker-done]") // close Ben's sheet
	p.waitFor(`document.querySelector('[data-testid=picker]') === null`)
	// Cleo's points are typed straight in: no "points lost" switch first (issue 16).
	p.do(chromedp.SendKeys(css("[data-testid=points-input][data-player=Cleo]"), "12"))
	p.tap("[data-testid=save-round]")
	p.waitFor(`document.querySelectorAll('[data-testid=round-row]').length === 1`)
	var totals []string
	for i := 1; i <= 3; i++ {
		totals = append(totals, p.text(fmt.Sprintf("[data-testid=totals] [data-testid=total]:nth-child(%d)", i+1)))
	}
	if got := strings.Join(totals, " "); got != "100 −40 −12" {
		t.Errorf("totals after round 1 = %q, want 100 −40 −12", got)
	}
	if countSel(p, "[data-testid=winner]") != 0 {
		t.Errorf("the match ended after 1 round of 3")
	}
	if r := p.text("[data-testid=taki-round]"); r != "2 / 3" {
		t.Errorf("round info after saving %q, want 2 / 3", r)
	}

	p.noOverflow(matchPath)
}
