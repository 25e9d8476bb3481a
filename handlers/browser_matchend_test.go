package handlers

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The end of a match, on every phone (issue 30): whoever saves the last
// round, each phone that has the match open shows the result in view, under
// the sticky bars at the top, with the winner, the ranking and a rematch.

// resultInView fails unless the result (winner, ranking, rematch) is on the
// screen, below the app bar and the scoreboard that stick at the top.
func resultInView(p *phone, when string) {
	p.b.t.Helper()
	p.waitFor(`document.querySelector('[data-testid=result]') !== null`)
	js := `(() => {
		const card = document.querySelector('[data-testid=match-result]');
		const parts = ['[data-testid=winner]', '[data-testid=result]', '[data-testid=rematch]'].map(s => document.querySelector(s));
		if (!card || parts.some(e => !e)) return 'missing';
		let top = 0;
		for (const bar of document.querySelectorAll('header.appbar, #scoreboard')) top = Math.max(top, bar.getBoundingClientRect().bottom);
		for (const e of parts) {
			const r = e.getBoundingClientRect();
			if (r.height === 0 || r.top < top - 0.5 || r.bottom > window.innerHeight + 0.5)
				return e.dataset.testid + ' at ' + Math.round(r.top) + '–' + Math.round(r.bottom) + ', bars end at ' + Math.round(top) + ', screen ' + window.innerHeight;
		}
		return '';
	})()`
	// The page scrolls to it once it has arrived: give it the moment it takes.
	for i := 0; ; i++ {
		var bad string
		p.eval(js, &bad)
		if bad == "" {
			return
		}
		if i == 40 {
			p.b.t.Errorf("%s: the result is not in view: %s", when, bad)
			return
		}
		p.eval(`new Promise(r => setTimeout(() => r(true), 50))`, nil)
	}
}

// endPhones makes a group of Ana (the host's phone) and Ben (who joined
// on his own phone), with Cleo seated by name.
func endPhones(t *testing.T) (b *browser, host, guest *phone, slug string) {
	t.Helper()
	b = newBrowser(t)
	host, guest = b.phone(), b.phone()
	slug = browserGroup(host, "Vendredi", "Ana", "Cleo")
	g, err := b.app.store.GroupBySlug(context.Background(), slug)
	if err != nil {
		t.Fatal(err)
	}
	guest.open("/join/" + slug + "/" + g.InviteToken)
	guest.do(chromedp.SendKeys(css("#display"), "Ben"), chromedp.Click(css("form[data-testid=join-form] button")),
		chromedp.WaitVisible(css("[data-testid=group-name]")))
	return b, host, guest, slug
}

// An express Five Crowns match started at round 11 ends with its first
// round: Ana saves it on her phone, with the form scrolled to Save, while
// Ben watches the sheet on his; both read the result, in view. The rematch
// opens the new match with the same three seated, and starts it in one more tap.
func TestBrowserMatchEndFiveCrownsBothPhones(t *testing.T) {
	_, host, guest, slug := endPhones(t)
	host.open("/g/" + slug + "/matches/new?game=fivecrowns")
	for i, n := range []string{"Ana", "Ben", "Cleo"} {
		host.do(chromedp.SetValue(css("[data-testid=seat-"+n+"]"), fmt.Sprint(i+1)))
	}
	host.do(chromedp.SetValue(css("[data-testid=start-round]"), "11"))
	host.tap("[data-testid=start-match]")
	host.waitFor(`document.querySelector('[data-testid=round-form]') !== null`)
	match := host.location()
	guest.open(match)
	guest.waitFor(`document.querySelector('[data-testid=round-form]') !== null`)
	guest.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, document.body.scrollHeight)`)) // Ben looks at the form

	host.tap("[data-testid=went-out][data-player=Cleo]")
	host.do(chromedp.SetValue(css("[data-testid=points-input][data-player=Ana]"), "40"),
		chromedp.SetValue(css("[data-testid=points-input][data-player=Ben]"), "25"))
	host.tap("[data-testid=save-round]")
	resultInView(host, "on the phone that saved")
	resultInView(guest, "on the phone that watched")
	host.shot("match-end-saved")
	guest.shot("match-end-watched")
	for _, p := range []*phone{host, guest} {
		if w := p.text("[data-testid=winner]"); !strings.Contains(w, "Cleo wins") {
			t.Errorf("the winner reads %q, want Cleo wins", w)
		}
		var order string
		p.eval(`Array.from(document.querySelectorAll('[data-testid=result-player]')).map(e => e.dataset.player).join(',')`, &order)
		if order != "Cleo,Ben,Ana" {
			t.Errorf("the ranking reads %q, want Cleo,Ben,Ana", order)
		}
	}

	// The rematch: the same game, the same three on the same seats, one tap to start.
	guest.tap("[data-testid=rematch]")
	guest.waitFor(`document.querySelector('[data-testid=new-match]') !== null`)
	var ticked string
	guest.eval(`Array.from(document.querySelectorAll('input[name=play]:checked')).map(e => e.dataset.testid).join(',')`, &ticked)
	if ticked != "play-Ana,play-Ben,play-Cleo" {
		t.Errorf("the rematch ticks %q, want Ana, Ben and Cleo in their seats' order", ticked)
	}
	guest.tap("[data-testid=start-match]")
	guest.waitFor(`document.querySelector('[data-testid=round-form]') !== null`)
	var names string
	guest.eval(`Array.from(document.querySelectorAll('[data-testid=scoreboard-player]')).map(e => e.dataset.player).join(',')`, &names)
	if names != "Ana,Ben,Cleo" || guest.location() == match {
		t.Errorf("the rematch is %s with %q, want a new match of Ana,Ben,Cleo", guest.location(), names)
	}
}

// A TAKI match of one round: the result comes into view on the phone that
// saved it, the form having been scrolled to Save.
func TestBrowserMatchEndTaki(t *testing.T) {
	_, host, _, slug := endPhones(t)
	host.open("/g/" + slug + "/matches/new?game=taki")
	for i, n := range []string{"Ana", "Ben", "Cleo"} {
		host.do(chromedp.SetValue(css("[data-testid=seat-"+n+"]"), fmt.Sprint(i+1)))
	}
	host.tap("[data-testid=end-rounds]")
	host.do(chromedp.Clear(css("[data-testid=rounds]")), chromedp.SendKeys(css("[data-testid=rounds]"), "1"))
	host.tap("[data-testid=start-match]")
	host.waitFor(`document.querySelector('[data-testid=round-form]') !== null`)
	host.tap("[data-testid=taki-winner] [data-testid=winner-radio][value='1']")
	host.do(chromedp.SendKeys(css("[data-testid=points-input][data-player=Ana]"), "12"),
		chromedp.SendKeys(css("[data-testid=points-input][data-player=Cleo]"), "30"))
	host.tap("[data-testid=save-round]")
	resultInView(host, "after the last TAKI round")
	if w := host.text("[data-testid=winner]"); !strings.Contains(w, "Ben wins") {
		t.Errorf("the winner reads %q, want Ben wins", w)
	}
}
