package handlers

import (
	"encoding/json"
	"fmt"
	"net/url"
	"testing"

	"github.com/chromedp/chromedp"
)

// bigNames measures a scoresheet at a big table: every scoreboard name
// wholly drawn (no ellipsis, no letter cut), the round table wholly on the
// screen with its ✎ column (fits), or else its first column sticky and a
// scroll hint shown (reachable).
const bigNames = `(() => {
  const faults = [];
  const r = e => e.getBoundingClientRect();
  document.querySelectorAll('[data-testid=scoreboard-player] .sb-name').forEach(n => {
    const rg = document.createRange(); rg.selectNodeContents(n); const t = rg.getBoundingClientRect(), b = r(n);
    if (n.scrollWidth > n.clientWidth + 0.5 || n.scrollHeight > n.clientHeight + 1 || t.right > b.right + 0.5) faults.push('the scoreboard name ' + n.textContent.trim() + ' is cut');
  });
  const wrap = document.querySelector('[data-testid=scores]').closest('.table-wrap');
  const fits = wrap.scrollWidth <= wrap.clientWidth + 1;
  const edit = document.querySelector('[data-testid=scores] tbody tr td:last-child a');
  const editIn = edit ? r(edit).right <= window.innerWidth + 0.5 : false;
  const first = document.querySelector('[data-testid=scores] tbody td:first-child');
  const sticky = getComputedStyle(first).position === 'sticky';
  const hint = document.querySelector('[data-testid=scroll-hint]');
  const hinted = !!hint && getComputedStyle(hint).display !== 'none' && r(hint).width > 0 && r(hint).right <= window.innerWidth + 0.5;
  document.querySelectorAll('[data-testid=round-form] [data-testid=seat], [data-testid=round-form] .entry-row').forEach(row => {
    const n = row.querySelector('.er-name, legend');
    if (!n) return;
    const rg = document.createRange(); rg.selectNodeContents(n); const t = rg.getBoundingClientRect(), b = r(n);
    if (n.scrollWidth > n.clientWidth + 0.5 || n.scrollHeight > n.clientHeight + 1 || t.right > b.right + 0.5) faults.push('the entry row ' + n.textContent.trim() + ' is cut');
  });
  return JSON.stringify({faults, fits, editIn, sticky, hinted});
})()`

// Big tables read whole (issue 37): at 7 Five Crowns players every name
// on the scoreboard reads whole on 390 and 360 px phones ("Anne-Sophie"
// was cut with room beside it) and the round table's ✎ column is on the
// screen; at 10 TAKI players what does not fit is reachable: the round
// column sticks, ✎ stays on the screen and a hint says the table scrolls.
// Entry rows do not cut a name mid-letter ("Anne-Charlot").
func TestBrowserBigTablesReadWhole(t *testing.T) {
	b := newBrowser(t)
	host := b.app.client()
	slug := host.group("Grande tablée")
	names := []string{"Anne-Sophie", "Ben", "Anne-Charlotte", "Dimitri", "Éloïse", "Fatima", "Gaspard", "Hana", "Ivo", "Jo"}
	ids := host.players(slug, names...)
	fc := bigTable(t, b.app, host, slug, "fivecrowns", ids[:7], url.Values{"firstDealer": {"1"}, "startRound": {"1"}},
		[]int{108, 250, 99, 140, 0, 37, 212}, []int{60, 4, 33, 100, 8, 0, 90})
	taki := bigTable(t, b.app, host, slug, "taki", ids, url.Values{"end": {"rounds"}, "rounds": {"40"}},
		[]int{-1250, 1080, 999, -40, 2310, 0, -999, 100, 45, -1000})
	p := b.memberPhone(slug, "Ben")
	measure := func(path string, w, h int64) (out struct {
		Faults                       []string
		Fits, EditIn, Sticky, Hinted bool
	}) {
		t.Helper()
		p.do(chromedp.EmulateViewport(w, h))
		p.open(path)
		p.waitFor(`document.querySelectorAll('[data-testid=scoreboard-player]').length > 0`)
		var s string
		p.eval(bigNames, &s)
		if err := json.Unmarshal([]byte(s), &out); err != nil {
			t.Fatal(err)
		}
		p.shot(fmt.Sprintf("bignames-%s-%d", path[len(path)-1:], w))
		return out
	}
	for _, w := range []int64{390, 360} {
		got := measure(fc, w, 800)
		for _, f := range got.Faults {
			t.Errorf("Five Crowns, 7 players, %d px: %s", w, f)
		}
		if !got.EditIn || !got.Fits && !got.Sticky {
			t.Errorf("Five Crowns, 7 players, %d px: the round table fits %v, its ✎ on the screen %v", w, got.Fits, got.EditIn)
		}
		got = measure(taki, w, 800)
		if !got.Fits && (!got.Sticky || !got.Hinted || !got.EditIn) {
			t.Errorf("TAKI, 10 players, %d px: the table scrolls, its round column sticky %v, a scroll hint shown %v, ✎ on the screen %v", w, got.Sticky, got.Hinted, got.EditIn)
		}
	}
}
