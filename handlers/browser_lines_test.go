package handlers

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// linesBrowserTable: Ana made the group, Ben joined from his own phone;
// Chloé and Dan have no phone. A Five Crowns match of the four is open on
// both phones, which can be cut off from the server (cuts).
func linesBrowserTable(t *testing.T) *offTable { t.Helper(); return linesBrowserTableAt(t, "") }

// linesBrowserTableAt is linesBrowserTable with the server reached by the
// name host (see newBrowserAt): over http there, no service worker runs.
func linesBrowserTableAt(t *testing.T, host string) *offTable {
	t.Helper()
	cut := &cuts{off: map[string]bool{}, open: map[string][]context.CancelFunc{},
		asked: map[string]int{}, saves: map[string]int{}, busy: map[string]string{}, nolive: map[string]bool{}}
	b := newBrowserAt(t, cut.front, host)
	tb := &offTable{b: b, cut: cut}
	tb.ana, tb.ben = b.phone(), b.phone()
	for name, p := range map[string]*phone{"ana": tb.ana, "ben": tb.ben} {
		p.do(chromedp.Action[chromedp.Void](chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, network.SetCookie, network.SetCookieParams{Name: "tkphone", Value: name, URL: b.url + "/"})
			return err
		})))
	}
	tb.slug = browserGroup(tb.ana, "Jeudi", "Ana", "Ben", "Chloé", "Dan")
	g, err := b.app.store.GroupBySlug(context.Background(), tb.slug)
	if err != nil {
		t.Fatal(err)
	}
	tb.ben.open("/join/" + tb.slug + "/" + g.InviteToken)
	tb.ben.do(chromedp.SendKeys(css("#display"), "Ben"), chromedp.Click(css("form[data-testid=join-form] button")),
		chromedp.WaitVisible(css("[data-testid=group-name]")))
	tb.match = browserMatch(tb.ana, tb.slug, "fivecrowns", "Ana", "Ben", "Chloé", "Dan")
	tb.matchID, _ = strconv.ParseInt(tb.match[strings.LastIndex(tb.match, "/")+1:], 10, 64)
	tb.ben.open(tb.match)
	if host == "" {
		tb.ben.waitFor(`navigator.serviceWorker && navigator.serviceWorker.controller !== null`)
	}
	return tb
}

// countTaps counts the taps (pointer downs) a phone's player makes from now on.
func countTaps(p *phone) {
	p.eval(`(window.tkTaps = 0, document.addEventListener('pointerdown', () => window.tkTaps++, true), true)`, nil)
}

// taps is how many taps countTaps counted (eval reads a number as a float64).
func taps(p *phone) int {
	var n float64
	p.eval(`window.tkTaps`, &n)
	return int(n)
}

// Two phones joined as two players, two players without a phone: each
// phone sends its own line first (Five Crowns: at most 2 taps and the
// digits), and a line for a player without one; every phone sees live
// whose line is in; a round the lines make that cannot be is refused on
// the phone that sent the line at fault, next to it; once corrected the
// round is saved on every phone with no Save tapped. A line sent without a
// connection waits on the phone and arrives once.
func TestBrowserLinesFromEachPhone(t *testing.T) {
	tb := linesBrowserTable(t)
	ana, ben := tb.ana, tb.ben
	ana.open(tb.match)
	for _, p := range []*phone{ana, ben} {
		p.waitFor(`!!document.querySelector('[data-testid=own-line]')`)
	}
	var own string
	ben.eval(`document.querySelector('[data-testid=own-line]').dataset.player + ' ' + (document.querySelector('[data-testid=own-line]').getBoundingClientRect().top < document.querySelector('[data-testid=seat][data-player=Ana]').getBoundingClientRect().top)`, &own)
	if own != "Ben true" {
		t.Fatalf("Ben's phone: own line and whether it comes first: %q, want \"Ben true\"", own)
	}

	// Ben: his points (1 tap on the field, the digits, 1 tap on Send).
	countTaps(ben)
	ben.tap("[data-testid=own-line] [data-testid=points-input]")
	ben.do(chromedp.SendKeys(css("[data-testid=own-line] [data-testid=points-input]"), "7"))
	ben.tap("[data-testid=send-line].own-send")
	ben.waitFor(`!!document.querySelector('[data-testid=line-in][data-player=Ben]')`)
	if n := taps(ben); n == 0 || n > 2 {
		t.Errorf("Ben's own Five Crowns line took %d taps and the digits, want 1 or 2 (0: the taps were not counted)", n)
	} else {
		t.Logf("Ben's own Five Crowns line: %d taps and the digits", n)
	}
	took := within(ana, 5*time.Second, `!!document.querySelector('[data-testid=line-in][data-player=Ben]')`, "Ben's line seen in on Ana's phone, live")
	t.Logf("Ben's line seen on Ana's phone after %v", took)

	// Ana: she went out (1 tap), sent (1 tap).
	countTaps(ana)
	ana.tap("[data-testid=own-line] [data-testid=went-out]")
	ana.tap("[data-testid=send-line].own-send")
	ana.waitFor(`!!document.querySelector('[data-testid=line-in][data-player=Ana]')`)
	if n := taps(ana); n == 0 || n > 2 {
		t.Errorf("Ana's own Five Crowns line took %d taps, want 1 or 2 (0: the taps were not counted)", n)
	} else {
		t.Logf("Ana's own Five Crowns line: %d taps", n)
	}
	within(ben, 5*time.Second, `!!document.querySelector('[data-testid=line-in][data-player=Ana]')`, "Ana's line seen in on Ben's phone")

	// Chloé has no phone: Ana types and sends hers. Dan's, from Ben's
	// phone, says he went out too: the round cannot be.
	ana.do(chromedp.SendKeys(css("[data-testid=points-input][data-player=Chloé]"), "9"))
	ana.tap("[data-testid=send-line][data-player=Chloé]")
	within(ben, 5*time.Second, `!!document.querySelector('[data-testid=line-in][data-player=Chloé]')`, "Chloé's line seen in on Ben's phone")
	ben.tap("[data-testid=went-out][data-player=Dan]")
	ben.tap("[data-testid=send-line][data-player=Dan]")
	within(ben, 5*time.Second, `!!document.querySelector('[data-testid=line-error][data-player=Dan]')`, "the line at fault refused on its sender's phone, next to it")
	if rounds, _ := tb.b.app.store.Rounds(context.Background(), tb.matchID); len(rounds) != 0 {
		t.Fatalf("a round with two players out was saved: %+v", rounds)
	}
	within(ana, 5*time.Second, `!!document.querySelector('[data-testid=line-error][data-player=Dan]')`, "the refused line shown on the other phone too")

	// Ben corrects Dan's line: the round is saved on both phones, no Save tapped.
	ben.tap("[data-testid=went-out][data-player=Dan]")
	ben.do(chromedp.SetValue(css("[data-testid=points-input][data-player=Dan]"), "5"))
	ben.tap("[data-testid=send-line][data-player=Dan]")
	for _, p := range []*phone{ben, ana} {
		within(p, 5*time.Second, rowsJS+` === 1`, "the round saved on every phone")
		wantTotals(p, "Ana:0 Ben:7 Chloé:9 Dan:5")
	}
	_, anaSaves := tb.cut.counted("ana")
	_, benSaves := tb.cut.counted("ben")
	if n := anaSaves + benSaves; n != 0 {
		t.Errorf("%d posts of the round form's Save, want none", n)
	}

	// Round 2: Ben's line sent without a connection waits, then arrives once.
	ben.waitFor(`!!document.querySelector('[data-testid=own-line] [data-testid=points-input]') && document.querySelector('[data-testid=line-in]') === null`)
	tb.offline(ben, "ben", true)
	ben.do(chromedp.SetValue(css("[data-testid=own-line] [data-testid=points-input]"), "8"))
	ben.tap("[data-testid=send-line].own-send")
	within(ben, 5*time.Second, `!!document.querySelector('[data-testid=pending-save]')`, "a line sent offline waits on the phone, said")
	tb.offline(ben, "ben", false)
	ben.eval(`window.dispatchEvent(new Event('online'))`, nil)
	within(ana, 10*time.Second, `!!document.querySelector('[data-testid=line-in][data-player=Ben]')`, "the kept line arrives, seen on Ana's phone")
	time.Sleep(2 * time.Second) // a second send would land now
	m, _, err := tb.b.app.store.MatchSheet(context.Background(), mustGroupID(t, tb.b.app, tb.slug), tb.matchID)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Lines) != 1 || m.Lines[0].Version != 1 || parseLine(m.Lines[0].Fields).Get("points_1") != "8" {
		t.Errorf("after the connection came back the lines are %+v, want Ben's 8 once", m.Lines)
	}
	ben.noOverflow(tb.match)
}

// The taps of one player's own line on their own phone, per game, with
// JavaScript on at 390×844 (issue 37): a tap is a click or a touch that
// focuses a field; digits are keys. Five Crowns (above, in
// TestBrowserLinesFromEachPhone): 2 taps (the field, Send) and the digits,
// or 2 (went out, Send). TAKI: 2 (the field, Send) and the digits, or 2
// (went out, Send). Take 5!: green typed (1 tap and the digits), the
// keyboard's Next to red (a key) and its digits, a special in hand (1),
// Send (1): 3 taps; each other special count not 0 is one tap more (the
// Example 4 deal's fullest line, Paul's +5, x2 and one in hand: 5). Take
// Five, whose round is its winner's line: Won (1), the rack (1 tap and
// the digits), Send (1): 3 taps, and the round is saved. On the keeper's
// phone the same round took a tap per field for every player, and Save.
func TestBrowserOwnLineTaps(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()
	group := entryGroup(p, "Ana", "Ben")
	for _, g := range []struct {
		game, field string
		taps        func(c *counter)
		want        int
		done        string // the line sent, as the page then shows it
	}{
		{"taki", "points-input", func(c *counter) {
			c.typeIn(`[data-testid=own-line] [data-testid=points-input]`, "12")
			c.tap(`[data-testid=send-line].own-send`)
		}, 2, ""},
		{"take5", "green", func(c *counter) {
			c.typeIn(`[data-testid=own-line] [data-testid=green]`, "3")
			c.next("5")
			c.tap(`[data-testid=own-line] [data-testid=hand] input[value="1"]`)
			c.tap(`[data-testid=send-line].own-send`)
		}, 4, ""},
		{"takefive", "winner-radio", func(c *counter) {
			c.tap(`[data-testid=own-line] .er-mark`)
			c.typeIn(`#rack`, "9 8 7 6 5")
			c.tap(`[data-testid=send-line].own-send`)
		}, 3, rowsJS + ` === 1`},
	} {
		entryMatch(p, group, g.game)
		p.waitFor(`!!document.querySelector('[data-testid=own-line][data-player=Ana]')`)
		var label string
		p.eval(`(e => e && e.getBoundingClientRect().width > 1 && e.getBoundingClientRect().right <= innerWidth && getComputedStyle(e).visibility !== 'hidden' ? e.textContent : '')(document.querySelector('[data-testid=own-line] [data-testid=own-line-label]'))`, &label)
		if label != "Your line" {
			t.Errorf("%s: the own line's visible label reads %q, want \"Your line\"", g.game, label)
		}
		c := &counter{p: p}
		g.taps(c)
		if g.done == "" {
			g.done = `!!document.querySelector('[data-testid=line-in][data-player=Ana]')`
		}
		p.waitFor(g.done)
		t.Logf("%s: Ana's own line, %d taps and the digits", g.game, c.n)
		if c.n > g.want {
			t.Errorf("%s: Ana's own line took %d taps, want at most %d", g.game, c.n, g.want)
		}
	}
}

// A line kept on the phone and refused for good is told as a line, in its
// own words (issue 37): Ben sends his own line and Dan's without a
// connection, the match is deleted meanwhile; back online, his phone says
// "Your line was not taken: …" and "The line you sent for Dan was not
// taken: …", not "Round 1 was not saved".
func TestBrowserLineRefusedForGood(t *testing.T) {
	tb := linesBrowserTable(t)
	ana, ben := tb.ana, tb.ben
	ana.open(tb.match)
	ana.waitFor(`!!document.querySelector('[data-testid=own-line]')`)
	ana.tap("[data-testid=own-line] [data-testid=went-out]")
	ana.tap("[data-testid=send-line].own-send")
	within(ben, 5*time.Second, `!!document.querySelector('[data-testid=send-line][data-player=Dan]')`, "Ana's line in on Ben's phone, with Dan's Send")
	tb.offline(ben, "ben", true)
	ben.do(chromedp.SetValue(css("[data-testid=own-line] [data-testid=points-input]"), "8"))
	ben.tap("[data-testid=send-line].own-send")
	within(ben, 5*time.Second, `!!document.querySelector('[data-testid=pending-save]')`, "Ben's line kept on the phone")
	ben.do(chromedp.SetValue(css("[data-testid=points-input][data-player=Dan]"), "5"))
	ben.tap("[data-testid=send-line][data-player=Dan]")
	if err := tb.b.app.store.DeleteMatch(context.Background(), mustGroupID(t, tb.b.app, tb.slug), tb.matchID, "Ana"); err != nil {
		t.Fatal(err)
	}
	tb.offline(ben, "ben", false)
	ben.eval(`window.dispatchEvent(new Event('online'))`, nil)
	told := `Array.from(document.querySelectorAll('[data-testid=refused-save]')).map(e => e.textContent).join(' | ')`
	for _, want := range []string{"Your line was not taken: this match was deleted.", "The line you sent for Dan was not taken: this match was deleted."} {
		within(ben, 10*time.Second, told+`.includes("`+want+`")`, "the refused line told as a line")
	}
	var all string
	ben.eval(told, &all)
	if strings.Contains(all, "Round 1 was not saved") {
		t.Errorf("a refused line is told as a round: %q", all)
	}
}
