package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// Issue 16: joining asks "which player are you?"; names are a group's once,
// whatever their case, with the message on the field, in English and French.
func TestJoinPicksAPlayer(t *testing.T) {
	a := newTestApp(t)
	ana := a.client()
	slug := ana.group("Jeudi")
	ids := ana.players(slug, "Ana", "Ben", "Chloé")
	g, _ := a.store.GroupBySlug(context.Background(), slug)
	invite := "/join/" + slug + "/" + g.InviteToken

	ben := a.client()
	d := doc(t, ben.get(invite))
	var offered []string
	d.Find(`[data-testid="join-player"]`).Each(func(_ int, s *goquerySelection) { offered = append(offered, s.AttrOr("data-player", "")) })
	if strings.Join(offered, ",") != "Ben,Chloé" {
		t.Errorf("join offers %v, want Ben and Chloé (Ana is the creator's)", offered)
	}
	// Nothing picked, nothing typed: the sentence says what to do.
	rec := ben.post(invite, url.Values{})
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(doc(t, rec).Find("#display ~ .error").Text(), "Pick your name") {
		t.Errorf("empty join: %d %q", rec.Code, doc(t, rec).Find(".error").Text())
	}
	if rec := ben.post(invite, url.Values{"player": {itoa(ids[1])}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("picking Ben: %d", rec.Code)
	}
	d = doc(t, ana.get("/g/"+slug+"/players"))
	if d.Find(`[data-player="Ben"] .badge`).Length() == 0 {
		t.Errorf("the roster does not show that Ben has a phone")
	}
	// Ben is taken now: typed with other capitals, it is refused, in French too.
	late := a.client()
	late.lang = "fr"
	rec = late.post(invite, url.Values{"player": {"new"}, "display": {" BEN "}})
	if rec.Code != http.StatusConflict || !strings.Contains(doc(t, rec).Find(".error").Text(), "BEN") {
		t.Errorf("joining as BEN: %d %q", rec.Code, doc(t, rec).Find(".error").Text())
	}
	// Picking Ben (a stale page) says he is gone and offers the others.
	rec = late.post(invite, url.Values{"player": {itoa(ids[1])}})
	if d := doc(t, rec); rec.Code != http.StatusUnprocessableEntity || d.Find(`[data-player="Ben"]`).Length() != 0 || d.Find(".error").Text() == "" {
		t.Errorf("picking Ben again: %d", rec.Code)
	}
	// A new name makes a new player, who then plays as them.
	if rec := late.post(invite, url.Values{"player": {"new"}, "display": {"Dom"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("joining as Dom: %d", rec.Code)
	}
	d = doc(t, late.get("/g/"+slug+"/players"))
	if d.Find(`[data-player="Dom"] [data-testid="player-you"]`).Length() != 1 {
		t.Errorf("Dom's roster does not mark Dom as them")
	}
}

func TestPlayerNamesIgnoreCase(t *testing.T) {
	a := newTestApp(t)
	c := a.client()
	slug := c.group("Jeudi")
	ids := c.players(slug, "Marc", "Zoé")
	for _, tc := range []struct{ lang, name, want string }{
		{"en", "marc", "There is already a player called “marc”"},
		{"fr", "  MARC ", "Il y a déjà un joueur nommé « MARC »"},
		{"en", "Zoe\u0301", "already a player called"},
		{"en", "ana", "already a player called"}, // the creator
	} {
		c.lang = tc.lang
		rec := c.post("/g/"+slug+"/players", url.Values{"name": {tc.name}})
		if msg := doc(t, rec).Find(`#new-player ~ .error, [data-testid="add-player"] .error`).Text(); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(msg, tc.want) {
			t.Errorf("adding %q: %d %q, want 422 %q", tc.name, rec.Code, msg, tc.want)
		}
	}
	c.lang = ""
	rec := c.post("/g/"+slug+"/players/"+itoa(ids[1]), url.Values{"op": {"rename"}, "name": {"MARC"}})
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(doc(t, rec).Find(`[data-player="Zoé"] ~ .error, .error`).Text(), "already a player") {
		t.Errorf("renaming Zoé to MARC: %d", rec.Code)
	}
	if rec := c.post("/g/"+slug+"/players/"+itoa(ids[0]), url.Values{"op": {"rename"}, "name": {"MARC"}}); rec.Code != http.StatusSeeOther {
		t.Errorf("Marc changing his own capitals: %d", rec.Code)
	}
}

// A member who plays as no player (joined before issue 16, or through the
// admin link) says which one they are on the players page.
func TestUnlinkedMemberPicksTheirPlayer(t *testing.T) {
	a := newTestApp(t)
	owner := a.client()
	slug := owner.group("Jeudi")
	ids := owner.players(slug, "Ana", "Ben")
	// Ben opens the admin link on his phone: a member with no player.
	ben := a.client()
	admin := "/admin/" + slug + "/" + owner.cookies["tk_admin_once"].Value
	if rec := ben.post(admin, url.Values{}); rec.Code != http.StatusSeeOther {
		t.Fatalf("admin link: %d", rec.Code)
	}
	d := doc(t, ben.get("/g/"+slug+"/players"))
	if d.Find(`[data-testid="pick-yourself"]`).Length() != 1 || d.Find(`[data-player="Ana"] [data-testid="its-me"]`).Length() != 0 {
		t.Fatalf("an unlinked member is not asked which player they are, or may pick Ana")
	}
	if rec := ben.post("/g/"+slug+"/players/"+itoa(ids[0]), url.Values{"op": {"claim"}}); rec.Code != http.StatusConflict {
		t.Errorf("claiming Ana, the creator's: %d, want 409", rec.Code)
	}
	if rec := ben.post("/g/"+slug+"/players/"+itoa(ids[1]), url.Values{"op": {"claim"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("claiming Ben: %d", rec.Code)
	}
	d = doc(t, ben.get("/g/"+slug+"/players?claimed=1"))
	if !strings.Contains(d.Find(`[data-testid="players-flash"]`).Text(), "Ben") || d.Find(`[data-player="Ben"] [data-testid="player-you"]`).Length() != 1 {
		t.Errorf("after claiming Ben: %q", d.Find(`[data-testid="players-flash"]`).Text())
	}
	d = doc(t, owner.get("/g/"+slug+"/members"))
	if names := d.Find(`[data-testid="member-name"]`).Text(); !strings.Contains(names, "Ben") {
		t.Errorf("the members page names %q, want Ben among them", names)
	}
}

func itoa(id int64) string { return strconv.FormatInt(id, 10) }
