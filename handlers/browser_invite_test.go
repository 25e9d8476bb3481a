package handlers

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// Right after a group is created, its invite is in view on a phone: the
// link, the whole QR code and Copy, without scrolling (it was a raw link
// below the fold).
func TestBrowserInviteInViewAfterCreation(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()
	p.open("/")
	p.do(
		chromedp.SendKeys(css("#name"), "Samedi"),
		chromedp.SendKeys(css("#display"), "Ana"),
		chromedp.Click(css("form[data-testid=create-group] button")),
		chromedp.WaitVisible(css("[data-testid=invite-url]")),
	)
	p.shot("invite-after-creation")
	var where string
	p.eval(`(() => {
		const inView = sel => { const e = document.querySelector(sel); if (!e || e.hidden) return sel + ' is not shown'; const r = e.getBoundingClientRect();
			return r.top >= 0 && r.bottom <= window.innerHeight && r.width > 0 ? '' : sel + ' is off the screen (' + Math.round(r.top) + '–' + Math.round(r.bottom) + ' of ' + window.innerHeight + ')'; };
		return [inView('[data-testid=invite-first] [data-testid=invite-url]'), inView('[data-testid=invite-first] figure.qr svg'), inView('[data-testid=invite-first] [data-testid=invite-copy]')].filter(Boolean).join('; ');
	})()`, &where)
	if where != "" {
		t.Errorf("after creating the group: %s", where)
	}
}
