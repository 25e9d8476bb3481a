package handlers

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/tablekeeper/tablekeeper/games/auditstates"
	"github.com/tablekeeper/tablekeeper/internal/pagestates"
)

// The page audits walk every page state pagestates seeds (about 60: each
// page, each game's scoresheet empty, in progress, finished, with an error
// or a conflict, the referee verdicts, French, not found) through axe-core
// in light and dark, the Nu HTML checker, and the phone-layout rules: no
// sideways scroll at 390 and 360 px, every tap target at least 44×44 px.
// The tools come from .ci/audit-tools; the tests skip without them unless
// TABLEKEEPER_AUDIT_TESTS is "required" (as in CI).

// auditTool returns the path of a file in the audit tools' folder.
func auditTool(t *testing.T, rel string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("page audit: skipped with -short")
	}
	dir := os.Getenv("TABLEKEEPER_AUDIT_TOOLS")
	if dir == "" {
		home, _ := os.UserHomeDir()
		dir = filepath.Join(home, ".cache", "tablekeeper-audit")
	}
	path := filepath.Join(dir, "node_modules", rel)
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("TABLEKEEPER_AUDIT_TESTS") == "required" {
			t.Fatalf("page audits are required but %s is missing: run .ci/audit-tools", path)
		}
		t.Skipf("page audit: %s is missing (run .ci/audit-tools; TABLEKEEPER_AUDIT_TESTS=required makes this a failure)", path)
	}
	return path
}

// auditPages seeds the app and checks that each state answers as listed.
func auditPages(t *testing.T, app *testApp) []pagestates.Page {
	t.Helper()
	pages, err := pagestates.Seed(app.e, auditstates.All())
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) < 45 {
		t.Fatalf("only %d page states seeded", len(pages))
	}
	return pages
}

// TestAuditHTML runs the Nu HTML checker once over the HTML of every page
// state, as the server sends it, and checks who may index each page.
func TestAuditHTML(t *testing.T) {
	jar := auditTool(t, "vnu-jar/build/dist/vnu.jar")
	java, err := exec.LookPath("java")
	if err != nil {
		if os.Getenv("TABLEKEEPER_AUDIT_TESTS") == "required" {
			t.Fatal("page audits are required but java is missing: apt-get install -y default-jre-headless")
		}
		t.Skip("page audit: no java on this machine")
	}
	app := newTestApp(t)
	pages := auditPages(t, app)
	dir := os.Getenv("TABLEKEEPER_AUDIT_KEEP") // a folder to keep the pages in, to read them while fixing
	if dir == "" {
		dir = t.TempDir()
	}
	files := []string{}
	names := map[string]string{}
	robots := regexp.MustCompile(`<meta name="robots" content="[^"]*noindex`)
	for i, p := range pages {
		code, body := pagestates.Body(app.e, p)
		if code != p.Status {
			t.Errorf("%s: %s %s answered %d, want %d", p.Name, p.Method, p.Path, code, p.Status)
			continue
		}
		if noindex := robots.MatchString(body); noindex == p.Public {
			t.Errorf("%s: noindex is %v; pages meant to be found are indexed, the others say noindex", p.Name, noindex)
		}
		f := filepath.Join(dir, fmt.Sprintf("%02d.html", i))
		os.WriteFile(f, []byte(body), 0o644)
		files = append(files, f)
		names["file:"+f] = p.Name
	}
	out, err := exec.Command(java, append([]string{"-jar", jar, "--errors-only", "--format", "json", "--exit-zero-always"}, files...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("the Nu checker did not run: %v\n%s", err, out)
	}
	var nu struct {
		Messages []struct {
			Type, URL, Message, Extract string
			LastLine                    int
		}
	}
	if err := json.Unmarshal(out[strings.IndexByte(string(out), '{'):], &nu); err != nil {
		t.Fatalf("the Nu checker's report: %v\n%s", err, out)
	}
	for _, m := range nu.Messages {
		if m.Type == "error" || m.Type == "non-document-error" {
			report(t, names[m.URL], fmt.Sprintf("line %d", m.LastLine), []string{m.Message + "\n    " + strings.TrimSpace(m.Extract)})
		}
	}
}

// auditFindings are one page's problems, in a sentence each.
type auditFindings []string

// report fails the test with each finding.
func report(t *testing.T, page, where string, found []string) {
	t.Helper()
	for _, f := range found {
		t.Errorf("%s (%s): %s", page, where, f)
	}
}

// TestAuditBrowser opens every page state and runs axe-core in light (at
// Lighthouse's 412×823) and dark (at 390×844), then checks the layout at
// 390 and 360 px.
func TestAuditBrowser(t *testing.T) {
	axePath := auditTool(t, "axe-core/axe.min.js")
	axe, err := os.ReadFile(axePath)
	if err != nil {
		t.Fatal(err)
	}
	var pages []pagestates.Page
	b := newBrowserServing(t, func(app *testApp) http.Handler {
		pages = auditPages(t, app)
		return pagestates.Replay(app.e, pages, false)
	})
	p := b.phone()
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: string(axe)})
		return err
	}))
	start := time.Now()
	only := regexp.MustCompile(os.Getenv("TABLEKEEPER_AUDIT_ONLY")) // to audit a few states while fixing
	for i, pg := range pages {
		if !only.MatchString(pg.Name) {
			continue
		}
		if testing.Verbose() {
			t.Logf("auditing %s (%s)", pg.Name, pg.URL(i))
		}
		p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			if _, err := cdp.Call(ctx, tg, network.ClearBrowserCookies, cdp.Empty{}); err != nil {
				return err
			}
			for _, ck := range pg.Cookies {
				if _, err := cdp.Call(ctx, tg, network.SetCookie, network.SetCookieParams{Name: ck.Name, Value: ck.Value, URL: b.url + "/"}); err != nil {
					return err
				}
			}
			return nil
		}), chromedp.EmulateViewport(412, 823), colourScheme("light"), chromedp.Navigate(b.url+pg.URL(i)))
		var found auditFindings
		// Light at Lighthouse's phone, 412×823; TABLEKEEPER_SHOTS=dir keeps a picture.
		found = append(found, p.axe("light")...)
		p.shot(fmt.Sprintf("audit-%02d", i))
		p.do(colourScheme("dark"), chromedp.EmulateViewport(390, 844))
		found = append(found, p.axe("dark")...)
		found = append(found, p.layout(390)...)
		p.do(chromedp.EmulateViewport(360, 740))
		found = append(found, p.layout(360)...)
		report(t, pg.Name, pg.URL(i), found)
	}
	t.Logf("%d page states audited in %v", len(pages), time.Since(start).Round(time.Second))
}

// axe runs axe-core on the page as it stands and lists the violations.
func (p *phone) axe(scheme string) auditFindings {
	p.b.t.Helper()
	const js = `axe.run(document, {resultTypes: ['violations']}).then(r => JSON.stringify(r.violations.map(v => ({
		id: v.id, help: v.help, nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + (n.any[0] ? ' — ' + n.any[0].message : ''))}))))`
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		return auditFindings{"axe-core did not run: " + err.Error()}
	}
	var vs []struct {
		ID, Help string
		Nodes    []string
	}
	json.Unmarshal([]byte(out), &vs)
	var found auditFindings
	for _, v := range vs {
		found = append(found, fmt.Sprintf("axe %s (%s) %s: %s", v.ID, scheme, v.Help, strings.Join(v.Nodes, " | ")))
	}
	return found
}

// layout checks the page at the current width: no sideways scroll, and
// every tap target at least 44×44 px (a radio or a checkbox counts with the
// label that holds it; a hidden element counts not at all; what a closed
// <details> holds counts as when it is opened).
func (p *phone) layout(width int) auditFindings {
	p.b.t.Helper()
	const js = `(function () {
		var out = [];
		var de = document.documentElement;
		if (de.scrollWidth > window.innerWidth + 1) {
			var wide = Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
				.slice(0, 4).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className ? '.' + String(e.className).split(' ').join('.') : '')).join(', ');
			out.push('scrolls sideways (' + de.scrollWidth + ' px wide): ' + wide);
		}
		// What a closed <details> holds is checked opened, as a thumb opens it
		// (the page's menu, the confirm steps), then the details are closed again.
		var closed = Array.from(document.querySelectorAll('details:not([open])'));
		closed.forEach(d => d.open = true);
		var seen = new Set();
		document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary').forEach(function (e) {
			var t = e;
			if ((e.type === 'radio' || e.type === 'checkbox') && e.closest('label')) t = e.closest('label');
			if (seen.has(t)) return;
			seen.add(t);
			var cs = getComputedStyle(e);
			if (cs.visibility === 'hidden' || e.closest('[hidden], [inert]')) return;
			if (e.closest('.visually-hidden') || (e.getClientRects().length === 0 && t === e)) return;
			var r = t.getBoundingClientRect();
			if (r.width === 0 && r.height === 0) return;
			if (r.width < 43.5 || r.height < 43.5) {
				out.push('tap target ' + Math.round(r.width) + '×' + Math.round(r.height) + ' px: ' + t.outerHTML.replace(/\s+/g, ' ').slice(0, 110));
			}
		});
		closed.forEach(d => d.open = false);
		return JSON.stringify(out);
	})()`
	var s string
	p.eval(js, &s)
	var list []string
	json.Unmarshal([]byte(s), &list)
	var found auditFindings
	for _, f := range list {
		found = append(found, fmt.Sprintf("at %d px: %s", width, f))
	}
	return found
}
