package handlers

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// thumb counts what a player does on a phone: every tap and every key sent
// goes through it, so a test can hold a dispute to its budget.
type thumb struct {
	p          *phone
	taps, keys int
}

func (th *thumb) tap(sel string) { th.p.b.t.Helper(); th.p.tap(sel); th.taps++ }

// typeKeys sends keys to the focused field ("\r" is Enter); each rune is a key.
func (th *thumb) typeKeys(keys string) {
	th.p.b.t.Helper()
	th.p.do(chromedp.KeyEvent(keys))
	th.keys += len([]rune(keys))
}

// refereeTapBudget is each game's common dispute with the most taps and keys
// it may cost, half of what the pages cost before (issue 17).
var refereeTapBudget = map[string]struct{ taps, keys int }{
	"fivecrowns": {7, 0}, "take5": {6, 17}, "taki": {5, 0}, "takefive": {8, 19},
}

// A dispute settled from a match on a 390×844 phone with JavaScript on:
// every tap and key is counted from "settle a dispute" on the scoresheet to
// "judge". The page before the verdict fits in two screens, the verdict is
// right, and it stands at the top of the screen after "judge".
func TestBrowserRefereeDisputesInFewTaps(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()
	slug := browserGroup(p, "Arbitre", "Ana", "Ben", "Chloé", "Dan")
	only := os.Getenv("TK_ONLY") // one game while working on it
	disputes := []struct {
		game  string
		legal bool
		do    func(th *thumb)
		check func()
	}{
		{"fivecrowns", false, func(th *thumb) {
			// Round 1 (3s wild): Ana lays Q♥ K♥ 4♥ as a run; runs do not wrap.
			p.waitFor(`document.querySelector('[data-testid=picker][data-seat="0"]') !== null`) // the sheet opens on the hand
			th.tap(`[data-testid=picker] [data-testid=sheet-player][value="1"]`)
			p.waitFor(`document.querySelector('[data-testid=picker][data-seat="1"]') !== null`)
			for i, c := range []string{"QH", "KH", "4H"} {
				th.tap(`[data-testid=picker] .sheet-deck button[data-card="` + c + `"]`)
				p.waitFor(fmt.Sprintf(`document.querySelectorAll('[data-testid=field-meld1] .chip').length === %d`, i+1))
			}
		}, func() {
			if got := p.text("[data-testid=field-hand] .chips"); got != "Q♥K♥4♥" {
				t.Errorf("five crowns: the hand reads %q, want the three cards laid", got)
			}
		}},
		{"take5", false, func(th *thumb) {
			// Four of the twelve rows are enough: the 50 claimed for the row of 43.
			th.tap("#row_1")
			th.typeKeys("23\r43\r49\r55")
			th.tap("#play_1")
			th.typeKeys("50")
			th.tap("[data-testid=claim-1-2]")
		}, func() {
			if msg := p.text("[data-testid=violation]"); !strings.Contains(msg, "row ending 49") {
				t.Errorf("take5: the violation reads %q, want the forced row of 49", msg)
			}
		}},
		{"taki", false, func(th *thumb) {
			// A B7 on a B+2 while the next player owes 2 cards.
			p.waitFor(`document.querySelector('[data-testid=picker][data-seat="0"]') !== null`)
			th.tap("[data-testid=pending-2]")
			th.tap(`[data-testid=picker] .sheet-deck button[data-card="B+2"]`)
			p.waitFor(`document.querySelector('[data-testid=picker][data-seat="1"]') !== null`)
			th.tap(`[data-testid=picker] .sheet-deck button[data-card="B7"]`)
			p.waitFor(`document.querySelectorAll('[data-testid=field-play] .chip').length === 1`)
		}, nil},
		{"takefive", false, func(th *thumb) {
			// The rook runs down the f file onto the knight's square: the
			// move people argue about, entered in two taps on the board.
			th.tap("[data-testid=sq-f6]")
			p.waitFor(`document.querySelector('[data-testid=sq-f3].hl') !== null`) // the rook's squares are framed
			th.tap("[data-testid=sq-f1]")
			p.waitFor(`document.querySelector('[data-testid=sq-f1] .tf-move') !== null`)
		}, func() {
			if v := p.text("[data-testid=violation]"); !strings.Contains(strings.ToLower(v), "f1") {
				t.Errorf("takefive: the violation reads %q, want the square f1 named", v)
			}
		}},
	}
	for _, d := range disputes {
		if only != "" && only != d.game {
			continue
		}
		matchPath := browserMatch(p, slug, d.game, "Ana", "Ben", "Chloé", "Dan")
		th := &thumb{p: p}
		th.tap("[data-testid=settle-dispute]")
		p.waitFor(fmt.Sprintf(`location.pathname === '/referee/%s' && document.querySelector('[data-testid=back-to-match]') !== null`, d.game))
		d.do(th)
		// The page's length is its content's, down to "judge": an open card
		// sheet floats over it (the padding under the content lets the
		// last fields scroll above the sheet).
		var height, doc float64
		p.eval(`document.querySelector('#referee-swap').getBoundingClientRect().bottom + window.scrollY`, &height)
		p.eval(`document.documentElement.scrollHeight`, &doc)
		shot(p, "/tmp/shot-"+d.game+"-before.png")
		th.tap("[data-testid=judge], [data-testid=tf-judge]")
		p.waitFor(`document.querySelector('[data-testid=verdict]') !== null`)
		p.waitFor(`document.querySelector('[data-testid=keep-ruling]') !== null`)
		if got := attr(p, "[data-testid=verdict]", "data-legal"); got != fmt.Sprint(d.legal) {
			t.Errorf("%s: verdict data-legal = %q, want %v", d.game, got, d.legal)
		}
		var top float64
		p.waitFor(`(function () { var r = document.querySelector('[data-testid=verdict]').getBoundingClientRect(); return r.top >= 0 && r.top < window.innerHeight / 3; })()`)
		p.eval(`document.querySelector('[data-testid=verdict]').getBoundingClientRect().top`, &top)
		shot(p, "/tmp/shot-"+d.game+"-verdict.png")
		if d.check != nil {
			d.check()
		}
		budget := refereeTapBudget[d.game]
		t.Logf("%s: %d taps, %d keys; page %.0f px before the verdict (%.0f with the sheet's padding); verdict at %.0f px", d.game, th.taps, th.keys, height, doc, top)
		if th.taps > budget.taps || th.keys > budget.keys {
			t.Errorf("%s: the dispute cost %d taps and %d keys, budget %d and %d", d.game, th.taps, th.keys, budget.taps, budget.keys)
		}
		if height > 2*844 {
			t.Errorf("%s: the page is %v px before the verdict, more than two screens (1688 px)", d.game, height)
		}
		if href := attr(p, "[data-testid=back-to-match]", "href"); href != matchPath {
			t.Errorf("%s: the verdict leads back to %q, want %s", d.game, href, matchPath)
		}
	}
}

// shot saves the whole page as a PNG when TK_SHOTS is set (to look at a page
// while working on it).
func shot(p *phone, path string) {
	if os.Getenv("TK_SHOTS") == "" {
		return
	}
	for _, full := range []bool{false, true} {
		a := chromedp.CaptureScreenshot()
		if full {
			a, path = chromedp.FullScreenshot(100), strings.Replace(path, ".png", "-full.png", 1)
		}
		if buf, err := chromedp.Run(p.ctx, a); err == nil {
			_ = os.WriteFile(path, buf, 0o644)
		}
	}
}
