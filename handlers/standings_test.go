package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/tablekeeper/tablekeeper/store"
)

// standingsFixture is a group whose matches are recorded straight in the
// store at chosen times (the scoresheet itself is tested elsewhere).
type standingsFixture struct {
	t    testing.TB
	app  *testApp
	c    *client
	slug string
	gid  int64
	ids  map[string]int64
	now  time.Time
}

func newStandingsFixture(t testing.TB, names ...string) *standingsFixture {
	t.Helper()
	return newStandingsFixtureOn(t, newTestApp(t), names...)
}

// newStandingsFixtureOn is newStandingsFixture on app (another database).
func newStandingsFixtureOn(t testing.TB, app *testApp, names ...string) *standingsFixture {
	t.Helper()
	c := app.client()
	slug := c.group("Jeudi soir")
	ids := c.players(slug, names...)
	g, _ := app.store.GroupBySlug(context.Background(), slug)
	f := &standingsFixture{t: t, app: app, c: c, slug: slug, gid: g.ID, ids: map[string]int64{}}
	for i, n := range names {
		f.ids[n] = ids[i]
	}
	f.setNow(time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC))
	return f
}

// setNow sets the store's clock: "today" for the season choice.
func (f *standingsFixture) setNow(at time.Time) {
	f.now = at
	f.app.store.Now = func() time.Time { return f.now }
}

// play records a finished match of game finished at `at`: seats by name,
// each round's points in seat order. Returns the match id.
func (f *standingsFixture) play(game string, at time.Time, seats []string, rounds ...[]int) int64 {
	f.t.Helper()
	ctx := context.Background()
	saved := f.now
	defer f.setNow(saved)
	f.setNow(at)
	var ids []int64
	for _, n := range seats {
		ids = append(ids, f.ids[n])
	}
	mid, err := f.app.store.CreateMatch(ctx, f.gid, store.NewMatch{Game: game, Players: ids, Rules: map[string]string{}, Options: map[string]string{}})
	if err != nil {
		f.t.Fatal(err)
	}
	for i, pts := range rounds {
		writeRound(f.t, f.app.store, f.slug, mid, store.RoundWrite{Kind: store.WriteAdd, Number: i + 1, Entry: pointsEntry(pts), Points: pts,
			Author: "test", Finished: i == len(rounds)-1})
	}
	f.app.wrote()
	return mid
}

// playSampled records a whole match of game finished at `at`, drawn by the
// game (sampledMatch: entries the rules allow, as an import requires), and
// returns how many rounds it has.
func (f *standingsFixture) playSampled(game string, at time.Time, seats []string, seed uint64) int {
	f.t.Helper()
	ctx := context.Background()
	saved := f.now
	defer f.setNow(saved)
	f.setNow(at)
	var ids []int64
	for _, n := range seats {
		ids = append(ids, f.ids[n])
	}
	opts, entries, points := sampledMatch(f.t, f.app.srv.byID[game], len(seats), seed)
	mid, err := f.app.store.CreateMatch(ctx, f.gid, store.NewMatch{Game: game, Players: ids, Rules: map[string]string{}, Options: opts})
	if err != nil {
		f.t.Fatal(err)
	}
	for i, e := range entries {
		writeRound(f.t, f.app.store, f.slug, mid, store.RoundWrite{Kind: store.WriteAdd, Number: i + 1, Entry: e, Points: points[i],
			Author: "test", Finished: i == len(entries)-1})
	}
	f.app.wrote()
	return len(entries)
}

// table reads a standings table: name → {played, wins}.
func table(d *goquery.Document, testid string) map[string][2]string {
	out := map[string][2]string{}
	d.Find(fmt.Sprintf("[data-testid=%s] [data-testid=standing-row]", testid)).Each(func(_ int, s *goquery.Selection) {
		out[strings.TrimSpace(s.Find("[data-testid=standing-name]").Text())] = [2]string{
			strings.TrimSpace(s.Find("[data-testid=standing-played]").Text()), strings.TrimSpace(s.Find("[data-testid=standing-wins]").Text())}
	})
	return out
}

// allRows merges the ranked and provisional tables.
func allRows(d *goquery.Document) map[string][2]string {
	out := table(d, "standings")
	for k, v := range table(d, "provisional") {
		out[k] = v
	}
	return out
}

func day(y int, m time.Month, d, h int) time.Time { return time.Date(y, m, d, h, 0, 0, 0, time.UTC) }

func TestStandingsWinsSharedWinsAndSeasons(t *testing.T) {
	f := newStandingsFixture(t, "Ana", "Ben", "Chloé")
	abc := []string{"Ana", "Ben", "Chloé"}
	// Five Crowns: the lowest total wins.
	f.play("fivecrowns", day(2026, 3, 5, 22), abc, []int{0, 10, 20}, []int{10, 10, 10})         // Ana wins
	f.play("fivecrowns", day(2026, 3, 12, 22), abc, []int{5, 0, 30}, []int{10, 15, 10})         // Ana and Ben share first
	f.play("fivecrowns", day(2025, 12, 20, 22), abc, []int{30, 20, 0}, []int{0, 0, 0})          // last year: Chloé
	f.play("take5", day(2026, 4, 1, 22), []string{"Ben", "Chloé"}, []int{3, 66})                // highest wins: Chloé
	f.play("takefive", day(2026, 4, 2, 22), []string{"Ana", "Chloé"}, []int{1, 0}, []int{1, 0}) // round wins: Ana

	tests := []struct {
		name       string
		path       string
		want       map[string][2]string
		wantPoints bool
	}{
		{"this year, all games", "/standings", map[string][2]string{"Ana": {"3", "3"}, "Ben": {"3", "1"}, "Chloé": {"4", "1"}}, false},
		{"this year, Five Crowns", "/standings?game=fivecrowns", map[string][2]string{"Ana": {"2", "2"}, "Ben": {"2", "1"}, "Chloé": {"2", "0"}}, true},
		{"all time, Five Crowns", "/standings?season=all&game=fivecrowns", map[string][2]string{"Ana": {"3", "2"}, "Ben": {"3", "1"}, "Chloé": {"3", "1"}}, true},
		{"Take Five has no points column", "/standings?game=takefive", map[string][2]string{"Ana": {"1", "1"}, "Chloé": {"1", "0"}}, false},
		{"unknown game means all games", "/standings?game=chess&season=nope", map[string][2]string{"Ana": {"3", "3"}, "Ben": {"3", "1"}, "Chloé": {"4", "1"}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.c.get("/g/" + f.slug + tt.path)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET %s = %d", tt.path, rec.Code)
			}
			d := doc(t, rec)
			if got := allRows(d); fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("GET %s: rows (played, wins) = %v, want %v", tt.path, got, tt.want)
			}
			if got := d.Find("[data-testid=standing-points]").Length() > 0; got != tt.wantPoints {
				t.Errorf("GET %s: points column shown = %v, want %v", tt.path, got, tt.wantPoints)
			}
			if d.Find("[data-testid=chart-rating] svg.chart").Length() != 1 || d.Find("[data-testid=chart-table-rating] tbody tr").Length() == 0 {
				t.Errorf("GET %s: no rating chart with its table", tt.path)
			}
		})
	}
}

func TestStandingsSeasonBoundaries(t *testing.T) {
	f := newStandingsFixture(t, "Ana", "Ben")
	ab := []string{"Ana", "Ben"}
	f.play("take5", day(2025, 11, 30, 23), ab, []int{1, 0}) // the day before: out
	f.play("take5", day(2025, 12, 1, 10), ab, []int{1, 0})  // first day: in
	f.play("take5", day(2026, 1, 31, 23), ab, []int{0, 1})  // last day, late: in
	f.play("take5", day(2026, 2, 1, 0), ab, []int{0, 1})    // midnight after the last day: out

	base := "/g/" + f.slug
	// A season whose last day comes first is refused and nothing is saved.
	rec := f.c.post(base+"/seasons", url.Values{"name": {"Hiver"}, "from": {"2026-01-31"}, "to": {"2025-12-01"}})
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "before the first day") {
		t.Fatalf("backwards season: status %d, want 422 with a sentence", rec.Code)
	}
	if ss, _ := f.app.store.Seasons(context.Background(), f.gid); len(ss) != 0 {
		t.Fatalf("a refused season was saved: %+v", ss)
	}
	if d := doc(t, rec); d.Find("#season-name").AttrOr("value", "") != "Hiver" {
		t.Errorf("the refused form lost what was typed")
	}
	rec = f.c.post(base+"/seasons", url.Values{"name": {"Hiver"}, "from": {"2025-12-01"}, "to": {"2026-01-31"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("add season: status %d", rec.Code)
	}
	rec = f.c.get(rec.Header().Get("Location"))
	d := doc(t, rec)
	if got := allRows(d); fmt.Sprint(got) != fmt.Sprint(map[string][2]string{"Ana": {"2", "1"}, "Ben": {"2", "1"}}) {
		t.Errorf("season Hiver rows = %v, want each 2 played, 1 win", got)
	}
	if !strings.Contains(d.Find("[data-testid=season-links]").Text(), "Hiver") {
		t.Errorf("season links lack the new season: %q", d.Find("[data-testid=season-links]").Text())
	}
	// The calendar year is still offered and holds only this year's matches.
	d = doc(t, f.c.get(base+"/standings?season=year"))
	if got := allRows(d); fmt.Sprint(got) != fmt.Sprint(map[string][2]string{"Ana": {"2", "0"}, "Ben": {"2", "2"}}) {
		t.Errorf("2026 rows = %v", got)
	}
}

func TestStandingsFollowCorrectionsAndDeletions(t *testing.T) {
	f := newStandingsFixture(t, "Ana", "Ben")
	ctx := context.Background()
	m1 := f.play("fivecrowns", day(2026, 5, 1, 21), []string{"Ana", "Ben"}, []int{0, 10})
	f.play("fivecrowns", day(2026, 5, 2, 21), []string{"Ana", "Ben"}, []int{0, 10})
	path := "/g/" + f.slug + "/standings"
	if got := allRows(doc(t, f.c.get(path))); got["Ana"][1] != "2" || got["Ben"][1] != "0" {
		t.Fatalf("before: %v", got)
	}
	// Correct the first match: Ben went out, not Ana.
	rounds, _ := f.app.store.Rounds(ctx, m1)
	writeRound(t, f.app.store, f.slug, m1, store.RoundWrite{Kind: store.WriteEdit, Round: rounds[0].ID, Version: rounds[0].Version,
		Entry: json.RawMessage("{}"), Points: []int{10, 0}, Author: "Ana", Finished: true})
	f.app.wrote()
	if got := allRows(doc(t, f.c.get(path))); got["Ana"][1] != "1" || got["Ben"][1] != "1" {
		t.Errorf("after the correction: %v, want one win each", got)
	}
	// A member who is not the admin cannot delete; the admin can.
	guest := f.app.client()
	g, _ := f.app.store.GroupBySlug(ctx, f.slug)
	if rec := guest.post("/join/"+f.slug+"/"+g.InviteToken, url.Values{"display": {"Ben"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("join: %d", rec.Code)
	}
	matchPath := fmt.Sprintf("/g/%s/matches/%d", f.slug, m1)
	if d := doc(t, guest.get(matchPath)); d.Find("[data-testid=delete-match]").Length() != 0 {
		t.Error("a member who is not the admin sees the delete button")
	}
	if rec := guest.post(matchPath+"/delete", url.Values{}); rec.Code != http.StatusForbidden {
		t.Errorf("delete by a member: status %d, want 403", rec.Code)
	}
	d := doc(t, f.c.get(matchPath))
	if d.Find("[data-testid=delete-match]").Length() != 1 || d.Find("[data-testid=sheet-chart]").Length() != 1 {
		t.Errorf("the admin's scoresheet lacks the delete button or the running totals chart")
	}
	if rec := f.c.post(matchPath+"/delete", url.Values{}); rec.Code != http.StatusSeeOther {
		t.Fatalf("delete by the admin: status %d", rec.Code)
	}
	if got := allRows(doc(t, f.c.get(path))); got["Ana"] != [2]string{"1", "1"} || got["Ben"] != [2]string{"1", "0"} {
		t.Errorf("after deleting the corrected match: %v", got)
	}
	if rec := f.c.get(matchPath); rec.Code != http.StatusNotFound {
		t.Errorf("a deleted match's page: %d, want 404", rec.Code)
	}
}

func TestPlayerPageAndRecords(t *testing.T) {
	f := newStandingsFixture(t, "Ana", "Ben", "Chloé")
	abc := []string{"Ana", "Ben", "Chloé"}
	for i := 0; i < 4; i++ { // Ben beats Ana four times; Chloé is last
		f.play("fivecrowns", day(2026, 6, 1+i, 21), abc, []int{10, 5 + i, 50})
	}
	f.play("fivecrowns", day(2026, 6, 10, 21), abc, []int{3, 20, 50}) // Ana's best total
	f.play("taki", day(2026, 6, 11, 21), []string{"Ana", "Chloé"}, []int{0, 40}, []int{55, 0})

	base := "/g/" + f.slug
	rec := f.c.get(fmt.Sprintf("%s/players/%d", base, f.ids["Ana"]))
	if rec.Code != http.StatusOK {
		t.Fatalf("player page: %d", rec.Code)
	}
	d := doc(t, rec)
	checks := []struct{ sel, want string }{
		{"[data-testid=player-name]", "Ana"},
		{"[data-testid=player-played]", "6"},
		{"[data-testid=player-wins]", "2"},
		{"[data-testid=toughest-rival]", "Ben"},
		{"[data-testid=player-records]", "Five Crowns: lowest total 3"},
		{"[data-testid=player-records]", "TAKI: biggest round 55"},
	}
	for _, ck := range checks {
		if got := d.Find(ck.sel).Text(); !strings.Contains(got, ck.want) {
			t.Errorf("player page %s = %q, want it to contain %q", ck.sel, got, ck.want)
		}
	}
	if n := d.Find("[data-testid=player-form] li").Length(); n != 5 {
		t.Errorf("form shows %d matches, want 5", n)
	}
	if n := d.Find("[data-testid=h2h-row]").Length(); n != 2 {
		t.Errorf("head to head has %d rows, want 2", n)
	}
	if d.Find("[data-testid=chart-player] svg.chart").Length() != 1 {
		t.Error("no rating chart on the player page")
	}
	if rec := f.c.get(base + "/players/999999"); rec.Code != http.StatusNotFound {
		t.Errorf("unknown player: %d, want 404", rec.Code)
	}

	d = doc(t, f.c.get(base+"/records"))
	recs := d.Find("[data-testid=record-game]").Text()
	for _, want := range []string{"Five Crowns", "Lowest total 3 Ana", "TAKI", "Biggest round 55 Ana"} {
		if !strings.Contains(recs, want) {
			t.Errorf("records page lacks %q: %q", want, recs)
		}
	}
	if strings.Contains(recs, "Chloé") { // her 50s are the worst totals: no record
		t.Errorf("records page shows a worst result: %q", recs)
	}
	if got := d.Find("[data-testid=record-streak]").Text(); !strings.Contains(got, "Ben") || !strings.Contains(got, "4") {
		t.Errorf("longest streak = %q, want Ben with 4", got)
	}
}

// postFile sends a multipart form with one file, as a browser's import form does.
func postFile(c *client, path string, fields url.Values, file []byte) *httptest.ResponseRecorder {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, vs := range fields {
		for _, v := range vs {
			w.WriteField(k, v)
		}
	}
	fw, _ := w.CreateFormFile("file", "export.json")
	fw.Write(file)
	w.Close()
	req := httptest.NewRequest(http.MethodPost, path, &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	if c.lang != "" {
		req.Header.Set("Accept-Language", c.lang)
	}
	for _, ck := range c.cookies {
		req.AddCookie(ck)
	}
	rec := httptest.NewRecorder()
	c.app.e.ServeHTTP(rec, req)
	for _, ck := range rec.Result().Cookies() {
		if ck.MaxAge >= 0 {
			c.cookies[ck.Name] = ck
		}
	}
	return rec
}

// countGroups is how many groups c's browser belongs to: an import adds one.
func countGroups(t *testing.T, c *client) int {
	t.Helper()
	gs, err := c.app.store.GroupsOf(context.Background(), c.cookies[sessionCookie].Value)
	if err != nil {
		t.Fatal(err)
	}
	return len(gs)
}

func TestExportImportRoundTripGivesSameStandings(t *testing.T) {
	f := newStandingsFixture(t, "Ana", "Ben", "Chloé")
	// The import checks every round against the rules: each game draws its matches.
	abc := []string{"Ana", "Ben", "Chloé"}
	seatRounds := 0 // the CSV's lines: one per seat of every round
	for i := range 7 {
		seatRounds += 3 * f.playSampled("fivecrowns", day(2026, 2, 1+i, 21), abc, uint64(i))
		seatRounds += 3 * f.playSampled("take5", day(2026, 2, 1+i, 23), abc, uint64(i))
	}
	seatRounds += 2 * f.playSampled("takefive", day(2026, 3, 1, 21), []string{"Ana", "Ben"}, 1)
	base := "/g/" + f.slug

	rec := f.c.get(base + "/export.json")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Header().Get("Content-Disposition"), "attachment") {
		t.Fatalf("export.json: %d %q", rec.Code, rec.Header().Get("Content-Disposition"))
	}
	file := rec.Body.Bytes()
	csvRec := f.c.get(base + "/export.csv")
	// one header line, then one line per seat of every round
	if lines := strings.Count(csvRec.Body.String(), "\n"); csvRec.Code != http.StatusOK || lines != 1+seatRounds {
		t.Errorf("export.csv: status %d, %d lines, want %d", csvRec.Code, lines, 1+seatRounds)
	}

	rec = postFile(f.c, base+"/import", url.Values{"display": {"Zoé"}}, file)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("import: status %d: %s", rec.Code, rec.Body.String())
	}
	newBase := rec.Header().Get("Location")
	if newBase == base || !strings.HasPrefix(newBase, "/g/") {
		t.Fatalf("import went to %q", newBase)
	}
	if d := doc(t, f.c.get(newBase)); d.Find("[data-testid=admin-url]").Length() != 1 {
		t.Error("the importer is not shown the new group's admin link")
	}
	for _, q := range []string{"/standings", "/standings?game=fivecrowns", "/standings?season=all&game=take5", "/records"} {
		a := doc(t, f.c.get(base+q)).Find("main table, main [data-testid^=record]").Text()
		b := doc(t, f.c.get(newBase+q)).Find("main table, main [data-testid^=record]").Text()
		if a == "" || a != b {
			t.Errorf("%s differs after import:\n%s\n---\n%s", q, a, b)
		}
	}
}

func TestImportRefusesDamagedOrForeignFiles(t *testing.T) {
	f := newStandingsFixture(t, "Ana", "Ben")
	f.play("fivecrowns", day(2026, 2, 1, 21), []string{"Ana", "Ben"}, []int{0, 10}, []int{5, 5})
	base := "/g/" + f.slug
	good := f.c.get(base + "/export.json").Body.Bytes()
	var e store.Export
	json.Unmarshal(good, &e)
	e.Matches[0].Seats[0].Total = 99
	badTotal, _ := json.Marshal(e)
	json.Unmarshal(good, &e)
	e.Matches[0].Game = "chess"
	badGame, _ := json.Marshal(e)

	n0 := countGroups(t, f.c)
	tests := []struct {
		name, display string
		file          []byte
		want          string
	}{
		{"foreign JSON", "Zoé", []byte(`{"hello": "world"}`), "not a tablekeeper group export"},
		{"not JSON at all", "Zoé", []byte("\x89PNG\r\n"), "not a tablekeeper group export"},
		{"truncated", "Zoé", good[:len(good)-40], "damaged"},
		{"a total that is not the sum of its rounds", "Zoé", badTotal, "damaged (match 1)"},
		{"a game this server does not know", "Zoé", badGame, "does not know"},
		{"no name", "", good, "Please type a name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := postFile(f.c, base+"/import", url.Values{"display": {tt.display}}, tt.file)
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", rec.Code)
			}
			if got := doc(t, rec).Find("[data-testid=import-form] [role=alert]").Text(); !strings.Contains(got, tt.want) {
				t.Errorf("message %q, want it to contain %q", got, tt.want)
			}
		})
	}
	if n := countGroups(t, f.c); n != n0 {
		t.Errorf("%d groups after refused imports, want %d", n, n0)
	}
}

func TestPublicStandingsLink(t *testing.T) {
	f := newStandingsFixture(t, "Ana", "Ben")
	f.play("take5", day(2026, 2, 1, 21), []string{"Ana", "Ben"}, []int{5, 1})
	base := "/g/" + f.slug
	ctx := context.Background()
	g, _ := f.app.store.GroupBySlug(ctx, f.slug)
	guest := f.app.client()
	guest.post("/join/"+f.slug+"/"+g.InviteToken, url.Values{"display": {"Ben"}})
	if rec := guest.post(base+"/public", url.Values{"op": {"on"}}); rec.Code != http.StatusForbidden {
		t.Errorf("a member turning the link on: %d, want 403", rec.Code)
	}
	if rec := f.c.post(base+"/public", url.Values{"op": {"on"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("turn on: %d", rec.Code)
	}
	link := doc(t, f.c.get(base+"/export")).Find("[data-testid=public-url]").Text()
	if !strings.HasPrefix(link, "http://tk.test/s/"+f.slug+"/") {
		t.Fatalf("public link %q", link)
	}
	if again := doc(t, f.c.get(base+"/export")); again.Find("[data-testid=public-url]").Length() != 0 || again.Find("[data-testid=public-on]").Length() != 1 {
		t.Error("the public link is shown more than once")
	}
	path := strings.TrimPrefix(link, "http://tk.test")
	stranger := f.app.client()
	rec := stranger.get(path)
	if rec.Code != http.StatusOK {
		t.Fatalf("public standings: %d", rec.Code)
	}
	d := doc(t, rec)
	if got := allRows(d); got["Ana"] != [2]string{"1", "1"} || d.Find("nav.crumbs, form, [data-testid=standing-name] a").Length() != 0 {
		t.Errorf("public page rows %v, or it shows navigation, forms or player links", got)
	}
	if rec := stranger.get(path + "x"); rec.Code != http.StatusNotFound {
		t.Errorf("wrong token: %d, want 404", rec.Code)
	}
	f.c.post(base+"/public", url.Values{"op": {"off"}})
	if rec := stranger.get(path); rec.Code != http.StatusNotFound {
		t.Errorf("after turning off: %d, want 404", rec.Code)
	}
	if rec := stranger.get(base + "/standings"); rec.Code != http.StatusNotFound {
		t.Errorf("members' standings for a stranger: %d, want 404", rec.Code)
	}
}

func TestStandingsInFrench(t *testing.T) {
	f := newStandingsFixture(t, "Ana", "Ben")
	for i := 0; i < 5; i++ {
		f.play("fivecrowns", day(2026, 2, 1+i, 21), []string{"Ana", "Ben"}, []int{0, 7})
	}
	f.c.lang = "fr"
	d := doc(t, f.c.get("/g/"+f.slug+"/standings?game=fivecrowns"))
	if got := d.Find("[data-testid=standings-title]").Text(); got != "Classement" {
		t.Errorf("title %q", got)
	}
	if got := d.Find("[data-testid=standings] [data-testid=standing-points]").Last().Text(); got != "7,0" {
		t.Errorf("Ben's points per match in French = %q, want 7,0", got)
	}
}

// BenchmarkStandingsPage renders the standings of a group with 20 players
// and 2,000 finished matches of the four games (loaded through an import,
// in one transaction), through the real router.
func BenchmarkStandingsPage(b *testing.B) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	st.Now = func() time.Time { return time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC) }
	e, err := New(Config{Store: st, Games: testGames(), BaseURL: "http://tk.test"})
	if err != nil {
		b.Fatal(err)
	}
	created, err := st.ImportGroup(ctx, benchExport(20, 2000), "Ana", "")
	if err != nil {
		b.Fatal(err)
	}
	get := func() *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, "/g/"+created.Group.Slug+"/standings?season=all", nil)
		req.AddCookie(&http.Cookie{Name: sessionCookie, Value: created.SessionToken})
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		return rec
	}
	if rec := get(); rec.Code != http.StatusOK || strings.Count(rec.Body.String(), `data-testid="standing-row"`) != 20 {
		b.Fatalf("standings: status %d, want 20 rows", rec.Code)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if rec := get(); rec.Code != http.StatusOK {
			b.Fatal(rec.Code)
		}
	}
}

// benchExport is a synthetic group: players matches of 3 to 5 players
// over two years, Five Crowns with 11 rounds, the others with 5.
func benchExport(players, matches int) store.Export {
	e := store.Export{Format: store.ExportFormat, Version: store.ExportVersion, Group: store.ExportGroup{Name: "Club", CreatedAt: "2025-01-01T00:00:00.000Z"}}
	for i := 1; i <= players; i++ {
		e.Players = append(e.Players, store.ExportPlayer{ID: int64(i), Name: fmt.Sprintf("Player %d", i), CreatedAt: "2025-01-01T00:00:00.000Z"})
	}
	games := []string{"fivecrowns", "take5", "taki", "takefive"}
	start := time.Date(2025, 1, 1, 20, 0, 0, 0, time.UTC)
	seed := uint32(7)
	rnd := func(n int) int { seed = seed*1664525 + 1013904223; return int(seed>>8) % n }
	for m := 0; m < matches; m++ {
		at := start.Add(time.Duration(m) * 9 * time.Hour).Format("2006-01-02T15:04:05.000Z")
		game := games[m%len(games)]
		n := 3 + rnd(3)
		mt := store.ExportMatch{ID: int64(m + 1), Game: game, Rules: map[string]string{}, Options: map[string]string{}, CreatedAt: at, FinishedAt: &at}
		seen := map[int]bool{}
		for len(mt.Seats) < n {
			p := 1 + rnd(players)
			if !seen[p] {
				seen[p] = true
				mt.Seats = append(mt.Seats, store.ExportSeat{Player: int64(p)})
			}
		}
		rounds := 5
		if game == "fivecrowns" {
			rounds = 11
		}
		for r := 1; r <= rounds; r++ {
			pts := make([]int, n)
			for k := range pts {
				if game == "takefive" {
					pts[k] = map[bool]int{true: 1}[k == rnd(n)]
				} else {
					pts[k] = rnd(40)
				}
				mt.Seats[k].Total += pts[k]
			}
			entry := json.RawMessage(`{}`)
			mt.Rounds = append(mt.Rounds, store.ExportRound{Number: r, Entry: entry, Points: pts, Version: 1, CreatedAt: at,
				Revisions: []store.ExportRevision{{Version: 1, Kind: "created", Entry: entry, Points: pts, Author: "x", At: at}}})
		}
		e.Matches = append(e.Matches, mt)
	}
	return e
}
