package handlers

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// ownFormRound is the round the phone's round form is for (its key's number).
const ownFormRound = `parseInt((document.querySelector('#round-form input[name=submitKey]')||{value:''}).value, 10)`

// When another phone's line completes the round (saved with no Save
// tapped), every phone moves on to the next round's form, as the sender's
// does (issue 37): Ben, who had sent his own line, sees round 2's form
// with his line empty and nothing in, no "what you typed is still here",
// and his next line goes into round 2. A real draft (Dan's points typed on
// Ben's phone and not sent) is still kept and told when the round is
// saved, and his Save then meets the conflict, never silently replacing
// the saved round.
func TestBrowserLinesRoundMovesOnEveryPhone(t *testing.T) {
	tb := linesBrowserTable(t)
	ana, ben := tb.ana, tb.ben
	ana.open(tb.match)
	for _, p := range []*phone{ana, ben} {
		p.waitFor(`!!document.querySelector('[data-testid=own-line]')`)
	}
	ben.tap("[data-testid=own-line] [data-testid=points-input]")
	ben.do(chromedp.SendKeys(css("[data-testid=own-line] [data-testid=points-input]"), "7"))
	ben.tap("[data-testid=send-line].own-send")
	ben.waitFor(`!!document.querySelector('[data-testid=line-in][data-player=Ben]')`)
	within(ana, 5*time.Second, `!!document.querySelector('[data-testid=line-in][data-player=Ben]')`, "Ben's line in on Ana's phone")

	// Ana sends hers, Chloé's and Dan's: the last one saves round 1.
	ana.tap("[data-testid=own-line] [data-testid=went-out]")
	ana.tap("[data-testid=send-line].own-send")
	ana.waitFor(`!!document.querySelector('[data-testid=line-in][data-player=Ana]')`)
	for _, l := range []struct{ name, pts string }{{"Chloé", "9"}, {"Dan", "5"}} {
		ana.do(chromedp.SendKeys(css("[data-testid=points-input][data-player="+l.name+"]"), l.pts))
		ana.tap("[data-testid=send-line][data-player=" + l.name + "]")
		if l.name != "Dan" {
			ana.waitFor(`!!document.querySelector('[data-testid=line-in][data-player=` + l.name + `]')`)
		}
	}
	within(ben, 5*time.Second, rowsJS+` === 1`, "round 1 saved on Ben's phone")
	within(ben, 5*time.Second, ownFormRound+` === 2 && document.querySelector('[data-testid=line-in]') === null && document.querySelector('[data-testid=own-line] [data-testid=points-input]').value === ''`,
		"Ben's form on round 2, his line empty, no line in")
	if n := countSel(ben, "[data-testid=saved-by-other]"); n != 0 {
		t.Errorf("Ben typed nothing for round 2, yet his phone says what he typed is kept (%q)", ben.text("[data-testid=saved-by-other]"))
	}

	// Ben's next line goes into round 2; round 1 stays as saved.
	ben.tap("[data-testid=own-line] [data-testid=went-out]")
	ben.tap("[data-testid=send-line].own-send")
	within(ana, 5*time.Second, `!!document.querySelector('[data-testid=line-in][data-player=Ben]')`, "Ben's round-2 line in on Ana's phone")
	m, rounds, err := tb.b.app.store.MatchSheet(context.Background(), mustGroupID(t, tb.b.app, tb.slug), tb.matchID)
	if err != nil {
		t.Fatal(err)
	}
	if len(rounds) != 1 || len(m.Lines) != 1 || m.Lines[0].Number != 2 {
		t.Fatalf("after Ben's round-2 line: %d rounds, lines %+v; want round 1 kept and Ben's line for round 2", len(rounds), m.Lines)
	}
	wantTotals(ana, "Ana:0 Ben:7 Chloé:9 Dan:5")

	// A real draft: Ben types Dan's points and does not send them; Ana's
	// lines save round 2. Ben's phone keeps what he typed and says so; his
	// Save is a conflict, not a new round 2.
	ben.do(chromedp.SendKeys(css("[data-testid=points-input][data-player=Dan]"), "8"))
	ana.do(chromedp.SendKeys(css("[data-testid=own-line] [data-testid=points-input]"), "3"))
	ana.tap("[data-testid=send-line].own-send")
	ana.waitFor(`!!document.querySelector('[data-testid=line-in][data-player=Ana]')`)
	for _, l := range []struct{ name, pts string }{{"Chloé", "5"}, {"Dan", "6"}} {
		ana.do(chromedp.SendKeys(css("[data-testid=points-input][data-player="+l.name+"]"), l.pts))
		ana.tap("[data-testid=send-line][data-player=" + l.name + "]")
		if l.name != "Dan" {
			ana.waitFor(`!!document.querySelector('[data-testid=line-in][data-player=` + l.name + `]')`)
		}
	}
	within(ben, 5*time.Second, rowsJS+` === 2 && !!document.querySelector('[data-testid=saved-by-other]')`, "round 2 saved, told on Ben's phone")
	var dan string
	ben.eval(`document.querySelector('[data-testid=points-input][data-player=Dan]').value`, &dan)
	if dan != "8" {
		t.Errorf("Ben's draft for Dan reads %q after the round was saved, want what he typed (8)", dan)
	}
	ben.tap("[data-testid=save-round]")
	within(ben, 5*time.Second, `(document.querySelector('[data-testid=flash][role=alert]')||{}).textContent?.includes('Another phone saved')`, "Ben's Save meets the conflict")
	wantTotals(ana, "Ana:3 Ben:7 Chloé:14 Dan:11")
}

// The values of a line in show on every phone within a second, as sent
// (issue 37), without touching what this phone's player is typing in
// another line; a keeper's Save on that phone then carries them. Ben is
// typing Dan's points (the field still focused) when Ana sends her line
// and Chloé's: his form shows Ana out and Chloé's 9, Dan's 5 stays, and
// his Save saves the whole round as every phone entered it.
func TestBrowserLineValuesLive(t *testing.T) {
	tb := linesBrowserTable(t)
	ana, ben := tb.ana, tb.ben
	ana.open(tb.match)
	for _, p := range []*phone{ana, ben} {
		p.waitFor(`!!document.querySelector('[data-testid=own-line]')`)
	}
	ben.do(chromedp.SendKeys(css("[data-testid=points-input][data-player=Dan]"), "5"))
	ana.tap("[data-testid=own-line] [data-testid=went-out]")
	ana.tap("[data-testid=send-line].own-send")
	ana.waitFor(`!!document.querySelector('[data-testid=line-in][data-player=Ana]')`)
	ana.do(chromedp.SendKeys(css("[data-testid=points-input][data-player=Chloé]"), "9"))
	ana.tap("[data-testid=send-line][data-player=Chloé]")
	ana.waitFor(`!!document.querySelector('[data-testid=line-in][data-player=Chloé]')`)
	took := within(ben, 5*time.Second, `document.querySelector('[data-testid=went-out][data-player=Ana]').checked && document.querySelector('[data-testid=points-input][data-player=Chloé]').value === '9'`,
		"Ana's and Chloé's lines, as sent, on Ben's phone")
	t.Logf("the values seen on Ben's phone after %v", took)
	var kept string
	ben.eval(`document.querySelector('[data-testid=points-input][data-player=Dan]').value + (document.activeElement === document.querySelector('[data-testid=points-input][data-player=Dan]') ? ' focused' : '')`, &kept)
	if kept != "5 focused" {
		t.Errorf("Dan's field on Ben's phone reads %q, want what Ben is typing there, still focused (\"5 focused\")", kept)
	}
	ben.do(chromedp.SetValue(css("[data-testid=own-line] [data-testid=points-input]"), "7"))
	ben.tap("[data-testid=save-round]")
	for _, p := range []*phone{ben, ana} {
		within(p, 5*time.Second, rowsJS+` === 1`, "the keeper's Save saves the round")
		wantTotals(p, "Ana:0 Ben:7 Chloé:9 Dan:5")
	}
}

// Take 5!, on the phone of a player typing their own line: the line Ana
// sends for Chloé shows there as sent, her counts, her x2 and what they
// score, not "0 − 0 = 0" beside "Line in" (issue 37); what Ben is typing
// stays, focused; once his line is in, the deal is saved and both phones
// move on to deal 2.
func TestBrowserTake5LineValuesLive(t *testing.T) {
	b := newBrowser(t)
	ana := b.phone()
	slug := browserGroup(ana, "Jeudi", "Ana", "Ben", "Chloé")
	ben := b.memberPhone(slug, "Ben")
	m := browserMatch(ana, slug, "take5", "Ana", "Ben", "Chloé")
	ben.open(m)
	for _, p := range []*phone{ana, ben} {
		p.waitFor(`!!document.querySelector('[data-testid=own-line]')`)
	}
	x2 := func(p *phone, row string) { p.tap(`label:has(> input[name=x2_` + row + `][value="1"])`) }
	ben.do(chromedp.SendKeys(css("[data-testid=own-line] input[name=green_1]"), "3"))

	ana.do(chromedp.SendKeys(css("input[name=green_0]"), "5"), chromedp.SendKeys(css("input[name=red_0]"), "3"))
	x2(ana, "0")
	ana.tap("[data-testid=send-line].own-send")
	ana.waitFor(`!!document.querySelector('[data-testid=line-in][data-player=Ana]')`)
	ana.do(chromedp.SendKeys(css("input[name=green_2]"), "10"), chromedp.SendKeys(css("input[name=red_2]"), "2"))
	x2(ana, "2")
	ana.tap("[data-testid=send-line][data-player=Chloé]")
	ana.waitFor(`!!document.querySelector('[data-testid=line-in][data-player=Chloé]')`)

	chloe := `(() => { const s = Array.from(document.querySelectorAll('[data-testid=seat]')).find(e => e.dataset.player === 'Chloé'); return s.querySelector('input[name=green_2]').value + '/' + s.querySelector('input[name=red_2]').value + '/' + (s.querySelector('input[name=x2_2]:checked')||{}).value + ' ' + (s.querySelector('[data-testid=working]')||{}).textContent; })()`
	within(ben, 5*time.Second, chloe+`.startsWith('10/2/1 ') && `+chloe+`.endsWith('= 16')`, "Chloé's line, as Ana sent it, on Ben's phone with what it scores")
	var kept string
	ben.eval(`document.querySelector('input[name=green_1]').value + (document.activeElement === document.querySelector('input[name=green_1]') ? ' focused' : '')`, &kept)
	if kept != "3 focused" {
		t.Errorf("Ben's own green count reads %q, want what he is typing, still focused (\"3 focused\")", kept)
	}

	ben.do(chromedp.SendKeys(css("input[name=red_1]"), "20"))
	x2(ben, "1")
	ben.tap("[data-testid=send-line].own-send")
	for _, p := range []*phone{ben, ana} {
		within(p, 5*time.Second, rowsJS+` === 1`, "the deal saved when Ben's line is in")
		within(p, 5*time.Second, ownFormRound+` === 2 && document.querySelector('[data-testid=line-in]') === null && document.querySelector('[data-testid=round-refusals]') === null`, "the next deal's form, nothing in, on every phone")
		wantTotals(p, "Ana:4 Ben:-34 Chloé:16")
	}
}

// TAKI, on the phone of a player who tapped his own Won and has not sent
// it: the lines sent meanwhile for the others show there as sent (Won is
// one field through every row, yet only his own row is his draft), his
// Won stays; his line then completes the round, saved on both phones.
func TestBrowserTakiLineValuesLive(t *testing.T) {
	b := newBrowser(t)
	ana := b.phone()
	slug := browserGroup(ana, "Jeudi", "Ana", "Ben", "Chloé")
	ben := b.memberPhone(slug, "Ben")
	m := browserMatch(ana, slug, "taki", "Ana", "Ben", "Chloé")
	ben.open(m)
	for _, p := range []*phone{ana, ben} {
		p.waitFor(`!!document.querySelector('[data-testid=own-line]')`)
	}
	ben.tap("[data-testid=own-line] [data-testid=winner-radio]")
	ana.do(chromedp.SendKeys(css("[data-testid=own-line] [data-testid=points-input]"), "7"))
	ana.tap("[data-testid=send-line].own-send")
	ana.waitFor(`!!document.querySelector('[data-testid=line-in][data-player=Ana]')`)
	ana.do(chromedp.SendKeys(css("[data-testid=points-input][data-player=Chloé]"), "12"))
	ana.tap("[data-testid=send-line][data-player=Chloé]")
	ana.waitFor(`!!document.querySelector('[data-testid=line-in][data-player=Chloé]')`)
	within(ben, 5*time.Second, `document.querySelector('[data-testid=points-input][data-player=Ana]').value === '7' && document.querySelector('[data-testid=points-input][data-player=Chloé]').value === '12'`,
		"Ana's and Chloé's lines, as sent, on Ben's phone")
	var won bool
	ben.eval(`document.querySelector('[data-testid=own-line] [data-testid=winner-radio]').checked`, &won)
	if !won {
		t.Error("Ben's own Won, tapped and not sent, is gone from his phone")
	}
	ben.tap("[data-testid=send-line].own-send")
	for _, p := range []*phone{ben, ana} {
		within(p, 5*time.Second, rowsJS+` === 1`, "the round saved when Ben's line is in")
		within(p, 5*time.Second, ownFormRound+` === 2`, "the next round's form on every phone")
	}
}
