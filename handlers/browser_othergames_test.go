package handlers

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserOtherGames: on two phones (390×844, JavaScript on), the admin
// adds Quibbo (lowest wins, points each round, ends at 100) and a winner-only
// game; a match of each is played, the other phone following live, and the
// standings count both.
func TestBrowserOtherGames(t *testing.T) {
	b := newBrowser(t)
	host := b.phone()
	host.open("/")
	host.do(
		chromedp.SendKeys(css("#name"), "Jeudi"),
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

	// The admin adds the two games from the group's page.
	host.open(group)
	host.tap("[data-testid=other-games-link]")
	host.waitFor(`document.querySelector('[data-testid=add-game]') !== null`)
	host.noOverflow(group + "/games")
	host.do(chromedp.SendKeys(css("[data-testid=game-name]"), "Quibbo"))
	host.tap("[data-testid=how-low]")
	host.tap("[data-testid=entry-rounds]")
	host.tap("[data-testid=end-target]")
	host.do(chromedp.SendKeys(css("[data-testid=game-target]"), "100"))
	host.tap("[data-testid=add-game-submit]")
	host.waitFor(`document.querySelectorAll('[data-testid=other-game]').length === 1`)
	host.do(chromedp.SendKeys(css("[data-testid=game-name]"), "Codenames"))
	host.tap("[data-testid=how-places]")
	host.tap("[data-testid=places-winner]")
	host.tap("[data-testid=add-game-submit]")
	host.waitFor(`document.querySelectorAll('[data-testid=other-game]').length === 2`)
	if s := host.text("[data-testid=other-game][data-game=custom-1]"); !strings.Contains(s, "lowest wins") || !strings.Contains(s, "100") {
		t.Errorf("Quibbo is described as %q, want the lowest winning at 100", s)
	}

	// Quibbo: Ana and Ben; Ana's phone saves round 1, Ben's round 2.
	host.open(group)
	host.tap("[data-testid=new-custom-1]")
	host.waitFor(`document.querySelector('[data-testid=new-match]') !== null`)
	host.tap("[data-testid='play-Ana']")
	host.tap("[data-testid='play-Ben']")
	host.tap("[data-testid=start-match]")
	host.waitFor(`document.querySelector('[data-testid=round-form]') !== null`)
	matchPath := host.location()
	host.noOverflow(matchPath)
	if n := countSel(host, `a[href$="/referee"][href^="/g/"]`); n != 0 {
		t.Errorf("Quibbo's scoresheet offers a referee (%d links)", n)
	}
	guest.open(matchPath)
	round := func(p *phone, a, b int, rows int) {
		t.Helper()
		p.do(chromedp.SetValue(css("#v_0"), fmt.Sprint(a)), chromedp.SetValue(css("#v_1"), fmt.Sprint(b)))
		p.tap("[data-testid=save-round]")
		p.waitFor(fmt.Sprintf(`document.querySelectorAll('[data-testid=round-row]').length === %d`, rows))
	}
	round(host, 40, 20, 1)
	guest.waitFor(`document.querySelectorAll('[data-testid=round-row]').length === 1`) // live
	round(guest, 65, 10, 2)                                                            // Ana reaches 105
	for _, p := range []*phone{host, guest} {
		p.waitFor(`document.querySelector('[data-testid=winner]') !== null`)
		if w := p.text("[data-testid=winner]"); !strings.Contains(w, "Ben") || strings.Contains(w, "Ana") {
			t.Errorf("Quibbo's winner line %q, want Ben alone (lowest at the end)", w)
		}
	}

	// Codenames, started from Ben's phone: the winner only.
	guest.open(group)
	guest.tap("[data-testid=new-custom-2]")
	guest.waitFor(`document.querySelector('[data-testid=new-match]') !== null`)
	guest.tap("[data-testid=start-match]") // the last line-up, Ana and Ben, is ticked
	guest.waitFor(`document.querySelector('[data-testid=round-form]') !== null`)
	cnPath := guest.location()
	host.open(cnPath)
	guest.tap("input[name=won_0]")
	guest.tap("[data-testid=save-round]")
	for _, p := range []*phone{guest, host} {
		p.waitFor(`document.querySelector('[data-testid=winner]') !== null`)
		if w := p.text("[data-testid=winner]"); !strings.Contains(w, "Ana") {
			t.Errorf("Codenames' winner line %q, want Ana", w)
		}
	}

	// The standings: both games, both players.
	host.open(group + "/standings")
	host.waitFor(`document.body.innerText.includes('Codenames')`)
	if text := host.text("main"); !strings.Contains(text, "Quibbo") || !strings.Contains(text, "Ana") || !strings.Contains(text, "Ben") {
		t.Errorf("the standings read %q: want Quibbo, Codenames, Ana and Ben", text)
	}
}
