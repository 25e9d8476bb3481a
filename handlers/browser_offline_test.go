package handlers

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/tablekeeper/tablekeeper/store"
)

// The table keeps working when the Wi-Fi doesn't (issue 29): two phones,
// the connection of one cut and restored. A phone is cut two ways at once:
// the browser's own offline emulation (navigator.onLine, the online and
// offline events, the page's and its service worker's requests), and the
// server refusing that phone's requests (each phone carries a cookie
// naming it), so that nothing of it reaches the server while it is cut.

// cuts is the set of phones the server refuses, by name. Cutting a phone
// also ends the answers it is still receiving (its live stream), as a
// server that restarts or drops off the network would.
type cuts struct {
	mu   sync.Mutex
	off  map[string]bool
	open map[string][]context.CancelFunc
	// asked counts each phone's requests, reached or not; saves its posts
	// of a round; busy answers a phone 503 with this Retry-After (seconds).
	asked, saves map[string]int
	busy         map[string]string
	nolive       map[string]bool // the phone's live stream answered 204: no live update reaches it
	// hold delays the phone's posts of a round by this long: a kept round
	// is still on its way while the player goes on.
	hold map[string]time.Duration
}

// counted is a phone's requests and saves since the last call, which starts again from 0.
func (c *cuts) counted(name string) (asked, saves int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	asked, saves = c.asked[name], c.saves[name]
	c.asked[name], c.saves[name] = 0, 0
	return asked, saves
}

func (c *cuts) set(name string, off bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.off[name] = off
	if off {
		for _, cancel := range c.open[name] {
			cancel()
		}
		c.open[name] = nil
	}
}

func (c *cuts) front(app *testApp) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ck, err := r.Cookie("tkphone"); err == nil {
			c.mu.Lock()
			off, busy, nolive := c.off[ck.Value], c.busy[ck.Value], c.nolive[ck.Value]
			c.asked[ck.Value]++
			var hold time.Duration
			if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/rounds") {
				c.saves[ck.Value]++
				hold = c.hold[ck.Value]
			}
			c.mu.Unlock()
			time.Sleep(hold)
			if nolive && !off && strings.HasSuffix(r.URL.Path, "/events") {
				w.WriteHeader(http.StatusNoContent)
				return
			}
			if busy != "" && !off {
				w.Header().Set("Retry-After", busy)
				w.WriteHeader(http.StatusServiceUnavailable)
				return
			}
			if off { // unreachable: the connection is dropped without an answer
				if hj, ok := w.(http.Hijacker); ok {
					if conn, _, err := hj.Hijack(); err == nil {
						conn.Close()
						return
					}
				}
				w.WriteHeader(http.StatusBadGateway)
				return
			}
		}
		if ck, err := r.Cookie("tkphone"); err == nil && strings.HasSuffix(r.URL.Path, "/events") {
			ctx, cancel := context.WithCancel(r.Context())
			defer cancel()
			c.mu.Lock()
			c.open[ck.Value] = append(c.open[ck.Value], cancel)
			c.mu.Unlock()
			r = r.WithContext(ctx)
		}
		app.e.ServeHTTP(w, r)
	})
}

type offTable struct {
	b        *browser
	cut      *cuts
	ana, ben *phone
	slug     string
	match    string // the scoresheet's path
	matchID  int64
}

// offlineTable: Ana made the group, Ben joined; a Five Crowns match of Ana
// and Ben is open on both phones.
func offlineTable(t *testing.T) *offTable { t.Helper(); return offlineTableAt(t, "") }

// offlineTableAt is offlineTable with the server reached by the name host
// (see newBrowserAt): over http there, no service worker runs.
func offlineTableAt(t *testing.T, host string) *offTable {
	t.Helper()
	return offlineTableOf(t, host, "fivecrowns")
}

// offlineTableOf is offlineTableAt with a match of game ("custom": a
// group's own game scored by points per round, custom-1).
func offlineTableOf(t *testing.T, host, game string) *offTable {
	t.Helper()
	cut := &cuts{off: map[string]bool{}, open: map[string][]context.CancelFunc{},
		asked: map[string]int{}, saves: map[string]int{}, busy: map[string]string{}, nolive: map[string]bool{}}
	b := newBrowserAt(t, cut.front, host)
	tb := &offTable{b: b, cut: cut}
	tb.ana, tb.ben = b.phone(), b.phone()
	for name, p := range map[string]*phone{"ana": tb.ana, "ben": tb.ben} {
		p.do(chromedp.Action[chromedp.Void](chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
				return err
			}
			_, err := cdp.Call(ctx, tg, network.SetCookie, network.SetCookieParams{Name: "tkphone", Value: name, URL: b.url + "/"})
			return err
		})))
	}
	tb.slug = browserGroup(tb.ana, "Jeudi", "Ana")
	g, err := b.app.store.GroupBySlug(context.Background(), tb.slug)
	if err != nil {
		t.Fatal(err)
	}
	tb.ben.open("/join/" + tb.slug + "/" + g.InviteToken)
	tb.ben.do(chromedp.SendKeys(css("#display"), "Ben"), chromedp.Click(css("form[data-testid=join-form] button")),
		chromedp.WaitVisible(css("[data-testid=group-name]")))
	if game == "custom" {
		if _, err := b.app.store.AddGroupGame(context.Background(), store.GroupGame{GroupID: g.ID, Name: "Rummy", Kind: store.KindRounds}); err != nil {
			t.Fatal(err)
		}
		game = "custom-1"
	}
	tb.match = browserMatch(tb.ana, tb.slug, game, "Ana", "Ben")
	id, _ := strconv.ParseInt(tb.match[strings.LastIndex(tb.match, "/")+1:], 10, 64)
	tb.matchID = id
	tb.ben.open(tb.match)
	// Both phones have the service worker in charge of the page (it is
	// installed on the first page, and keeps the pages visited from then on).
	for _, p := range []*phone{tb.ana, tb.ben} {
		if host == "" {
			p.waitFor(`navigator.serviceWorker && navigator.serviceWorker.controller !== null`)
		}
	}
	return tb
}

// offline cuts the phone's connection (on=false) or gives it back.
func (tb *offTable) offline(p *phone, name string, off bool) {
	tb.b.t.Helper()
	tb.cut.set(name, off) // the server first: the browser's online event then finds it
	p.do(chromedp.Action[chromedp.Void](chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
			return err
		}
		yes := true
		_, err := cdp.Call(ctx, tg, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			EmulateOfflineServiceWorker: &yes,
			MatchedNetworkConditions:    []*network.Conditions{{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}}})
		return err
	})))
}

// saveRound enters a Five Crowns round on a phone: Ana went out, Ben has pts.
func saveRound(p *phone, pts int) {
	p.b.t.Helper()
	p.tap("[data-testid=went-out][data-player=Ana]")
	p.do(chromedp.SetValue(css("#points_1"), fmt.Sprint(pts)))
	p.tap("[data-testid=save-round]")
}

// liveRounds is the server's own count of the match's rounds (undone ones apart).
func (tb *offTable) liveRounds() (n int, bens []int) {
	tb.b.t.Helper()
	rounds, err := tb.b.app.store.Rounds(context.Background(), tb.matchID)
	if err != nil {
		tb.b.t.Fatal(err)
	}
	for _, r := range rounds {
		if !r.Undone() {
			n++
			bens = append(bens, r.Points[1])
		}
	}
	return n, bens
}

// within waits for cond on p for at most d, and fails saying how long it took otherwise.
func within(p *phone, d time.Duration, cond, what string) time.Duration {
	p.b.t.Helper()
	start := time.Now()
	for time.Since(start) < d {
		var ok bool
		ctx, cancel := context.WithTimeout(p.ctx, 2*time.Second)
		v, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+cond+")"))
		cancel()
		ok = err == nil && v
		if ok {
			return time.Since(start)
		}
		time.Sleep(100 * time.Millisecond)
	}
	var main string
	ctx, cancel := context.WithTimeout(p.ctx, 3*time.Second)
	defer cancel()
	main, _ = chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('main')||document.body).innerText`))
	p.b.t.Fatalf("%s: not within %v (%s)\npage: %.1500s", what, d, cond, main)
	return 0
}

const rowsJS = `document.querySelectorAll('[data-testid=round-row]:not(.undone)').length`

// Catch up: Ben's phone is offline while Ana saves two rounds; when it is
// back, it shows them within 6 s without a reload, and says what changed.
func TestBrowserOfflineCatchUp(t *testing.T) {
	tb := offlineTable(t)
	tb.offline(tb.ben, "ben", true)
	saveRound(tb.ana, 10)
	tb.ana.waitFor(rowsJS + ` === 1`)
	saveRound(tb.ana, 20)
	tb.ana.waitFor(rowsJS + ` === 2`)
	time.Sleep(2 * time.Second) // the live event reaches nothing: Ben's phone is away
	var rows float64
	tb.ben.eval(rowsJS, &rows)
	if rows != 0 {
		t.Fatalf("Ben's phone shows %v rounds while cut off, want 0 (the cut does not hold)", rows)
	}
	tb.offline(tb.ben, "ben", false)
	took := within(tb.ben, 6*time.Second, rowsJS+` === 2 && (document.querySelector('[data-testid=change-note]')||{}).textContent?.includes('While you were away: Ana saved round 1; Ana saved round 2')`,
		"Ben's phone catches up and says what changed")
	t.Logf("caught up %v after the connection came back", took.Round(time.Millisecond))
	wantTotals(tb.ben, "Ana:0 Ben:30")
}

// Catch up after the tab was hidden (a phone put away in a pocket) with the
// live stream cut meanwhile: shown again, it is up to date within 6 s.
func TestBrowserCatchUpWhenShownAgain(t *testing.T) {
	tb := offlineTable(t)
	tb.cut.set("ben", true) // the server unreachable for Ben only, the browser unaware
	tb.ben.eval(`(function () { Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true}); document.dispatchEvent(new Event('visibilitychange')); })()`, nil)
	saveRound(tb.ana, 10)
	tb.ana.waitFor(rowsJS + ` === 1`)
	time.Sleep(1500 * time.Millisecond)
	tb.cut.set("ben", false)
	tb.ben.eval(`(function () { Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true}); document.dispatchEvent(new Event('visibilitychange')); })()`, nil)
	within(tb.ben, 6*time.Second, rowsJS+` === 1`, "Ben's phone, shown again, catches up")
}

// The server restarts (or drops off the network for a while): Ben's live
// stream ends and his phone cannot reach the server, without any event on
// the phone. Once the server answers again his phone catches up by itself.
func TestBrowserCatchUpAfterServerRestart(t *testing.T) {
	tb := offlineTable(t)
	tb.cut.set("ben", true)
	saveRound(tb.ana, 10)
	tb.ana.waitFor(rowsJS + ` === 1`)
	time.Sleep(3 * time.Second)
	tb.cut.set("ben", false)
	within(tb.ben, 6*time.Second, rowsJS+` === 1 && (document.querySelector('[data-testid=change-note]')||{}).textContent?.includes('While you were away: Ana saved round 1')`, "Ben's phone catches up once the server is back")
}

// Save offline: Ben saves round 1 without a connection. It is kept on his
// phone and says so next to Save, through a reload and in a new tab (one
// note: not also a red "nothing was sent"), shown as round 1 waiting with
// what was typed, the form on round 2 (issue 37); when the connection is
// back it is sent once, and the server has one round.
func TestBrowserOfflineSaveSentOnce(t *testing.T) {
	tb := offlineTable(t)
	tb.offline(tb.ben, "ben", true)
	saveRound(tb.ben, 7)
	pendingJS := `(document.querySelector('[data-testid=pending-save]')||{}).textContent?.includes('waiting for the connection')`
	within(tb.ben, 5*time.Second, pendingJS, "the save kept on the phone says so")
	tb.ben.inView("[data-testid=pending-save]", "after a save without a connection")
	if n, _ := tb.liveRounds(); n != 0 {
		t.Fatalf("the server has %d rounds while Ben is offline", n)
	}
	// A reload without a connection: the service worker's copy of the page,
	// and the save still waiting, with what was typed.
	tb.ben.do(chromedp.Reload())
	within(tb.ben, 8*time.Second, pendingJS, "after a reload offline, the save still waits")
	var typed string
	tb.ben.eval(`[...document.querySelectorAll('[data-testid=kept-round] td')].slice(1, -1).map(c => c.textContent).join('/') + ' ' + document.querySelector('#round-form h2').textContent`, &typed)
	if typed != "0/7 Enter round 2" {
		t.Errorf("after a reload offline Ben's phone shows %q, want round 1 waiting (0/7) and the form on round 2", typed)
	}
	var notes string
	tb.ben.eval(`[...document.querySelectorAll('[data-testid=pending-save], [data-testid=offline-here]')].map(e => e.dataset.testid).join(' ')`, &notes)
	if notes != "pending-save" {
		t.Errorf("after a reload offline the notes beside Save are %q, want one: the round waiting", notes)
	}
	// The browser's tab closed and another opened on the match, still offline.
	tab, cancel := chromedp.NewContext(tb.ben.ctx)
	defer cancel()
	if err := chromedp.Do(tab, chromedp.EmulateViewport(390, 844)); err != nil { // without a timeout: the tab's first action
		t.Fatal(err)
	}
	ben2 := &phone{b: tb.b, ctx: tab}
	tb.offline(ben2, "ben", true)
	ben2.do(chromedp.Navigate(tb.b.url + tb.match))
	within(ben2, 8*time.Second, pendingJS, "in a new tab offline, the save still waits")
	tb.offline(ben2, "ben", false)
	ben2.do(chromedp.Navigate("about:blank"))

	tb.offline(tb.ben, "ben", false)
	within(tb.ben, 8*time.Second, rowsJS+` === 1 && !document.querySelector('[data-testid=pending-save]')`, "the kept save is sent when the connection is back")
	within(tb.ana, 6*time.Second, rowsJS+` === 1`, "Ana's phone shows Ben's round")
	time.Sleep(5 * time.Second) // every retry that could still come
	if n, bens := tb.liveRounds(); n != 1 || bens[0] != 7 {
		t.Errorf("the server has %d rounds %v, want exactly one, Ben's 7", n, bens)
	}
	var left string
	tb.ben.eval(`localStorage.getItem('tk-pending') || ''`, &left)
	if left != "" && left != "[]" {
		t.Errorf("the phone still keeps %s", left)
	}
}

// The server unreachable for a while (restarted, its Wi-Fi gone) while the
// phone thinks it is online: a save is kept, then sent once by the retries.
func TestBrowserSaveWhileServerUnreachable(t *testing.T) {
	tb := offlineTable(t)
	tb.cut.set("ben", true)
	saveRound(tb.ben, 9)
	within(tb.ben, 5*time.Second, `!!document.querySelector('[data-testid=pending-save]')`, "a save the server did not get is kept")
	time.Sleep(3 * time.Second)
	tb.cut.set("ben", false)
	within(tb.ben, 10*time.Second, rowsJS+` === 1 && !document.querySelector('[data-testid=pending-save]')`, "sent when the server answers again")
	time.Sleep(4 * time.Second)
	if n, _ := tb.liveRounds(); n != 1 {
		t.Errorf("the server has %d rounds, want 1", n)
	}
}

// A conflict after an offline save: Ben saves round 1 offline (Ben 7),
// Ana saves it online (Ben 10). Back online, Ben's save meets Ana's round:
// both values are told, Ana's round stays, Ben's values wait in his form.
func TestBrowserConflictAfterOfflineSave(t *testing.T) {
	tb := offlineTable(t)
	tb.offline(tb.ben, "ben", true)
	saveRound(tb.ben, 7)
	within(tb.ben, 5*time.Second, `!!document.querySelector('[data-testid=pending-save]')`, "kept offline")
	saveRound(tb.ana, 10)
	tb.ana.waitFor(rowsJS + ` === 1`)
	tb.offline(tb.ben, "ben", false)
	within(tb.ben, 8*time.Second, `(document.querySelector('[data-testid=flash][role=alert]')||{}).textContent?.includes('Another phone saved round 1')`, "the conflict is told")
	msg := tb.ben.text("[data-testid=flash][role=alert]")
	if !strings.Contains(msg, "Ben 10") {
		t.Errorf("the conflict says %q, want the other phone's values (Ben 10)", msg)
	}
	var typed string
	tb.ben.eval(`document.querySelector('#points_1').value`, &typed)
	if typed != "7" {
		t.Errorf("after the conflict Ben's form holds %q, want his 7", typed)
	}
	if n, bens := tb.liveRounds(); n != 1 || bens[0] != 10 {
		t.Errorf("the server has %d rounds %v, want Ana's round alone (Ben 10), not overwritten", n, bens)
	}
	// Ben decides to keep his values: saving again replaces the round, recorded.
	tb.ben.tap("[data-testid=save-round]")
	within(tb.ana, 6*time.Second, `(document.querySelector('[data-testid=change-note]')||{}).textContent?.includes('Ben corrected round 1')`, "Ana is told of Ben's correction")
	if n, bens := tb.liveRounds(); n != 1 || bens[0] != 7 {
		t.Errorf("after Ben's correction the server has %d rounds %v, want one, Ben 7", n, bens)
	}
}

// Drafts: a half-typed round (a went-out mark, cards tapped, the card
// sheet switched to the cards left) survives a reload and the back and
// forward buttons, and is forgotten once saved.
func TestBrowserDraftSurvivesReload(t *testing.T) {
	tb := offlineTable(t)
	p := tb.ben
	p.tap("[data-testid=went-out][data-player=Ana]")
	p.tap(`[data-testid=seat][data-player=Ben] [data-testid=pick-seat]`)
	p.waitFor(`document.querySelector('[data-testid=picker][data-seat="1"]') !== null`)
	// Ben's own row reads his cards as a whole hand; he has laid down and taps what is left.
	p.tap(`[data-testid=picker] input[name=mode_1][value=cards]`)
	p.waitFor(`document.querySelector('[data-testid=picker] input[name=mode_1][value=cards]').checked && document.querySelector('[data-testid=picker] [data-testid=sheet-title], #sheet-title').textContent.includes('left')`)
	p.tap(`[data-testid=picker] .sheet-deck button[data-card="JK"]`)
	p.waitFor(`document.querySelectorAll('[data-testid=picker] .sheet-hand .chip').length === 1`)
	p.tap(`[data-testid=picker] .sheet-deck button[data-card="KH"]`)
	p.waitFor(`document.querySelectorAll('[data-testid=picker] .sheet-hand .chip').length === 2`)
	p.tap("[data-testid=picker-done]")
	p.waitFor(`document.querySelector('[data-testid=picker]') === null`)
	const draftJS = `document.querySelector('[data-testid=went-out][data-player=Ana]').checked && document.querySelector('#points_1').value === '63' && (document.querySelector('[data-testid=computed]')||{}).textContent?.includes('63')`
	p.waitFor(draftJS)

	p.do(chromedp.Reload())
	within(p, 6*time.Second, draftJS, "the draft is back after a reload")

	p.open("/g/" + tb.slug)
	p.eval(`history.back()`, nil)
	within(p, 6*time.Second, `location.pathname === '`+tb.match+`' && `+draftJS, "the draft is back after the back button")
	p.eval(`history.forward()`, nil)
	p.waitFor(`location.pathname === '/g/` + tb.slug + `'`)
	p.eval(`history.back()`, nil)
	within(p, 6*time.Second, `location.pathname === '`+tb.match+`' && `+draftJS, "the draft is back after forward and back")

	// (chromedp's own clicks lose track of a page the history buttons brought back: a script taps)
	p.eval(`document.querySelector('[data-testid=save-round]').click()`, nil)
	p.waitFor(rowsJS + ` === 1`)
	p.do(chromedp.Reload())
	p.waitFor(rowsJS + ` === 1`)
	var blank bool
	p.eval(`!document.querySelector('[data-testid=went-out][data-player=Ana]').checked && document.querySelector('#points_1').value === '' && !document.querySelector('[data-testid=computed]') && !Object.keys(localStorage).some(k => k.indexOf('tk-draft:') === 0)`, &blank)
	if !blank {
		t.Error("after the save and a reload, round 2's form is not blank or a draft is still kept")
	}
}

// Undo told: Ana takes back round 2; Ben's phone says so, naming her.
func TestBrowserUndoToldOnOtherPhone(t *testing.T) {
	tb := offlineTable(t)
	saveRound(tb.ana, 10)
	tb.ana.waitFor(rowsJS + ` === 1`)
	saveRound(tb.ana, 20)
	tb.ana.waitFor(rowsJS + ` === 2`)
	tb.ben.waitFor(rowsJS + ` === 2`)
	tb.ana.tap("[data-testid=menu] > summary")
	tb.ana.tap("[data-testid=undo-ask]")
	tb.ana.waitFor(`document.querySelector('[data-testid=undo]').offsetParent !== null`)
	tb.ana.tap("[data-testid=undo]")
	tb.ana.waitFor(rowsJS + ` === 1`)
	within(tb.ben, 6*time.Second, rowsJS+` === 1 && (document.querySelector('[data-testid=change-note]')||{}).textContent?.includes('Ana took back round 2')`, "Ben is told who took back round 2")
	var own bool
	tb.ana.eval(`!!document.querySelector('[data-testid=change-note]')`, &own)
	if own {
		t.Error("Ana is told of her own undo")
	}
}

// Useful offline: the referee page and the scoresheet visited before open
// without a connection; the referee page says what works and what waits.
func TestBrowserRefereeOffline(t *testing.T) {
	tb := offlineTable(t)
	p := tb.ben
	p.open("/referee/fivecrowns")
	p.waitFor(`document.querySelector('main form') !== null`)
	tb.offline(p, "ben", true)
	p.open("/referee/fivecrowns")
	within(p, 8*time.Second, `(document.querySelector('[data-testid=referee-offline]')||{}).textContent?.includes('the verdict wait for the connection')`, "the referee page offline says what waits")
	p.open(tb.match)
	within(p, 8*time.Second, `!!document.querySelector('[data-testid=round-form]') && !!document.querySelector('[data-testid=scoreboard]')`, "the scoresheet opens offline")
	tb.offline(p, "ben", false)
	within(p, 6*time.Second, `!document.querySelector('[data-testid=referee-offline]')`, "the note leaves with the connection back")
}
