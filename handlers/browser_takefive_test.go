package handlers

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserTakeFive settles a dispute on a phone (the seed's score-phase
// table: Paul 7 8 3 5 against Alfred 8 9 7 5, pieces at setup), entering the
// two-move turn by taps on the board, then plays a match to three round wins.
func TestBrowserTakeFive(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()

	// The referee page, blank, fits a small screen.
	p.noOverflow("/referee/takefive")
	p.open("/referee/takefive")
	p.waitFor(`document.querySelectorAll('[data-testid=tf-board] button.sq').length === 36`)
	for sq, glyph := range map[string]string{"a1": "♝", "a6": "♗", "f1": "♞", "f6": "♜"} {
		if got := p.text("[data-testid=sq-" + sq + "] .tf-piece"); got != glyph {
			t.Errorf("starting position: %s shows %q, want %s", sq, got, glyph)
		}
	}
	p.do(
		chromedp.SendKeys(css("[data-testid=rack_0]"), "Paul: 7 8 3 5"),
		chromedp.SendKeys(css("[data-testid=rack_1]"), "Alfred: 8 9 7 5"),
	)
	if got := tfSelected(p, "#phase"); got != "score" {
		t.Errorf("phase select shows %q, want score", got)
	}

	// The eight tokens in the racks left eight squares empty: mark them.
	p.tap("input[name=mode][value=empty]")
	for i, sq := range strings.Fields("c3 b3 c2 d1 e1 a3 a4 a5") {
		p.tap("[data-testid=sq-" + sq + "]")
		// Wait for the answer to this tap before the next (an empty value
		// also splits into one field): htmx drops a tap made while the
		// form's request is in flight, and the test then timed out.
		p.waitFor(fmt.Sprintf(`document.querySelector('input[name=empty]').value.split(' ').filter(Boolean).length === %d && document.querySelector('input[name=empty]').value.endsWith(%q)`, i+1, sq))
	}
	p.tap("input[name=mode][value=move1]")

	// Move 1: tap the knight, see where it may go (TV-TF-4), tap e3.
	p.tap("[data-testid=sq-f1]")
	p.waitFor(`document.querySelectorAll('[data-testid=tf-board] .hl').length > 0`)
	if got := tfHighlighted(p); got != "d2 e3" {
		t.Errorf("knight f1: squares framed %q, want d2 e3 (TV-TF-4)", got)
	}
	var rack string
	p.eval(`document.querySelector('[data-testid=rack_1]').value`, &rack)
	if rack != "Alfred: 8 9 7 5" {
		t.Errorf("after a tap on the board, Alfred's rack reads %q: what was typed was lost", rack)
	}
	p.tap("[data-testid=sq-e3]")
	p.waitFor(`document.querySelector('input[name=m1_to]').value === 'e3' && document.querySelector('[data-testid=sq-e3] .tf-move') !== null`)
	if got := tfSelected(p, "select[name=m1_piece]"); got != "knight" {
		t.Errorf("after tapping f1 then e3, move 1's piece = %q, want knight", got)
	}
	p.tap("[data-testid=m1-see]")
	var action string
	p.eval(`document.querySelector('input[name=m1_action]:checked').parentElement.textContent`, &action)
	if got := action; !strings.Contains(got, "je vois") {
		t.Errorf("move 1's action reads %q, want «je vois»", got)
	}

	// Move 2: the rook from f6 to f2, taking a 9.
	p.tap("input[name=mode][value=move2]")
	p.tap("[data-testid=sq-f6]")
	p.waitFor(`document.querySelector('select[name=m2_piece]').value === 'rook' && document.querySelectorAll('[data-testid=tf-board] .hl').length > 0`)
	if got := tfHighlighted(p); !strings.Contains(got, "f1 f2") {
		t.Errorf("rook f6 after the knight left f1: squares framed %q, want f1 among them", got)
	}
	p.tap("[data-testid=sq-f2]")
	p.waitFor(`document.querySelector('input[name=m2_to]').value === 'f2'`)
	p.tap("[data-testid=m2-take]")
	p.do(chromedp.SendKeys(css("input[name=m2_value]"), "9"))
	p.tap("[data-testid=tf-judge]")
	p.waitFor(`document.querySelector('[data-testid=tf-verdict]') !== null`)
	if n := countSel(p, "[data-testid=tf-legal]"); n != 1 {
		t.Errorf("knight f1→e3 «je vois», rook f6→f2 takes 9: not judged legal: %s", p.text("[data-testid=tf-verdict]"))
	}
	var outcome string
	p.eval(`document.querySelector('[data-testid=tf-outcome]')?.dataset.outcome || ''`, &outcome)
	if outcome != "won" {
		t.Errorf("the 9 taken: outcome %q, want won", outcome)
	}
	if got := p.text("[data-testid=tf-roundover]"); !strings.Contains(got, "Paul wins the round") {
		t.Errorf("round over line %q, want «Paul wins the round»", got)
	}
	if q := p.text("[data-testid=tf-verdict] [data-rule='takefive.score-fifth'] [data-testid=sheet]"); q == "" {
		t.Error("the winning take does not quote the sheet")
	}
	tfFitsHere(p, "/referee/takefive with a legal verdict")

	// An illegal second move: the rook onto a6, where the white bishop stands.
	p.do(
		chromedp.Clear(css("input[name=m2_to]")), chromedp.SendKeys(css("input[name=m2_to]"), "a6"),
		chromedp.Clear(css("input[name=m2_value]")),
	)
	p.tap("[data-testid=m2-see]")
	p.tap("[data-testid=tf-judge]")
	p.waitFor(`document.querySelector('[data-testid=tf-illegal]') !== null`)
	cite := "[data-testid=tf-verdict] [data-rule='takefive.occupied']"
	if countSel(p, cite) != 1 {
		t.Fatalf("rook onto a6: no citation of the occupied-square rule: %s", p.text("[data-testid=tf-verdict]"))
	}
	if why := p.text(cite + " p"); !strings.Contains(why, "Move 2") || !strings.Contains(why, "a6") || !strings.Contains(why, "white bishop") {
		t.Errorf("the explanation %q does not name move 2, a6 and the white bishop", why)
	}
	if q := p.text(cite + " [data-testid=sheet]"); !strings.Contains(q, "jamais sur une case occupée par une autre pièce") {
		t.Errorf("the sheet quoted is %q, want the rule «… jamais sur une case occupée par une autre pièce d'échec»", q)
	}
	if countSel(p, "[data-testid=tf-outcome]") != 0 {
		t.Error("an illegal turn without a take still shows a take's outcome")
	}
	tfFitsHere(p, "/referee/takefive with an illegal verdict")

	// A group plays a match: Ana, Ben, Chloé; Ben starts the first round.
	p.open("/")
	p.do(
		chromedp.SendKeys(css("#name"), "Vendredi"),
		chromedp.SendKeys(css("#display"), "Ana"),
		chromedp.Click(css("form[data-testid=create-group] button")),
		chromedp.WaitVisible(css("[data-testid=invite-url]")),
	)
	slug := strings.TrimPrefix(p.location(), "/g/")
	p.open("/g/" + slug + "/players")
	names := []string{"Ana", "Ben", "Chloé"}
	for i, n := range names {
		if i == 0 {
			continue // the group's creator is its first player already
		}
		p.do(chromedp.SendKeys(css("#new-player"), n), chromedp.Click(css("form[data-testid=add-player] button")))
		p.waitFor(fmt.Sprintf(`document.querySelectorAll('[data-testid=player]').length >= %d`, i+1))
	}
	p.open("/g/" + slug + "/matches/new?game=takefive")
	p.do(
		chromedp.SetValue(css("[data-testid=seat-Ana]"), "1"),
		chromedp.SetValue(css("[data-testid=seat-Ben]"), "2"),
		chromedp.SetValue(css("[data-testid=seat-Chloé]"), "3"),
	)
	p.tap("[data-testid='deals-Ben']") // who starts is picked by name now (issue 16), not as "seat 2"
	p.tap("[data-testid=start-match]")
	p.waitFor(`document.querySelector('[data-testid=round-form]') !== null`)
	matchPath := p.location()

	// Each round started left of the last winner; Ana's third win ends it.
	rounds := []struct {
		phase, starter, markers string
		winner                  int
		rack                    string
	}{
		{"score", "Ben", "Ana 0 · Ben 0 · Chloé 0", 2, "9 8 7 6 5"},
		{"21", "Ana", "Ana 0 · Ben 0 · Chloé 1", 0, "9 8 4"},
		{"quinte", "Ben", "Ana 1 · Ben 0 · Chloé 1", 0, "3 4 5 6 7"},
		{"score", "Ben", "Ana 2 · Ben 0 · Chloé 1", 2, ""},
		{"21", "Ana", "Ana 2 · Ben 0 · Chloé 2", 0, ""},
	}
	for r, rd := range rounds {
		// Read in one go: the live update may swap the scores in again
		// when its event overtakes the save's answer.
		p.waitFor(`document.querySelector('[data-testid=tf-phase]') !== null`)
		var line string
		p.eval(`['tf-phase', 'tf-starter', 'tf-markers'].map(id => (document.querySelector('[data-testid=' + id + ']')?.innerText || '').trim()).join('|')`, &line)
		var got [3]string
		copy(got[:], strings.Split(line, "|"))
		if want := [3]string{rd.phase, rd.starter, rd.markers}; got != want {
			t.Errorf("round %d: phase, starter, round wins = %q, want %q", r+1, got, want)
		}
		if r == 3 {
			// The wrong rack for a score round is refused with a reason; nothing is saved.
			p.tap(fmt.Sprintf("input[name=winner][value='%d']", rd.winner))
			p.do(chromedp.SendKeys(css("[data-testid=tf-rack]"), "9 9 7 6 5"))
			p.tap("[data-testid=save-round]")
			p.waitFor(`document.querySelector('[data-testid=round-refusal]') !== null`)
			if e := p.text("[data-testid=round-refusal]"); !strings.Contains(e, "does not win") {
				t.Errorf("score rack 9 9 7 6 5: error %q, want «does not win»", e)
			}
			if n := countRows(p); n != r {
				t.Errorf("a refused round was saved: %d rows, want %d", n, r)
			}
			p.do(chromedp.Clear(css("[data-testid=tf-rack]")))
		}
		p.tap(fmt.Sprintf("input[name=winner][value='%d']", rd.winner))
		if rd.rack != "" {
			p.do(chromedp.SendKeys(css("[data-testid=tf-rack]"), rd.rack))
		}
		p.tap("[data-testid=save-round]")
		p.waitFor(fmt.Sprintf(`document.querySelectorAll('[data-testid=round-row]').length === %d`, r+1))
	}
	p.waitFor(`document.querySelector('[data-testid=winner]') !== null`)
	if w := p.text("[data-testid=winner]"); !strings.Contains(w, "Ana") || strings.Contains(w, "Chloé") {
		t.Errorf("winner line %q, want Ana alone (three round wins)", w)
	}
	var totals string
	p.eval(`Array.from(document.querySelectorAll('[data-testid=total]')).map(e => e.textContent.trim()).join(' ')`, &totals)
	if got := totals; got != "3 0 2" {
		t.Errorf("round wins %q, want 3 0 2", got)
	}
	if countSel(p, "[data-testid=round-form]") != 0 {
		t.Error("the finished match still offers a round form")
	}
	if sheet := p.text("[data-testid=scores]"); !strings.Contains(sheet, "Round 3 (quinte)") || !strings.Contains(sheet, "Round 5 (21)") {
		t.Errorf("the sheet does not label the rounds by phase: %s", sheet)
	}

	p.noOverflow(matchPath)
	p.noOverflow("/g/" + slug + "/matches/new?game=takefive")
}

// tfHighlighted is the framed squares of the referee board, sorted.
func tfHighlighted(p *phone) string {
	var s string
	p.eval(`Array.from(document.querySelectorAll('[data-testid=tf-board] .hl')).map(e => e.value).sort().join(' ')`, &s)
	return s
}

func tfSelected(p *phone, sel string) string {
	var s string
	p.eval(fmt.Sprintf(`document.querySelector(%q).value`, sel), &s)
	return s
}

// tfFitsHere runs noOverflow's checks on the page as it stands (a verdict
// only exists after a post, so the page cannot be reloaded for them).
func tfFitsHere(p *phone, what string) {
	p.b.t.Helper()
	p.do(chromedp.EmulateViewport(360, 640))
	defer p.do(chromedp.EmulateViewport(390, 844))
	var wide bool
	p.eval(`document.documentElement.scrollWidth > window.innerWidth + 1`, &wide)
	if wide {
		var culprits string
		p.eval(`Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join('; ')`, &culprits)
		p.b.t.Errorf("%s scrolls sideways on a 360 px screen: %s", what, culprits)
	}
	var small string
	p.eval(`Array.from(document.querySelectorAll('main button, main a.button, main input:not([type=hidden]):not([type=radio]):not([type=checkbox]), main select')).filter(e => e.offsetParent && e.getBoundingClientRect().height < 43).map(e => e.outerHTML.slice(0, 80)).join('\n')`, &small)
	if small != "" {
		p.b.t.Errorf("%s has tap targets under 44 px:\n%s", what, small)
	}
}

// TestBrowserQuickTapsAreKept: squares tapped faster than the answers come
// back are all marked, in order. htmx sends one request per form at a time
// and dropped a tap made while the form's last one was on its way.
func TestBrowserQuickTapsAreKept(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()
	p.open("/referee/takefive")
	p.waitFor(`document.querySelectorAll('[data-testid=tf-board] button.sq').length === 36`)
	p.tap("input[name=mode][value=empty]")
	// Three taps in one script: the second and third come while the first
	// request is certainly in flight.
	var sent bool
	p.eval(`(function () {
		for (const sq of ['c3', 'b3', 'c2']) document.querySelector('[data-testid=sq-' + sq + ']').click();
		return document.querySelector('#tf-referee') !== null;
	})()`, &sent)
	if !sent {
		t.Fatal("the referee form is not on the page")
	}
	p.waitFor(`document.querySelector('input[name=empty]').value === 'c3 b3 c2'`)
}
