package handlers

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// What a phone keeps is safe and honest (issue 39).

// keptTexts is every entry of the phone's Cache Storage (the service
// worker's copies), each as its address and body, and what the browser's
// HTTP cache answers for paths without asking the server (only-if-cached).
func keptTexts(p *phone, paths ...string) string {
	p.b.t.Helper()
	js := fmt.Sprintf(`(async function () {
	  var out = [];
	  for (var name of await caches.keys()) {
	    var c = await caches.open(name);
	    for (var req of await c.keys()) {
	      var r = await c.match(req);
	      out.push("cache " + req.url + "\n" + await r.text());
	    }
	  }
	  for (var path of %s) {
	    try {
	      var r = await fetch(path, {cache: "only-if-cached", mode: "same-origin", credentials: "same-origin"});
	      out.push("http " + path + " " + r.status + "\n" + await r.text());
	    } catch (e) { /* not in the HTTP cache */ }
	  }
	  return out.join("\n----\n");
	})()`, jsList(paths))
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.b.t.Fatalf("read the phone's caches: %v", err)
	}
	return out
}

func jsList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = fmt.Sprintf("%q", x)
	}
	return "[" + strings.Join(q, ",") + "]"
}

// tokenOf is the last part of an admin link.
func tokenOf(link string) string { return link[strings.LastIndex(link, "/")+1:] }

// The admin link is never kept: after the page that follows a group's
// creation, the page after "replace the admin link" (?adminrotated=1) and
// the admin link's own page, no entry of the service worker's cache nor of
// the browser's HTTP cache holds an admin token.
func TestBrowserNoAdminTokenKept(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()
	p.open("/")
	p.waitFor(`navigator.serviceWorker && navigator.serviceWorker.controller !== null`)
	p.do(
		chromedp.SendKeys(css("#name"), "Jeudi"),
		chromedp.SendKeys(css("#display"), "Ana"),
		chromedp.Click(css("form[data-testid=create-group] button")),
		chromedp.WaitVisible(css("[data-testid=admin-url]")),
	)
	slug := strings.TrimPrefix(p.location(), "/g/")
	first := tokenOf(p.text("[data-testid=admin-url]"))
	time.Sleep(500 * time.Millisecond) // the worker keeps a page after answering it
	if kept := keptTexts(p, "/g/"+slug); strings.Contains(kept, first) {
		t.Errorf("after the group's creation, the phone keeps its admin token:\n%.2000s", kept)
	}

	p.open("/g/" + slug + "/members")
	p.tap("[data-testid=rotate-admin]")
	p.waitFor(`!!document.querySelector('[data-testid=admin-url]')`)
	link := p.text("[data-testid=admin-url]")
	second := tokenOf(link)
	p.do(chromedp.Navigate(strings.Replace(link, "http://tk.test", b.url, 1)))
	p.waitFor(`document.querySelector('main form') !== null`)
	p.open("/g/" + slug) // an ordinary visit, kept as usual
	p.waitFor(`!!document.querySelector('[data-testid=invite-url]')`)
	time.Sleep(500 * time.Millisecond)
	kept := keptTexts(p, "/g/"+slug, "/g/"+slug+"?adminrotated=1", "/admin/"+slug+"/"+second)
	if !strings.Contains(kept, "cache "+b.url+"/g/"+slug) {
		t.Errorf("the group's page is not kept at all (the test would prove nothing):\n%.1000s", kept)
	}
	for _, tok := range []string{first, second} {
		if strings.Contains(kept, tok) {
			t.Errorf("the phone keeps an admin token %s:\n%.3000s", tok, kept)
		}
	}
}

// removeBen takes Ben out of the group, as the admin's "remove" does.
func (tb *offTable) removeBen() {
	tb.b.t.Helper()
	ctx := context.Background()
	g, err := tb.b.app.store.GroupBySlug(ctx, tb.slug)
	if err != nil {
		tb.b.t.Fatal(err)
	}
	ms, err := tb.b.app.store.Members(ctx, g.ID)
	if err != nil {
		tb.b.t.Fatal(err)
	}
	for _, m := range ms {
		if m.Display == "Ben" {
			if err := tb.b.app.store.RemoveMember(ctx, g.ID, m.SessionID); err != nil {
				tb.b.t.Fatal(err)
			}
			return
		}
	}
	tb.b.t.Fatal("Ben is not a member")
}

// A removed member's phone keeps nothing of the group: Ben saves round 1
// without a connection and is removed meanwhile. Back online, his kept
// save is refused for good: he is told, with what he typed, until he
// dismisses it; and with the server then out of reach, the group's page
// and the match no longer open from the phone's copy.
func TestBrowserRemovedMemberKeepsNothing(t *testing.T) {
	for _, l := range []struct{ lang, told, dismissed string }{
		{"en", "Round 1 was not saved: you are no longer in this group.", "Round 1 was not saved"},
		{"fr", "La manche 1 n'a pas été enregistrée : vous ne faites plus partie de ce groupe.", "La manche 1 n'a pas été enregistrée"},
	} {
		t.Run(l.lang, func(t *testing.T) { removedMemberKeepsNothing(t, l.lang, l.told, l.dismissed) })
	}
}

func removedMemberKeepsNothing(t *testing.T, lang, told, stays string) {
	tb := offlineTable(t)
	ben := tb.ben
	ben.open("/lang?to=" + lang + "&back=/g/" + tb.slug)
	ben.waitFor(`!!document.querySelector('[data-testid=group-name]')`)
	ben.open(tb.match)
	ben.waitFor(`!!document.querySelector('[data-testid=round-form]')`)
	tb.offline(ben, "ben", true)
	saveRound(ben, 7)
	within(ben, 5*time.Second, `!!document.querySelector('[data-testid=pending-save]')`, "the save is kept on the phone")
	tb.removeBen()
	tb.offline(ben, "ben", false)
	refused := `((document.querySelector('[data-testid=refused-save]')||{}).textContent || '')`
	within(ben, 10*time.Second, refused+`.includes("`+told+`")`, "the refused save is told")
	if typed := ben.text("[data-testid=refused-typed]"); !strings.Contains(typed, "Ben") || !strings.Contains(typed, "7") {
		t.Errorf("the refusal shows %q of what was typed, want Ben's 7", typed)
	}
	ben.inView("[data-testid=refused-save]", "after the refused save")
	shot(ben, "/tmp/p39-refused-"+lang+".png")
	time.Sleep(2 * time.Second) // every retry that could still come
	if n, _ := tb.liveRounds(); n != 0 {
		t.Errorf("the server has %d rounds from a removed member", n)
	}
	// The message stays (a reload, another page) until dismissed.
	ben.open("/referee")
	within(ben, 8*time.Second, refused+`.includes("`+stays+`")`, "the refusal is still told on another page")
	ben.tap("[data-testid=refused-dismiss]")
	ben.waitFor(`!document.querySelector('[data-testid=refused-save]')`)
	var left string
	ben.eval(`Object.keys(localStorage).filter(k => k.startsWith('tk-pending') ? localStorage.getItem(k) !== '[]' : k.includes('/g/')).join(' ')`, &left)
	if left != "" {
		t.Errorf("the phone still keeps %s", left)
	}
	if kept := keptTexts(ben); strings.Contains(kept, "/g/"+tb.slug) {
		t.Errorf("the worker still keeps the group's pages:\n%s", regexp.MustCompile(`(?m)^cache .*$|[^\n]{0,80}/g/`+tb.slug+`[^\n]{0,40}`).FindAllString(kept, -1))
	}

	// The server out of reach: nothing of the group opens.
	tb.offline(ben, "ben", true)
	for _, path := range []string{"/g/" + tb.slug, tb.match} {
		ben.eval(`location.assign('`+tb.b.url+path+`')`, nil)
		time.Sleep(1500 * time.Millisecond)
		var shown bool
		ctx, cancel := context.WithTimeout(ben.ctx, 5*time.Second)
		shown, _ = chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.querySelector('[data-testid=group-name], [data-testid=round-form]') || document.body.innerText.includes('Jeudi')`))
		cancel()
		if shown {
			t.Errorf("%s opens from the phone's copy after Ben was removed", path)
		}
	}
}

// The phone's own save refreshes its offline copy: Ben saves round 1,
// types half of round 2, and reloads without a connection: the sheet
// shows round 1 and the form holds what he typed.
func TestBrowserOfflineCopyIsNewest(t *testing.T) {
	tb := offlineTable(t)
	ben := tb.ben
	// No live update brings the sheet back to this phone (the stream cut):
	// only its own save can refresh its copy.
	tb.cut.mu.Lock()
	tb.cut.nolive["ben"] = true
	tb.cut.mu.Unlock()
	tb.cut.set("ben", true) // ends the stream open now
	tb.cut.set("ben", false)
	time.Sleep(time.Second)
	saveRound(ben, 7)
	ben.waitFor(rowsJS + ` === 1`)
	ben.waitFor(`document.querySelector('[data-testid=round-form] h2').textContent.includes('2')`)
	ben.do(chromedp.SendKeys(css("#points_1"), "5"))
	time.Sleep(time.Second) // the worker brings its copy up to date after the save's answer
	tb.offline(ben, "ben", true)
	ben.do(chromedp.Reload())
	within(ben, 8*time.Second, rowsJS+` === 1 && document.querySelector('#points_1').value === '5'`,
		"offline, the reloaded sheet shows round 1 and the half-typed round 2")
	wantTotals(ben, "Ana:0 Ben:7")
}

// fastClock makes the phone's clock run ten times faster in every page it
// opens from now on (timers and Date.now alike): a minute of the phone's
// life passes in six seconds, with the app's own waits unchanged.
func fastClock(p *phone) {
	p.b.t.Helper()
	const js = `(function () {
	  var k = 10, st = window.setTimeout, si = window.setInterval, now = Date.now, t0 = now();
	  window.setTimeout = function (f, ms) { return st.call(window, f, (ms || 0) / k); };
	  window.setInterval = function (f, ms) { return si.call(window, f, (ms || 0) / k); };
	  Date.now = function () { return t0 + (now() - t0) * k; };
	})()`
	p.do(chromedp.Action[chromedp.Void](chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: js})
		return err
	})))
}

// A phone that cannot reach the server for a minute, believing it is
// online, tries its kept save again after waits that grow, not in a loop
// (115 saves in 2 s before); it tries at once when the connection comes
// back; and a server that asks to wait (503, Retry-After) is waited for.
func TestBrowserRetriesBackOff(t *testing.T) {
	tb := offlineTable(t)
	ben := tb.ben
	fastClock(ben)
	ben.do(chromedp.Reload())
	ben.waitFor(`!!document.querySelector('[data-testid=round-form]')`)
	tb.cut.set("ben", true)
	saveRound(ben, 9)
	within(ben, 5*time.Second, `!!document.querySelector('[data-testid=pending-save]')`, "a save the server did not get is kept")
	tb.cut.counted("ben")
	time.Sleep(6 * time.Second) // a minute on the phone's clock
	asked, saves := tb.cut.counted("ben")
	t.Logf("a minute unreachable: %d requests, %d of them saves", asked, saves)
	if saves < 3 || saves > 10 {
		t.Errorf("a minute unreachable: %d tries of the save, want 3 to 10 (growing waits, up to 30 s)", saves)
	}
	if asked > 40 {
		t.Errorf("a minute unreachable: %d requests in all, want at most 40", asked)
	}
	// The connection back: the save goes at once, not after the wait.
	tb.cut.set("ben", false)
	ben.eval(`window.dispatchEvent(new Event('online'))`, nil)
	within(ben, 1500*time.Millisecond, rowsJS+` === 1 && !document.querySelector('[data-testid=pending-save]')`, "sent at once when the connection comes back")

	// The server busy, asking for 20 s: at most one try in each 20 s.
	tb.cut.mu.Lock()
	tb.cut.busy["ben"] = "20"
	tb.cut.mu.Unlock()
	saveRound(ben, 4)
	within(ben, 5*time.Second, `!!document.querySelector('[data-testid=pending-save]')`, "a save the server could not take is kept")
	tb.cut.counted("ben")
	time.Sleep(6 * time.Second)
	_, saves = tb.cut.counted("ben")
	t.Logf("a minute of Retry-After: 20: %d tries", saves)
	if saves < 1 || saves > 3 {
		t.Errorf("a minute of 503 with Retry-After: 20: %d tries of the save, want 1 to 3", saves)
	}
}

// Over http on a home network (not a secure context) no service worker
// runs: the group's page says install and offline pages need https, and a
// round saved without a connection still waits on the phone and is sent
// once the connection is back.
func TestBrowserPlainHTTPOnALAN(t *testing.T) {
	tb := offlineTableAt(t, "tk.lan")
	ben := tb.ben
	var secure bool
	ben.eval(`window.isSecureContext || 'serviceWorker' in navigator`, &secure)
	if secure {
		t.Fatal("http://tk.lan is a secure context: the test proves nothing")
	}
	ben.open("/g/" + tb.slug)
	within(ben, 5*time.Second, `(function () { var e = document.querySelector('[data-testid=needs-https]'); return e && e.offsetParent !== null && e.textContent.includes('need https'); })()`,
		"the group's page says install and offline pages need https")
	ben.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid=needs-https]').scrollIntoView({block: 'center'})`))
	shot(ben, "/tmp/p39-needs-https-en.png")
	ben.open("/lang?to=fr&back=/g/" + tb.slug)
	within(ben, 5*time.Second, `(document.querySelector('[data-testid=needs-https]')||{}).textContent?.includes('demandent https')`, "the same line in French")
	ben.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid=needs-https]').scrollIntoView({block: 'center'})`))
	shot(ben, "/tmp/p39-needs-https-fr.png")
	ben.open("/lang?to=en&back=" + tb.match)
	ben.waitFor(`!!document.querySelector('[data-testid=round-form]')`)
	tb.offline(ben, "ben", true)
	saveRound(ben, 7)
	within(ben, 5*time.Second, `(document.querySelector('[data-testid=pending-save]')||{}).textContent?.includes('waiting for the connection')`, "the save waits on the phone")
	tb.offline(ben, "ben", false)
	within(ben, 10*time.Second, rowsJS+` === 1 && !document.querySelector('[data-testid=pending-save]')`, "sent when the connection is back")
	time.Sleep(2 * time.Second)
	if n, bens := tb.liveRounds(); n != 1 || bens[0] != 7 {
		t.Errorf("the server has %d rounds %v, want one, Ben's 7", n, bens)
	}
}

// "Leave this group": the phone keeps nothing of it; with the server out
// of reach, its pages do not open from the phone's copy.
func TestBrowserLeaveGroupKeepsNothing(t *testing.T) {
	tb := offlineTable(t)
	ben := tb.ben
	ben.open("/g/" + tb.slug)
	ben.waitFor(`!!document.querySelector('[data-testid=leave-group]')`)
	ben.tap("[data-testid=leave-group]")
	ben.waitFor(`location.pathname === '/' && !!document.querySelector('form[data-testid=create-group]')`)
	time.Sleep(time.Second)
	if kept := keptTexts(ben); strings.Contains(kept, "/g/"+tb.slug) {
		t.Errorf("after leaving, the worker keeps the group's pages:\n%s", regexp.MustCompile(`(?m)^cache .*$`).FindAllString(kept, -1))
	}
	tb.offline(ben, "ben", true)
	for _, path := range []string{"/g/" + tb.slug, tb.match} {
		ben.eval(`location.assign('`+tb.b.url+path+`')`, nil)
		time.Sleep(1500 * time.Millisecond)
		ctx, cancel := context.WithTimeout(ben.ctx, 5*time.Second)
		shown, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.querySelector('[data-testid=group-name], [data-testid=round-form]') || document.body.innerText.includes('Jeudi')`))
		cancel()
		if shown {
			t.Errorf("%s opens from the phone's copy after Ben left", path)
		}
	}
}
