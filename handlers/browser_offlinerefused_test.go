package handlers

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablekeeper/tablekeeper/store"
)

// A kept round refused for good says the true reason (issue 37): Ben's
// phone saves round 1, then keeps rounds 2 and 3 without a connection;
// meanwhile another phone saves round 2, or the match is ended, or Dan
// leaves, or round 1 is taken back. Back online, Ben's round 2 is refused
// (409) and his phone says why, from the server's word for it, not
// "another phone saved it first" every time.
func TestBrowserKeptRoundRefusedSaysWhy(t *testing.T) {
	for _, c := range []struct {
		name      string
		meanwhile func(t *testing.T, tb *offTable)
		want      string
	}{
		{"saved first", func(t *testing.T, tb *offTable) {
			tb.ana.waitFor(rowsJS + ` === 1`)
			fourRound(tb.ana, 10)
			tb.ana.waitFor(rowsJS + ` === 2`)
		}, "Round 2 was not saved: another phone saved it first (its values are in the table)."},
		{"the match ended", func(t *testing.T, tb *offTable) {
			if err := tb.b.app.store.EndMatchEarly(context.Background(), mustGroupID(t, tb.b.app, tb.slug), tb.matchID); err != nil {
				t.Fatal(err)
			}
		}, "Round 2 was not saved: the match ended meanwhile."},
		{"a player left", func(t *testing.T, tb *offTable) {
			if _, err := tb.b.app.store.LeaveMatch(context.Background(), mustGroupID(t, tb.b.app, tb.slug), tb.matchID, 3, "Ana", 2); err != nil {
				t.Fatal(err)
			}
		}, "Round 2 was not saved: a player left or came back meanwhile. Type it again for the players at the table now."},
		{"round 1 taken back", func(t *testing.T, tb *offTable) {
			rounds, err := tb.b.app.store.Rounds(context.Background(), tb.matchID)
			if err != nil || len(rounds) != 1 {
				t.Fatalf("rounds %v, %v", rounds, err)
			}
			writeRound(t, tb.b.app.store, tb.slug, tb.matchID, store.RoundWrite{Kind: store.WriteUndo, Round: rounds[0].ID, Author: "Ana"})
		}, "Round 2 was not saved: a round was taken back meanwhile, so it no longer comes next."},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := linesBrowserTableAt(t, "tk.lan")
			ben := tb.ben
			fourRound(ben, 7)
			within(ben, 5*time.Second, rowsJS+` === 1 && document.querySelector('#round-form [name=submitKey]').value.startsWith('2.')`, "round 1 saved")
			tb.offline(ben, "ben", true)
			for i, pts := range []int{8, 9} {
				fourRound(ben, pts)
				within(ben, 5*time.Second, fmt.Sprintf(`document.querySelectorAll('[data-testid=kept-round]').length === %d`, i+1), fmt.Sprintf("round %d kept", i+2))
			}
			c.meanwhile(t, tb)
			tb.offline(ben, "ben", false)
			ben.eval(`window.dispatchEvent(new Event('online'))`, nil)
			told := `Array.from(document.querySelectorAll('[data-testid=refused-save]')).map(e => e.textContent).join(' | ')`
			within(ben, 15*time.Second, told+`.includes(`+fmt.Sprintf("%q", c.want)+`)`, "round 2 refused, told why")
			within(ben, 10*time.Second, `JSON.parse(localStorage.getItem('tk-pending') || '[]').every(p => p.refused)`,
				"no kept round left waiting for a page that will not take it")
			var all string
			ben.eval(told, &all)
			if c.name != "saved first" && strings.Contains(all, "another phone saved it first") {
				t.Errorf("the refusal says %q, which is not why", all)
			}
		})
	}
}

// fourRound enters a round of Ana (out), Ben (ben), Chloé and Dan on p, and saves it.
func fourRound(p *phone, ben int) {
	p.b.t.Helper()
	p.tap("#round-form [data-testid=went-out][data-player=Ana]")
	for row, pts := range []int{ben, 9, 5} {
		p.do(chromedp.SetValue(css(fmt.Sprintf("#points_%d", row+1)), fmt.Sprint(pts)))
	}
	p.tap("[data-testid=save-round]")
}
