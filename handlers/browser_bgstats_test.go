package handlers

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tablekeeper/tablekeeper/internal/bgstatsgen"
)

// On a phone, the admin takes a BG Stats history into the group as a
// browser does it: picks the file on the export page, sees each file game's
// proposed match, takes "Take Five" as ours, sees what that changes,
// imports; a finished match then offers "Send to BG Stats" as BG Stats's
// one-play link. The confirmation page fits a 360 px screen.
func TestBrowserBGStatsImport(t *testing.T) {
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
	file := filepath.Join(t.TempDir(), "BGStatsExport.json")
	if err := os.WriteFile(file, bgstatsgen.Make(bgstatsgen.Options{Seed: 5, Plays: 200, Platform: "android"}), 0o600); err != nil {
		t.Fatal(err)
	}
	host.open("/g/" + slug + "/export")
	host.do(chromedp.SetUploadFiles(css("#bgstats-file"), []string{file}))
	host.tap("[data-testid=bgstats-upload]")
	host.waitFor(`document.querySelector('[data-testid=bgstats-games]')`)
	var proposed string
	host.eval(`[...document.querySelectorAll('select[data-testid=bgstats-game]')].map(s => document.querySelector('label[for="'+s.id+'"]').textContent.split(' (')[0] + '=' + s.value).join(';')`, &proposed)
	for _, want := range []string{"Five Crowns=fivecrowns", "TAKI=taki", "Hornochsen!=take5", "Take 5=new;", "Take Five=new;"} {
		if !strings.Contains(proposed+";", want) {
			t.Errorf("proposed %s: lacks %s", proposed, want)
		}
	}
	var left bool // Take Five left out: its plays then move from left out to imported
	host.eval(`document.body.dataset.old = '1'; document.querySelector("select[id='game.5']").value = ''; document.querySelector('[data-testid=bgstats-look]').click(); true`, &left)
	host.waitFor(`!document.body.dataset.old && document.querySelector("select[id='game.5']") && document.querySelector("select[id='game.5']").value === ''`)
	before := host.text("[data-testid=bgstats-summary]")
	host.do(chromedp.SetValue(css("select[id='game.5']"), "takefive"))
	var marked bool
	host.eval(`document.body.dataset.before = '1'; true`, &marked) // the page the new one replaces
	host.tap("[data-testid=bgstats-look]")
	host.waitFor(`!document.body.dataset.before && document.querySelector("select[id='game.5']").value === 'takefive'`)
	if after := host.text("[data-testid=bgstats-summary]"); after == before {
		t.Errorf("choosing Take Five changed nothing in the summary")
	}
	host.do(chromedp.EmulateViewport(360, 640))
	var wide bool
	host.eval(`document.documentElement.scrollWidth > window.innerWidth + 1`, &wide)
	if wide {
		t.Error("the BG Stats confirmation scrolls sideways on a 360 px screen")
	}
	host.do(chromedp.EmulateViewport(390, 844))
	host.open("/g/" + slug + "/export")
	host.do(chromedp.SetUploadFiles(css("#bgstats-file"), []string{file}))
	host.tap("[data-testid=bgstats-upload]")
	host.waitFor(`document.querySelector("select[id='game.5']") && document.querySelector("select[id='game.5']").value === 'new'`)
	var skipped bool // the games none of ours stay out: this test is about ours (see TestBGStatsImportsOtherGames)
	host.eval(`document.querySelectorAll('select[data-testid=bgstats-game]').forEach(s => { if (s.value === 'new') s.value = '' }); true`, &skipped)
	host.do(chromedp.SetValue(css("select[id='game.5']"), "takefive"))
	host.tap("[data-testid=bgstats-import-button]")
	host.waitFor(`document.querySelector('[data-testid=bgstats-done]')`)
	done := host.text("[data-testid=bgstats-done]")
	if !strings.Contains(done, "plays were imported") {
		t.Fatalf("done: %s", done)
	}
	ms, _ := b.app.store.Matches(t.Context(), mustGroup(t, b, slug), 1)
	host.open("/g/" + slug + "/matches/" + jsonText(ms[0].ID))
	href := host.attr("[data-testid=bgstats-send]", "href")
	if !strings.HasPrefix(href, "bgstats://app.bgstatsapp.com/createPlay.html?data=") {
		t.Errorf("send link %q", href)
	}
}

func mustGroup(t *testing.T, b *browser, slug string) int64 {
	t.Helper()
	g, err := b.app.store.GroupBySlug(t.Context(), slug)
	if err != nil {
		t.Fatal(err)
	}
	return g.ID
}
