package handlers

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Messages where the thumb is (issue 30): a refused Five Crowns round says
// all its mistakes at once, each naming its player, in the save bar next to
// Save; the "saved" line names the game's own round (an express match
// started at round 9 saves "Round 9", not "Round 1"), goes as soon as the
// next round is touched, and is never shown beside a refusal.
func TestBrowserRefusalsNextToSave(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()
	slug := browserGroup(p, "Samedi", "Ana", "Ben", "Cleo")
	p.open("/g/" + slug + "/matches/new?game=fivecrowns")
	for i, n := range []string{"Ana", "Ben", "Cleo"} {
		p.do(chromedp.SetValue(css("[data-testid=seat-"+n+"]"), fmt.Sprint(i+1)))
	}
	p.do(chromedp.SetValue(css("[data-testid=start-round]"), "9"))
	p.tap("[data-testid=start-match]")
	p.waitFor(`document.querySelector('[data-testid=round-form]') !== null`)

	// Three mistakes in one save: no hand is worth 1 or 2 points, and 9999
	// is more than round 9's eleven cards can make.
	p.do(chromedp.SetValue(css("[data-testid=points-input][data-player=Ana]"), "1"),
		chromedp.SetValue(css("[data-testid=points-input][data-player=Ben]"), "2"),
		chromedp.SetValue(css("[data-testid=points-input][data-player=Cleo]"), "9999"))
	p.tap("[data-testid=save-round]")
	p.waitFor(`document.querySelector('[data-testid=round-refusals]') !== null`)
	var said string
	p.eval(`Array.from(document.querySelectorAll('[data-testid=round-refusal]')).map(e => e.textContent.trim()).join('\n')`, &said)
	lines := strings.Split(said, "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "Ana: ") || !strings.HasPrefix(lines[1], "Ben: ") || !strings.HasPrefix(lines[2], "Cleo: ") {
		t.Errorf("the save bar says %q, want three mistakes naming Ana, Ben and Cleo", lines)
	}
	if strings.Contains(strings.ToLower(said), "player 1") {
		t.Errorf("a mistake names a seat number, not the player: %q", said)
	}
	p.shot("refusals-next-to-save")
	// In view, in the save bar, just above Save.
	var where string
	p.eval(`(() => {
		const box = document.querySelector('[data-testid=round-refusals]'), save = document.querySelector('[data-testid=save-round]');
		const r = box.getBoundingClientRect(), s = save.getBoundingClientRect();
		if (!box.closest('.sticky-actions') || box.closest('.sticky-actions') !== save.closest('.sticky-actions')) return 'not in the save bar';
		if (r.top < 0 || r.bottom > window.innerHeight || s.bottom > window.innerHeight) return 'off the screen: ' + Math.round(r.top) + '–' + Math.round(r.bottom) + ', Save ends at ' + Math.round(s.bottom);
		if (s.top - r.bottom > 24) return 'far from Save: ' + Math.round(s.top - r.bottom) + ' px';
		return '';
	})()`, &where)
	if where != "" {
		t.Errorf("the refusals are not next to Save: %s", where)
	}

	// Put right: Cleo went out. The saved line names round 9.
	p.tap("[data-testid=went-out][data-player=Cleo]")
	p.do(chromedp.SetValue(css("[data-testid=points-input][data-player=Ana]"), "40"),
		chromedp.SetValue(css("[data-testid=points-input][data-player=Ben]"), "25"))
	p.tap("[data-testid=save-round]")
	p.waitFor(`document.querySelector('[data-testid=saved]') !== null`)
	if s := p.text("[data-testid=saved]"); !strings.Contains(s, "Round 9 saved") {
		t.Errorf("the saved line reads %q, want Round 9 saved (the express match started at round 9)", s)
	}
	if n := countSel(p, "[data-testid=round-refusals]"); n != 0 {
		t.Errorf("the refusals stay after a save that went through")
	}
	// Touching the next round takes the saved line away.
	p.do(chromedp.SendKeys(css("[data-testid=points-input][data-player=Ana]"), "1"))
	p.waitFor(`document.querySelector('[data-testid=saved]') === null`)

	// A refusal after a save: no saved line beside it.
	p.tap("[data-testid=save-round]")
	p.waitFor(`document.querySelector('[data-testid=round-refusals]') !== null`)
	if n := countSel(p, "[data-testid=saved]"); n != 0 {
		t.Errorf("the saved line is shown beside a refusal")
	}
	// Rows left blank and a number no hand makes are said together.
	p.eval(`Array.from(document.querySelectorAll('[data-testid=round-refusal]')).map(e => e.textContent.trim().split(':')[0]).join(',')`, &said)
	if said != "Ana,Ben,Cleo" {
		t.Errorf("the refusals name %q, want Ana (1 point), Ben and Cleo (no points)", said)
	}
}

// Take 5!: a refused deal is said next to Save too, not only inside a
// player's block above the screen (the generic save bar draws it).
func TestBrowserTake5RefusalNextToSave(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()
	group := entryGroup(p, "Ana", "Ben", "Cleo", "Dan")
	entryMatch(p, group, "take5")
	p.tap("[data-testid=save-round]") // nothing entered: the deal is refused
	p.waitFor(`document.querySelector('[data-testid=round-refusals]') !== null`)
	var where string
	p.eval(`(() => {
		const box = document.querySelector('[data-testid=round-refusals]'), save = document.querySelector('[data-testid=save-round]');
		const r = box.getBoundingClientRect(), s = save.getBoundingClientRect();
		if (box.closest('.sticky-actions') !== save.closest('.sticky-actions')) return 'not in the save bar';
		if (box.querySelectorAll('[data-testid=round-refusal]').length === 0) return 'empty';
		if (r.top < 0 || s.bottom > window.innerHeight) return 'off the screen';
		return '';
	})()`, &where)
	if where != "" {
		t.Errorf("the refused deal is not said next to Save: %s", where)
	}
}

// TAKI at 390×844 with JavaScript: a round with two mistakes (words where
// Ben's points go, Cleo's row blank) is refused in one save; each sentence
// is said once, next to Save and in view, naming its player; each row at
// fault is marked (⚠, its field aria-invalid) and its field points to its
// sentence, which is what a screen reader reads with the field.
func TestBrowserTakiRefusalsOnce(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()
	group := entryGroup(p, "Ana", "Ben", "Cleo", "Dan", "Eve")
	entryMatch(p, group, "taki")
	p.tap("[data-testid=winner-radio][data-player=Ana]")
	p.do(chromedp.SetValue(css("[data-testid=points-input][data-player=Ben]"), "ten"),
		chromedp.SetValue(css("[data-testid=points-input][data-player=Dan]"), "5"),
		chromedp.SetValue(css("[data-testid=points-input][data-player=Eve]"), "7"))
	p.tap("[data-testid=save-round]")
	p.waitFor(`document.querySelector('[data-testid=round-refusals]') !== null`)
	var said string
	p.eval(`Array.from(document.querySelectorAll('[data-testid=round-refusal]')).map(e => e.textContent.trim()).join('\n')`, &said)
	lines := strings.Split(said, "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "Ben: ") || !strings.HasPrefix(lines[1], "Cleo: ") {
		t.Fatalf("the save bar says %q, want Ben's and Cleo's mistakes", lines)
	}
	var where string
	p.eval(`(() => {
		const box = document.querySelector('[data-testid=round-refusals]'), save = document.querySelector('[data-testid=save-round]');
		const r = box.getBoundingClientRect(), s = save.getBoundingClientRect();
		if (box.closest('.sticky-actions') !== save.closest('.sticky-actions')) return 'not in the save bar';
		if (r.top < 0 || r.bottom > window.innerHeight || s.bottom > window.innerHeight) return 'off the screen';
		if (s.top - r.bottom > 24) return 'far from Save';
		return '';
	})()`, &where)
	if where != "" {
		t.Errorf("the refusals are not next to Save: %s", where)
	}
	// Each sentence once on the page: not again under its row.
	for _, l := range lines {
		msg := strings.TrimSpace(l[strings.Index(l, ":")+1:])
		var n float64
		p.eval(fmt.Sprintf(`document.body.innerText.replace(/\s+/g, ' ').split(%q).length - 1`, msg), &n)
		if n != 1 {
			t.Errorf("%q is shown %v times, want once", msg, n)
		}
	}
	for _, name := range []string{"Ben", "Cleo"} {
		var got string
		p.eval(fmt.Sprintf(`(() => {
			const row = document.querySelector('[data-testid=seat][data-player=%[1]q]');
			const flag = row.querySelector('[data-testid=refusal-flag]');
			if (!flag || flag.getBoundingClientRect().width === 0) return 'no visible mark on the row';
			const f = row.querySelector('[data-testid=points-input]');
			if (f.getAttribute('aria-invalid') !== 'true') return 'the field is not aria-invalid';
			const said = document.getElementById(f.getAttribute('aria-describedby') || '');
			return said ? said.textContent.trim() : 'the field points to no sentence';
		})()`, name), &got)
		if !strings.HasPrefix(got, name+": ") {
			t.Errorf("%s's row: %s", name, got)
		}
	}
	p.shot("taki-refusals-once")
}

// TestBrowserDoubleTapSavesOnce: a double tap on Save (the second tap 150 ms
// after the first, once the answer has swapped in the next round's empty
// form) saves the round once and leaves the next round's form as it came,
// with no "type the points" on seats nobody touched. A Save tapped on that
// form later, still empty, is refused as before.
func TestBrowserDoubleTapSavesOnce(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()
	group := entryGroup(p, "Ana", "Ben", "Chloé")
	entryMatch(p, group, "fivecrowns")
	p.do(chromedp.Click(css("[data-testid=went-out][data-player='Ana']")),
		chromedp.SendKeys(css("#points_1"), "12"), chromedp.SendKeys(css("#points_2"), "7"))
	p.eval(`(() => { const save = () => document.querySelector('[data-testid=save-round]').click();
		save(); setTimeout(save, 150); return true; })()`, nil)
	p.waitFor(`document.querySelectorAll('[data-testid=round-row]').length === 1`)
	time.Sleep(900 * time.Millisecond) // the second tap, and any answer to it
	if n := countRows(p); n != 1 {
		t.Errorf("%d rounds after a double tap, want 1", n)
	}
	if n := countSel(p, "#round-form [data-testid=refusal-flag], #round-form [aria-invalid=true]"); n != 0 {
		t.Errorf("the next round's form, untouched, shows %d refusals after the double tap", n)
	}
	p.tap("[data-testid=save-round]") // later, on purpose: refused, saying why
	p.waitFor(`document.querySelector('#round-form [data-testid=refusal-flag]') !== null`)
	if n := countRows(p); n != 1 {
		t.Errorf("%d rounds after saving an empty form, want 1", n)
	}
}
