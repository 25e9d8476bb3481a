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
  document.querySelectorAll('[data-testid=scores] tbody a').forEach(a => {
    if (r(a).width < 43.5 || r(a).height < 43.5) faults.push('the link ' + a.textContent.trim() + ' is a tap target of ' + Math.round(r(a).width) + '×' + Math.round(r(a).height) + ' px');
  });
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
  // A head shortened to fit keeps its player's whole name, in its title and for screen readers.
  document.querySelectorAll('[data-testid=scores] thead th[title]').forEach(th => {
    const shown = [...th.querySelectorAll('*')].filter(e => e.getClientRects().length && getComputedStyle(e).clip !== 'rect(0px, 0px, 0px, 0px)' && e.getAttribute('aria-hidden') !== 'false').map(e => e.textContent).join('');
    const heard = [...th.childNodes].filter(n => !(n.nodeType === 1 && n.getAttribute('aria-hidden') === 'true')).map(n => n.textContent).join('').trim();
    if (heard !== th.title) faults.push('the head ' + JSON.stringify(shown) + ' is read as ' + JSON.stringify(heard) + ', not ' + th.title);
  });
  const cols = [...document.querySelectorAll('[data-testid=scores] thead th')].map(th => Math.round(r(th).width)).join(' ');
  return JSON.stringify({faults, fits, editIn, sticky, hinted, cols, wrap: Math.round(wrap.clientWidth) + '/' + wrap.scrollWidth});
})()`

// Big tables read whole (issue 37): at 7 Five Crowns players every name
// on the scoreboard reads whole on 390 and 360 px phones ("Anne-Sophie"
// was cut with room beside it), and the round table fits the screen with
// its ✎ column, in English and French, at round 10 (its widest label):
// its heads are short forms of the names, each read whole by a screen
// reader; at 10 TAKI players what does not fit is reachable: the round
// column sticks, ✎ stays on the screen and a hint says the table scrolls.
// Entry rows do not cut a name mid-letter ("Anne-Charlot").
func TestBrowserBigTablesReadWhole(t *testing.T) {
	b := newBrowser(t)
	host := b.app.client()
	slug := host.group("Grande tablée")
	names := []string{"Anne-Sophie", "Ben", "Anne-Charlotte", "Dimitri", "Éloïse", "Fatima", "Gaspard", "Hana", "Ivo", "Jo"}
	ids := host.players(slug, names...)
	fcRounds := [][]int{{108, 250, 99, 140, 0, 37, 212}, {60, 4, 33, 100, 8, 0, 90}}
	for len(fcRounds) < 10 { // totals of three digits, as a whole night's are
		fcRounds = append(fcRounds, []int{12, 20, 0, 9, 30, 5, 11})
	}
	fc := bigTable(t, b.app, host, slug, "fivecrowns", ids[:7], url.Values{"firstDealer": {"1"}, "startRound": {"1"}}, fcRounds...)
	taki := bigTable(t, b.app, host, slug, "taki", ids, url.Values{"end": {"rounds"}, "rounds": {"40"}},
		[]int{-1250, 1080, 999, -40, 2310, 0, -999, 100, 45, -1000})
	p := b.memberPhone(slug, "Ben")
	lang := "en"
	measure := func(path string, w, h int64) (out struct {
		Faults                       []string
		Fits, EditIn, Sticky, Hinted bool
		Cols, Wrap                   string
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
		p.shot(fmt.Sprintf("bignames-%s-%s-%d", lang, path[len(path)-1:], w))
		return out
	}
	for _, lang = range []string{"en", "fr"} {
		if lang == "fr" {
			p.open("/lang?to=fr&back=/g/" + slug)
		}
		for _, w := range []int64{390, 360} {
			got := measure(fc, w, 800)
			for _, f := range got.Faults {
				t.Errorf("Five Crowns, 7 players, %s, %d px: %s", lang, w, f)
			}
			t.Logf("Five Crowns, 7 players, %s, %d px: columns %s, table %s", lang, w, got.Cols, got.Wrap)
			if !got.Fits || !got.EditIn {
				t.Errorf("Five Crowns, 7 players, %s, %d px: the round table fits %v (want it whole, no sideways scroll), its ✎ on the screen %v", lang, w, got.Fits, got.EditIn)
			}
			got = measure(taki, w, 800)
			if !got.Fits && (!got.Sticky || !got.Hinted || !got.EditIn) {
				t.Errorf("TAKI, 10 players, %s, %d px: the table scrolls, its round column sticky %v, a scroll hint shown %v, ✎ on the screen %v", lang, w, got.Sticky, got.Hinted, got.EditIn)
			}
		}
	}
}
