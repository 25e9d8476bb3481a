package handlers

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/store/bgstats"
)

// otherGamesFile is a BG Stats file (a recent app) with a play of TAKI and
// plays of two games that are none of ours: Quibbo, the lowest total winning,
// and Codenames, without points (a ranking, or a winner only).
const otherGamesFile = `{"games":[
 {"id":1,"uuid":"g-1","name":"TAKI","bggName":"","bggId":0,"highestWins":true,"noPoints":false,"cooperative":false},
 {"id":2,"uuid":"g-2","name":"Quibbo","bggName":"Quibbo","bggId":990017,"highestWins":false,"noPoints":false,"cooperative":false},
 {"id":3,"uuid":"g-3","name":"Codenames","bggName":"Codenames","bggId":178900,"highestWins":true,"noPoints":true,"cooperative":false}],
"players":[{"id":1,"uuid":"p-1","name":"Ana","isAnonymous":false},{"id":2,"uuid":"p-2","name":"Bruno","isAnonymous":false}],
"locations":[],
"plays":[
 {"uuid":"t-1","gameRefId":1,"playDate":"2024-06-01 21:00:00","entryDate":"2024-06-01 22:00:00","ignored":false,"manualWinner":true,"bggId":0,"playerScores":[
  {"playerRefId":1,"score":"","winner":true,"startPlayer":false,"rank":0,"seatOrder":1},
  {"playerRefId":2,"score":"","winner":false,"startPlayer":false,"rank":0,"seatOrder":2}]},
 {"uuid":"s-1","gameRefId":2,"playDate":"2024-06-02 21:00:00","entryDate":"2024-06-02 22:00:00","ignored":false,"manualWinner":false,"bggId":990017,"playerScores":[
  {"playerRefId":1,"score":"40","winner":false,"startPlayer":true,"rank":0,"seatOrder":1},
  {"playerRefId":2,"score":"12","winner":true,"startPlayer":false,"rank":0,"seatOrder":2}]},
 {"uuid":"s-2","gameRefId":2,"playDate":"2024-06-03 21:00:00","entryDate":"2024-06-03 22:00:00","ignored":false,"manualWinner":false,"bggId":990017,"playerScores":[
  {"playerRefId":1,"score":"50","winner":false,"startPlayer":false,"rank":0,"seatOrder":1},
  {"playerRefId":2,"score":"30","winner":true,"startPlayer":true,"rank":0,"seatOrder":2}]},
 {"uuid":"c-1","gameRefId":3,"playDate":"2024-06-04 21:00:00","entryDate":"2024-06-04 22:00:00","ignored":false,"manualWinner":false,"bggId":178900,"playerScores":[
  {"playerRefId":1,"score":"","winner":false,"startPlayer":false,"rank":2,"seatOrder":1},
  {"playerRefId":2,"score":"","winner":true,"startPlayer":false,"rank":1,"seatOrder":2}]},
 {"uuid":"c-2","gameRefId":3,"playDate":"2024-06-05 21:00:00","entryDate":"2024-06-05 22:00:00","ignored":false,"manualWinner":true,"bggId":178900,"playerScores":[
  {"playerRefId":1,"score":"","winner":true,"startPlayer":false,"rank":0,"seatOrder":1},
  {"playerRefId":2,"score":"","winner":false,"startPlayer":false,"rank":0,"seatOrder":2}]}]}`

// Every game of a BG Stats file is matched, once, to one of ours or to one
// of the group's other games: a game that is none of ours is proposed as a
// new game of the group, added on confirm as BG Stats says it is won (Quibbo
// the lowest total, Codenames without points), and its plays come in as
// finished matches with BG Stats's winners, counted by the standings. The
// choice is remembered: the file again proposes the games added and adds
// nothing. The group's BG Stats export says how each other game is won.
func TestBGStatsImportsOtherGames(t *testing.T) {
	f := newStandingsFixture(t, "Ana", "Bruno")
	f.c.lang = "en"
	base := "/g/" + f.slug
	proposed := func() map[string]string {
		d := doc(t, postFile(f.c, base+"/import/bgstats", nil, []byte(otherGamesFile)))
		out := map[string]string{}
		d.Find("select[data-testid=bgstats-game]").Each(func(_ int, sel *goquery.Selection) {
			id, _ := sel.Attr("id")
			v, _ := sel.Find("option[selected]").Attr("value")
			out[strings.SplitN(d.Find("label[for='"+id+"']").Text(), " (", 2)[0]] = v
		})
		return out
	}
	if got := proposed(); got["TAKI"] != "taki" || got["Quibbo"] != "new" || got["Codenames"] != "new" {
		t.Errorf("proposed %v, want TAKI as ours and the two others as new games of the group", got)
	}
	if body := importFile(t, f.c, base, otherGamesFile); !strings.Contains(body, "5 plays were imported") {
		t.Fatalf("import: %.800s", body)
	}
	defs, err := f.app.store.GroupGames(t.Context(), f.gid)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]store.GroupGame{}
	for _, d := range defs {
		byName[d.Name] = d
	}
	sky, code := byName["Quibbo"], byName["Codenames"]
	if len(defs) != 2 || sky.Kind != store.KindFinal || !sky.LowWins || sky.BGGID != 990017 || code.Kind != store.KindRanking || code.BGGID != 178900 {
		t.Fatalf("the group's other games %+v, want Quibbo (final scores, lowest wins) and Codenames (a ranking), with their BGG ids", defs)
	}
	ms, _ := f.app.store.Matches(t.Context(), f.gid, 20)
	perGame := map[string]int{}
	for _, m := range ms {
		perGame[m.Game]++
		if !m.Finished() {
			t.Errorf("match %d of %s is not finished", m.ID, m.Game)
		}
	}
	if len(ms) != 5 || perGame["taki"] != 1 || perGame[sky.ID()] != 2 || perGame[code.ID()] != 2 {
		t.Fatalf("matches by game %v, want taki 1, %s 2, %s 2", perGame, sky.ID(), code.ID())
	}
	wins := func(q string) map[string]string {
		out := map[string]string{}
		doc(t, f.c.get(base+"/standings"+q)).Find("[data-testid=standing-row]").Each(func(_ int, r *goquery.Selection) {
			out[strings.TrimSpace(r.Find("[data-testid=standing-name]").Text())] = r.Find("[data-testid=standing-wins]").Text()
		})
		return out
	}
	// Quibbo: Bruno's 12 and 30 win (lowest); Codenames: Bruno's rank 1, Ana's win.
	if w := wins("?season=all&game=" + sky.ID()); w["Bruno"] != "2" || w["Ana"] != "0" {
		t.Errorf("Quibbo wins %v, want Bruno 2, Ana 0", w)
	}
	if w := wins("?season=all&game=" + code.ID()); w["Bruno"] != "1" || w["Ana"] != "1" {
		t.Errorf("Codenames wins %v, want Bruno 1, Ana 1", w)
	}
	if w := wins("?season=all"); w["Bruno"] != "3" || w["Ana"] != "2" {
		t.Errorf("wins over all games %v, want Bruno 3, Ana 2", w)
	}

	// Again: the games added are proposed, nothing is added.
	if got := proposed(); got["Quibbo"] != sky.ID() || got["Codenames"] != code.ID() {
		t.Errorf("proposed again %v, want the games added (%s, %s)", got, sky.ID(), code.ID())
	}
	if body := importFile(t, f.c, base, otherGamesFile); !strings.Contains(body, "0 plays were imported") && !strings.Contains(body, "No play was imported") {
		t.Errorf("second import: %.800s", body)
	}
	if defs, _ := f.app.store.GroupGames(t.Context(), f.gid); len(defs) != 2 {
		t.Errorf("%d other games after the second import, want 2", len(defs))
	}
	if ms, _ := f.app.store.Matches(t.Context(), f.gid, 20); len(ms) != 5 {
		t.Errorf("%d matches after the second import, want 5", len(ms))
	}

	// The export says how each is won.
	rec := f.c.get(base + "/export.bgstats.json")
	if rec.Code != http.StatusOK {
		t.Fatalf("export: %d", rec.Code)
	}
	var out bgstats.File
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	games := map[string]bgstats.Game{}
	for _, g := range out.Games {
		games[g.Name] = g
	}
	if g := games["Quibbo"]; g.HighestWins || g.NoPoints || g.BGGID != 990017 {
		t.Errorf("Quibbo exported %+v, want highestWins false, noPoints false, bggId 990017", g)
	}
	if g := games["Codenames"]; !g.NoPoints || g.BGGID != 178900 {
		t.Errorf("Codenames exported %+v, want noPoints true, bggId 178900", g)
	}
}
