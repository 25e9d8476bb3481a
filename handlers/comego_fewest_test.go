package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Issue 41: a table never drops below its game's fewest players. Take 5!
// is «2 - 6» players: before the first round, Ben cannot leave Ana alone
// (409, said in English and French, nothing recorded); once a deal is
// played, his leaving ends the match early, ranked by the totals as any
// early end (Ben, ahead, wins: he is not placed after Ana). A group's own
// game, played by one at least, is the same with its last player.
func TestLeaveNeverDropsBelowTheFewest(t *testing.T) {
	const sheet = "de joueurs 2 - 6"
	app := newTestApp(t)
	c := app.client()
	m := take5Match(t, c, "Ana", "Ben")
	for lang, want := range map[string]string{
		"en": "The table cannot drop below the fewest players Take 5! is played by (2): before the first round, nobody can leave it.",
		"fr": "La table ne peut pas descendre sous le nombre minimum de joueurs de Take 5! (2) : avant la première manche, personne ne peut la quitter.",
	} {
		c.lang = lang
		rec := c.post(m+"/leave", url.Values{"seat": {"1"}})
		if rec.Code != http.StatusConflict || !strings.Contains(doc(t, rec).Text(), want) {
			t.Errorf("%s: Ben leaves Ana alone before the first deal: %d, want 409 saying %q («%s»)", lang, rec.Code, want, sheet)
		}
	}
	c.lang = ""
	d := doc(t, c.get(m))
	if d.Find("[data-testid=left-note]").Length() != 0 || d.Find("[data-testid=round-form]").Length() != 1 {
		t.Fatalf("after the refused leave: notes %q, want none and the first deal's form", d.Find("[data-testid=comings]").Text())
	}
	if rec := c.post(m+"/rounds", t5Deal("save", false, [5]string{"5", "", "", "", ""}, [5]string{"20", "", "", "", ""})); rec.Code != http.StatusSeeOther {
		t.Fatalf("deal 1: status %d", rec.Code)
	}
	if rec := c.post(m+"/leave", url.Values{"seat": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("Ben leaves after deal 1: status %d, want 303 (the match ends)", rec.Code)
	}
	d = doc(t, c.get(m))
	if d.Find("[data-testid=ended-early]").Length() != 1 || d.Find("[data-testid=round-form]").Length() != 0 || d.Find("[data-testid=left-note]").Length() != 0 {
		t.Errorf("after Ben's leave: ended-early %d, round form %d, notes %q; want the match ended early, no form, nobody marked as gone",
			d.Find("[data-testid=ended-early]").Length(), d.Find("[data-testid=round-form]").Length(), d.Find("[data-testid=comings]").Text())
	}
	if got := texts(d, "[data-testid=result-player] .r-name"); strings.Join(got, ",") != "Ben,Ana" {
		t.Errorf("ranking = %v, want Ben (20) then Ana (5), by the totals", got)
	}
	if w := d.Find("[data-testid=winner]").Text(); !strings.Contains(w, "Ben") {
		t.Errorf("winner = %q, want Ben", w)
	}

	// A group's own game, played by one at least: Ana plays alone.
	slug := strings.Split(m, "/")[2]
	addGame(t, c, slug, url.Values{"name": {"Patience"}, "how": {"high"}, "entry": {"rounds"}, "end": {"hand"}})
	solo := startOther(t, c, slug, "custom-1", "Ana")
	if rec := c.post(solo+"/leave", url.Values{"seat": {"0"}}); rec.Code != http.StatusConflict || !strings.Contains(doc(t, rec).Text(), "Patience is played by (1)") {
		t.Errorf("Ana leaves her own game alone before a round: %d, want 409 saying so", rec.Code)
	}
	if code := otherRound(t, c, solo, map[string]string{"v_0": "12"}); code != http.StatusSeeOther {
		t.Fatalf("Patience round 1: status %d", code)
	}
	if rec := c.post(solo+"/leave", url.Values{"seat": {"0"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("Ana leaves after round 1: status %d", rec.Code)
	}
	if mt := matchOf(t, app, slug, solo); !mt.Finished() || !mt.EndedEarly() || mt.Seats[0].AwayFrom != 0 {
		t.Errorf("Patience after Ana's leave: finished %v, ended early %v, away from %d; want ended early, Ana not gone", mt.Finished(), mt.EndedEarly(), mt.Seats[0].AwayFrom)
	}
}
