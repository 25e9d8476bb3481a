package handlers

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablekeeper/tablekeeper/store"
)

// ownLineIntact is true while the round form still draws its lines: the
// phone's own line marked, its Send, and whose line is in.
const ownLineIntact = `!!document.querySelector('#round-form [data-testid=own-line][data-player=Ben] [data-testid=own-line-label]') &&
	!!document.querySelector('#round-form [data-testid=send-line].own-send') &&
	!!document.querySelector('#round-form [data-testid=lines]')`

// A line another phone sent first is a conflict shown on the phone that
// sent the second value, next to that line, with both values, the form
// keeping its lines (issue 37). Before, the sentence was drawn after the
// form, which htmx dropped: nothing showed, and the form lost its own line,
// its Send and whose lines were in.
func TestBrowserLineConflictShownNextToTheLine(t *testing.T) {
	tb := linesBrowserTable(t)
	ana, ben := tb.ana, tb.ben
	ana.open(tb.match)
	for _, p := range []*phone{ana, ben} {
		p.waitFor(`!!document.querySelector('[data-testid=own-line]')`)
	}
	ana.tap("[data-testid=own-line] [data-testid=went-out]")
	ana.tap("[data-testid=send-line].own-send")
	ana.waitFor(`!!document.querySelector('[data-testid=send-line][data-player=Chloé]')`)
	ana.do(chromedp.SendKeys(css("[data-testid=points-input][data-player=Chloé]"), "9"))
	ana.tap("[data-testid=send-line][data-player=Chloé]")
	within(ben, 5*time.Second, `!!document.querySelector('[data-testid=line-in][data-player=Chloé]')`, "Chloé's line in on Ben's phone")
	ben.do(chromedp.SetValue(css("[data-testid=points-input][data-player=Chloé]"), "4"))
	ben.tap("[data-testid=send-line][data-player=Chloé]")
	within(ben, 5*time.Second, `(document.querySelector('[data-testid=line-error][data-player=Chloé]') || {textContent: ''}).textContent.includes("Ana already sent Chloé's line: 9. Yours: 4.")`,
		"the conflict shown next to Chloé's line, both values said")
	ben.shot("line-conflict")
	var ok bool
	ben.eval(ownLineIntact, &ok)
	if !ok {
		t.Error("after the conflict Ben's form lost its lines (his own line marked, its Send, the lines in)")
	}
	var v string
	ben.eval(`document.querySelector('[data-testid=points-input][data-player=Chloé]').value`, &v)
	if v != "4" {
		t.Errorf("Chloé's field on Ben's phone after the conflict holds %q, want what he typed (4)", v)
	}
	m, _, err := tb.b.app.store.MatchSheet(context.Background(), mustGroupID(t, tb.b.app, tb.slug), tb.matchID)
	if err != nil || len(m.Lines) != 2 || !slices.ContainsFunc(m.Lines, func(l store.Line) bool { return l.Seat == 2 && parseLine(l.Fields).Get("points_2") == "9" }) {
		t.Fatalf("after the conflict the lines are %+v (%v), want Ana's 9 for Chloé", m.Lines, err)
	}
}

// A line refused on its own keeps the way to send it again: the refusal is
// next to the phone's own line, which stays first and marked, with its
// Send and what was typed (issue 37). Before, the form came back without
// its lines: no Send, the own line neither first nor marked.
func TestBrowserLineRefusedKeepsItsSend(t *testing.T) {
	tb := linesBrowserTable(t)
	ben := tb.ben
	ben.waitFor(`!!document.querySelector('[data-testid=own-line]')`)
	ben.tap("[data-testid=own-line] [data-testid=points-input]")
	ben.do(chromedp.SendKeys(css("[data-testid=own-line] [data-testid=points-input]"), "1"))
	ben.tap("[data-testid=send-line].own-send")
	within(ben, 5*time.Second, `(document.querySelector('[data-testid=own-line] [data-testid=line-error][data-player=Ben]') || {textContent: ''}).textContent.includes('No hand is worth 1 point')`,
		"the refusal next to Ben's own line")
	ben.shot("line-refused")
	var ok bool
	ben.eval(ownLineIntact, &ok)
	if !ok {
		t.Error("after the refusal Ben's form lost its lines (his own line marked, its Send)")
	}
	var v string
	ben.eval(`document.querySelector('[data-testid=own-line] [data-testid=points-input]').value`, &v)
	if v != "1" {
		t.Errorf("Ben's own points after the refusal: %q, want what he typed (1)", v)
	}
	// He corrects it and sends again from the same place: it is in.
	ben.do(chromedp.SetValue(css("[data-testid=own-line] [data-testid=points-input]"), "7"))
	ben.tap("[data-testid=send-line].own-send")
	within(ben, 5*time.Second, `!!document.querySelector('[data-testid=line-in][data-player=Ben]')`, "Ben's corrected line in")
	if strings.Contains(ben.text("#round-form"), "No hand is worth") {
		t.Error("the refusal stays once the line is in")
	}
}

// Four impossible Take 5! piles are refused in a box that leaves the form
// in view: one short sentence a player, the rule once, last (issue 37).
// Before, each player's sentence repeated the whole rule (about 45 words a
// player): the box, at its height cap, showed two players of four.
func TestBrowserTake5RefusalsLeaveTheFormInView(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()
	group := entryGroup(p, "Ana", "Ben", "Cleo", "Dan")
	entryMatch(p, group, "take5")
	for _, f := range []string{"green_0", "green_1", "green_2", "green_3"} {
		p.do(chromedp.SetValue(css("input[name="+f+"]"), "999"))
	}
	p.tap("[data-testid=save-round]")
	p.waitFor(`document.querySelectorAll('[data-testid=round-refusal]').length > 0`)
	p.shot("take5-four-piles")
	var got struct {
		Box, Screen float64
		Texts       []string
	}
	var raw string
	p.eval(`JSON.stringify({Box: document.querySelector('[data-testid=round-refusals]').getBoundingClientRect().height, Screen: innerHeight,
		Texts: Array.from(document.querySelectorAll('[data-testid=round-refusal]')).map(e => e.textContent.trim())})`, &raw)
	if err := json.Unmarshal([]byte(raw), &got); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	if got.Box > got.Screen/2 {
		t.Errorf("the refusals take %.0f px of a %.0f px screen, more than half: %q", got.Box, got.Screen, got.Texts)
	}
	if len(got.Texts) != 5 {
		t.Fatalf("refusals %q, want one a player and the rule", got.Texts)
	}
	if !strings.HasPrefix(got.Texts[4], "Such counts make no pile of at most") {
		t.Errorf("the last refusal is %q, want the rule", got.Texts[4])
	}
	for _, s := range got.Texts[:4] {
		if n := len(strings.Fields(s)); n > 20 {
			t.Errorf("a player's refusal is %d words, want one short sentence: %q", n, s)
		}
	}
}
