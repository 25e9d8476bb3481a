package handlers

import (
	"strings"
	"testing"
)

// Two tables on two phones: Ben's phone (Five Crowns, started first) and
// Chloé's (TAKI, started last) each see two ways back on the group page,
// their own match first, and one tap takes each to its own table.
func TestBrowserTwoTables(t *testing.T) {
	b := newBrowser(t)
	_, slug, _, fc, taki := twoTables(t, b.app)
	for _, tc := range []struct{ who, want, game string }{{"Ben", fc, "Five Crowns"}, {"Chloé", taki, "TAKI"}} {
		p := b.memberPhone(slug, tc.who)
		p.open("/g/" + slug)
		if n := countSel(p, "[data-testid=continue-match]"); n != 2 {
			t.Fatalf("%s's phone: %d ways back, want 2", tc.who, n)
		}
		first := p.text("[data-testid=continue-match]")
		if !strings.Contains(first, tc.game) || !strings.Contains(first, tc.who) {
			t.Errorf("%s's phone offers %q first, want their %s", tc.who, first, tc.game)
		}
		p.inView("[data-testid=continue-match]", "on "+tc.who+"'s group page")
		p.shot("two-tables-" + tc.who)
		p.tap("[data-testid=continue-match] a")
		p.waitFor(`document.querySelector('[data-testid=round-form]') !== null`)
		if loc := p.location(); loc != tc.want {
			t.Errorf("%s's tap opened %s, want %s", tc.who, loc, tc.want)
		}
	}
}
