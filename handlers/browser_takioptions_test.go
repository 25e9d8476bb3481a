package handlers

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// A new TAKI match asks only what the chosen end needs: the number of
// rounds, or the points limit once that end is tapped.
func TestBrowserTakiNewMatchAsksTheChosenEnd(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()
	p.do(chromedp.EmulateViewport(390, 844))
	group := entryGroup(p, "Ana", "Ben")
	p.open(group + "/matches/new?game=taki")
	p.waitFor(`document.querySelector('[data-testid=taki-options]') !== null`)
	shown := func(sel string) bool {
		var v bool
		p.eval(`document.querySelector('`+sel+`').offsetParent !== null`, &v)
		return v
	}
	if !shown("[data-testid=rounds]") || shown("[data-testid=limit]") {
		t.Errorf("ending after a number of rounds: rounds shown %v, limit shown %v; want only the rounds", shown("[data-testid=rounds]"), shown("[data-testid=limit]"))
	}
	p.tap("[data-testid=end-limit]")
	if shown("[data-testid=rounds]") || !shown("[data-testid=limit]") {
		t.Errorf("ending at a points limit: rounds shown %v, limit shown %v; want only the limit", shown("[data-testid=rounds]"), shown("[data-testid=limit]"))
	}
}
