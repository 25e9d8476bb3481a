package handlers

import (
	"cmp"
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// notesSeen records every sentence the note beside Save says from now on
// (window.tkNotes): "being sent" is said only while the send is on its way.
const notesSeen = `(window.tkNotes = [], new MutationObserver(() => {
  const n = document.querySelector('[data-testid=pending-save]');
  if (n && n.textContent && window.tkNotes[window.tkNotes.length - 1] !== n.textContent) window.tkNotes.push(n.textContent);
}).observe(document.body, {subtree: true, childList: true, characterData: true}), true)`

// A line kept on the phone is told as a line (issue 37), not as a round:
// Ben's own line sent without a connection says "Your line is kept…",
// then "Your line is being sent…" once the connection is back; the line
// he sends for Dan, who has no phone, says "The line for Dan…".
func TestBrowserLineKeptToldAsLine(t *testing.T) {
	tb := linesBrowserTable(t)
	ben := tb.ben
	ben.waitFor(`!!document.querySelector('[data-testid=own-line] [data-testid=points-input]')`)
	for _, l := range []struct{ who, field, send, waiting, sending string }{
		{"Ben", "[data-testid=own-line] [data-testid=points-input]", "[data-testid=send-line].own-send",
			"Your line is kept on this phone, waiting for the connection: it will be sent by itself.", "Your line is being sent…"},
		{"Dan", "[data-testid=points-input][data-player=Dan]", "[data-testid=send-line][data-player=Dan]",
			"The line for Dan is kept on this phone, waiting for the connection: it will be sent by itself.", "The line for Dan is being sent…"},
	} {
		ben.waitFor(`!!document.querySelector('` + l.send + `')`)
		ben.eval(notesSeen, nil)
		tb.offline(ben, "ben", true)
		ben.do(chromedp.SetValue(css(l.field), "8"))
		ben.tap(l.send)
		within(ben, 5*time.Second, `(document.querySelector('[data-testid=pending-save]') || {}).textContent === "`+l.waiting+`"`,
			l.who+"'s line kept, told as a line")
		tb.offline(ben, "ben", false)
		ben.eval(`window.dispatchEvent(new Event('online'))`, nil)
		within(ben, 10*time.Second, `!!document.querySelector('[data-testid=line-in][data-player=`+l.who+`]') && !document.querySelector('[data-testid=pending-save]')`,
			l.who+"'s kept line arrives")
		var seen bool
		ben.eval(`window.tkNotes.includes("`+l.sending+`")`, &seen)
		if !seen {
			var all string
			ben.eval(`JSON.stringify(window.tkNotes)`, &all)
			t.Errorf("while %s's line was sent the note said %s, want %q among them", l.who, all, l.sending)
		}
	}
}

// A line sent while new rounds of the same match wait on the phone goes
// behind them (issue 37): Ben's phone keeps round 1 without a connection
// and moves on to round 2; the connection comes back and round 1 is on
// its way (slow) when Ben sends his own line of round 2, the round his
// form shows. The line waits on the phone, said as a line, and is sent
// after round 1 is in: it is round 2's line, stored once, not refused as
// a form for a round that does not come next. Over localhost (a service
// worker) and over plain http on a LAN name (none).
func TestBrowserLineBehindKeptRounds(t *testing.T) {
	for _, host := range []string{"", "tk.lan"} {
		t.Run(cmp.Or(host, "localhost"), func(t *testing.T) { lineBehindKeptRounds(t, host) })
	}
}

func lineBehindKeptRounds(t *testing.T, host string) {
	tb := linesBrowserTableAt(t, host)
	ben := tb.ben
	ben.waitFor(`!!document.querySelector('[data-testid=own-line] [data-testid=points-input]')`)
	tb.offline(ben, "ben", true)
	ben.tap("[data-testid=went-out][data-player=Ana]")
	for row, pts := range []string{"7", "9", "5"} {
		ben.do(chromedp.SetValue(css(fmt.Sprintf("#points_%d", row+1)), pts))
	}
	ben.tap("[data-testid=save-round]")
	within(ben, 5*time.Second, `document.querySelectorAll('[data-testid=kept-round]').length === 1 && document.querySelector('#round-form h2').textContent === 'Enter round 2' && !!document.querySelector('[data-testid=own-line] [data-testid=points-input]')`,
		"round 1 kept, the form on round 2 with Ben's own line")
	tb.cut.mu.Lock()
	tb.cut.hold = map[string]time.Duration{"ben": 3 * time.Second}
	tb.cut.mu.Unlock()
	tb.offline(ben, "ben", false)
	ben.eval(`window.dispatchEvent(new Event('online'))`, nil)
	ben.do(chromedp.SetValue(css("[data-testid=own-line] [data-testid=points-input]"), "8"))
	ben.tap("[data-testid=send-line].own-send")
	if n, _ := tb.liveRounds(); n != 0 {
		t.Fatalf("round 1 arrived before the line was sent: the test did not send it while round 1 was on its way")
	}
	within(ben, 15*time.Second, rowsJS+` === 1 && !!document.querySelector('[data-testid=line-in][data-player=Ben]') && !document.querySelector('[data-testid=pending-save], [data-testid=kept-round]')`,
		"round 1 saved, then Ben's line of round 2 in")
	time.Sleep(2 * time.Second) // a second send would land now
	if n, bens := tb.liveRounds(); n != 1 || bens[0] != 7 {
		t.Errorf("the server has %d rounds %v, want round 1 with Ben's 7", n, bens)
	}
	m, _, err := tb.b.app.store.MatchSheet(context.Background(), mustGroupID(t, tb.b.app, tb.slug), tb.matchID)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Lines) != 1 || m.Lines[0].Number != 2 || m.Lines[0].Seat != 1 || m.Lines[0].Version != 1 || parseLine(m.Lines[0].Fields).Get("points_1") != "8" {
		t.Errorf("the lines are %+v, want Ben's 8 for round 2, once", m.Lines)
	}
	var told string
	ben.eval(`Array.from(document.querySelectorAll('[data-testid=refused-save], .flash.bad')).filter(e => e.getClientRects().length > 0).map(e => e.textContent).join(' | ')`, &told)
	if told != "" {
		t.Errorf("Ben's phone says %q, want nothing refused", told)
	}
}

// A round kept offline on a page drawn with lines in moves the form on to
// a blank next round (issue 37), not to one holding the kept round's
// lines: Ana sent her line (she went out); Ben opens the match, then
// without a connection types the other lines and saves round 1. His form
// for round 2 has no one out and no line in; back online, round 1 arrives
// as typed and round 2 holds nothing.
func TestBrowserKeptRoundWithLinesMovesOnBlank(t *testing.T) {
	tb := linesBrowserTableAt(t, "tk.lan")
	ana, ben := tb.ana, tb.ben
	ana.open(tb.match)
	ana.waitFor(`!!document.querySelector('[data-testid=own-line] [data-testid=went-out]')`)
	ana.tap("[data-testid=own-line] [data-testid=went-out]")
	ana.tap("[data-testid=send-line].own-send")
	ana.waitFor(`!!document.querySelector('[data-testid=line-in][data-player=Ana]')`)
	ben.open(tb.match) // the page drawn with Ana's line in
	ben.waitFor(`!!document.querySelector('[data-testid=line-in][data-player=Ana]') && document.querySelector('[data-testid=went-out][data-player=Ana]').checked`)
	tb.offline(ben, "ben", true)
	for row, pts := range []int{7, 9, 5} {
		ben.do(chromedp.SetValue(css(fmt.Sprintf("#points_%d", row+1)), fmt.Sprint(pts)))
	}
	ben.tap("[data-testid=save-round]")
	within(ben, 5*time.Second, `document.querySelectorAll('[data-testid=kept-round]').length === 1 && document.querySelector('#round-form h2').textContent === 'Enter round 2'`, "round 1 kept, the form on round 2")
	var form string
	ben.eval(`JSON.stringify({
		out: [...document.querySelectorAll('#round-form [data-testid=went-out]:checked')].map(e => e.dataset.player),
		in: [...document.querySelectorAll('#round-form [data-testid=line-in], #round-form .line-done')].filter(e => e.getClientRects().length > 0).map(e => e.dataset.player || e.className),
		typed: [...document.querySelectorAll('#round-form [data-testid=points-input]')].map(e => e.value).join(''),
		own: !!document.querySelector('#round-form [data-testid=own-line][data-player=Ben]'),
	})`, &form)
	if form != `{"out":[],"in":[],"typed":"","own":true}` {
		t.Errorf("Ben's form for round 2 is %s, want blank (no one out, no line in, nothing typed) with his own line", form)
	}
	tb.offline(ben, "ben", false)
	ben.eval(`window.dispatchEvent(new Event('online'))`, nil)
	within(ben, 15*time.Second, rowsJS+` === 1 && !document.querySelector('[data-testid=pending-save], [data-testid=kept-round]')`, "round 1 sent")
	wantTotals(ben, "Ana:0 Ben:7 Chloé:9 Dan:5")
	m, _, err := tb.b.app.store.MatchSheet(context.Background(), mustGroupID(t, tb.b.app, tb.slug), tb.matchID)
	if err != nil {
		t.Fatal(err)
	}
	if len(pendingLines(m, 2)) != 0 {
		t.Errorf("round 2 holds lines %+v, want none", pendingLines(m, 2))
	}
}
