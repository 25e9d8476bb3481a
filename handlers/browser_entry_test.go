package handlers

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// Round entry on a phone (issue 16), at 390×844 and 360×740: one row per
// player, typed points in every game without a mode switch, the cards on a
// bottom sheet for one player, Take 5! specials on chips. Each round's
// taps are counted: a tap is a click or a touch that focuses a field; the
// digits and the keyboard's Next key are keys, not taps.
func TestBrowserRoundEntry(t *testing.T) {
	for _, vp := range [][2]int64{{390, 844}, {360, 740}} {
		t.Run(fmt.Sprintf("%dx%d", vp[0], vp[1]), func(t *testing.T) {
			b := newBrowser(t)
			p := b.phone()
			p.do(chromedp.EmulateViewport(vp[0], vp[1]))
			group := entryGroup(p, "Ana", "Ben", "Chloé", "Dan")
			shots := fmt.Sprintf("%d", vp[0])

			// Five Crowns, typed: Ana went out, Ben 10, Chloé 20, Dan 7.
			entryMatch(p, group, "fivecrowns")
			c := &counter{p: p}
			c.tap(`[data-testid=went-out][data-player=Ana]`)
			c.typeIn(`[data-testid=points-input][data-player=Ben]`, "10")
			c.typeIn(`[data-testid=points-input][data-player=Chloé]`, "20")
			c.typeIn(`[data-testid=points-input][data-player=Dan]`, "7")
			entryChecks(t, p, "fivecrowns-typed-"+shots)
			c.tap(`[data-testid=save-round]`)
			wantTotals(p, "Ana:0 Ben:10 Chloé:20 Dan:7")
			t.Logf("Five Crowns, 4 players, typed: %d taps + digits", c.n)
			if c.n > 5 {
				t.Errorf("a typed Five Crowns round took %d taps, want at most 5", c.n)
			}

			// Five Crowns, by cards (round 2, 4s wild): Ben holds 7♥ 7♥ K♣; the
			// deck has no third 7♥, so Chloé's sheet refuses it at the tap.
			c = &counter{p: p}
			c.tap(`[data-testid=went-out][data-player=Ana]`)
			c.tap(`[data-testid=seat][data-player=Ben] [data-testid=pick-seat]`)
			p.waitFor(`document.querySelector('[data-testid=picker][data-seat="1"]') !== null`)
			for i, card := range []string{"7H", "7H", "KC"} {
				c.tap(`[data-testid=picker] .sheet-deck button[data-card="` + card + `"]`)
				p.waitFor(fmt.Sprintf(`document.querySelectorAll('[data-testid=picker] .sheet-hand .chip').length === %d`, i+1))
			}
			p.inView(`[data-testid=picker]`, "with the sheet open")
			entryShot(p, "fivecrowns-sheet-"+shots)
			if countSel(p, `[data-testid=picker] button[data-card="7H"]:disabled`) != 1 {
				t.Errorf("a third 7♥ can still be tapped")
			}
			sheetTargets(t, p)
			c.tap(`[data-testid=sheet-player][data-player=Chloé]`) // the sheet moves to Chloé in one tap
			p.waitFor(`document.querySelector('[data-testid=picker][data-seat="2"]') !== null`)
			if countSel(p, `[data-testid=picker] button[data-card="7H"]:disabled`) != 1 {
				t.Errorf("Chloé's sheet offers a third 7♥")
			}
			c.tap(`[data-testid=picker] .sheet-deck button[data-card="JK"]`)
			p.waitFor(`document.querySelectorAll('[data-testid=picker] .sheet-hand .chip').length === 1`)
			c.tap(`[data-testid=picker-done]`)
			p.waitFor(`document.querySelector('[data-testid=picker]') === null`)
			if v := p.attr(`[data-testid=points-input][data-player=Ben]`, "value"); v != "27" {
				t.Errorf("Ben's field shows %q, want the cards' 27", v)
			}
			c.typeIn(`[data-testid=points-input][data-player=Dan]`, "5")
			c.tap(`[data-testid=save-round]`)
			wantTotals(p, "Ana:0 Ben:37 Chloé:70 Dan:12")
			t.Logf("Five Crowns, 4 players, by cards (5 cards, 2 hands): %d taps", c.n)

			// TAKI, typed: Ana won, Ben 12, Chloé 7, Dan 30 lost.
			entryMatch(p, group, "taki")
			c = &counter{p: p}
			c.tap(`[data-testid=winner-radio][data-player=Ana]`)
			c.typeIn(`[data-testid=points-input][data-player=Ben]`, "12")
			c.typeIn(`[data-testid=points-input][data-player=Chloé]`, "7")
			c.typeIn(`[data-testid=points-input][data-player=Dan]`, "30")
			entryChecks(t, p, "taki-typed-"+shots)
			c.tap(`[data-testid=save-round]`)
			wantTotals(p, "Ana:100 Ben:-12 Chloé:-7 Dan:-30")
			t.Logf("TAKI, 4 players, typed: %d taps + digits", c.n)
			if c.n > 5 {
				t.Errorf("a typed TAKI round took %d taps, want at most 5", c.n)
			}
			// TAKI by cards: Ben's R7 B3 on the sheet, the others typed.
			c = &counter{p: p}
			c.tap(`[data-testid=winner-radio][data-player=Dan]`)
			c.tap(`[data-testid=seat][data-player=Ben] [data-testid=pick-seat]`)
			p.waitFor(`document.querySelector('[data-testid=picker][data-seat="1"]') !== null`)
			for i, card := range []string{"R7", "B3"} {
				c.tap(`[data-testid=picker] .sheet-deck button[data-card="` + card + `"]`)
				p.waitFor(fmt.Sprintf(`document.querySelectorAll('[data-testid=picker] .sheet-hand .chip').length === %d`, i+1))
			}
			entryShot(p, "taki-sheet-"+shots)
			sheetTargets(t, p)
			c.tap(`[data-testid=picker-done]`)
			p.waitFor(`document.querySelector('[data-testid=picker]') === null`)
			c.typeIn(`[data-testid=points-input][data-player=Ana]`, "4")
			c.typeIn(`[data-testid=points-input][data-player=Chloé]`, "9")
			c.tap(`[data-testid=save-round]`)
			wantTotals(p, "Ana:96 Ben:-22 Chloé:-16 Dan:70")
			t.Logf("TAKI, 4 players, by cards (one hand of 2): %d taps + digits", c.n)

			// Take 5!: green and red typed with Next between them, specials as chips.
			entryMatch(p, group, "take5")
			c = &counter{p: p}
			c.typeIn(`#green_0`, "5")
			for _, v := range []string{"3", "3", "20", "10", "2", "8", "0"} {
				c.next(v)
			}
			c.tap(`[data-testid=seat][data-player=Ana] [data-testid=x2] input[value="1"]`)
			c.tap(`[data-testid=seat][data-player=Chloé] [data-testid=plus5] input[value="1"]`)
			c.tap(`[data-testid=seat][data-player=Dan] [data-testid=hand] input[value="1"]`)
			entryChecks(t, p, "take5-"+shots)
			c.tap(`[data-testid=save-round]`)
			wantTotals(p, "Ana:4 Ben:-17 Chloé:13 Dan:-2")
			t.Logf("Take 5!, 4 players, a deal with 3 specials: %d taps + digits and Next keys", c.n)
			if c.n > 5 { // 8 with the steppers before issue 30, 5 with the chips
				t.Errorf("a Take 5! deal took %d taps, want at most 5", c.n)
			}

			// In French: the rows and the sheet fit too.
			p.open("/lang?to=fr&back=" + group)
			entryMatch(p, group, "taki")
			entryChecks(t, p, "taki-fr-"+shots)
			entryMatch(p, group, "fivecrowns")
			p.tap(`[data-testid=went-out][data-player=Ana]`)
			entryChecks(t, p, "fivecrowns-fr-"+shots)
			p.tap(`[data-testid=seat][data-player=Dan] [data-testid=pick-seat]`)
			p.waitFor(`document.querySelector('[data-testid=picker][data-seat="3"]') !== null`)
			p.tap(`[data-testid=picker] .sheet-deck button[data-card="JK"]`)
			p.waitFor(`document.querySelectorAll('[data-testid=picker] .sheet-hand .chip').length === 1`)
			sheetTargets(t, p)
			entryShot(p, "fivecrowns-sheet-fr-"+shots)
		})
	}
}

// counter taps as a thumb does and counts the taps.
type counter struct {
	p *phone
	n int
}

// tap taps and counts. (The round forms are wired to htmx as they are
// swapped in, settle:0ms, so a tap right after a swap is not a plain post.)
func (c *counter) tap(sel string) {
	c.p.b.t.Helper()
	c.n++
	c.p.tap(sel)
}

// typeIn taps a field (one tap) and types the digits (keys).
func (c *counter) typeIn(sel, digits string) {
	c.p.b.t.Helper()
	c.tap(sel)
	c.p.do(chromedp.KeyEvent(digits))
}

// next presses the keyboard's Next and types: keys only. A phone's Next
// goes to the next text field and passes radios, checkboxes and buttons by
// (Chrome on Android, Safari's form bar), which Tab does not: here it
// focuses that field.
func (c *counter) next(digits string) {
	c.p.b.t.Helper()
	c.p.do(chromedp.Evaluate[chromedp.Void](`(() => {
		const f = Array.from(document.querySelectorAll('input:not([type=hidden]):not([type=radio]):not([type=checkbox]):not([type=submit]):not([type=button]), select, textarea')).filter(e => !e.disabled && e.offsetParent && e.tabIndex >= 0);
		const i = f.indexOf(document.activeElement);
		if (i >= 0 && i + 1 < f.length) f[i + 1].focus();
	})()`))
	if digits != "" {
		c.p.do(chromedp.KeyEvent(digits))
	}
}

func entryGroup(p *phone, names ...string) string {
	p.b.t.Helper()
	p.open("/")
	p.do(chromedp.SendKeys(css("#name"), "Entrée"), chromedp.SendKeys(css("#display"), names[0]),
		chromedp.Click(css("form[data-testid=create-group] button")), chromedp.WaitVisible(css("[data-testid=invite-url]")))
	group := p.location()
	p.open(group + "/players")
	for i, n := range names[1:] { // the group's creator is its first player already
		p.do(chromedp.SendKeys(css("#new-player"), n), chromedp.Click(css("form[data-testid=add-player] button")))
		p.waitFor(fmt.Sprintf(`document.querySelectorAll('[data-testid=player]').length >= %d`, i+2))
	}
	return group
}

// entryMatch starts a match of game with every player, in the order added.
func entryMatch(p *phone, group, game string) {
	p.b.t.Helper()
	p.open(group + "/matches/new?game=" + game)
	p.waitFor(`document.querySelector('[data-testid=new-match]') !== null`)
	p.eval(`Array.from(document.querySelectorAll('input[name=play]')).forEach((e, i) => { e.checked = true; const s = document.querySelectorAll('[data-testid^=seat-]')[i]; if (s) s.value = String(i + 1); })`, nil)
	p.tap("[data-testid=start-match]")
	p.waitFor(`document.querySelector('[data-testid=round-form]') !== null`)
}

func wantTotals(p *phone, want string) {
	p.b.t.Helper()
	p.waitFor(fmt.Sprintf(`Array.from(document.querySelectorAll('[data-testid=scoreboard-player]')).sort((a, b) => a.dataset.player.localeCompare(b.dataset.player)).map(e => e.dataset.player + ':' + e.dataset.total).join(' ') === %q`, want))
}

// entryChecks: no sideways scroll; every target of the round form at least
// 44×44 and not under the sticky save bar; a screenshot of the form.
func entryChecks(t *testing.T, p *phone, shot string) {
	t.Helper()
	var wide bool
	p.eval(`document.documentElement.scrollWidth > window.innerWidth + 1`, &wide)
	if wide {
		t.Errorf("%s: the page scrolls sideways", shot)
	}
	var bad string
	p.eval(`(() => {
		const out = [];
		const bar = document.querySelector('#round-form .sticky-actions');
		for (const e of document.querySelectorAll('#round-form button, #round-form input:not([type=hidden]), #round-form label.er-mark, #round-form label.inline, #round-form label.t5-tog, #round-form a.button')) {
			if (!e.offsetParent || e.closest('.visually-hidden') || e.classList.contains('visually-hidden') || e.matches('.er-mark input')) continue;
			if (e.matches('input[type=checkbox], input[type=radio]') && e.closest('label')) continue; // its label is the target, measured below
			if (getComputedStyle(e).visibility === 'hidden') continue;
			let r = e.getBoundingClientRect();
			if (r.width < 43.5 || r.height < 43.5) out.push('small ' + Math.round(r.width) + '×' + Math.round(r.height) + ' ' + e.outerHTML.slice(0, 70));
			if (bar && bar.contains(e)) continue;
			e.scrollIntoView({block: 'end'});
			r = e.getBoundingClientRect();
			const hit = document.elementFromPoint(r.left + r.width / 2, r.bottom - 4);
			if (!hit || !(e.contains(hit) || hit.contains(e) || e.closest('label') === hit.closest('label') && hit.closest('label'))) out.push('covered ' + e.outerHTML.slice(0, 70) + ' by ' + (hit ? hit.outerHTML.slice(0, 50) : 'nothing'));
		}
		return out.join('\n');
	})()`, &bad)
	if bad != "" {
		var dbg string
		p.eval(`(() => { const b = document.querySelector('#round-form .sticky-actions').getBoundingClientRect(); return 'bar ' + Math.round(b.top) + '-' + Math.round(b.bottom) + ' screen ' + window.innerHeight + ' pad ' + getComputedStyle(document.documentElement).scrollPaddingBottom; })()`, &dbg)
		t.Errorf("%s (%s):\n%.1500s", shot, dbg, bad)
	}
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('#round-form').scrollIntoView({block: 'start'}); window.scrollBy(0, -140)`))
	entryShot(p, shot)
}

// sheetTargets: the open sheet's buttons are at least 44×44 and it does not scroll sideways.
func sheetTargets(t *testing.T, p *phone) {
	t.Helper()
	var bad string
	p.eval(`Array.from(document.querySelectorAll('[data-testid=picker] button')).filter(e => { const r = e.getBoundingClientRect(); return r.width < 43.5 || r.height < 43.5; }).map(e => e.outerHTML.slice(0, 70)).join('\n')`, &bad)
	if bad != "" {
		t.Errorf("sheet targets under 44 px:\n%s", bad)
	}
	var wide bool
	p.eval(`(() => { const s = document.querySelector('[data-testid=picker]'); return s.scrollWidth > s.clientWidth + 1 || document.documentElement.scrollWidth > window.innerWidth + 1; })()`, &wide)
	if wide {
		t.Errorf("the sheet scrolls sideways")
	}
}

// entryShot writes the screen in light and dark, English and French, when
// TABLEKEEPER_SHOTS is set.
func entryShot(p *phone, name string) {
	if p.b.t.Failed() {
		return
	}
	p.shot(name + "-light")
	p.do(colourScheme("dark"))
	p.shot(name + "-dark")
	p.do(colourScheme("light"))
}

func colourScheme(v string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: v}}})
		return err
	})
}

// TestBrowserQuickCardTapsAreKept: a Five Crowns hand tapped faster than
// the answers come back keeps every card, in order (TestBrowserQuickTapsAreKept
// on the Take Five board; here the scoresheet's card sheet, where a whole
// hand is tapped in a row).
func TestBrowserQuickCardTapsAreKept(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()
	group := entryGroup(p, "Ana", "Ben")
	entryMatch(p, group, "fivecrowns")
	p.tap(`[data-testid=seat][data-player=Ben] [data-testid=pick-seat]`)
	p.waitFor(`document.querySelector('[data-testid=picker][data-seat="1"]') !== null`)
	p.eval(`(function () {
		for (const c of ['7H', 'KC', '5S']) document.querySelector('[data-testid=picker] .sheet-deck button[data-card="' + c + '"]').click();
	})()`, nil)
	p.waitFor(`Array.from(document.querySelectorAll('[data-testid=picker] .sheet-hand .chip')).map(c => c.dataset.card).join(' ') === '7H KC 5S'`)
}
