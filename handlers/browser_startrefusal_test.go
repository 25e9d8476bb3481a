package handlers

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// A new match that cannot start says why where the thumb is: with ten
// players ticked and a guest in TAKI, Start answers "11 ticked: untick
// one" in the sticky bar next to Start, on the screen, not a sentence
// about seats under the bar.
func TestBrowserNewMatchSaysWhyNextToStart(t *testing.T) {
	b := newBrowser(t)
	host := b.app.client()
	slug := host.group("Samedi")
	names := []string{"Ana", "Ben", "Chloé", "Dimitri", "Éloïse", "Fatima", "Gaspard", "Hugo", "Inès", "Juliette"}
	host.players(slug, names...)
	p := b.memberPhone(slug, "Ben")
	p.open("/g/" + slug + "/matches/new?game=taki")
	for _, n := range names {
		p.do(chromedp.SetAttributeValue(css("[data-testid=play-"+n+"]"), "checked", ""))
	}
	p.do(chromedp.SendKeys(css("#guest"), "Zoé"))
	p.tap("[data-testid=start-match]")
	p.waitFor(`document.querySelector('[data-testid=start-refusals]') !== null`)
	said := p.text("[data-testid=start-refusals]")
	if !strings.HasPrefix(said, "11 ticked: untick one.") || strings.Count(said, "2 to 10") != 1 {
		t.Errorf("Start says %q, want 11 ticked: untick one first, and the game's count once", said)
	}
	p.shot("start-refusal")
	var where string
	p.eval(`(() => {
		const box = document.querySelector('[data-testid=start-refusals]'), start = document.querySelector('[data-testid=start-match]');
		const r = box.getBoundingClientRect(), s = start.getBoundingClientRect();
		if (box.closest('.sticky-actions') !== start.closest('.sticky-actions')) return 'not in the Start bar';
		if (r.top < 0 || r.bottom > window.innerHeight || s.bottom > window.innerHeight) return 'off the screen: ' + Math.round(r.top) + '–' + Math.round(r.bottom) + ', Start ends at ' + Math.round(s.bottom);
		if (s.top - r.bottom > 24) return 'far from Start: ' + Math.round(s.top - r.bottom) + ' px';
		const at = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
		if (!box.contains(at)) return 'covered by ' + (at ? at.outerHTML.slice(0, 60) : 'nothing');
		return '';
	})()`, &where)
	if where != "" {
		t.Errorf("the reason is not next to Start: %s", where)
	}
}
