package handlers

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The table on two phones (issue 16): the scoreboard stays in view on first
// load, after a save and after the other phone's save; undo and delete ask
// first; a deleted match sends the other phone to the group with who deleted
// it; the next match starts with the remembered line-up in at most 3 taps
// and opens on its result once finished; nothing scrolls sideways.
func TestBrowserTable(t *testing.T) {
	b := newBrowser(t)
	host := b.phone()
	host.open("/")
	host.do(
		chromedp.SendKeys(css("#name"), "Mardi"),
		chromedp.SendKeys(css("#display"), "Ana"),
		chromedp.Click(css("form[data-testid=create-group] button")),
		chromedp.WaitVisible(css("[data-testid=invite-url]")),
	)
	slug := strings.TrimPrefix(host.location(), "/g/")
	group := "/g/" + slug
	invite := host.text("[data-testid=invite-url]")
	guest := b.phone()
	guest.do(chromedp.Navigate(strings.Replace(invite, "http://tk.test", b.url, 1)))
	guest.do(chromedp.SendKeys(css("#display"), "Ben"), chromedp.Click(css("form[data-testid=join-form] button")),
		chromedp.WaitVisible(css("[data-testid=group-name]")))
	// Ana (who made the group) and Ben (who joined) are players already.
	host.open(group + "/players")
	host.do(chromedp.SendKeys(css("#new-player"), "Chloé"), chromedp.Click(css("form[data-testid=add-player] button")))
	host.waitFor(`document.querySelectorAll('[data-testid=player]').length === 3`)

	// The first match: nobody is remembered yet, so each player is ticked;
	// Ben deals first, picked by name.
	host.open(group)
	host.shot("group-empty")
	host.tap("[data-testid=new-fivecrowns]")
	host.waitFor(`document.querySelector('[data-testid=new-match]') !== null`)
	for _, n := range []string{"Ana", "Ben", "Chloé"} {
		host.tap("[data-testid='play-" + n + "']")
	}
	host.tap("[data-testid='deals-Ben']")
	host.tap("[data-testid=start-match]")
	host.waitFor(`document.querySelector('[data-testid=round-form]') !== null`)
	matchPath := host.location()
	host.inView("[data-testid=scoreboard]", "on first load")
	if d := host.text("[data-testid=fc-dealer]"); d != "Ben" {
		t.Errorf("first dealer = %q, want Ben (picked by name)", d)
	}
	if n := countSel(host, "[data-testid=scoreboard] [data-testid=scoreboard-player]"); n != 3 {
		t.Fatalf("the scoreboard shows %d players, want 3", n)
	}
	host.shot("match-new")

	// The other phone watches from the bottom of its page.
	guest.open(matchPath)
	guest.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, document.body.scrollHeight)`))

	// Round 1: Ana goes out, Ben 10, Chloé 20.
	fcRound := func(p *phone, pts [3]int) {
		for seat, v := range pts {
			if v == 0 {
				p.tap(fmt.Sprintf("input[name=mode_%d][value=out]", seat))
				continue
			}
			p.do(chromedp.SetValue(css(fmt.Sprintf("#points_%d", seat)), fmt.Sprint(v)))
		}
		p.tap("[data-testid=save-round]")
	}
	fcRound(host, [3]int{0, 10, 20})
	host.waitFor(`(document.querySelector('[data-testid=saved]')||{}).textContent?.includes('Round 1 saved')`)
	host.inView("[data-testid=scoreboard]", "after a save")
	host.inView("[data-testid=saved]", "after a save")
	host.shot("match-saved")
	wantBoard := func(p *phone, want string) {
		t.Helper()
		p.waitFor(fmt.Sprintf(`Array.from(document.querySelectorAll('[data-testid=scoreboard-player]')).map(e => e.dataset.player + ':' + e.dataset.total + ':' + e.dataset.rank).join(' ') === %q`, want))
	}
	wantBoard(host, "Ana:0:1 Ben:10:2 Chloé:20:3")
	// The guest's scoreboard follows live, still in view.
	wantBoard(guest, "Ana:0:1 Ben:10:2 Chloé:20:3")
	guest.inView("[data-testid=scoreboard]", "after a live update")
	guest.waitFor(`(document.querySelector('[data-testid=saved-elsewhere]')||{}).textContent?.includes('Round 1 saved on another phone')`)

	// Round 2 on the guest's phone: Ben out, Ana 10 → Ana and Ben share first place.
	fcRound(guest, [3]int{10, 0, 5})
	guest.waitFor(`(document.querySelector('[data-testid=saved]')||{}).textContent?.includes('Round 2 saved')`)
	wantBoard(host, "Ana:10:1 Ben:10:1 Chloé:25:3")
	host.inView("[data-testid=scoreboard]", "after a live update")

	// Undo asks first: the first tap in the menu only asks.
	host.tap("[data-testid=menu] > summary")
	host.tap("[data-testid=undo-ask]")
	host.waitFor(`document.querySelector('[data-testid=undo]').offsetParent !== null`)
	if n := countSel(host, "[data-testid=round-row]:not(.undone)"); n != 2 {
		t.Errorf("after asking to undo, %d live rounds, want 2 (nothing undone yet)", n)
	}
	host.shot("match-undo-ask")
	host.tap("[data-testid=undo]")
	host.waitFor(`document.querySelectorAll('[data-testid=round-row].undone').length === 1`)
	wantBoard(host, "Ana:0:1 Ben:10:2 Chloé:20:3")

	// The next match, same table: the game, the last round (an option), Start = 3 taps.
	host.open(group)
	taps := 0
	host.tap("[data-testid=new-fivecrowns]")
	taps++
	host.waitFor(`document.querySelector('[data-testid=new-match]') !== null`)
	var ticked string
	host.eval(`Array.from(document.querySelectorAll('input[name=play]:checked')).map(e => e.dataset.testid).join(' ')`, &ticked)
	if ticked != "play-Ana play-Ben play-Chloé" {
		t.Errorf("ticked on the new match = %q, want the last line-up (Ana, Ben, Chloé)", ticked)
	}
	host.shot("newmatch-remembered")
	host.do(chromedp.SetValue(css("[data-testid=start-round]"), "11"))
	taps++
	host.tap("[data-testid=start-match]")
	taps++
	host.waitFor(`document.querySelector('[data-testid=round-form]') !== null`)
	if taps > 3 {
		t.Errorf("starting the same table took %d taps, want at most 3", taps)
	}
	wantBoard(host, "Ana:0:1 Ben:0:1 Chloé:0:1")
	if d := host.text("[data-testid=fc-dealer]"); d != "Ana" {
		t.Errorf("dealer = %q, want Ana (the first of the line-up)", d)
	}
	second := host.location()

	// Delete asks first too, and the other phone is sent to the group's page.
	guest.open(matchPath)
	host.open(matchPath)
	host.tap("[data-testid=menu] > summary")
	host.tap("[data-testid=delete-ask]")
	host.waitFor(`document.querySelector('[data-testid=delete-match-button]').offsetParent !== null`)
	if host.location() != matchPath {
		t.Errorf("asking to delete left the match for %s", host.location())
	}
	host.tap("[data-testid=delete-match-button]")
	for _, p := range []*phone{host, guest} {
		p.waitFor(`(document.querySelector('[data-testid=group-flash]')||{}).textContent?.includes('deleted by Ana')`)
		if loc := p.location(); !strings.HasPrefix(loc, group+"?") {
			t.Errorf("after the delete a phone is at %s, want the group's page", loc)
		}
	}

	// The unfinished match is offered as "continue" on the group page.
	host.open(group)
	if host.text("[data-testid=continue]") == "" || !strings.HasSuffix(host.attr("[data-testid=continue]", "href"), second) {
		t.Errorf("the group page does not offer to continue %s", second)
	}
	host.shot("group-continue")
	host.tap("[data-testid=continue]")
	host.waitFor(`document.querySelector('[data-testid=round-form]') !== null`)
	fcRound(host, [3]int{30, 0, 12}) // round 11 of 11: the match ends
	host.waitFor(`document.querySelector('[data-testid=result]') !== null`)

	// A finished match opens on its result, first to last, within the first screen.
	host.open(second)
	var order string
	host.eval(`Array.from(document.querySelectorAll('[data-testid=result] [data-testid=result-player]')).map(e => e.dataset.player + ':' + e.dataset.total + ':' + e.dataset.rank).join(' ')`, &order)
	if order != "Ben:0:1 Chloé:12:2 Ana:30:3" {
		t.Errorf("result = %q, want Ben 0, Chloé 12, Ana 30", order)
	}
	host.inView("[data-testid=result]", "on opening a finished match")
	host.shot("match-finished")

	for _, path := range []string{"/", group, group + "/players", group + "/standings", group + "/matches/new?game=fivecrowns", second, group + "/rules"} {
		host.noOverflow(path)
	}
	host.do(chromedp.EmulateViewport(360, 740))
	host.open(second)
	host.inView("[data-testid=result]", "at 360×740")
	host.inView("[data-testid=scoreboard]", "at 360×740")
	var scrolls bool
	host.eval(`(() => { const w = document.querySelector('.table-wrap'); return w.scrollWidth > w.clientWidth + 1; })()`, &scrolls)
	if scrolls {
		t.Error("the score table scrolls sideways at 360 px: the correct column is off-screen")
	}
	host.shot("match-finished-360")
	host.do(chromedp.EmulateViewport(390, 844))
}

// inView fails unless the element is wholly inside the screen.
func (p *phone) inView(sel, when string) {
	p.b.t.Helper()
	var ok bool
	p.eval(fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return false; const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0; })()`, sel), &ok)
	if !ok {
		var where string
		p.eval(fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return 'missing'; const r = e.getBoundingClientRect(); return 'top ' + Math.round(r.top) + ', bottom ' + Math.round(r.bottom) + ', screen ' + window.innerHeight; })()`, sel), &where)
		p.b.t.Errorf("%s is not on the screen %s (%s)", sel, when, where)
	}
}

// attr reads an attribute of an element.
func (p *phone) attr(sel, attr string) string {
	var v string
	p.eval(fmt.Sprintf(`(document.querySelector(%q)||{getAttribute(){return ''}}).getAttribute(%q) || ''`, sel, attr), &v)
	return v
}

// shot writes the screen as a PNG into $TABLEKEEPER_SHOTS, when set (to look at the pages).
func (p *phone) shot(name string) {
	dir := os.Getenv("TABLEKEEPER_SHOTS")
	if dir == "" {
		return
	}
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.b.t.Logf("screenshot %s: %v", name, err)
		return
	}
	_ = os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644)
}
