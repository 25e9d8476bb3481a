package handlers

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Feedback where the thumb is (issue 16), on two phones with JavaScript: Ben
// is typing round 1 when Ana saves it; a banner next to his form names who
// saved what, and what he typed stays; his save then meets the conflict,
// whose message is on the screen next to Save.
func TestBrowserFeedbackAtTheAction(t *testing.T) {
	b := newBrowser(t)
	ana := b.phone()
	ana.open("/")
	ana.do(
		chromedp.SendKeys(css("#name"), "Mardi"),
		chromedp.SendKeys(css("#display"), "Ana"),
		chromedp.Click(css("form[data-testid=create-group] button")),
		chromedp.WaitVisible(css("[data-testid=invite-url]")),
	)
	slug := strings.TrimPrefix(ana.location(), "/g/")
	g, err := b.app.store.GroupBySlug(context.Background(), slug)
	if err != nil {
		t.Fatal(err)
	}
	ben := b.phone()
	ben.open("/join/" + slug + "/" + g.InviteToken)
	// Ana is the only player and hers: Ben adds himself.
	ben.do(chromedp.SendKeys(css("#display"), "Ben"), chromedp.Click(css("form[data-testid=join-form] button")),
		chromedp.WaitVisible(css("[data-testid=group-name]")))

	ana.open("/g/" + slug)
	ana.tap("[data-testid=new-fivecrowns]")
	ana.waitFor(`document.querySelector('[data-testid=new-match]') !== null`)
	for _, n := range []string{"Ana", "Ben"} {
		ana.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const e = document.querySelector("[data-testid='play-%s']"); if (e && !e.checked) e.click(); })()`, n)))
	}
	ana.tap("[data-testid=start-match]")
	ana.waitFor(`document.querySelector('[data-testid=round-form]') !== null`)
	matchPath := ana.location()
	ben.open(matchPath)
	ben.waitFor(`document.querySelector('[data-testid=round-form]') !== null`)

	// Ben types round 1 (Ana went out, Ben 7) and has not saved yet.
	ben.tap("input[name=mode_0][value=out]")
	ben.do(chromedp.SetValue(css("#points_1"), "7"))
	const typedJS = `document.querySelector('input[name=mode_0][value=out]').checked + ',' + document.querySelector('#points_1').value`
	// Ana saves round 1 on her phone: she went out, Ben 10.
	ana.tap("input[name=mode_0][value=out]")
	ana.do(chromedp.SetValue(css("#points_1"), "10"))
	ana.tap("[data-testid=save-round]")
	ana.waitFor(`(document.querySelector('[data-testid=saved]')||{}).textContent?.includes('Round 1 saved')`)

	// Ben's phone: the banner next to the form names Ana and the round.
	ben.waitFor(`(document.querySelector('[data-testid=saved-by-other]')||{}).textContent?.includes('Ana saved round 1: Ana 0, Ben 10')`)
	var typed string
	ben.eval(typedJS, &typed)
	if typed != "true,7" {
		t.Errorf("after the other phone's save, Ben's form holds %q, want what he typed (Ana out, Ben 7)", typed)
	}
	if ben.text("[data-testid=round-form] h2") == "" {
		t.Error("the round form is gone")
	}
	var near bool
	ben.eval(`(() => { const f = document.querySelector('#round-form'), b = document.querySelector('[data-testid=saved-by-other]'); return f.contains(b) && b.closest('.sticky-actions') !== null; })()`, &near)
	if !near {
		t.Error("the banner is not in the round form's save bar")
	}
	ben.shot("feedback-banner")

	// Ben saves what he typed: round 1 is Ana's now, so it is a conflict,
	// said next to Save, on the screen, with his values still in the form.
	ben.tap("[data-testid=save-round]")
	ben.waitFor(`(document.querySelector('[data-testid=flash][role=alert]')||{}).textContent?.includes('Another phone saved')`)
	// The script moves the message into the save bar once htmx has swapped
	// the sheet in: give it that moment (a busy machine is slower) before
	// checking where it is.
	ben.waitFor(`(() => { const r = document.querySelector('[data-testid=flash]').getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight && document.querySelector('[data-testid=flash]').closest('.sticky-actions') !== null; })()`)
	ben.inView("[data-testid=flash]", "after a conflicting save")
	var gap float64
	ben.eval(`(() => { const f = document.querySelector('[data-testid=flash]').getBoundingClientRect(), s = document.querySelector('[data-testid=save-round]').getBoundingClientRect(); return Math.min(Math.abs(f.top - s.bottom), Math.abs(s.top - f.bottom)); })()`, &gap)
	if math.IsNaN(gap) || gap > 120 {
		t.Errorf("the conflict message is %.0f px from Save, want it next to it", gap)
	}
	ben.eval(typedJS, &typed)
	if typed != "true,7" {
		t.Errorf("after the conflict, Ben's form holds %q, want Ana out, Ben 7", typed)
	}
	ben.shot("feedback-conflict")
}
