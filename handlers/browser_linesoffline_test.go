package handlers

import (
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
