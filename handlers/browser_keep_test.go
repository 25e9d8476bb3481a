package handlers

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

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
