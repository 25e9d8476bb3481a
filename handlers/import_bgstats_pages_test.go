package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/store/bgstats"
)

// playsFile is a BG Stats Play file (Android, a recent app) with what a
// match page shows: a TAKI play with only a winner, picked by hand, at a
// location, with a duration, comments and a start player; and a Five
// Crowns tie at 40 that BG Stats's user broke by hand for Bruno.
const playsFile = `{"about":"This is a Play file that can be read by Board Game Stats","games":[
 {"id":1,"uuid":"g-1","name":"TAKI","bggName":"","bggId":0,"highestWins":true,"noPoints":false,"cooperative":false},
 {"id":2,"uuid":"g-2","name":"Five Crowns","bggName":"Five Crowns","bggId":1472,"highestWins":false,"noPoints":false,"cooperative":false}],
"players":[{"id":1,"uuid":"p-1","name":"Ana","isAnonymous":false},{"id":2,"uuid":"p-2","name":"Bruno","isAnonymous":false},{"id":3,"uuid":"p-3","name":"Chloé","isAnonymous":false}],
"locations":[{"id":4,"uuid":"l-4","name":"Chez Ana"}],
"plays":[
 {"uuid":"t-1","gameRefId":1,"playDate":"2024-06-01 21:00:00","entryDate":"2024-06-01 22:00:00","modificationDate":"2024-06-01 22:00:00","locationRefId":4,"durationMin":25,"ignored":false,"usesTeams":false,"manualWinner":true,"scoringSetting":0,"rounds":0,"bggId":0,"comments":"Belle remontée","playerScores":[
  {"playerRefId":1,"score":"","winner":false,"newPlayer":false,"startPlayer":false,"rank":0,"seatOrder":1,"team":""},
  {"playerRefId":3,"score":"","winner":true,"newPlayer":false,"startPlayer":true,"rank":0,"seatOrder":2,"team":""},
  {"playerRefId":2,"score":"","winner":false,"newPlayer":false,"startPlayer":false,"rank":0,"seatOrder":3,"team":""}]},
 {"uuid":"f-1","gameRefId":2,"playDate":"2024-06-02 21:00:00","entryDate":"2024-06-02 22:00:00","modificationDate":"2024-06-02 22:00:00","locationRefId":0,"durationMin":0,"ignored":false,"usesTeams":false,"manualWinner":true,"scoringSetting":0,"rounds":11,"bggId":1472,"comments":"","playerScores":[
  {"playerRefId":1,"score":"40","winner":false,"startPlayer":true,"rank":0,"seatOrder":1},
  {"playerRefId":2,"score":"25+15","winner":true,"startPlayer":false,"rank":0,"seatOrder":2}]}]}`

// importFile uploads file to the group's BG Stats import and confirms it
// as proposed; it returns the confirmation's page.
func importFile(t *testing.T, c *client, base, file string) string {
	t.Helper()
	d := doc(t, postFile(c, base+"/import/bgstats", nil, []byte(file)))
	rec := c.post(base+"/import/bgstats/confirm", confirmForm(t, d))
	if rec.Code != http.StatusOK {
		t.Fatalf("confirm: %d %.300s", rec.Code, rec.Body)
	}
	return rec.Body.String()
}

// A play with only a winner, and a tie broken by hand, come in as finished
// matches with BG Stats's winners; the match page shows them, the play's
// location, duration and comments, names the round "winner or ranks only",
// and offers the play back to BG Stats as its one-play link; the standings
// count BG Stats's winners.
func TestBGStatsPlaysOnTheMatchPage(t *testing.T) {
	f := newStandingsFixture(t, "Ana", "Bruno", "Chloé")
	f.c.lang = "en"
	base := "/g/" + f.slug
	if body := importFile(t, f.c, base, playsFile); !strings.Contains(body, "2 plays were imported") {
		t.Fatalf("import: %.500s", body)
	}
	ms, _ := f.app.store.Matches(t.Context(), f.gid, 10)
	if len(ms) != 2 {
		t.Fatalf("%d matches", len(ms))
	}
	byGame := map[string]int64{}
	for _, m := range ms {
		byGame[m.Game] = m.ID
	}
	taki := doc(t, f.c.get(base+"/matches/"+jsonText(byGame["taki"])))
	if w := taki.Find("[data-testid=winner]").Text(); !strings.Contains(w, "Chloé") {
		t.Errorf("TAKI winner %q, want Chloé", w)
	}
	facts := taki.Find("[data-testid=play-fact]").Text()
	for _, want := range []string{"Chez Ana", "25 minutes", "Belle remontée"} {
		if !strings.Contains(facts, want) {
			t.Errorf("the match page lacks %q: %q", want, facts)
		}
	}
	if !strings.Contains(taki.Text(), "winner or ranks only (from BG Stats)") {
		t.Error("the round of a play without scores is not named so")
	}
	link, _ := taki.Find("[data-testid=bgstats-send]").Attr("href")
	if !strings.HasPrefix(link, "bgstats://app.bgstatsapp.com/createPlay.html?data=") {
		t.Fatalf("send link %q", link)
	}
	u, _ := url.Parse(link)
	data := u.Query().Get("data")
	for _, want := range []string{`"name":"Chloé","rank":1`, `"winner":true`, `"location":"Chez Ana"`, `"durationMin":25`, `"playDate":"2024-06-01 21:00:00"`} {
		if !strings.Contains(data, want) {
			t.Errorf("the link's play lacks %s: %s", want, data)
		}
	}
	if strings.Contains(data, `"score"`) {
		t.Errorf("a play without scores is sent with scores: %s", data)
	}
	chloe := strings.Index(data, `"name":"Chloé"`)
	if start := strings.LastIndex(data[:chloe], `"startPlayer":true`); start < 0 || strings.Contains(data[start:chloe], "}") {
		t.Errorf("Chloé started, the link says otherwise: %s", data)
	}
	fc := doc(t, f.c.get(base+"/matches/"+jsonText(byGame["fivecrowns"])))
	if w := fc.Find("[data-testid=winner]").Text(); !strings.Contains(w, "Bruno") || strings.Contains(w, "Ana") {
		t.Errorf("Five Crowns winner %q, want Bruno alone (the tie broken by hand)", w)
	}
	played, _ := f.app.srv.playedMatches(t.Context(), f.gid, false)
	wins := map[int64]int{}
	for _, m := range played {
		if m.HasPoints != (m.Game != "taki") {
			t.Errorf("%s counts its totals as points: %v (a play without scores has none)", m.Game, m.HasPoints)
		}
		for _, r := range m.Results {
			if r.Place == 1 {
				wins[r.Player]++
			}
		}
	}
	if wins[f.ids["Chloé"]] != 1 || wins[f.ids["Bruno"]] != 1 || wins[f.ids["Ana"]] != 0 {
		t.Errorf("standings wins %v", wins)
	}
	// French: a singular is singular.
	f.c.lang = "fr"
	d := doc(t, postFile(f.c, base+"/import/bgstats", nil, []byte(strings.Replace(playsFile, `"uuid":"f-1"`, `"uuid":"f-2"`, 1))))
	s := d.Find("[data-testid=bgstats-summary]").Text()
	if !strings.Contains(s, "Les Cinq Rois : 1 partie") || strings.Contains(s, "1 parties") {
		t.Errorf("French summary: %s", s)
	}
}

// A BG Stats file dropped on the home page's import (or a group's JSON
// import) says where it goes; in French too.
func TestBGStatsFileOnTheGroupImport(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	for lg, want := range map[string]string{"en": "This is a BG Stats file", "fr": "C'est un fichier BG Stats"} {
		c.lang = lg
		rec := postFile(c, "/import", url.Values{"display": {"Zoé"}}, []byte(playsFile))
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(strings.ReplaceAll(rec.Body.String(), "&#39;", "'"), want) {
			t.Errorf("%s: %d %.300s", lg, rec.Code, rec.Body)
		}
	}
	if !bgstats.Sniff(strings.NewReader(playsFile)) {
		t.Error("the Play file is not recognised")
	}
}

// A game posted that is none of ours is refused with a sentence, and
// nothing is imported.
func TestBGStatsBadGameChoice(t *testing.T) {
	f := newStandingsFixture(t, "Ana", "Bruno", "Chloé")
	f.c.lang = "en"
	base := "/g/" + f.slug
	d := doc(t, postFile(f.c, base+"/import/bgstats", nil, []byte(playsFile)))
	form := confirmForm(t, d)
	form.Set("game.1", "chess")
	rec := f.c.post(base+"/import/bgstats/confirm", form)
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "A game chosen is not one of ours") {
		t.Errorf("%d %.300s", rec.Code, rec.Body)
	}
	if ms, _ := f.app.store.Matches(t.Context(), f.gid, 10); len(ms) != 0 {
		t.Errorf("%d matches imported", len(ms))
	}
}

// Matches recorded here, sent out as the group's BG Stats file, are known
// again by the group and by a copy of it (our JSON export imported): the
// copy's match ids differ, the plays' uuids do not.
func TestBGStatsOwnFileIntoACopy(t *testing.T) {
	f := newStandingsFixture(t, "Ana", "Bruno", "Chloé")
	f.c.lang = "en"
	base := "/g/" + f.slug
	at := time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)
	// Rounds the engines accept (each game draws them): the copy checks them.
	f.playSampled("fivecrowns", at, []string{"Ana", "Bruno"}, 1)
	f.playSampled("fivecrowns", at.Add(time.Hour), []string{"Bruno", "Chloé", "Ana"}, 2)
	own := f.c.get(base + "/export.bgstats.json").Body.Bytes()
	imp := postFile(f.c, "/import", url.Values{"display": {"Zoé"}}, f.c.get(base+"/export.json").Body.Bytes())
	if imp.Code != http.StatusSeeOther {
		t.Fatalf("copy: %d %s", imp.Code, imp.Body)
	}
	for _, where := range []string{base, imp.Header().Get("Location")} {
		d := doc(t, postFile(f.c, where+"/import/bgstats", nil, own))
		if s := d.Find("[data-testid=bgstats-summary]").Text(); !strings.Contains(s, "2 plays are already in this group") || d.Find("[data-testid=bgstats-import-button]").Length() != 0 {
			t.Errorf("%s: the group's own BG Stats file offers to import: %s", where, s)
		}
	}
}
