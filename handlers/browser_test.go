package handlers

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Browser tests drive Debian's chromium through chromedp against the real
// app. They skip when chromium is missing unless TABLEKEEPER_BROWSER_TESTS is
// "required" (as in CI), where a missing browser is a failure.

type browser struct {
	t    *testing.T
	url  string
	app  *testApp
	root context.Context
}

func newBrowser(t *testing.T) *browser { t.Helper(); return newBrowserServing(t, nil) }

// newBrowserServing starts the app and a browser; front, when given, wraps
// the app's handler (after seeding it, say) before the server starts.
func newBrowserServing(t *testing.T, front func(*testApp) http.Handler) *browser {
	t.Helper()
	return newBrowserAt(t, front, "")
}

// newBrowserAt is newBrowserServing with the server reached by the name
// host (mapped to 127.0.0.1 by the browser's resolver) when host is not
// empty: an http address other than localhost, which is not a secure
// context (no service worker runs there).
func newBrowserAt(t *testing.T, front func(*testApp) http.Handler, host string) *browser {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	path := ""
	for _, p := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if found, err := exec.LookPath(p); err == nil {
			path = found
			break
		}
	}
	if path == "" {
		if os.Getenv("TABLEKEEPER_BROWSER_TESTS") == "required" {
			t.Fatal("browser tests are required but no chromium was found: apt-get install -y chromium")
		}
		t.Skip("browser test: no chromium on this machine (set TABLEKEEPER_BROWSER_TESTS=required to make this a failure)")
	}
	app := newTestApp(t)
	var h http.Handler = app.e
	if front != nil {
		h = front(app)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.Headless,
		chromedp.Flag("disable-gpu", true), chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("no-first-run", true),
		chromedp.UserDataDir(t.TempDir()))
	base := srv.URL
	if host != "" {
		opts = append(opts, chromedp.Flag("host-resolver-rules", "MAP "+host+" 127.0.0.1"))
		base = strings.Replace(srv.URL, "127.0.0.1", host, 1)
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	root, cancelRoot := chromedp.NewContext(alloc)
	t.Cleanup(func() { cancelRoot(); cancelAlloc() })
	if err := chromedp.Do(root); err != nil { // start the browser
		t.Fatalf("start chromium: %v", err)
	}
	return &browser{t: t, url: base, app: app, root: root}
}

// phone opens a new browser context (its own cookies, like another phone)
// with a 390×844 viewport.
func (b *browser) phone() *phone {
	ctx, cancel := chromedp.NewContext(b.root, chromedp.WithNewBrowserContext())
	b.t.Cleanup(cancel)
	// The first action on a tab must run without a timeout: cancelling the
	// context of that first call would close the tab.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
		b.t.Fatalf("open a phone: %v", err)
	}
	return &phone{b: b, ctx: ctx}
}

type phone struct {
	b   *browser
	ctx context.Context
}

func (p *phone) do(steps ...chromedp.Action[chromedp.Void]) {
	p.b.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		ctx, cancel := context.WithTimeout(p.ctx, 3*time.Second)
		defer cancel()
		loc, _ := chromedp.Run(ctx, chromedp.Location())
		body, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("main")))
		p.b.t.Fatalf("browser at %s: %v\npage: %.600s", loc, err, body)
	}
}

// tap scrolls an element to the middle of the screen, as a thumb would,
// and taps it (the sticky save bar may hide the bottom of the screen).
// An htmx swap may replace the element between the moment it is found and
// the click: the tap is then tried again on the new element, as a thumb
// would tap again, a few times at most.
func (p *phone) tap(sel string) {
	p.b.t.Helper()
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).scrollIntoView({block: "center"})`, sel)),
		chromedp.Click(css(sel)),
	}
	for try := 0; try < 4; try++ {
		ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
		err := chromedp.Do(ctx, steps...)
		cancel()
		if err == nil {
			return
		}
		if !strings.Contains(err.Error(), "Could not find node") && !strings.Contains(err.Error(), "detached") {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	p.do(steps...) // once more, failing the test with the page when it still cannot
}

func (p *phone) open(path string) { p.b.t.Helper(); p.do(chromedp.Navigate(p.b.url + path)) }

// text reads an element's text in one step (a live update may replace the
// element at any moment, so it is read by one script, retried briefly).
func (p *phone) text(sel string) string {
	p.b.t.Helper()
	js := fmt.Sprintf(`(function () { var e = document.querySelector(%q); return e ? e.textContent : null; })()`, sel)
	var last error
	for i := 0; i < 50; i++ {
		ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
		v, err := chromedp.Run(ctx, chromedp.Evaluate[*string](js))
		cancel()
		if err == nil && v != nil {
			return strings.TrimSpace(*v)
		}
		last = err
		time.Sleep(100 * time.Millisecond)
	}
	p.b.t.Fatalf("text of %s: not found (%v)", sel, last)
	return ""
}

func (p *phone) eval(js string, out any) {
	p.b.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[any](js))
	if err != nil {
		p.b.t.Fatalf("eval %s: %v", js, err)
	}
	switch o := out.(type) {
	case *bool:
		*o, _ = v.(bool)
	case *float64:
		*o, _ = v.(float64)
	case *string:
		*o, _ = v.(string)
	}
}

func (p *phone) location() string {
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	defer cancel()
	loc, _ := chromedp.Run(ctx, chromedp.Location())
	return strings.TrimPrefix(loc, p.b.url)
}

// waitFor waits until the JavaScript condition holds; a page that is
// navigating (after a form post) is simply polled again.
func (p *phone) waitFor(cond string) {
	p.b.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(p.ctx, 2*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+cond+")"))
		cancel()
		if err == nil && ok {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	var html string
	p.eval(`document.querySelector('main').outerHTML`, &html)
	p.b.t.Fatalf("at %s, still not true after 10 s: %s\npage: %.3000s", p.location(), cond, html)
}

// noOverflow fails when the page is wider than a 360 px screen.
func (p *phone) noOverflow(path string) {
	p.b.t.Helper()
	p.do(chromedp.EmulateViewport(360, 640), chromedp.Navigate(p.b.url+path))
	var wide bool
	p.eval(`document.documentElement.scrollWidth > window.innerWidth + 1`, &wide)
	if wide {
		var w float64
		p.eval(`document.documentElement.scrollWidth`, &w)
		var culprits string
		p.eval(`Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join('; ')`, &culprits)
		p.b.t.Errorf("%s scrolls sideways on a 360 px screen (%v px wide): %s", path, w, culprits)
	}
	var small string
	p.eval(`Array.from(document.querySelectorAll('main button, main a.button, main input:not([type=hidden]):not([type=radio]):not([type=checkbox]), main select')).filter(e => e.offsetParent && e.getBoundingClientRect().height < 43).map(e => e.outerHTML.slice(0, 80)).join('\n')`, &small)
	if small != "" {
		p.b.t.Errorf("%s has tap targets under 44 px:\n%s", path, small)
	}
	p.do(chromedp.EmulateViewport(390, 844))
}

func css(s string) chromedp.CSS { return chromedp.CSS(s) }

func TestBrowserFiveCrownsMatch(t *testing.T) {
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
	invite := host.text("[data-testid=invite-url]")
	if host.text("[data-testid=admin-url]") == "" {
		t.Error("no admin link shown after creating the group")
	}

	// A second phone joins through the invite link and adds the players.
	guest := b.phone()
	guest.do(chromedp.Navigate(strings.Replace(invite, "http://tk.test", b.url, 1)))
	guest.do(chromedp.SendKeys(css("#display"), "Ben"), chromedp.Click(css("form[data-testid=join-form] button")),
		chromedp.WaitVisible(css("[data-testid=group-name]")))
	guest.open("/g/" + slug + "/players")
	for _, n := range []string{"Chloé"} { // Ana made the group and Ben joined it: they are players already
		guest.do(chromedp.SendKeys(css("#new-player"), n), chromedp.Click(css("form[data-testid=add-player] button")))
		guest.waitFor(fmt.Sprintf(`document.querySelectorAll('[data-testid=player]').length >= %d`, countPlayers(n)))
	}

	// Start the match: seats 1, 2, 3; Ana deals first.
	host.open("/g/" + slug + "/matches/new?game=fivecrowns")
	host.do(
		chromedp.SetValue(css("[data-testid=seat-Ana]"), "1"),
		chromedp.SetValue(css("[data-testid=seat-Ben]"), "2"),
		chromedp.SetValue(css("[data-testid=seat-Chloé]"), "3"),
		chromedp.Click(css("[data-testid=start-match]")),
		chromedp.WaitVisible(css("[data-testid=round-form]")),
	)
	matchPath := host.location()
	if w := host.text("[data-testid=fc-wild]"); !strings.HasPrefix(w, "3") {
		t.Errorf("round 1 wild = %q, want 3", w)
	}

	totals := []int{0, 0, 0}
	for r := 1; r <= 11; r++ {
		out := r % 3
		pts := []int{r + 2, r + 3, r + 4} // no hand is worth 1 or 2 points
		pts[out] = 0
		for seat := 0; seat < 3; seat++ {
			if seat == out {
				host.tap(fmt.Sprintf("input[name=mode_%d][value=out]", seat))
				continue
			}
			if r == 2 && seat == 1 { // Ben's cards on the picker: joker + K♥ with 4s wild = 63
				host.tap("[data-testid=seat]:nth-of-type(2) [data-testid=pick-seat]")
				host.waitFor(`document.querySelector('[data-testid=picker]') !== null`)
				host.tap("button[data-card=JK]")
				host.waitFor(`document.querySelectorAll('.chips .chip').length === 1`)
				host.tap("button[data-card=KH]")
				host.waitFor(`(document.querySelector('[data-testid=computed]')||{}).textContent?.includes('63')`)
				host.tap("[data-testid=picker-done]") // the bottom sheet covers the rows below it
				host.waitFor(`document.querySelector('[data-testid=picker]') === null`)
				pts[seat] = 63
				continue
			}
			host.do(chromedp.SetValue(css(fmt.Sprintf("#points_%d", seat)), fmt.Sprint(pts[seat])))
		}
		host.tap("[data-testid=save-round]")
		host.waitFor(fmt.Sprintf(`document.querySelectorAll('[data-testid=round-row]').length === %d`, r))
		for i := range totals {
			totals[i] += pts[i]
		}
		// The other phone sees the round too (on reload here; live updates come with the live table).
		if r == 5 {
			guest.open(matchPath)
			if n := countRows(guest); n != 5 {
				t.Errorf("the guest phone sees %d rounds, want 5", n)
			}
		}
	}

	// Correct round 3: Chloé had 3, not 7. The result is placed in view when
	// it arrives and once more 400 ms later (static/app.js): the tap comes
	// after that, as a thumb would, not while the page moves.
	host.waitFor(`document.getElementById('match-result') !== null`)
	time.Sleep(500 * time.Millisecond)
	host.tap("[data-testid=round-row]:nth-child(3) a[href$=edit]")
	host.do(chromedp.WaitVisible(css("#points_2")))
	host.do(chromedp.SetValue(css("#points_2"), "3"), chromedp.Click(css("[data-testid=save-round]")))
	host.waitFor(`document.querySelector('[data-testid=winner]') !== null`)
	totals[2] -= 4
	var got []string
	for i := 0; i < 3; i++ {
		got = append(got, host.text(fmt.Sprintf("[data-testid=totals] td:nth-child(%d)", i+2)))
	}
	want := fmt.Sprint(totals[0], " ", totals[1], " ", totals[2])
	if strings.Join(got, " ") != want {
		t.Errorf("totals after 11 rounds and a correction = %v, want %s", got, want)
	}
	winner := host.text("[data-testid=winner]")
	if !strings.Contains(winner, []string{"Ana", "Ben", "Chloé"}[lowest(totals)]) {
		t.Errorf("winner line %q, totals %v", winner, totals)
	}
	host.do(chromedp.Click(css("[data-testid=round-row]:nth-child(3) [data-testid=history-link]")), chromedp.WaitVisible(css("[data-testid=history]")))
	if n := countSel(host, "[data-testid=revision]"); n != 2 {
		t.Errorf("history of round 3 has %d revisions, want 2 (entered, corrected)", n)
	}
	if h := host.text("[data-testid=history]"); !strings.Contains(h, "Corrected") || !strings.Contains(h, "Chloé: 3") || !strings.Contains(h, "Chloé: 7") {
		t.Errorf("history of round 3 = %q; want the entry (Chloé 7) and the correction (Chloé 3)", h)
	}

	// Every page fits a 360 px screen with thumb-sized targets.
	for _, path := range []string{"/", "/referee", "/g/" + slug, "/g/" + slug + "/players", "/g/" + slug + "/rules",
		"/g/" + slug + "/matches/new?game=fivecrowns", matchPath, host.location()} {
		host.noOverflow(path)
	}
}

func countPlayers(name string) int {
	return map[string]int{"Ana": 1, "Ben": 2, "Chloé": 3}[name]
}

func countRows(p *phone) int { return countSel(p, "[data-testid=round-row]") }

func countSel(p *phone, sel string) int {
	var n float64
	p.eval(fmt.Sprintf(`document.querySelectorAll(%q).length`, sel), &n)
	return int(n)
}

func lowest(xs []int) int {
	best := 0
	for i, x := range xs {
		if x < xs[best] {
			best = i
		}
	}
	return best
}
