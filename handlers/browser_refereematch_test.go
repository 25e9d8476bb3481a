package handlers

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The referee from a match (issue 30). Five Crowns: the card sheet, which
// covers the round chosen above it, says the round, the wild rank and whose
// hand it is, and its target chips fit a 390 and a 360 px screen. TAKI: the
// selects offer the match's four players only, and the cards owed to +2
// stay in view once the sheet has moved on from the top card.
func TestBrowserRefereeFromMatch(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()
	slug := browserGroup(p, "Dimanche", "Ana", "Ben", "Cleo", "Dan")

	// An express match from round 9: Ana deals first, so Ben plays first.
	p.open("/g/" + slug + "/matches/new?game=fivecrowns")
	for i, n := range []string{"Ana", "Ben", "Cleo", "Dan"} {
		p.do(chromedp.SetValue(css("[data-testid=seat-"+n+"]"), fmt.Sprint(i+1)))
	}
	p.do(chromedp.SetValue(css("[data-testid=start-round]"), "9"))
	p.tap("[data-testid=start-match]")
	p.waitFor(`document.querySelector('[data-testid=round-form]') !== null`)
	starter := p.text("[data-testid=fc-starter]")
	p.tap("[data-testid=settle-dispute]")
	p.waitFor(`location.pathname === '/referee/fivecrowns'`)
	if who := attr(p, "#fcr-who option[selected]", "value"); who != starter {
		t.Errorf("the hand judged is %q's, want %q's (who plays first this round)", who, starter)
	}
	var names string
	p.eval(`Array.from(document.querySelectorAll('#fcr-who option')).map(o => o.value).join(',')`, &names)
	if names != "Ana,Ben,Cleo,Dan" {
		t.Errorf("whose hand offers %q, want the match's players", names)
	}
	if countSel(p, "[data-testid=picker]") == 0 {
		p.tap("[data-testid=aim-hand]")
	}
	p.waitFor(`document.querySelector('[data-testid=picker]') !== null`)
	p.shot("fc-referee-from-match")
	title := p.text("#sheet-title")
	for _, want := range []string{starter, "round 9", "Js wild"} {
		if !strings.Contains(title, want) {
			t.Errorf("the card sheet reads %q: it does not say %q", title, want)
		}
	}
	for _, w := range []int64{390, 360} {
		p.do(chromedp.EmulateViewport(w, 844))
		var off string
		p.eval(`Array.from(document.querySelectorAll('[data-testid=picker] [data-testid=sheet-player]')).filter(e => { const r = e.getBoundingClientRect(); return r.left < 0 || r.right > window.innerWidth; }).map(e => e.textContent.trim()).join(', ')`, &off)
		if off != "" {
			t.Errorf("at %d px the sheet's targets %s run off the screen", w, off)
		}
	}
	p.do(chromedp.EmulateViewport(390, 844))

	// TAKI at four.
	browserMatch(p, slug, "taki", "Ana", "Ben", "Cleo", "Dan")
	p.tap("[data-testid=settle-dispute]")
	p.waitFor(`location.pathname === '/referee/taki'`)
	for sel, want := range map[string]string{
		"#tkr-current option":                       "Ana,Ben,Cleo,Dan",
		"#tkr-counterplayer option:not([value=''])": "Ana,Ben,Cleo,Dan",
		"[data-testid=silent]":                      "Ana,Ben,Cleo,Dan",
	} {
		var got string
		p.eval(fmt.Sprintf(`Array.from(document.querySelectorAll(%q)).map(e => (e.tagName === 'OPTION' ? e.textContent : e.parentElement.textContent).trim()).join(',')`, sel), &got)
		if got != want {
			t.Errorf("%s offers %q, want the match's players %q", sel, got, want)
		}
	}
	p.tap("[data-testid=picker] [data-testid=pending-4]")
	p.tap(`[data-testid=picker] button[data-card="B+2"]`) // the top card: the sheet moves on to the card played
	p.waitFor(`document.querySelector('input[name=target]').value === 'play'`)
	p.waitFor(`document.querySelector('[data-testid=picker] [data-testid=pending-owed]') !== null`)
	if got := p.text("[data-testid=pending-owed]"); !strings.HasSuffix(got, "4") {
		t.Errorf("the sheet says %q of the cards owed, want 4", got)
	}
	var inView bool
	p.eval(`(() => { const r = document.querySelector('[data-testid=pending-owed]').getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; })()`, &inView)
	if !inView {
		t.Errorf("the cards owed are not in view once the sheet has moved on")
	}
}
