package handlers

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// People come and go, on two phones at 390×844 with JavaScript: a guest
// seated in a Five Crowns match, a player who leaves after round 1 on the
// other phone (the first phone's form drops him live), round 2 without him,
// then the match ended now on the other phone: both show the result, the
// leaver last although his total is the lowest; the history says ended
// early, the standings leave the guest out, and its totals set no record.
func TestBrowserPeopleComeAndGo(t *testing.T) {
	b := newBrowser(t)
	host := b.phone()
	host.open("/")
	host.do(
		chromedp.SendKeys(css("#name"), "Jeudi"),
		chromedp.SendKeys(css("#display"), "Ana"),
		chromedp.Click(css("form[data-testid=create-group] button")),
		chromedp.WaitVisible(css("[data-testid=invite-url]")),
	)
	group := host.location()
	invite := host.text("[data-testid=invite-url]")
	other := b.phone()
	other.do(chromedp.Navigate(strings.Replace(invite, "http://tk.test", b.url, 1)))
	other.do(chromedp.SendKeys(css("#display"), "Ben"), chromedp.Click(css("form[data-testid=join-form] button")),
		chromedp.WaitVisible(css("[data-testid=group-name]")))
	host.open(group + "/players")
	host.do(chromedp.SendKeys(css("#new-player"), "Cleo"), chromedp.Click(css("form[data-testid=add-player] button")))
	host.waitFor(`document.querySelectorAll('[data-testid=player]').length === 3`)

	// A new match: the three players ticked and Gus, a guest, typed in.
	host.open(group)
	host.tap("[data-testid=new-fivecrowns]")
	host.waitFor(`document.querySelector('[data-testid=new-match]') !== null`)
	for _, n := range []string{"Ana", "Ben", "Cleo"} {
		host.tap("[data-testid='play-" + n + "']")
	}
	host.do(chromedp.SendKeys(css("[data-testid=guest-name]"), "Gus"))
	host.tap("[data-testid=start-match]")
	host.waitFor(`document.querySelector('[data-testid=round-form]') !== null`)
	match := host.location()
	board := func(p *phone, want string) {
		t.Helper()
		p.waitFor(fmt.Sprintf(`Array.from(document.querySelectorAll('[data-testid=scoreboard-player]')).map(e => e.dataset.player + ':' + e.dataset.total).join(' ') === %q`, want))
	}
	board(host, "Ana:0 Ben:0 Cleo:0 Gus:0")
	other.open(match)

	// Round 1: Ana out, Ben 5, Cleo 20, Gus 30.
	for seat, v := range []int{0, 5, 20, 30} {
		if v == 0 {
			host.tap(fmt.Sprintf("input[name=mode_%d][value=out]", seat))
			continue
		}
		host.do(chromedp.SetValue(css(fmt.Sprintf("#points_%d", seat)), fmt.Sprint(v)))
	}
	host.tap("[data-testid=save-round]")
	board(other, "Ana:0 Ben:5 Cleo:20 Gus:30")

	// Ben leaves, from the other phone's match menu.
	other.tap("[data-testid=menu] > summary")
	other.tap("[data-testid=leaves-ask]")
	other.tap("[data-testid=player-leaves][data-player=Ben]")
	other.waitFor(`(document.querySelector('[data-testid=left-note]')||{}).textContent?.includes('Ben left after Round 1')`)
	// The first phone's form follows live: three seats, Ben's gone.
	host.waitFor(`(document.querySelector('[data-testid=left-note]')||{}).textContent?.includes('Ben left')`)
	host.waitFor(`document.querySelector('#points_2') !== null && document.querySelector('#points_3') === null && !document.querySelector('[data-testid=round-form]').textContent.includes('Ben')`)

	// Round 2 without Ben: Ana 10, Cleo out, Gus 5.
	host.do(chromedp.SetValue(css("#points_0"), "10"))
	host.tap("input[name=mode_1][value=out]")
	host.do(chromedp.SetValue(css("#points_2"), "5"))
	host.tap("[data-testid=save-round]")
	board(other, "Ana:10 Ben:5 Cleo:20 Gus:35")

	// Round 3 from a page loaded afresh after Ben left (its first save is
	// taken, not refused as drawn for other seats): Ana out, Cleo 10, Gus 15.
	other.open(match)
	other.waitFor(`document.querySelector('#points_2') !== null && document.querySelector('#points_3') === null`)
	other.tap("input[name=mode_0][value=out]")
	other.do(chromedp.SetValue(css("#points_1"), "10"), chromedp.SetValue(css("#points_2"), "15"))
	other.tap("[data-testid=save-round]")
	board(other, "Ana:10 Ben:5 Cleo:30 Gus:50")

	// The other phone ends the match now (a confirm step first).
	other.tap("[data-testid=menu] > summary")
	other.tap("[data-testid=end-ask]")
	other.tap("[data-testid=end-match]")
	result := `Array.from(document.querySelectorAll('[data-testid=result-player]')).map(e => e.dataset.player + ':' + e.dataset.rank).join(' ') === 'Ana:1 Cleo:2 Gus:3 Ben:4'`
	other.waitFor(result)
	host.waitFor(result) // live, on the phone that did not end it
	host.waitFor(`document.querySelector('[data-testid=ended-early]') !== null && document.querySelector('[data-testid=round-form]') === null`)
	host.shot("comego-ended")

	host.open(group)
	if !strings.Contains(host.text("main"), "ended early") {
		t.Errorf("the group's history does not say the match ended early")
	}
	host.open(group + "/standings")
	var names string
	host.eval(`Array.from(document.querySelectorAll('[data-testid=standing-name]')).map(e => e.textContent.trim()).join(',')`, &names)
	if strings.Contains(names, "Gus") || !strings.Contains(names, "Ben") || !strings.Contains(names, "Ana") {
		t.Errorf("standings players = %q, want Ana, Ben, Cleo and not the guest Gus", names)
	}
	host.open(group + "/records")
	// Its totals and rounds set no record (a win still counts in a streak).
	if recs := host.text("main"); strings.Contains(recs, "Lowest total") || strings.Contains(recs, "Best round") {
		t.Errorf("the early-ended match set records: %q", recs)
	}
}
