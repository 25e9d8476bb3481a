package handlers

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// On a match still played, the running-totals chart comes when its folded
// part is opened (htmx asks for it), with the totals saved so far, and it
// fits a 390 px screen; it stays open, and up to date, when this phone
// saves the next round and when another phone does.
func TestBrowserChartOfAMatchStillPlayed(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()
	p.do(chromedp.EmulateViewport(390, 844))
	group := entryGroup(p, "Ana", "Ben", "Chloé")
	p.open(group)
	invite := strings.Replace(p.text("[data-testid=invite-url]"), "http://tk.test", b.url, 1)
	other := b.phone()
	other.do(chromedp.Navigate(invite))
	other.do(chromedp.SendKeys(css("#display"), "Dan"), chromedp.Click(css("form[data-testid=join-form] button")),
		chromedp.WaitVisible(css("[data-testid=group-name]")))

	entryMatch(p, group, "fivecrowns")
	match := p.location()
	p.tap(`[data-testid=went-out][data-player=Ana]`)
	p.do(chromedp.SendKeys(css(`[data-testid=points-input][data-player=Ben]`), "17"),
		chromedp.SendKeys(css(`[data-testid=points-input][data-player=Chloé]`), "23"),
		chromedp.SendKeys(css(`[data-testid=points-input][data-player=Dan]`), "8"))
	p.tap(`[data-testid=save-round]`)
	wantTotals(p, "Ana:0 Ben:17 Chloé:23 Dan:8")
	if countSel(p, "svg.chart") != 0 {
		t.Error("the chart is drawn before anyone opens it")
	}
	p.tap(`[data-testid=sheet-chart] summary`)
	p.waitFor(`document.querySelector('[data-testid=sheet-chart] [data-testid=chart-totals] svg.chart') !== null`)
	var fits bool
	p.eval(`(() => { const r = document.querySelector('[data-testid=chart-totals] svg.chart').getBoundingClientRect(); return r.width > 250 && r.right <= window.innerWidth; })()`, &fits)
	if !fits {
		t.Error("the running totals chart does not fit a 390 px screen")
	}
	chartHas := func(want string) {
		t.Helper()
		p.waitFor(`(() => { const d = document.querySelector('[data-testid=sheet-chart]'); const c = d && d.querySelector('[data-testid=chart-totals]'); return d.open && c !== null && c.textContent.includes('` + want + `'); })()`)
	}
	chartHas("23")

	// This phone saves round 2: Ana 5, Ben 40 more (57), Chloé out.
	p.tap(`[data-testid=went-out][data-player=Chloé]`)
	p.do(chromedp.SendKeys(css(`[data-testid=points-input][data-player=Ana]`), "5"),
		chromedp.SendKeys(css(`[data-testid=points-input][data-player=Ben]`), "40"),
		chromedp.SendKeys(css(`[data-testid=points-input][data-player=Dan]`), "4"))
	p.tap(`[data-testid=save-round]`)
	wantTotals(p, "Ana:5 Ben:57 Chloé:23 Dan:12")
	chartHas("57")

	// The other phone saves round 3 (Ben out, Ana 60 more: 65, Chloé 10
	// more: 33): the chart here follows.
	other.do(chromedp.EmulateViewport(390, 844))
	other.open(match)
	other.tap(`[data-testid=went-out][data-player=Ben]`)
	other.do(chromedp.SendKeys(css(`[data-testid=points-input][data-player=Ana]`), "60"),
		chromedp.SendKeys(css(`[data-testid=points-input][data-player=Chloé]`), "10"),
		chromedp.SendKeys(css(`[data-testid=points-input][data-player=Dan]`), "6"))
	other.tap(`[data-testid=save-round]`)
	wantTotals(p, "Ana:65 Ben:57 Chloé:33 Dan:18")
	chartHas("65")
}
