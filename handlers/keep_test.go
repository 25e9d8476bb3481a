package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// The answers that show a secret are never kept (issue 39): the group's
// page with the admin link, after its creation and after a new admin link,
// and the pages reached by the admin and invite links; an ordinary visit
// to the group's page stays cacheable (revalidated).
func TestSecretPagesAreNoStore(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("Jeudi")
	g, err := app.store.GroupBySlug(t.Context(), slug)
	if err != nil {
		t.Fatal(err)
	}
	rotated := c.post("/g/"+slug+"/admin/rotate", nil)
	if rotated.Code != 303 {
		t.Fatalf("rotate: %d", rotated.Code)
	}
	admin := c.get("/g/" + slug + "?adminrotated=1")
	link := doc(t, admin).Find("[data-testid=admin-url]").Text()
	if link == "" {
		t.Fatal("no admin link shown after replacing it")
	}
	for what, got := range map[string]string{
		"the page with the admin link": admin.Header().Get("Cache-Control"),
		"the admin link's page":        app.client().get(strings.TrimPrefix(link, "http://tk.test")).Header().Get("Cache-Control"),
		"the invite link's page":       app.client().get("/join/" + slug + "/" + g.InviteToken).Header().Get("Cache-Control"),
	} {
		if got != "no-store" {
			t.Errorf("%s: Cache-Control %q, want no-store", what, got)
		}
	}
	if got := c.get("/g/" + slug).Header().Get("Cache-Control"); got != "private, no-cache" {
		t.Errorf("the group's page without the admin link: Cache-Control %q, want private, no-cache", got)
	}
}

// A kept save refused for good is said in the player's language.
func TestRefusedSaveSentences(t *testing.T) {
	app := newTestApp(t)
	for file, want := range map[string]string{
		"en": "Round {round} was not saved: you are no longer in this group.",
		"fr": "La manche {round} n'a pas été enregistrée : vous ne faites plus partie de ce groupe.",
	} {
		body := app.client().get("/app-strings/" + file + ".json").Body.String()
		if !strings.Contains(strings.ReplaceAll(body, `\u0026#39;`, "'"), want) && !strings.Contains(body, want) {
			t.Errorf("%s.json lacks %q:\n%s", file, want, body)
		}
	}
}

// A member leaves the group: that phone no longer opens it, and the answer
// clears the browser's cache; the admin cannot leave (the group would lose
// its admin) and stays.
func TestLeaveGroup(t *testing.T) {
	a := newTestApp(t)
	ana := a.client()
	slug := ana.group("Jeudi")
	g, _ := a.store.GroupBySlug(t.Context(), slug)
	ben := a.client()
	if rec := ben.post("/join/"+slug+"/"+g.InviteToken, url.Values{"display": {"Ben"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("join: %d", rec.Code)
	}
	if n := doc(t, ben.get("/g/"+slug)).Find("[data-testid=leave-group]").Length(); n != 1 {
		t.Fatalf("Ben's group page offers %d ways to leave, want 1", n)
	}
	rec := ben.post("/g/"+slug+"/leave", nil)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Clear-Site-Data") != `"cache"` {
		t.Errorf("leave: %d, Clear-Site-Data %q; want 303 and \"cache\"", rec.Code, rec.Header().Get("Clear-Site-Data"))
	}
	if rec := ben.get("/g/" + slug); rec.Code != http.StatusNotFound {
		t.Errorf("after leaving, the group's page answers %d, want 404", rec.Code)
	}
	if n := doc(t, ana.get("/g/"+slug)).Find("[data-testid=leave-group]").Length(); n != 0 {
		t.Errorf("the admin's group page offers to leave")
	}
	if rec := ana.post("/g/"+slug+"/leave", nil); rec.Code != http.StatusForbidden {
		t.Errorf("the admin leaving: %d, want 403", rec.Code)
	}
	if rec := ana.get("/g/" + slug); rec.Code != http.StatusOK {
		t.Errorf("the admin's group page after a refused leave: %d", rec.Code)
	}
}
