package handlers

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Letters typed where points go are refused by the app, next to Save and
// naming the player, not by the browser's own bubble on one field (the
// fields ask for the number keyboard with a pattern).
func TestBrowserLettersRefusedByTheApp(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()
	p.do(chromedp.EmulateViewport(390, 844))
	group := entryGroup(p, "Ana", "Ben", "Chloé")
	entryMatch(p, group, "fivecrowns")
	p.tap(`[data-testid=went-out][data-player=Ana]`)
	p.do(chromedp.SendKeys(css(`[data-testid=points-input][data-player=Ben]`), "abc"),
		chromedp.SendKeys(css(`[data-testid=points-input][data-player=Chloé]`), "12"))
	p.tap(`[data-testid=save-round]`)
	p.waitFor(`document.querySelector('[data-testid=round-refusals]') !== null`)
	if got := p.text(`[data-testid=round-refusals]`); !strings.Contains(got, "Ben") {
		t.Errorf("next to Save: %q, want Ben's field refused by name", got)
	}
	if n := countRows(p); n != 0 {
		t.Errorf("the sheet shows %d rounds after a refused one", n)
	}
}
