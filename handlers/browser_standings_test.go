package handlers

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablekeeper/tablekeeper/store"
)

// On a phone: the standings, a player page, the records, the export page and
// a scoresheet's running-totals chart fit a 360 px screen, and the charts
// are drawn and legible there.
func TestBrowserStandings(t *testing.T) {
	b := newBrowser(t)
	host := b.phone()
	host.open("/")
	host.do(
		chromedp.SendKeys(css("#name"), "Jeudi soir"),
		chromedp.SendKeys(css("#display"), "Ana"),
		chromedp.Click(css("form[data-testid=create-group] button")),
		chromedp.WaitVisible(css("[data-testid=invite-url]")),
	)
	slug := strings.TrimPrefix(host.location(), "/g/")
	ctx := context.Background()
	g, err := b.app.store.GroupBySlug(ctx, slug)
	if err != nil {
		t.Fatal(err)
	}
	f := &standingsFixture{t: t, app: b.app, slug: slug, gid: g.ID, ids: map[string]int64{}}
	names := []string{"Ana", "Ben", "Chloé", "Dominique-Alexandre", "Ève"}
	for _, n := range names {
		p, err := b.app.store.AddPlayer(ctx, g.ID, n)
		if errors.Is(err, store.ErrNameTaken) { // Ana made the group: she is its first player
			ps, _ := b.app.store.Players(ctx, g.ID)
			p, err = ps[0], nil
		}
		if err != nil {
			t.Fatal(err)
		}
		f.ids[n] = p.ID
	}
	f.setNow(time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC))
	var last int64
	for i := 0; i < 14; i++ {
		at := time.Date(2026, time.Month(1+i%10), 3+i, 21, 0, 0, 0, time.UTC)
		seats := []string{names[i%5], names[(i+1)%5], names[(i+2)%5], names[(i+3)%5]}
		last = f.play("fivecrowns", at, seats, []int{i % 4 * 7, 10, 25 - i, 3}, []int{5, i % 3, 8, 40}, []int{0, 12, 9, i})
		f.play("take5", at.Add(time.Hour), seats[:3], []int{i, 66 - i, 20})
	}

	base := "/g/" + slug
	host.open(base)
	host.do(chromedp.Click(css("[data-testid=nav-standings]")), chromedp.WaitVisible(css("[data-testid=standings]")))
	if n := countSel(host, "[data-testid=standings] [data-testid=standing-row]"); n != 5 {
		t.Errorf("standings show %d ranked players, want 5", n)
	}
	// The rating chart is drawn inside the screen, tall enough to read.
	var fits bool
	host.do(chromedp.EmulateViewport(360, 640))
	host.eval(`(() => { const r = document.querySelector('[data-testid=chart-rating] svg.chart').getBoundingClientRect(); return r.width > 250 && r.right <= window.innerWidth && r.height > 120; })()`, &fits)
	if !fits {
		t.Error("the rating chart does not fit a 360 px screen legibly")
	}
	host.do(chromedp.Click(css("[data-testid=chart-rating] summary")), chromedp.WaitVisible(css("[data-testid=chart-table-rating]")))

	// A player's page from the table.
	host.tap("[data-testid=standings] [data-testid=standing-name] a")
	host.waitFor(`document.querySelector('[data-testid=player-name]') !== null`)
	playerPath := host.location()
	if host.text("[data-testid=player-played]") == "" || countSel(host, "[data-testid=h2h-row]") != 4 {
		t.Errorf("player page at %s lacks its summary or its 4 head-to-head rows", playerPath)
	}

	// The running totals chart on a scoresheet, opened.
	matchPath := fmt.Sprintf("%s/matches/%d", base, last)
	host.open(matchPath)
	host.do(chromedp.Click(css("[data-testid=sheet-chart] summary")), chromedp.WaitVisible(css("[data-testid=chart-totals] svg.chart")))
	host.eval(`(() => { const r = document.querySelector('[data-testid=chart-totals] svg.chart').getBoundingClientRect(); return r.width > 250 && r.right <= window.innerWidth; })()`, &fits)
	if !fits {
		t.Error("the running totals chart does not fit a 360 px screen")
	}
	host.do(chromedp.EmulateViewport(390, 844))

	for _, path := range []string{base + "/standings", base + "/standings?game=fivecrowns", base + "/standings?season=all&game=take5",
		playerPath, base + "/records", base + "/export", matchPath} {
		host.noOverflow(path)
	}
}
