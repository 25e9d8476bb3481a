package handlers

import (
	"strings"
	"testing"
)

// The invite where it is used: right after a group is created, its invite
// (link, QR code, Share and Copy) comes first on the page, before the admin
// link; later it is at the bottom again. A group created at localhost or
// 127.0.0.1 is warned that its invite will not open on the other phones;
// one created at the computer's network address is not.
func TestInviteFirstAfterCreationAndLoopbackWarned(t *testing.T) {
	app := newTestAppConfig(t, testGames(), func(c *Config) { c.BaseURL = "" })
	for _, tc := range []struct {
		host  string
		local bool
	}{{"localhost:8080", true}, {"127.0.0.1:8080", true}, {"192.168.1.20:8080", false}} {
		c := app.client()
		c.host = tc.host
		slug := c.group("Mardi")
		d := doc(t, c.get("/g/"+slug))
		first := d.Find("main section.card").First()
		if first.AttrOr("data-testid", "") != "invite-first" {
			t.Errorf("%s: the first card after creation is %q, want the invite", tc.host, first.AttrOr("data-testid", ""))
		}
		if url := first.Find("[data-testid=invite-url]").Text(); !strings.HasPrefix(url, "http://"+tc.host+"/join/"+slug+"/") {
			t.Errorf("%s: the invite reads %q", tc.host, url)
		}
		if first.Find("figure.qr svg").Length() != 1 || first.Find("[data-testid=invite-share]").Length() != 1 || first.Find("[data-testid=invite-copy]").Length() != 1 {
			t.Errorf("%s: the invite card lacks its QR code, Share or Copy", tc.host)
		}
		if got := d.Find("[data-testid=invite-local]").Length() == 1; got != tc.local {
			t.Errorf("%s: warned that the invite opens on this computer only: %v, want %v", tc.host, got, tc.local)
		}
		if d.Find("[data-testid=invite-url]").Length() != 1 {
			t.Errorf("%s: the invite is drawn %d times", tc.host, d.Find("[data-testid=invite-url]").Length())
		}
		// The next visit: the invite back at the bottom, once, still warned.
		d = doc(t, c.get("/g/"+slug))
		if d.Find("[data-testid=invite-first]").Length() != 0 || d.Find("[data-testid=invite] [data-testid=invite-url]").Length() != 1 {
			t.Errorf("%s: on the next visit the invite is not in its place at the bottom", tc.host)
		}
		if got := d.Find("[data-testid=invite-local]").Length() == 1; got != tc.local {
			t.Errorf("%s, next visit: warned %v, want %v", tc.host, got, tc.local)
		}
	}
}
