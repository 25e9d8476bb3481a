package handlers

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Offline, the table keeps going (issue 37): a phone without a connection
// enters three rounds in a row; each is kept and the form moves on to the
// next; the totals count the kept rounds, marked as waiting (seen, and
// said for screen readers); one note says they wait. Back online, the
// three arrive once each, in order, and the other phone shows them. Over
// https-like localhost (a service worker, and a reload without a
// connection) and over plain http on a LAN name (no service worker).
func TestBrowserOfflineTableKeepsGoing(t *testing.T) {
	for _, host := range []string{"", "tk.lan"} {
		t.Run(cmp.Or(host, "localhost"), func(t *testing.T) { offlineKeepsGoing(t, host) })
	}
}

// keptState is what Ben's phone shows of the kept rounds.
const keptState = `JSON.stringify({
  rows: [...document.querySelectorAll('[data-testid=kept-round]')].map(r => r.dataset.round + ':' + r.querySelector('[data-testid=kept-waiting]').textContent + ':' + [...r.querySelectorAll('td')].slice(1, -1).map(c => c.textContent).join('/')),
  totals: [...document.querySelectorAll('[data-testid=total]')].map(c => c.textContent.trim() + (c.classList.contains('kept-in') ? '*' : '')).join(' '),
  board: [...document.querySelectorAll('[data-testid=scoreboard-player]')].map(li => li.dataset.player + ':' + li.querySelector('.sb-total').textContent.trim()).join(' '),
  note: (document.querySelector('[data-testid=kept-note]') || {}).textContent || '',
  noteRole: (document.querySelector('[data-testid=kept-note]') || {getAttribute() { return '' }}).getAttribute('role'),
  notes: [...document.querySelectorAll('[data-testid=pending-save], [data-testid=offline-here]')].map(e => e.dataset.testid + ': ' + e.textContent),
  key: document.querySelector('#round-form [name=submitKey]').value.split('.')[0],
  title: document.querySelector('#round-form h2').textContent,
  blank: !document.querySelector('#round-form [data-testid=went-out]:checked') && [...document.querySelectorAll('#round-form [data-testid=points-input]')].every(i => i.value === ''),
})`

type keptView struct {
	Rows          []string
	Totals, Board string
	Note          string
	NoteRole      string
	Notes         []string
	Key, Title    string
	Blank         bool
}

func offlineKeepsGoing(t *testing.T, host string) {
	tb := offlineTableAt(t, host)
	ben := tb.ben
	tb.offline(ben, "ben", true)
	for i, pts := range []int{7, 8, 9} {
		saveRound(ben, pts)
		within(ben, 5*time.Second, fmt.Sprintf(`document.querySelectorAll('[data-testid=kept-round]').length === %d && document.querySelector('#round-form [name=submitKey]').value.startsWith('%d.') && document.querySelector('#round-form h2').textContent === 'Enter round %d'`, i+1, i+2, i+2),
			fmt.Sprintf("round %d kept and the form on round %d", i+1, i+2))
	}
	look := func(when string) keptView {
		t.Helper()
		within(ben, 5*time.Second, `!!document.querySelector('[data-testid=kept-note]') && (document.querySelector('[data-testid=pending-save]') || {}).textContent?.includes('Rounds 1, 2, 3')`, "the kept rounds counted and told "+when)
		var s string
		ben.eval(keptState, &s)
		var v keptView
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			t.Fatal(err)
		}
		want := []string{"1:waiting:0/7", "2:waiting:0/8", "3:waiting:0/9"}
		if !slices.Equal(v.Rows, want) {
			t.Errorf("%s: the kept rows are %q, want %q", when, v.Rows, want)
		}
		if v.Totals != "0* 24*" || v.Board != "Ana:0 Ben:24" {
			t.Errorf("%s: totals %q and scoreboard %q, want 0* 24* (marked as counting kept rounds) and Ana:0 Ben:24", when, v.Totals, v.Board)
		}
		if v.NoteRole != "status" || v.Note != "The totals in italics count the rounds waiting on this phone." {
			t.Errorf("%s: the note on the totals is %q (role %q)", when, v.Note, v.NoteRole)
		}
		if len(v.Notes) != 1 || v.Notes[0] != "pending-save: Rounds 1, 2, 3 are kept on this phone, waiting for the connection: they will be sent by themselves, in order." {
			t.Errorf("%s: the notes beside Save are %q, want one: the rounds waiting", when, v.Notes)
		}
		if v.Key != "4" || v.Title != "Enter round 4" || !v.Blank {
			t.Errorf("%s: the form is for round %s (%q), blank %v; want round 4, blank", when, v.Key, v.Title, v.Blank)
		}
		return v
	}
	look("offline")
	ben.shot("offline-kept-rounds-" + cmp.Or(host, "localhost"))
	if n, _ := tb.liveRounds(); n != 0 {
		t.Fatalf("the server has %d rounds while Ben is offline", n)
	}
	if host == "" { // a reload without a connection: the worker's copy of the page, then the same
		ben.do(chromedp.Reload())
		look("after a reload offline")
	}
	tb.cut.counted("ben")
	tb.offline(ben, "ben", false)
	within(ben, 15*time.Second, rowsJS+` === 3 && !document.querySelector('[data-testid=kept-round], [data-testid=pending-save], [data-testid=kept-note]') && document.querySelector('#round-form [name=submitKey]').value.startsWith('4.')`,
		"the kept rounds are sent when the connection is back, and the sheet is the server's")
	within(tb.ana, 8*time.Second, rowsJS+` === 3`, "Ana's phone shows Ben's three rounds")
	wantTotals(tb.ana, "Ana:0 Ben:24")
	time.Sleep(4 * time.Second) // every retry that could still come
	if n, bens := tb.liveRounds(); n != 3 || !slices.Equal(bens, []int{7, 8, 9}) {
		t.Errorf("the server has %d rounds %v, want three, Ben's 7, 8, 9 in order", n, bens)
	}
	if _, saves := tb.cut.counted("ben"); saves != 3 {
		t.Errorf("Ben's phone posted %d saves once back, want 3 (each round once)", saves)
	}
	var left string
	ben.eval(`localStorage.getItem('tk-pending') || ''`, &left)
	if left != "" && left != "[]" {
		t.Errorf("the phone still keeps %s", left)
	}
}

// A kept round refused for good, and the rounds kept after it: Ben keeps
// rounds 1 and 2 offline (Ben 7, then 8) while Ana saves round 1 online
// (Ben 10). Back online, Ben's round 1 meets Ana's: it is not saved, and
// his phone says so with its reason and what he typed, until he dismisses
// it; his round 2 is the table's round 2 all the same, and is saved (it
// is not dropped, nor held behind a round that will never be his).
func TestBrowserOfflineRoundsAfterARefusal(t *testing.T) {
	tb := offlineTableAt(t, "tk.lan")
	ben := tb.ben
	tb.offline(ben, "ben", true)
	saveRound(ben, 7)
	within(ben, 5*time.Second, `document.querySelectorAll('[data-testid=kept-round]').length === 1 && document.querySelector('#round-form h2').textContent === 'Enter round 2'`, "round 1 kept")
	saveRound(ben, 8)
	within(ben, 5*time.Second, `document.querySelectorAll('[data-testid=kept-round]').length === 2`, "round 2 kept")
	saveRound(tb.ana, 10)
	tb.ana.waitFor(rowsJS + ` === 1`)
	tb.offline(ben, "ben", false)
	within(ben, 15*time.Second, rowsJS+` === 2 && !document.querySelector('[data-testid=kept-round], [data-testid=pending-save]') && (document.querySelector('[data-testid=refused-save]') || {}).textContent?.includes('Round 1 was not saved: another phone saved it first')`,
		"round 1 refused with its reason, round 2 saved")
	typed := ben.text("[data-testid=refused-typed]")
	if !strings.Contains(typed, "7") {
		t.Errorf("the refusal says %q, want what Ben typed (7)", typed)
	}
	ben.inView("[data-testid=refused-save]", "once the connection is back")
	ben.shot("offline-refused-then-saved")
	time.Sleep(3 * time.Second)
	if n, bens := tb.liveRounds(); n != 2 || !slices.Equal(bens, []int{10, 8}) {
		t.Errorf("the server has %d rounds %v, want Ana's round 1 (Ben 10) and Ben's round 2 (8)", n, bens)
	}
	ben.tap("[data-testid=refused-dismiss]")
	within(ben, 3*time.Second, `!document.querySelector('[data-testid=refused-save]') && !(localStorage.getItem('tk-pending') || '').includes('refused')`, "dismissed, nothing kept")
}
