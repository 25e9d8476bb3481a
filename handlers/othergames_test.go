package handlers

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/store"
)

// addGame posts the admin's add-a-game form and fails the test unless it is taken.
func addGame(t *testing.T, c *client, slug string, form url.Values) {
	t.Helper()
	if rec := c.post("/g/"+slug+"/games", form); rec.Code != http.StatusSeeOther {
		t.Fatalf("add game %v: status %d\n%s", form, rec.Code, doc(t, rec).Find(".error").Text())
	}
}

// startMatch starts a match of game for names, seated in order.
func startOther(t *testing.T, c *client, slug, game string, names ...string) string {
	t.Helper()
	form := url.Values{"game": {game}}
	for i, id := range c.players(slug, names...) {
		form.Set(fmt.Sprintf("seat_%d", id), fmt.Sprint(i+1))
	}
	rec := c.post("/g/"+slug+"/matches", form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start %s: status %d\n%s", game, rec.Code, rec.Body)
	}
	return rec.Header().Get("Location")
}

var keyN int

func otherRound(t *testing.T, c *client, matchURL string, values map[string]string) int {
	t.Helper()
	keyN++
	form := url.Values{"op": {"save"}, "submitKey": {fmt.Sprintf("k%d", keyN)}}
	for k, v := range values {
		form.Set(k, v)
	}
	return c.post(matchURL+"/rounds", form).Code
}

func matchOf(t *testing.T, a *testApp, slug, matchURL string) store.Match {
	t.Helper()
	g, _ := a.store.GroupBySlug(context.Background(), slug)
	var id int64
	fmt.Sscanf(matchURL[strings.LastIndex(matchURL, "/")+1:], "%d", &id)
	m, _, err := a.store.MatchSheet(context.Background(), g.ID, id)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// The admin adds Quibbo (lowest wins, points each round, ends at 100) and a
// winner-only game; matches of both are played through the scoresheet's
// forms: rounds, a correction, an undo, the end at the target, the winner
// only; the standings count them, and the group's export imports into a copy.
func TestOtherGamesPlayedLikeOurs(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("Table")
	c.players(slug, "Ana", "Ben")

	// Refused: no name, one of our games, a target that is not a number.
	for _, bad := range []url.Values{
		{"name": {""}, "how": {"high"}, "entry": {"rounds"}, "end": {"hand"}},
		{"name": {"Take 5!"}, "how": {"high"}, "entry": {"rounds"}, "end": {"hand"}},
		{"name": {"Quibbo"}, "how": {"low"}, "entry": {"rounds"}, "end": {"target"}, "target": {"lots"}},
	} {
		if rec := c.post("/g/"+slug+"/games", bad); rec.Code != http.StatusUnprocessableEntity || doc(t, rec).Find(".error").Length() == 0 {
			t.Errorf("add game %v: status %d, want 422 with a message", bad, rec.Code)
		}
	}
	addGame(t, c, slug, url.Values{"name": {"Quibbo"}, "how": {"low"}, "entry": {"rounds"}, "end": {"target"}, "target": {"100"}})
	addGame(t, c, slug, url.Values{"name": {"Codenames"}, "bgg": {"178900"}, "how": {"places"}, "places": {"winner"}})
	if rec := c.post("/g/"+slug+"/games", url.Values{"name": {"quibbo"}, "how": {"high"}, "entry": {"final"}}); rec.Code != http.StatusUnprocessableEntity {
		t.Errorf("a second Quibbo (other case): status %d, want 422", rec.Code)
	}
	// Another member is not the admin: he cannot add a game.
	home := doc(t, c.get("/g/"+slug))
	if home.Find("[data-testid=new-custom-1]").Length() != 1 || home.Find("[data-testid=new-custom-2]").Length() != 1 {
		t.Fatalf("the group's page offers no new match of its other games")
	}

	sky := startOther(t, c, slug, "custom-1", "Ana", "Ben")
	sheet := doc(t, c.get(sky))
	if sheet.Find("[data-testid=points-input]").Length() != 2 {
		t.Fatalf("Quibbo's round form has %d points fields, want 2", sheet.Find("[data-testid=points-input]").Length())
	}
	if sheet.Find(`a[href="`+sky+`/referee"]`).Length() != 0 {
		t.Errorf("a group's other game links to a referee")
	}
	if sheet.Find("[data-testid=rulings]").Length() != 0 {
		t.Errorf("a game without a referee shows a Rulings card")
	}
	fc := fcMatch(t, c, slug, c.players(slug, "Ana", "Ben"), "1")
	if doc(t, c.get(fc)).Find("[data-testid=rulings] [data-testid=settle-dispute]").Length() != 1 {
		t.Errorf("a game with a referee shows no Rulings card with its way to the referee")
	}
	if code := c.get(sky + "/referee").Code; code < 300 || code == http.StatusSeeOther {
		t.Errorf("the referee of an other game's match: status %d, want none", code)
	}
	if code := otherRound(t, c, sky, map[string]string{"v_0": "forty", "v_1": "20"}); code != http.StatusUnprocessableEntity {
		t.Errorf("a word for points: status %d, want 422", code)
	}
	for _, r := range [][2]string{{"40", "20"}, {"30", "-5"}} {
		if code := otherRound(t, c, sky, map[string]string{"v_0": r[0], "v_1": r[1]}); code != http.StatusSeeOther {
			t.Fatalf("round %v: status %d", r, code)
		}
	}
	// Correct round 1: 50 for Ana.
	edit, ok := doc(t, c.get(sky)).Find(`a[href$="/edit"]`).First().Attr("href")
	if !ok {
		t.Fatal("no correction link")
	}
	action := strings.TrimSuffix(edit, "/edit")
	if rec := c.post(action, url.Values{"op": {"save"}, "version": {"1"}, "v_0": {"50"}, "v_1": {"20"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("correction: status %d %s", rec.Code, rec.Body)
	}
	if m := matchOf(t, app, slug, sky); m.Seats[0].Total != 80 || m.Seats[1].Total != 15 {
		t.Fatalf("after the correction totals %d/%d, want 80/15", m.Seats[0].Total, m.Seats[1].Total)
	}
	// Undo round 2, then play it again: Ana reaches 100, the match is over, Ben wins.
	rounds := doc(t, c.get(sky)).Find(`form[action$="/undo"] input[name=round]`)
	roundID, _ := rounds.Last().Attr("value")
	if rec := c.post(sky+"/undo", url.Values{"round": {roundID}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("undo: status %d", rec.Code)
	}
	if m := matchOf(t, app, slug, sky); m.Seats[0].Total != 50 || m.Finished() {
		t.Fatalf("after the undo Ana has %d, finished %v; want 50, in progress", m.Seats[0].Total, m.Finished())
	}
	if code := otherRound(t, c, sky, map[string]string{"v_0": "55", "v_1": "15"}); code != http.StatusSeeOther {
		t.Fatalf("round 2 again: status %d", code)
	}
	if m := matchOf(t, app, slug, sky); !m.Finished() || m.Seats[0].Total != 105 || m.Seats[1].Total != 35 {
		t.Fatalf("at 105 points: finished %v, totals %d/%d; want over, 105/35", m.Finished(), m.Seats[0].Total, m.Seats[1].Total)
	}
	if code := otherRound(t, c, sky, map[string]string{"v_0": "1", "v_1": "1"}); code != http.StatusUnprocessableEntity && code != http.StatusConflict && code != http.StatusNotFound {
		t.Errorf("a round after the end: status %d, want refused", code)
	}

	// The winner-only game: one result ends the match.
	cn := startOther(t, c, slug, "custom-2", "Ana", "Ben")
	if code := otherRound(t, c, cn, map[string]string{}); code != http.StatusUnprocessableEntity {
		t.Errorf("no winner ticked: status %d, want 422", code)
	}
	if code := otherRound(t, c, cn, map[string]string{"won_0": "1"}); code != http.StatusSeeOther {
		t.Fatalf("Ana wins Codenames: status %d", code)
	}
	if m := matchOf(t, app, slug, cn); !m.Finished() {
		t.Fatal("the winner-only match is not over after its result")
	}

	// Standings: both games count, each has its own table.
	st := doc(t, c.get("/g/"+slug+"/standings"))
	if text := st.Text(); !strings.Contains(text, "Quibbo") || !strings.Contains(text, "Codenames") {
		t.Errorf("the standings do not offer the other games")
	}
	rows := st.Find("[data-testid=standings-row], tbody tr").Length()
	if rows == 0 {
		t.Errorf("no standings rows")
	}
	if !strings.Contains(doc(t, c.get("/g/"+slug+"/standings?game=custom-1")).Find("title").Text(), "Quibbo") {
		t.Errorf("the Quibbo standings are not titled Quibbo")
	}
	// Each player won one match: Ben Quibbo (the lowest total), Ana Codenames.
	wins := map[string]string{}
	doc(t, c.get("/g/"+slug+"/standings")).Find("[data-testid=standing-row]").Each(func(_ int, r *goquery.Selection) {
		wins[strings.TrimSpace(r.Find("[data-testid=standing-name]").Text())] = r.Find("[data-testid=standing-wins]").Text()
	})
	if wins["Ana"] != "1" || wins["Ben"] != "1" {
		t.Errorf("wins over all games %v, want Ana 1 (Codenames) and Ben 1 (Quibbo, lowest wins)", wins)
	}
	skyWins := map[string]string{}
	doc(t, c.get("/g/"+slug+"/standings?game=custom-1")).Find("[data-testid=standing-row]").Each(func(_ int, r *goquery.Selection) {
		skyWins[strings.TrimSpace(r.Find("[data-testid=standing-name]").Text())] = r.Find("[data-testid=standing-wins]").Text()
	})
	if skyWins["Ben"] != "1" || skyWins["Ana"] != "0" {
		t.Errorf("Quibbo wins %v, want Ben 1, Ana 0", skyWins)
	}

	// Records: Quibbo's lowest total is one (Ben's 35); the winner-only game
	// holds none. The player's page names the games.
	rec := doc(t, c.get("/g/"+slug+"/records")).Text()
	if !strings.Contains(rec, "Quibbo") || strings.Contains(rec, "Codenames") {
		t.Errorf("records: want Quibbo's and none of Codenames: %.300s", rec)
	}
	ids := c.players(slug, "Ben")
	if p := c.get(fmt.Sprintf("/g/%s/players/%d", slug, ids[0])); p.Code != http.StatusOK || !strings.Contains(p.Body.String(), "Quibbo") {
		t.Errorf("Ben's page: status %d, Quibbo named %v", p.Code, strings.Contains(p.Body.String(), "Quibbo"))
	}

	// The CSV and BG Stats name them by name (never custom-1, issue 38).
	if csv := c.get("/g/" + slug + "/export.csv").Body.String(); !strings.Contains(csv, "Quibbo") || !strings.Contains(csv, "Codenames") || strings.Contains(csv, "custom-") {
		t.Errorf("the CSV export does not name the other games by their names")
	}
	if bg := c.get("/g/" + slug + "/export.bgstats.json").Body.String(); !strings.Contains(bg, `"Codenames"`) || !strings.Contains(bg, `"bggId":178900`) {
		t.Errorf("the BG Stats export lacks Codenames with its BGG id: %.400s", bg)
	}

	// The JSON export imports into a copy holding the same games and matches.
	plain := c.get("/g/" + slug + "/export.json").Body.Bytes()
	imp := postFile(c, "/g/"+slug+"/import", url.Values{"display": {"Zoé"}}, plain)
	if imp.Code != http.StatusSeeOther {
		t.Fatalf("import: %d %s", imp.Code, imp.Body)
	}
	copySlug := strings.TrimPrefix(imp.Header().Get("Location"), "/g/")
	sameExport(t, c.get("/g/"+copySlug+"/export.json").Body.Bytes(), plain)
	if !strings.Contains(doc(t, c.get("/g/"+copySlug+"/standings")).Text(), "Quibbo") {
		t.Errorf("the copy's standings lack Quibbo")
	}
}

// The BG Stats import finds a group's other game by BGG id, then by name in
// any case, adds one won as BG Stats says otherwise, and leaves our games'
// names to our games.
func TestFindOrAddOtherGame(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("Table")
	addGame(t, c, slug, url.Values{"name": {"Quibbo"}, "bgg": {"990018"}, "how": {"low"}, "entry": {"rounds"}, "end": {"target"}, "target": {"100"}})
	g, _ := app.store.GroupBySlug(context.Background(), slug)
	ctx := context.Background()
	for _, want := range []OtherGameOf{{Name: "Quibbo Deluxe", BGGID: 990018}, {Name: "QUIBBO"}} {
		got, created, ok, err := app.srv.findOrAddOtherGame(ctx, g.ID, want)
		if err != nil || !ok || created || got.ID() != "custom-1" {
			t.Errorf("%+v: %v created %v ok %v err %v; want custom-1 found", want, got, created, ok, err)
		}
	}
	got, created, ok, err := app.srv.findOrAddOtherGame(ctx, g.ID, OtherGameOf{Name: "Dixit", NoPoints: true})
	if err != nil || !ok || !created || got.ID() != "custom-2" || got.LowWins() {
		t.Fatalf("Dixit: %v created %v ok %v err %v", got, created, ok, err)
	}
	if got.Profile().Counts != kit.CountsPlaces {
		t.Errorf("Dixit (noPoints) is not a places game")
	}
	got, _, _, _ = app.srv.findOrAddOtherGame(ctx, g.ID, OtherGameOf{Name: "Hearts"})
	if !got.LowWins() {
		t.Errorf("Hearts (highestWins false) does not take the lowest as winner")
	}
	if _, _, ok, _ := app.srv.findOrAddOtherGame(ctx, g.ID, OtherGameOf{Name: "Five Crowns", HighestWins: false}); ok {
		t.Errorf("Five Crowns became a group's other game")
	}
}

// An open-ended game (nothing in its definition ends it) ends on the round
// marked the last, and only then.
func TestOtherGameEndedByHand(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("Table")
	addGame(t, c, slug, url.Values{"name": {"Rummy"}, "how": {"high"}, "entry": {"rounds"}, "end": {"hand"}})
	m := startOther(t, c, slug, "custom-1", "Ana", "Ben", "Chloé")
	if doc(t, c.get(m)).Find("[data-testid=custom-last]").Length() != 1 {
		t.Fatal("no way to mark the last round")
	}
	for i := 0; i < 3; i++ {
		if code := otherRound(t, c, m, map[string]string{"v_0": "500", "v_1": "10", "v_2": "−20"}); code != http.StatusSeeOther {
			t.Fatalf("round %d: status %d", i+1, code)
		}
	}
	if matchOf(t, app, slug, m).Finished() {
		t.Fatal("an open-ended match ended on its own")
	}
	if code := otherRound(t, c, m, map[string]string{"v_0": "0", "v_1": "0", "v_2": "0", "last": "1"}); code != http.StatusSeeOther {
		t.Fatalf("the last round: status %d", code)
	}
	if got := matchOf(t, app, slug, m); !got.Finished() || got.Seats[2].Total != -60 {
		t.Errorf("after the last round: finished %v, Chloé %d; want over, −60", got.Finished(), got.Seats[2].Total)
	}
	if w := doc(t, c.get(m)).Find("[data-testid=winner]").Text(); !strings.Contains(w, "Ana") {
		t.Errorf("winner line %q, want Ana", w)
	}
}
