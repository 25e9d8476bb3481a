package handlers

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/store/bgstats"
)

// bgstatsFixture is a BG Stats export made by hand after the format's
// public descriptions: two of our games, two of others (one under a name
// left out on purpose), an ignored play, a play whose score cannot be
// read, a score typed as a sum, players in BG Stats' own case.
const bgstatsFixture = `{
  "games": [
    {"id": 11, "name": "Five Crowns", "bggName": "Five Crowns", "bggId": 16125},
    {"id": 12, "name": "Take 5", "bggName": "6 nimmt!", "bggId": 432},
    {"id": 13, "name": "Taki", "bggName": "", "bggId": 0},
    {"id": 14, "name": "Catan", "bggName": "CATAN", "bggId": 13}
  ],
  "players": [
    {"id": 1, "name": "ana", "isAnonymous": false},
    {"id": 2, "name": "Ben"},
    {"id": 3, "name": "Dora"}
  ],
  "locations": [{"id": 1, "name": "Home"}],
  "plays": [
    {"playDate": "2025-03-01 21:30:00", "gameRefId": 11, "uuid": "a1b2c3d4-0001-4000-8000-000000000001", "ignored": false, "rounds": 11, "playerScores": [
      {"playerRefId": 2, "score": "40", "winner": false, "startPlayer": true, "rank": 2, "seatOrder": 1},
      {"playerRefId": 1, "score": "3+20+5", "winner": true, "rank": 1, "seatOrder": 2},
      {"playerRefId": 3, "score": "61", "winner": false, "rank": 3, "seatOrder": 3}]},
    {"playDate": "2025-03-08 20:05:00", "gameRefId": 13, "uuid": "a1b2c3d4-0002-4000-8000-000000000002", "playerScores": [
      {"playerRefId": 1, "score": "120", "winner": false, "seatOrder": 1},
      {"playerRefId": 3, "score": "310", "winner": true, "seatOrder": 2}]},
    {"playDate": "2025-03-09 18:00:00", "gameRefId": 12, "uuid": "a1b2c3d4-0003-4000-8000-000000000003", "playerScores": [
      {"playerRefId": 1, "score": "12", "winner": true}, {"playerRefId": 2, "score": "30", "winner": false}]},
    {"playDate": "2025-03-10 18:00:00", "gameRefId": 14, "uuid": "a1b2c3d4-0004-4000-8000-000000000004", "playerScores": [
      {"playerRefId": 1, "score": "10", "winner": true}, {"playerRefId": 2, "score": "8", "winner": false}]},
    {"playDate": "2025-03-11 18:00:00", "gameRefId": 14, "uuid": "a1b2c3d4-0005-4000-8000-000000000005", "playerScores": [
      {"playerRefId": 1, "score": "7", "winner": false}, {"playerRefId": 2, "score": "9", "winner": true}]},
    {"playDate": "2025-03-12 18:00:00", "gameRefId": 13, "uuid": "a1b2c3d4-0006-4000-8000-000000000006", "ignored": true, "playerScores": [
      {"playerRefId": 1, "score": "1", "winner": true}, {"playerRefId": 2, "score": "0", "winner": false}]},
    {"playDate": "2025-03-13 18:00:00", "gameRefId": 13, "uuid": "a1b2c3d4-0007-4000-8000-000000000007", "playerScores": [
      {"playerRefId": 1, "score": "lots", "winner": true}, {"playerRefId": 2, "score": "0", "winner": false}]}
  ]
}`

// confirmForm is the confirmation page's form as a browser would post it:
// the carried file and each select's chosen option.
func confirmForm(t testing.TB, d *goquery.Document) url.Values {
	t.Helper()
	form := url.Values{}
	data, ok := d.Find("[data-testid=bgstats-confirm] input[name=data]").Attr("value")
	if !ok {
		t.Fatal("the confirmation carries no file")
	}
	form.Set("data", data)
	d.Find("select[data-testid=bgstats-player], select[data-testid=bgstats-game]").Each(func(_ int, sel *goquery.Selection) {
		name, _ := sel.Attr("name")
		v, _ := sel.Find("option[selected]").Attr("value")
		form.Set(name, v)
	})
	return form
}

// result is what the round trip must keep of a play of our games.
type playResult struct {
	Game, Date string
	Seats      []string // "name score winner", in seat order
}

func playResults(t *testing.T, raw []byte) []playResult {
	t.Helper()
	f, err := bgstats.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	names := map[int64]string{}
	for _, p := range f.Players {
		names[p.ID] = strings.ToLower(p.Name)
	}
	games := map[int64]string{}
	for _, g := range f.Games {
		games[g.ID] = bgstatsNames(testGames()).GameID(g)
	}
	var out []playResult
	for _, p := range f.Plays {
		if games[p.GameRefID] == "" || p.Ignored {
			continue
		}
		r := playResult{Game: games[p.GameRefID], Date: p.PlayDate}
		ok := true
		for _, s := range p.PlayerScores {
			n, err := bgstats.Points(string(s.Score))
			ok = ok && err == nil
			r.Seats = append(r.Seats, names[s.PlayerRefID]+" "+jsonText(n)+" "+jsonText(s.Winner))
		}
		if ok {
			out = append(out, r)
		}
	}
	slices.SortFunc(out, func(a, b playResult) int { return strings.Compare(a.Date, b.Date) })
	return out
}

func jsonText(v any) string { b, _ := json.Marshal(v); return string(b) }

// BG Stats → tablekeeper → BG Stats through the pages: the upload shows who
// is who (preselected by name, whatever the case) and what will be
// imported; the confirmation adds the plays to the existing group; its BG
// Stats file gives back the players, dates, scores and winners (and the
// plays' uuids). The same file again adds nothing; our own complete
// export of the group imports again with its final-score matches; the
// scoresheet names the round; a member who is not the admin cannot import;
// a bad file is a 422 with a sentence.
func TestBGStatsRoundTripThroughThePages(t *testing.T) {
	f := newStandingsFixture(t, "Ana", "Ben")
	f.c.lang = "en"
	base := "/g/" + f.slug
	if page := f.c.get(base + "/export").Body.String(); !strings.Contains(page, base+"/import/bgstats") || !strings.Contains(page, base+"/export.bgstats.json") {
		t.Fatal("the export page offers no BG Stats import or export")
	}
	rec := postFile(f.c, base+"/import/bgstats", nil, []byte(bgstatsFixture))
	if rec.Code != http.StatusOK {
		t.Fatalf("upload: %d %s", rec.Code, rec.Body)
	}
	d := doc(t, rec)
	if got := d.Find("select[name='player.1'] option[selected]").Text(); got != "Ana" {
		t.Errorf("ana is preselected as %q, want Ana", got)
	}
	if got, _ := d.Find("select[name='player.3'] option[selected]").Attr("value"); got != "new" {
		t.Errorf("Dora is preselected as %q, want a new player", got)
	}
	summary := d.Find("[data-testid=bgstats-summary]").Text()
	for _, want := range []string{"Five Crowns: 1 play", "TAKI: 1 play", "Catan: 2 plays", "Take 5: 1 play", "1 play marked ignored", `play 7 (Taki, 2025-03-13 18:00:00): the score lots cannot be read`} {
		if !strings.Contains(summary, want) {
			t.Errorf("summary lacks %q:\n%s", want, summary)
		}
	}
	form := confirmForm(t, d)
	skipOtherGames(form) // Catan and Take 5 stay out (see TestBGStatsImportsOtherGames)
	if rec := f.c.post(base+"/import/bgstats/confirm", form); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "2 plays were imported") {
		t.Fatalf("confirm: %d %s", rec.Code, rec.Body)
	}
	ps, _ := f.app.store.Players(t.Context(), f.gid)
	if len(ps) != 3 || ps[2].Name != "Dora" {
		t.Fatalf("roster %+v, want Ana, Ben and Dora", ps)
	}
	exported := f.c.get(base + "/export.bgstats.json").Body.Bytes()
	got, want := playResults(t, exported), playResults(t, []byte(bgstatsFixture))
	if jsonText(got) != jsonText(want) {
		t.Errorf("round trip:\n got %s\nwant %s", jsonText(got), jsonText(want))
	}
	if !bytes.Contains(exported, []byte("a1b2c3d4-0001-4000-8000-000000000001")) {
		t.Error("the BG Stats export does not give the play its uuid back")
	}

	// The same file again, and our own BG Stats file: nothing new.
	for _, file := range [][]byte{[]byte(bgstatsFixture), exported} {
		d := doc(t, postFile(f.c, base+"/import/bgstats", nil, file))
		if s := d.Find("[data-testid=bgstats-summary]").Text(); !strings.Contains(s, "2 plays are already in this group") || d.Find("[data-testid=bgstats-import-button]").Length() != 0 {
			t.Errorf("a file imported again offers to import: %s", s)
		}
		if rec := f.c.post(base+"/import/bgstats/confirm", confirmForm(t, d)); !strings.Contains(rec.Body.String(), "0 plays were imported") {
			t.Errorf("imported again: %d %.300s", rec.Code, rec.Body)
		}
	}

	// The scoresheet names the final-scores round.
	ms, _ := f.app.store.Matches(t.Context(), f.gid, 10)
	sheetRec := f.c.get(base + "/matches/" + jsonText(ms[0].ID))
	sheet := sheetRec.Body.String()
	if !strings.Contains(sheet, "final scores (from BG Stats)") {
		t.Errorf("the scoresheet does not name the final-scores round")
	}
	if w := doc(t, sheetRec).Find("[data-testid=winner]").Text(); !strings.Contains(w, "Dora") {
		t.Errorf("the scoresheet's winner: %q, want Dora (310 to 120 at TAKI)", w)
	}
	if rec := f.c.post(base+"/matches/"+jsonText(ms[0].ID)+"/rounds", url.Values{}); rec.Code == http.StatusSeeOther || rec.Code == http.StatusOK {
		t.Errorf("a round was added to a final-scores match: %d", rec.Code)
	}
	// Final scores are not a game round: no correction, no undo (deleting
	// the match is the way back).
	sd := doc(t, sheetRec)
	if n := sd.Find(`a[href$="/edit"]`).Length() + sd.Find(`form[action$="/undo"]`).Length(); n != 0 {
		t.Errorf("the final-scores match offers %d corrections or undos", n)
	}
	rs, err := f.app.store.Rounds(t.Context(), ms[0].ID)
	if err != nil || len(rs) != 1 {
		t.Fatalf("the imported match's rounds: %v, %v", rs, err)
	}
	mURL, rid := base+"/matches/"+jsonText(ms[0].ID), jsonText(rs[0].ID)
	if rec := f.c.get(mURL + "/rounds/" + rid + "/edit"); rec.Code != http.StatusNotFound {
		t.Errorf("correcting the final scores: %d, want 404", rec.Code)
	}
	if rec := f.c.post(mURL+"/undo", url.Values{"round": {rid}}); rec.Code != http.StatusConflict || rec.Header().Get(conflictHeader) != "final" {
		t.Errorf("undoing the final scores: %d, %s %q; want 409 saying \"final\"", rec.Code, conflictHeader, rec.Header().Get(conflictHeader))
	}

	// Our export of the group imports again (checkRounds accepts the final round).
	complete := f.c.get(base + "/export.json").Body.Bytes()
	var e store.Export
	json.Unmarshal(complete, &e)
	if why, err := f.app.srv.checkRounds(e, "en"); err != nil {
		t.Fatalf("checkRounds: %v %s", err, why)
	}
	imp := postFile(f.c, base+"/import", url.Values{"display": {"Zoé"}}, complete)
	if imp.Code != http.StatusSeeOther {
		t.Fatalf("our import of our export: %d %.500s", imp.Code, imp.Body)
	}
	sameExport(t, f.c.get(imp.Header().Get("Location")+"/export.json").Body.Bytes(), complete)

	// Bad files, in English and French; a member who is not the admin.
	for _, bad := range []string{"", "not json", `{"games":[]}`, `[1,2]`, bgstatsFixture[:300]} {
		rec := postFile(f.c, base+"/import/bgstats", nil, []byte(bad))
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "not a BG Stats export") {
			t.Errorf("%.20q: %d", bad, rec.Code)
		}
	}
	f.c.lang = "fr"
	if rec := f.c.post(base+"/import/bgstats/confirm", url.Values{"data": {"!!"}}); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "pas un export BG Stats") {
		t.Errorf("a damaged confirmation: %d", rec.Code)
	}
	member := f.app.client()
	g, _ := f.app.store.GroupBySlug(t.Context(), f.slug)
	if rec := member.post("/join/"+f.slug+"/"+g.InviteToken, url.Values{"display": {"Ben"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("join: %d", rec.Code)
	}
	if rec := postFile(member, base+"/import/bgstats", nil, []byte(bgstatsFixture)); rec.Code != http.StatusForbidden {
		t.Errorf("a member's upload: %d, want 403", rec.Code)
	}
}
