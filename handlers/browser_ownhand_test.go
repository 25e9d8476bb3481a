package handlers

import (
	"strings"
	"testing"
	"time"
)

// Five Crowns on a player's own phone (issue 37): Ben opens the cards of
// his own line and taps his whole hand, K♠ K♣ and the wild 3♦ of round 1;
// before the third card the row says how many are still to tap; then the
// solver's lay-down is shown (the book of kings, nothing left in hand, 0
// points) and that is the line he sends, seen in on Ana's phone.
func TestBrowserOwnHandLaidDown(t *testing.T) {
	tb := linesBrowserTable(t)
	ana, ben := tb.ana, tb.ben
	ana.open(tb.match)
	ben.waitFor(`!!document.querySelector('[data-testid=own-line]')`)
	ben.tap(`[data-testid=own-line] [data-testid=pick-seat]`)
	tapped := `document.querySelector('[data-testid=own-line] input[name^=cards_]').value`
	for i, card := range []string{"KS", "KC", "3D"} {
		ben.waitFor(`!!document.querySelector('[data-testid=picker] .sheet-deck button[data-card="` + card + `"]')`)
		ben.tap(`[data-testid=picker] .sheet-deck button[data-card="` + card + `"]`)
		ben.waitFor(tapped + `.split(' ').filter(Boolean).length === ` + string(rune('1'+i)))
		if i == 0 {
			ben.waitFor(`(e => e && e.textContent.includes('2 more cards'))(document.querySelector('[data-testid=own-line] [data-testid=hand-more]'))`)
		}
	}
	ben.waitFor(`!!document.querySelector('[data-testid=own-line] [data-testid=meld]')`)
	ben.shot("own-hand-laid")
	// In the sheet, where he is looking, and in his row once it is closed.
	sheet := strings.Join(strings.Fields(ben.text(`[data-testid=picker] [data-testid=sheet-detail]`)), " ")
	if sheet != "K♣ K♠ 3♦ nothing left in hand" || ben.text(`[data-testid=sheet-computed]`) != "= 0" {
		t.Errorf("Ben's card sheet says %q and %q, want the book K♣ K♠ 3♦, nothing left in hand, and = 0", sheet, ben.text(`[data-testid=sheet-computed]`))
	}
	ben.tap(`[data-testid=picker-done]`)
	ben.waitFor(`!document.querySelector('[data-testid=picker]')`)
	row := strings.Join(strings.Fields(ben.text(`[data-testid=own-line] [data-testid=computed]`)), " ")
	if !strings.Contains(row, "K♣ K♠ 3♦ nothing left in hand = 0 points") {
		t.Errorf("Ben's whole hand reads %q in his row, want the book K♣ K♠ 3♦, nothing left in hand, = 0 points", row)
	}
	ben.tap(`[data-testid=send-line].own-send`)
	within(ana, 5*time.Second, `!!document.querySelector('[data-testid=line-in][data-player=Ben]')`, "Ben's laid-down hand in on Ana's phone")
	ben.noOverflow(tb.match)
}
