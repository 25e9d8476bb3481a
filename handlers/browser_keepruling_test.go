package handlers

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// refereeDisputes are one contested move per game, as a referee page's form:
// opened from a match, judged with htmx swapping, and kept with the match.
var refereeDisputes = []struct {
	game  string
	form  url.Values
	judge string
	legal bool
}{
	{"fivecrowns", url.Values{"round": {"2"}, "hand": {"QH KH 3H 5S"}, "meld1": {"QH KH 3H"}}, "[data-testid=judge]", false},
	{"take5", url.Values{"row_1": {"23"}, "row_2": {"43"}, "row_3": {"49"}, "row_4": {"55"}, "row_5": {"80"},
		"play_1": {"50"}, "claim_1": {"2"}, "op": {"edit"}}, "[data-testid=judge]", false},
	{"taki", url.Values{"players": {"4"}, "current": {"2"}, "direction": {"cw"}, "top": {"B+2"}, "colour": {"B"},
		"pending": {"4"}, "move": {"play"}, "play": {"B7"}}, "[data-testid=judge]", false},
	{"takefive", url.Values{"rack_0": {"Paul: 7 8 3 5"}, "rack_1": {"Alfred: 8 9 7 5"}, "empty": {"c3 b3 c2 d1 e1 a3 a4 a5"},
		"m1_piece": {"knight"}, "m1_to": {"e3"}, "m1_action": {"see"}, "m2_piece": {"rook"}, "m2_to": {"f2"},
		"m2_action": {"take"}, "m2_value": {"9"}}, "[data-testid=tf-judge]", true},
}

// With JavaScript on (htmx swapping the referee form), a ruling is kept from
// each of the four referees and shows on its match, in English and in
// French; the page opened from the match always offers the way back.
func TestBrowserKeepRulingFromEveryReferee(t *testing.T) {
	b := newBrowser(t)
	for _, lang := range []string{"en", "fr"} {
		p := b.phone()
		if lang == "fr" {
			p.open("/lang?to=fr&back=/")
		}
		slug := browserGroup(p, "Soirée "+lang, "Ana", "Ben", "Chloé", "Dan")
		for _, d := range refereeDisputes {
			matchPath := browserMatch(p, slug, d.game, "Ana", "Ben", "Chloé", "Dan")
			p.tap("[data-testid=settle-dispute]")
			p.waitFor(fmt.Sprintf(`location.pathname === '/referee/%s'`, d.game))
			p.waitFor(`document.querySelector('[data-testid=back-to-match]') !== null`)
			if href := attr(p, "[data-testid=back-to-match]", "href"); href != matchPath {
				t.Errorf("%s %s: back to the match goes to %q, want %s", lang, d.game, href, matchPath)
			}
			p.open("/referee/" + d.game + "?" + d.form.Encode())
			p.tap(d.judge)
			p.waitFor(`document.querySelector('[data-testid=verdict]') !== null && document.querySelector('form[data-testid=keep-ruling]') !== null`)
			if got := attr(p, "[data-testid=verdict]", "data-legal"); got != fmt.Sprint(d.legal) {
				t.Errorf("%s %s: verdict data-legal = %q, want %v", lang, d.game, got, d.legal)
			}
			var inView bool
			p.eval(`(function () { var r = document.querySelector('[data-testid=verdict]').getBoundingClientRect(); return r.top >= 0 && r.top < window.innerHeight / 2; })()`, &inView)
			if !inView {
				t.Errorf("%s %s: the verdict is not in the viewport right after judge", lang, d.game)
			}
			if countSel(p, "[data-testid=keep-ruling] ~ [data-testid=back-to-match], [data-testid=ruling-offer] [data-testid=back-to-match]") == 0 {
				t.Errorf("%s %s: the verdict does not offer the way back to the match", lang, d.game)
			}
			p.tap("[data-testid=save-ruling]")
			p.waitFor(fmt.Sprintf(`location.pathname === %q && document.querySelector('[data-testid=ruling]') !== null`, matchPath))
			verdict := p.text("[data-testid=ruling] .verdict")
			want := map[string]map[bool]string{"en": {true: "Legal", false: "Not allowed"}, "fr": {true: "Permis", false: "Interdit"}}[lang][d.legal]
			if verdict != want {
				t.Errorf("%s %s: the kept ruling reads %q, want %q", lang, d.game, verdict, want)
			}
			if line := p.text("[data-testid=ruling]"); strings.Contains(line, d.game+".") {
				t.Errorf("%s %s: the kept ruling shows a raw rule id: %q", lang, d.game, line)
			}
			// Reopened (a GET), the kept ruling shows its verdict again.
			p.open(attr(p, "[data-testid=ruling] a", "href"))
			if got := attr(p, "[data-testid=verdict]", "data-legal"); got != fmt.Sprint(d.legal) {
				t.Errorf("%s %s: the reopened ruling shows verdict %q, want %v", lang, d.game, got, d.legal)
			}
		}
	}
}

func attr(p *phone, sel, name string) string {
	p.b.t.Helper()
	var v string
	p.eval(fmt.Sprintf(`(document.querySelector(%q) || {getAttribute: () => ""}).getAttribute(%q) || ""`, sel, name), &v)
	return v
}

// browserGroup creates a group on this phone with these players; its slug.
func browserGroup(p *phone, name string, players ...string) string {
	p.b.t.Helper()
	p.open("/")
	p.do(
		chromedp.SendKeys(css("#name"), name),
		chromedp.SendKeys(css("#display"), players[0]),
		chromedp.Click(css("form[data-testid=create-group] button")),
		chromedp.WaitVisible(css("[data-testid=invite-url]")),
	)
	slug := strings.TrimPrefix(p.location(), "/g/")
	p.open("/g/" + slug + "/players")
	for i, n := range players[1:] { // the group's creator is its first player already
		p.do(chromedp.SendKeys(css("#new-player"), n), chromedp.Click(css("form[data-testid=add-player] button")))
		p.waitFor(fmt.Sprintf(`document.querySelectorAll('[data-testid=player]').length >= %d`, i+2))
	}
	return slug
}

// browserMatch starts a match of game with these players in this order; its path.
func browserMatch(p *phone, slug, game string, players ...string) string {
	p.b.t.Helper()
	p.open("/g/" + slug + "/matches/new?game=" + game)
	for i, n := range players {
		p.do(chromedp.SetValue(css("[data-testid=seat-"+n+"]"), fmt.Sprint(i+1)))
	}
	p.tap("[data-testid=start-match]")
	p.waitFor(`/\/matches\/\d+$/.test(location.pathname)`)
	return p.location()
}
