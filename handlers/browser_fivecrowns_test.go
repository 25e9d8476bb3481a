package handlers

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// On a phone: tap a hand, put three of its cards in meld 1, judge. The
// wrap-around run Q♥ K♥ 3♥ is explained with the sheet quoted, and the best
// lay-down is shown; the page fits a 360 px screen, verdict included.
func TestBrowserFiveCrownsReferee(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()
	p.open("/referee/fivecrowns")
	p.do(chromedp.SetValue(css("#fcr-round"), "2"))
	// A screen reader names the field a tap moves the sheet to, not "Meld 1's cards".
	if a := p.attr(`[data-testid=picker] [data-testid=sheet-player][value="1"]`, "aria-label"); !strings.HasPrefix(a, "Tap cards: ") {
		t.Errorf("the sheet's button to meld 1 reads %q to a screen reader", a)
	}
	p.tap(`[data-testid=picker] [data-testid=sheet-player][value="1"]`) // the sheet opens on the hand: move it to meld 1
	p.waitFor(`document.querySelector('[data-testid=picker][data-seat="1"]') !== null`)
	for i, card := range []string{"QH", "KH", "3H"} {
		p.tap("[data-testid=picker] button[data-card=\"" + card + "\"]")
		p.waitFor(`document.querySelectorAll('[data-testid=field-meld1] .chip').length === ` + string(rune('1'+i)))
	}
	p.tap(`[data-testid=picker] [data-testid=sheet-player][value="0"]`)
	p.waitFor(`document.querySelector('[data-testid=picker][data-seat="0"]') !== null`)
	p.tap("[data-testid=picker] button[data-card=\"5S\"]")
	p.waitFor(`document.querySelectorAll('[data-testid=field-hand] .chip').length === 4`)
	if got := strings.Join(strings.Fields(p.text("[data-testid=field-meld1] .chips")), ""); got != "Q♥K♥3♥" {
		t.Errorf("meld 1 reads %q", got)
	}
	p.tap("[data-testid=judge]")
	p.waitFor(`document.querySelector('[data-testid=result]') !== null`)
	if n := countSel(p, "[data-testid=declared] [data-testid=verdict-illegal]"); n != 1 {
		t.Errorf("the wrap-around run is not judged invalid")
	}
	if r := p.text("[data-testid=meld-verdict] [data-testid=violation]"); !strings.Contains(r, "king") {
		t.Errorf("the violation does not say why: %q", r)
	}
	if q := p.text("[data-testid=meld-verdict] blockquote.sheet"); !strings.Contains(q, "Chaque couleur comprend 11 cartes") {
		t.Errorf("the rule sheet is not quoted: %q", q)
	}
	if m := p.text("[data-testid=min-penalty]"); !strings.Contains(m, "33 points") {
		t.Errorf("best lay-down minimum %q, want 33 points (nothing melds in round 2)", m)
	}
	if p.text("[data-testid=round]") == "" || countSel(p, "[data-testid=best]") != 1 {
		t.Errorf("the best lay-down is not shown")
	}
	p.noOverflow("/referee/fivecrowns")
	p.noOverflow("/referee/fivecrowns?op=judge&round=4&hand=JH+JS+JD+8S+9S+10S+3C&meld1=JH+JS+JD&meld2=8S+9S+10S")
	p.noOverflow("/referee/fivecrowns?op=judge&round=11&hand=JK+JK+JK+JK+JK+JK+3H+4H+5H+6H+7H+8H+9H+10H")
	// A lay-off verdict, with the out melds and the card taken shown.
	p.noOverflow("/referee/fivecrowns?op=judge&round=4&hand=JH+JS+JD+8S+9S+10S+3C&taken=3C&out1=3H+3D+3S&out2=QH+KH+JK&rule.allowLayOff=true&rule.forbidImmediateRediscard=true")
}
