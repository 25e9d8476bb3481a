package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// What a phone that was away is told (issue 29): the others' saves,
// corrections and undos since its cursor, by name, never its own; without a
// cursor, only the cursor. And a save repeated with its submit key (a kept
// save sent again) stores one round.
func TestMatchChangesTellWhoDidWhat(t *testing.T) {
	app := newTestApp(t)
	ana := app.client()
	slug := ana.group("Jeudi soir")
	ids := ana.players(slug, "Ana", "Ben", "Chloé")
	matchURL := fcMatch(t, ana, slug, ids, "3")
	invite := strings.TrimPrefix(doc(t, ana.get("/g/"+slug)).Find(`[data-testid=invite-url]`).Text(), "http://tk.test")
	ben := app.client()
	if rec := ben.post(invite, url.Values{"display": {"Ben"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("join: status %d", rec.Code)
	}
	type answer struct {
		Last  string
		Lines []struct{ Kind, Text string }
		Away  string
		Here  string
	}
	changes := func(who *client, q string) answer {
		t.Helper()
		rec := who.get(matchURL + "/changes" + q)
		if rec.Code != http.StatusOK {
			t.Fatalf("changes%s: status %d", q, rec.Code)
		}
		var a answer
		if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
		return a
	}
	start := changes(ben, "")
	if start.Last != "0" || len(start.Lines) != 0 {
		t.Fatalf("a match without rounds: %+v", start)
	}
	round := func(key, bens string) url.Values {
		return url.Values{"op": {"save"}, "submitKey": {key}, "mode_0": {"out"}, "mode_1": {"points"}, "points_1": {bens}, "mode_2": {"points"}, "points_2": {"9"}}
	}
	for _, key := range []string{"1.a", "1.a", "1.a"} { // the same save sent three times: one round
		if rec := ana.post(matchURL+"/rounds", round(key, "7")); rec.Code != http.StatusSeeOther {
			t.Fatalf("save: status %d", rec.Code)
		}
	}
	if rec := ana.post(matchURL+"/rounds", round("2.b", "5")); rec.Code != http.StatusSeeOther {
		t.Fatalf("save: status %d", rec.Code)
	}
	rounds, _ := app.store.Rounds(context.Background(), mustInt(strings.TrimPrefix(matchURL, "/g/"+slug+"/matches/")))
	if len(rounds) != 2 {
		t.Fatalf("%d rounds after a save sent three times and another, want 2", len(rounds))
	}
	if rec := ana.post(matchURL+"/undo", url.Values{"round": {itoa(rounds[1].ID)}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("undo: status %d", rec.Code)
	}
	got := changes(ben, "?after="+start.Last)
	var texts []string
	for _, l := range got.Lines {
		texts = append(texts, l.Kind+": "+l.Text)
	}
	// The match started at round 3 (express): its rounds are told by the game's own numbers.
	want := "created: Ana saved round 3|created: Ana saved round 4|undone: Ana took back round 4"
	if strings.Join(texts, "|") != want {
		t.Errorf("Ben is told %q, want %q", strings.Join(texts, "|"), want)
	}
	if got.Away != "While you were away: Ana saved round 3; Ana saved round 4; Ana took back round 4." {
		t.Errorf("away sentence %q", got.Away)
	}
	if again := changes(ben, "?after="+got.Last); len(again.Lines) != 0 || again.Last != got.Last {
		t.Errorf("asked again from the new cursor: %+v, want nothing new", again)
	}
	if own := changes(ana, "?after="+start.Last); len(own.Lines) != 0 {
		t.Errorf("Ana is told her own changes: %+v", own.Lines)
	}
	ben.lang = "fr"
	if fr := changes(ben, "?after="+start.Last); !strings.Contains(fr.Away, "Ana a annulé la manche 4") {
		t.Errorf("in French: %q", fr.Away)
	}
	// Someone outside the group learns nothing.
	if rec := app.client().get(matchURL + "/changes"); rec.Code != http.StatusNotFound {
		t.Errorf("a stranger asks for the changes: status %d, want 404", rec.Code)
	}
}

// The service worker is served at the root (its scope covers the app),
// always revalidated, under the app's CSP; app.js's own sentences come in
// both languages.
func TestServiceWorkerAndStrings(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	rec := c.get("/sw.js")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Header().Get("Content-Type"), "javascript") ||
		rec.Header().Get("Cache-Control") != "no-cache" || !strings.Contains(rec.Body.String(), `addEventListener("fetch"`) {
		t.Errorf("/sw.js: status %d, type %q, cache %q", rec.Code, rec.Header().Get("Content-Type"), rec.Header().Get("Cache-Control"))
	}
	if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
		t.Errorf("/sw.js CSP %q", csp)
	}
	for lang, want := range map[string]string{"en": "waiting for the connection", "fr": "en attente de la connexion"} {
		rec := c.get("/app-strings/" + lang + ".json")
		var m map[string]string
		if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &m) != nil || !strings.Contains(m["pending.waiting"], want) ||
			!strings.Contains(m["pending.waiting"], "{round}") || m["referee.offline"] == "" {
			t.Errorf("/app-strings/%s.json: status %d, %v", lang, rec.Code, m)
		}
	}
	// A line kept on the phone is told as a line (issue 37), in both languages.
	for lang, want := range map[string][]string{
		"en": {"{line} is kept on this phone, waiting for the connection: it will be sent by itself.", "{line} is being sent…", "Your line", "The line for {name}"},
		"fr": {"{line} est gardée sur ce téléphone, en attente de la connexion : elle partira d'elle-même.", "{line} est en cours d'envoi…", "Votre ligne", "La ligne pour {name}"},
	} {
		var m map[string]string
		_ = json.Unmarshal(c.get("/app-strings/"+lang+".json").Body.Bytes(), &m)
		for i, id := range []string{"pendingline.waiting", "pendingline.sending", "pendingline.yours", "pendingline.for"} {
			if m[id] != want[i] {
				t.Errorf("/app-strings/%s.json: %s is %q, want %q", lang, id, m[id], want[i])
			}
		}
	}
	// A kept round refused with a 409 says the true reason (issue 37), in both languages.
	for lang, want := range map[string][]string{
		"en": {"Round {round} was not saved: the match ended meanwhile.", "Round {round} was not saved: a player left or came back meanwhile.",
			"Round {round} was not saved: a round was taken back meanwhile", "Round {round} was not saved: the match changed meanwhile"},
		"fr": {"La manche {round} n'a pas été enregistrée : la partie s'est terminée entre-temps.", "La manche {round} n'a pas été enregistrée : un joueur est parti ou revenu entre-temps.",
			"La manche {round} n'a pas été enregistrée : une manche a été annulée entre-temps", "La manche {round} n'a pas été enregistrée : la partie a changé entre-temps"},
	} {
		var m map[string]string
		_ = json.Unmarshal(c.get("/app-strings/"+lang+".json").Body.Bytes(), &m)
		for i, id := range []string{"refused.finished", "refused.seats", "refused.undone", "refused.changed"} {
			if !strings.HasPrefix(m[id], want[i]) {
				t.Errorf("/app-strings/%s.json: %s is %q, want it to start %q", lang, id, m[id], want[i])
			}
		}
	}
	if rec := c.get("/app-strings/de.json"); rec.Code != http.StatusNotFound {
		t.Errorf("an unknown language: status %d, want 404", rec.Code)
	}
	man := c.get("/manifest.webmanifest").Body.String()
	for _, k := range []string{`"start_url"`, `"scope"`, `"display": "standalone"`, `"icons"`} {
		if !strings.Contains(man, k) {
			t.Errorf("the manifest lacks %s", k)
		}
	}
}
