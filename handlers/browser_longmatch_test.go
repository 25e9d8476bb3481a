package handlers

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/tablekeeper/tablekeeper/store"
)

// A long open-ended match on two phones (issue 40): a save is answered
// with the new round's row, not the whole table, and the phone puts its
// own rows back before it; the other phone's live update does the same. On
// both the table is then the one the server draws whole, row for row; a
// correction of the first round (which changes rows the phones hold) brings
// the whole table to both.
func TestBrowserLongMatchKeepsItsRows(t *testing.T) {
	b := newBrowser(t)
	ctx := context.Background()
	a := b.app.client()
	slug := a.group("Mardi")
	ids := a.players(slug, "Ana", "Ben")
	g, _ := b.app.store.GroupBySlug(ctx, slug)
	if _, err := b.app.store.AddGroupGame(ctx, store.GroupGame{GroupID: g.ID, Name: "Rummy", Kind: "rounds"}); err != nil {
		t.Fatal(err)
	}
	mid, err := b.app.store.CreateMatch(ctx, g.ID, store.NewMatch{Game: "custom-1", Players: ids, Rules: map[string]string{}, Options: map[string]string{}})
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 300; i++ {
		writeRound(t, b.app.store, slug, mid, store.RoundWrite{Kind: store.WriteAdd, Number: i, Entry: pointsEntry([]int{i % 7, 3}), Points: []int{i % 7, 3}, Author: "test"})
	}
	b.app.wrote()
	path := fmt.Sprintf("/g/%s/matches/%d", slug, mid)
	host, guest := b.phone(), b.phone()
	for _, p := range []*phone{host, guest} {
		for _, ck := range a.cookies { // Ana's session on both phones
			p.do(chromedp.Action[chromedp.Void](chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				_, err := cdp.Call(ctx, tg, network.SetCookie, network.SetCookieParams{Name: ck.Name, Value: ck.Value, URL: b.url + "/"})
				return err
			})))
		}
		p.open(path)
		p.waitFor(`document.querySelectorAll('[data-testid=round-row]').length === 300`)
	}
	// The table as the server draws it whole, against the phone's (whose
	// rows a live update marks "changed" for a moment).
	same := `(async () => {
		const html = await (await fetch(location.pathname, {cache: "no-store"})).text();
		const d = new DOMParser().parseFromString(html, "text/html");
		const rows = s => Array.from(s.querySelectorAll("#scores tbody [data-testid=round-row]")).map(r => r.outerHTML.replace(/ class="(changed)?"/, ""));
		const a = rows(d), b = rows(document);
		const i = a.findIndex((r, k) => r !== b[k]);
		return i < 0 && a.length === b.length && d.querySelector("#scores tbody").dataset.sum === document.querySelector("#scores tbody").dataset.sum ? "" : "row " + i + " of " + a.length + "/" + b.length + ": " + a[i] + " vs " + b[i] + " sums " + d.querySelector("#scores tbody").dataset.sum + " " + document.querySelector("#scores tbody").dataset.sum;
	})()`
	save := func(p *phone, v0, v1 string) {
		p.do(chromedp.SetValue(css("#v_0"), v0), chromedp.SetValue(css("#v_1"), v1))
		p.tap("[data-testid=save-round]")
	}
	save(host, "9", "8")
	host.waitFor(`(document.querySelector('[data-testid=saved]')||{}).textContent?.includes('Round 301 saved')`)
	guest.waitFor(`document.querySelectorAll('[data-testid=round-row]').length === 301`)
	for name, p := range map[string]*phone{"the phone that saved": host, "the phone watching": guest} {
		diff := asTheServerDraws(p, same)
		if diff != "" {
			t.Errorf("%s: its table differs from the one the server draws whole: %s", name, diff)
		}
		if got := p.text("#scores tbody tr:last-child"); !strings.Contains(got, "301") || !strings.Contains(got, "9") {
			t.Errorf("%s: the last row reads %q, want round 301", name, got)
		}
		if total := p.text("[data-testid=totals]"); !strings.Contains(total, fmt.Sprint(roundsTotal(300)+9)) {
			t.Errorf("%s: totals %q, want Ana's %d", name, total, roundsTotal(300)+9)
		}
	}
	// The watching phone saves the next: the same, the other way round.
	save(guest, "1", "1")
	guest.waitFor(`(document.querySelector('[data-testid=saved]')||{}).textContent?.includes('Round 302 saved')`)
	host.waitFor(`document.querySelectorAll('[data-testid=round-row]').length === 302`)
	diff := asTheServerDraws(host, same)
	if diff != "" {
		t.Errorf("after the other phone's save, the table differs from the one the server draws whole: %s", diff)
	}
	// Round 1 corrected elsewhere: the rows the phones hold changed, and
	// the live update brings the whole table.
	rounds, _ := b.app.store.Rounds(ctx, mid)
	writeRound(t, b.app.store, slug, mid, store.RoundWrite{Kind: store.WriteEdit, Round: rounds[0].ID, Version: rounds[0].Version, Entry: pointsEntry([]int{50, 3}), Points: []int{50, 3}, Author: "test"})
	b.app.wrote()
	for _, p := range []*phone{host, guest} {
		p.waitFor(`document.querySelector('#scores tbody tr').textContent.includes('50')`)
		diff = asTheServerDraws(p, same)
		if diff != "" || countRows(p) != 302 {
			t.Errorf("after a correction of round 1: %d rows, want 302 as the server draws them: %s", countRows(p), diff)
		}
	}
}

// roundsTotal is Ana's total over rounds 1..n as seeded (i mod 7).
func roundsTotal(n int) int {
	sum := 0
	for i := 1; i <= n; i++ {
		sum += i % 7
	}
	return sum
}

// asTheServerDraws runs same (a promise of "" when the phone's table is the
// one the server draws whole, else what differs) on p.
func asTheServerDraws(p *phone, same string) string {
	p.b.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](same, chromedp.EvalAwaitPromise))
	if err != nil {
		p.b.t.Fatalf("compare the table: %v", err)
	}
	return out
}
