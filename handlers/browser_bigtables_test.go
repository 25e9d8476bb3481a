package handlers

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tablekeeper/tablekeeper/store"
)

// bigTable starts a match of game for the named players (each a player of
// the group) and stores rounds of the given points as they are, so the
// totals can reach what a long night reaches: three and four digits, and
// below zero. It returns the match's path.
func bigTable(t *testing.T, app *testApp, c *client, slug, game string, ids []int64, options url.Values, rounds ...[]int) string {
	t.Helper()
	form := url.Values{"game": {game}}
	for k, v := range options {
		form[k] = v
	}
	for i, id := range ids {
		form.Set(fmt.Sprintf("seat_%d", id), fmt.Sprint(i+1))
	}
	rec := c.post("/g/"+slug+"/matches", form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start %s at %d players: status %d: %s", game, len(ids), rec.Code, doc(t, rec).Find("main").Text())
	}
	path := rec.Header().Get("Location")
	var mid int64
	fmt.Sscanf(path[strings.LastIndex(path, "/")+1:], "%d", &mid)
	for i, pts := range rounds {
		writeRound(t, app.store, slug, mid, store.RoundWrite{Kind: store.WriteAdd, Number: i + 1, Entry: pointsEntry(pts), Points: pts, Author: "Ana"})
	}
	app.wrote()
	return path
}

// boardLayout measures the scoreboard on the screen: each chip's parts
// inside the chip and apart from each other, no text cut (a name's
// ellipsis included), the chips apart from each other, and the bars above
// the sheet (the app bar and the sticky scoreboard) against the screen's
// height. It returns the faults, one sentence each, and the bars' height.
const boardLayout = `(() => {
  const faults = [];
  const r = e => e.getBoundingClientRect();
  const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const chips = [...document.querySelectorAll('[data-testid=scoreboard] [data-testid=scoreboard-player]')];
  chips.forEach((li, i) => {
    const c = r(li), who = li.dataset.player + ' (' + li.dataset.total + ')';
    const parts = [...li.querySelectorAll('.sb-name, .sb-total, .sb-rank, .sb-mark')];
    if (!li.querySelector('.sb-rank') || !li.querySelector('.sb-total') || !li.querySelector('.sb-name')) faults.push(who + ': a part is missing');
    parts.forEach((p, j) => {
      const b = r(p);
      if (b.width === 0 || b.height === 0) faults.push(who + ': ' + p.className + ' is not drawn');
      if (b.left < c.left - 0.5 || b.right > c.right + 0.5 || b.top < c.top - 0.5 || b.bottom > c.bottom + 0.5)
        faults.push(who + ': ' + p.className + ' runs out of its chip (' + Math.round(b.left) + '–' + Math.round(b.right) + ' in ' + Math.round(c.left) + '–' + Math.round(c.right) + ')');
      if (p.scrollWidth > p.clientWidth + 0.5 && getComputedStyle(p).display !== 'inline')
        faults.push(who + ': ' + p.className + ' is cut (' + p.scrollWidth + ' px of text in ' + p.clientWidth + ')');
      // The text itself, not only its box: a range's rectangle is where the glyphs are drawn.
      // (The dealer's mark's words for screen readers are hidden: its drawn part is the ▶.)
      const drawn = e => e.querySelector('[aria-hidden=true]') || e;
      const rg = document.createRange(); rg.selectNodeContents(drawn(p)); const t = rg.getBoundingClientRect();
      if (t.width > 0 && (t.left < c.left - 0.5 || t.right > c.right + 0.5))
        faults.push(who + ': the text of ' + p.className + ' runs out of its chip');
      // Where each part is drawn: across, as far as its text goes (a text wider than its box is
      // drawn beyond it); down, its line (a range's height is the font's, taller than a tight line).
      const ink = (e, box, txt) => ({left: Math.min(box.left, txt.left), right: Math.max(box.right, txt.right), top: box.top, bottom: box.bottom});
      parts.slice(j + 1).forEach(q => {
        const rq = document.createRange(); rq.selectNodeContents(drawn(q));
        if (overlap(ink(p, b, t), ink(q, r(q), rq.getBoundingClientRect()))) faults.push(who + ': ' + p.className + ' and ' + q.className + ' are drawn over each other');
      });
    });
    chips.slice(i + 1).forEach(o => { if (overlap(c, r(o))) faults.push(who + ' and ' + o.dataset.player + ': chips drawn over each other'); });
  });
  // The sheet's totals too: each total wholly in its cell (the table may scroll sideways).
  document.querySelectorAll('table[data-testid=scores] tfoot td').forEach((td, i) => {
    const rg = document.createRange(); rg.selectNodeContents(td); const t = rg.getBoundingClientRect(), c = r(td);
    if (td.textContent.trim() !== '' && (t.left < c.left - 0.5 || t.right > c.right + 0.5))
      faults.push('the sheet\'s total ' + td.textContent.trim() + ' is wider than its cell');
  });
  const board = document.querySelector('[data-testid=scoreboard]');
  const bars = r(board).bottom;
  if (bars > window.innerHeight / 5 + 0.5)
    faults.push('the bars above the sheet are ' + Math.round(bars) + ' px of a ' + window.innerHeight + ' px screen, more than a fifth');
  if (document.documentElement.scrollWidth > window.innerWidth + 1) faults.push('the page scrolls sideways');
  return JSON.stringify({faults, bars, chips: chips.length});
})()`

// Big tables (issue 30): every table size the sheets allow, on 390 and 360
// px phones, with totals of up to four digits and a sign: every name, total
// and rank wholly in its scoreboard chip and drawn over nothing, and the
// bars above the sheet at most a fifth of the screen.
func TestBrowserBigTables(t *testing.T) {
	b := newBrowser(t)
	host := b.app.client()
	slug := host.group("Grande tablée")
	names := []string{"Ana", "Ben", "Chloé", "Dimitri", "Éloïse", "Fatima", "Gaspard", "Hugo", "Inès", "Juliette"}
	ids := host.players(slug, names...)
	fc := url.Values{"firstDealer": {"1"}, "startRound": {"1"}} // Ben (250) deals
	taki := url.Values{"end": {"rounds"}, "rounds": {"40"}}
	// Totals: three and four digits, negative ones, and the widest a chip
	// shows at each table size.
	tables := []struct {
		name, game string
		seats      int
		opts       url.Values
		rounds     [][]int
	}{
		{"fivecrowns-7", "fivecrowns", 7, fc, [][]int{{108, 250, 99, 140, 0, 37, 212}, {60, 4, 33, 100, 8, 0, 90}}},
		{"fivecrowns-5", "fivecrowns", 5, fc, [][]int{{108, 250, 99, 140, 0}}},
		{"taki-10", "taki", 10, taki, [][]int{{-1250, 1080, 999, -40, 2310, 0, -999, 100, 45, -1000}}},
		{"taki-6", "taki", 6, taki, [][]int{{-1250, 1080, 9999, -40, 2310, 0}}},
		{"take5-6", "take5", 6, nil, [][]int{{66, 1, 105, 12, 0, 99}}},
		{"takefive-4", "takefive", 4, nil, [][]int{{12, 0, 3, 1}}},
	}
	paths := map[string]string{}
	for _, tb := range tables {
		paths[tb.name] = bigTable(t, b.app, host, slug, tb.game, ids[:tb.seats], tb.opts, tb.rounds...)
	}
	p := b.memberPhone(slug, "Ben")
	for _, size := range [][2]int64{{390, 844}, {360, 800}} {
		p.do(chromedp.EmulateViewport(size[0], size[1]))
		for _, tb := range tables {
			p.open(paths[tb.name])
			p.waitFor(`document.querySelectorAll('[data-testid=scoreboard-player]').length > 0`)
			var out string
			p.eval(boardLayout, &out)
			var got struct {
				Faults []string
				Bars   float64
				Chips  int
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatal(err)
			}
			if got.Chips != tb.seats {
				t.Errorf("%s at %d px: %d chips, want %d", tb.name, size[0], got.Chips, tb.seats)
			}
			for _, f := range got.Faults {
				t.Errorf("%s at %d×%d: %s", tb.name, size[0], size[1], f)
			}
			t.Logf("%s at %d×%d: bars %.0f px (%.0f%%)", tb.name, size[0], size[1], got.Bars, 100*got.Bars/float64(size[1]))
			p.shot(fmt.Sprintf("big-%s-%d", tb.name, size[0]))
			// For the record (the "saved" line is issue 30's messages part): the bars with
			// the line a save draws under the chips.
			var saved float64
			p.eval(`(() => { const s = document.querySelector('[data-testid=scoreboard]'); const l = document.createElement('p');
				l.className = 'saved'; l.textContent = '✓ Round 2 saved'; s.append(l); const b = s.getBoundingClientRect().bottom; l.remove(); return b; })()`, &saved)
			t.Logf("%s at %d×%d: with a saved line, bars %.0f px (%.0f%%)", tb.name, size[0], size[1], saved, 100*saved/float64(size[1]))
		}
	}
}
