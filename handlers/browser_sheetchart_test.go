package handlers

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// On a match still played, the running-totals chart comes when its folded
// part is opened (htmx asks for it), with the totals saved so far, and it
// fits a 390 px screen.
func TestBrowserChartOfAMatchStillPlayed(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()
	p.do(chromedp.EmulateViewport(390, 844))
	group := entryGroup(p, "Ana", "Ben", "Chloé")
	entryMatch(p, group, "fivecrowns")
	p.tap(`[data-testid=went-out][data-player=Ana]`)
	p.do(chromedp.SendKeys(css(`[data-testid=points-input][data-player=Ben]`), "17"),
		chromedp.SendKeys(css(`[data-testid=points-input][data-player=Chloé]`), "23"))
	p.tap(`[data-testid=save-round]`)
	wantTotals(p, "Ana:0 Ben:17 Chloé:23")
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
	var got string
	p.eval(`document.querySelector('[data-testid=sheet-chart] [data-testid=chart-totals]').textContent`, &got)
	if !strings.Contains(got, "Ben") || !strings.Contains(got, "17") || !strings.Contains(got, "23") {
		t.Errorf("the chart's numbers lack the totals saved: %q", got)
	}
}
