package handlers

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Issue 30: the taps and keys of one 4-player Take 5! deal at 390×844 with
// JavaScript on, and the deal form's height. The deal is the one of
// TestBrowserTake5 (Paul is the seed's Example 4). A tap is a click or a
// touch that focuses a field; a digit or the keyboard's Next is a key.
// Then an impossible pile is refused with the engine's sentence.
func TestBrowserTake5DealTaps(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()
	p.do(chromedp.EmulateViewport(390, 844))
	group := entryGroup(p, "Paul", "Nicole", "Jacques", "Michel")
	entryMatch(p, group, "take5")
	var height float64
	p.eval(`document.querySelector('[data-testid=round-form]').getBoundingClientRect().height`, &height)

	c := &counter{p: p}
	keys := 0
	typeIn := func(sel, d string) { c.typeIn(sel, d); keys += len(d) }
	next := func(d string) { c.next(d); keys += 1 + len(d) }
	// Green and red of each player, Next between them.
	// The seats are in the group's order: Jacques, Michel, Nicole, Paul.
	typeIn(`[data-testid=seat][data-player=Jacques] [data-testid=green]`, "10")
	for _, v := range []string{"2", "8", "0", "3", "20", "5", "3"} {
		next(v)
	}
	// The specials, one tap a count: Paul +5, x2, one in hand; Nicole two
	// x2; Jacques +5; Michel two in hand.
	for _, s := range []struct{ seat, kind, want string }{
		{"Paul", "plus5", "#plus5_3"}, {"Paul", "x2", "#x2_3"}, {"Paul", "hand", "#hand_3"},
		{"Nicole", "x2", "#x2_2"}, {"Nicole", "x2", "#x2_2"},
		{"Jacques", "plus5", "#plus5_0"},
		{"Michel", "hand", "#hand_1"}, {"Michel", "hand", "#hand_1"},
	} {
		var before string
		p.eval(`document.querySelector('`+s.want+`').value`, &before)
		c.tap(`[data-testid=seat][data-player=` + s.seat + `] [data-testid=more-` + s.kind + `]`)
		p.waitFor(`document.querySelector('` + s.want + `').value !== '` + before + `' && document.querySelector('` + s.want + `').value !== ''`)
	}
	c.tap(`[data-testid=save-round]`)
	wantTotals(p, "Jacques:13 Michel:-12 Nicole:-68 Paul:4")
	t.Logf("Take 5!, 4 players, the Example 4 deal: %d taps, %d keys; deal form %.0f px high at 390×844", c.n, keys, height)
	// Measured on 3e33075 (issue 30's "before"): 10 taps, 17 keys, 1302 px.
	// Issue 30 asks for at most half (5 taps, 8 keys); until the form is
	// redesigned this only keeps the entry from getting slower.
	if c.n > 10 || keys > 17 {
		t.Errorf("a 4-player Take 5! deal took %d taps and %d keys, more than the 10 and 17 measured before issue 30", c.n, keys)
	}

	// An impossible pile: 1 green cow and no red is no whole row of 5 cards;
	// the engine refuses it, with its sentence, and saves nothing.
	p.do(chromedp.SendKeys(css(`#green_0`), "1"), chromedp.SendKeys(css(`#red_0`), "0"))
	for i := 1; i < 4; i++ {
		p.do(chromedp.SendKeys(css(`#green_`+string(rune('0'+i))), "0"), chromedp.SendKeys(css(`#red_`+string(rune('0'+i))), "0"))
	}
	p.tap(`[data-testid=save-round]`)
	p.waitFor(`document.body.innerText.includes('make no pile of at most')`)
	if n := countRows(p); n != 1 {
		t.Errorf("the sheet shows %d deals after an impossible pile, want 1", n)
	}
	if got := p.text(`[data-testid=round-form]`); !strings.Contains(got, "1 green and 0 red cows") {
		t.Errorf("the refusal does not name the pile: %q", got)
	}
}
