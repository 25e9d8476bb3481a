package handlers

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/store/bgstats"
)

// issue38File is the team's file of the results BG Stats users log
// (../store/bgstats/testdata/issue38.json, written after BGSTATS.md): co-op
// plays won and lost, a play without a result, "nobody won" by hand, a
// flagged winner against ranks, a team play, keypad sums, decimals, half
// the seats scored, a 70-character name, solo plays.
func issue38File(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../store/bgstats/testdata/issue38.json")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// matchOfPlay is the group's match of each BG Stats play, by its uuid.
func matchOfPlay(t *testing.T, f *standingsFixture) map[string]int64 {
	t.Helper()
	_, plays, err := f.app.store.BGStatsPlays(t.Context(), f.gid)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for _, p := range plays {
		out[p.UUID] = p.ID
	}
	return out
}

// The file's result stands (issue 38): every play comes in; a co-op play
// is won or lost together, a play without a result has none, "nobody won"
// stays nobody, a flagged winner stays the winner. The sheet, the group's
// list, the standings and the player page say so; co-op plays count in
// plays and a record of their own, not in wins; the BG Stats export and
// the one-play link write each result back as the file had it, and the
// export imported into another group gives the same results.
func TestBGStatsResultsStand(t *testing.T) {
	f := newStandingsFixture(t, "Ana", "Bruno")
	f.c.lang = "en"
	base := "/g/" + f.slug
	if body := importFile(t, f.c, base, issue38File(t)); !strings.Contains(body, "17 plays were imported") {
		t.Fatalf("import: %.1500s", body)
	}
	ids := matchOfPlay(t, f)
	sheet := func(uuid string) *goquery.Document {
		id, ok := ids[uuid]
		if !ok {
			t.Fatalf("play %s was not imported", uuid)
		}
		return doc(t, f.c.get(base+"/matches/"+strconv.FormatInt(id, 10)))
	}
	for uuid, want := range map[string]string{
		"C1-coop-lost-noranks": "Lost together", "C2-coop-lost-equalranks": "Lost together", "C3-coop-won": "Won together",
		"N1-no-result": "No result recorded", "M1-nobody-won": "Nobody won", "S2-solo-lost": "Lost",
		"S3-solo-no-result": "No result recorded", "F1-flagged-winner": "Ana wins", "S1-solo-won": "Ana wins",
	} {
		if got := strings.Join(strings.Fields(sheet(uuid).Find("[data-testid=winner]").Text()), " "); !strings.HasSuffix(got, want) {
			t.Errorf("%s: the sheet says %q, want %q", uuid, got, want)
		}
	}
	if got := sheet("T1-teams").Find("[data-testid=winner]").Text(); !strings.Contains(got, "Ana, Bruno") {
		t.Errorf("the team play's winners: %q, want the red team, Ana and Bruno", got)
	}
	list := doc(t, f.c.get(base)).Find("[data-testid=match-outcome]")
	if list.Length() != 7 {
		t.Errorf("the group's list says %d results that are not places, want 7 (3 co-op, 2 without result, nobody won, a solo loss)", list.Length())
	}

	// Ana played C1, C2, C3 (co-op: 1 won, 2 lost), N1, M1 (no winner), S2,
	// S3 (solo: lost, no result) and ranked plays; the co-op and no-winner
	// plays count in her plays, not her wins.
	rows := map[string]*goquery.Selection{}
	doc(t, f.c.get(base+"/standings?season=all")).Find("[data-testid=standing-row]").Each(func(_ int, r *goquery.Selection) {
		rows[strings.TrimSpace(r.Find("[data-testid=standing-name] a").Text())] = r
	})
	ana := rows["Ana"]
	if ana == nil {
		t.Fatalf("no standings row for Ana: %v", rows)
	}
	if got := ana.Find("[data-testid=standing-played]").Text(); got != "17" {
		t.Errorf("Ana played %s, want 17 (every play)", got)
	}
	if got := ana.Find("[data-testid=standing-together]").Text(); got != "Together: 1 won, 3 lost · No winner: 3" {
		t.Errorf("Ana's record together: %q", got)
	}
	if got := ana.Find("[data-testid=standing-wins]").Text(); got != "9" {
		t.Errorf("Ana's wins %s, want 9: F1, T1, K1, D1, D2, H1, L1, S1, O1 (co-op wins are not wins)", got)
	}
	player := doc(t, f.c.get(base+"/players/"+strconv.FormatInt(f.ids["Ana"], 10)+"?season=all"))
	if got := player.Find("[data-testid=player-together]").Text(); got != "Together: 1 won, 3 lost · No winner: 3" {
		t.Errorf("Ana's page: %q", got)
	}

	// The BG Stats export writes each result back as the file had it.
	rec := f.c.get(base + "/export.bgstats.json")
	if rec.Code != http.StatusOK {
		t.Fatalf("export: %d", rec.Code)
	}
	var out bgstats.File
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	coop := map[int64]bool{}
	for _, g := range out.Games {
		coop[g.ID] = g.Cooperative
	}
	plays := map[string]bgstats.Play{}
	for _, p := range out.Plays {
		plays[p.UUID] = p
	}
	winners := func(uuid string) string {
		var w []string
		for _, s := range plays[uuid].PlayerScores {
			w = append(w, map[bool]string{true: "W", false: "-"}[s.Winner])
		}
		return strings.Join(w, "")
	}
	for uuid, want := range map[string]string{"C1-coop-lost-noranks": "--", "C2-coop-lost-equalranks": "---", "C3-coop-won": "WW",
		"N1-no-result": "---", "M1-nobody-won": "--", "F1-flagged-winner": "W-", "S2-solo-lost": "-", "S1-solo-won": "W", "T1-teams": "WW--"} {
		if got := winners(uuid); got != want {
			t.Errorf("exported %s: winners %s, want %s", uuid, got, want)
		}
	}
	// The team play's ranks as the file had them: the teams ranked, not
	// the seats (1, 1, 2, 2; not 1, 1, 3, 3).
	var ranks []int
	for _, s := range plays["T1-teams"].PlayerScores {
		ranks = append(ranks, s.Rank)
	}
	if !slices.Equal(ranks, []int{1, 1, 2, 2}) {
		t.Errorf("exported T1-teams: ranks %v, want the file's 1 1 2 2", ranks)
	}
	if link := sheet("T1-teams").Find("[data-testid=bgstats-send]").AttrOr("href", ""); !strings.Contains(link, "%22rank%22%3A2") || strings.Contains(link, "%22rank%22%3A3") {
		t.Errorf("the team play's link ranks the seats, not the teams: %s", link)
	}
	if p := plays["C1-coop-lost-noranks"]; !coop[p.GameRefID] {
		t.Errorf("Pandemic exported as not co-operative")
	}
	if !plays["M1-nobody-won"].ManualWinner {
		t.Errorf("nobody won is not written as picked by hand")
	}
	if link := sheet("C3-coop-won").Find("[data-testid=bgstats-send]").AttrOr("href", ""); !strings.Contains(link, "%22winner%22%3Atrue") || strings.Contains(link, "%22winner%22%3Afalse") {
		t.Errorf("the co-op win's link: %s", link)
	}

	// The group's complete file keeps the results and the co-op game: a
	// copy holds the same group.
	plain := f.c.get(base + "/export.json").Body.Bytes()
	var whole store.Export
	if err := json.Unmarshal(plain, &whole); err != nil {
		t.Fatal(err)
	}
	results, coops := map[string]int{}, 0
	for _, m := range whole.Matches {
		results[m.Result]++
	}
	for _, g := range whole.Games {
		if g.Coop {
			coops++
		}
	}
	if results["lost"] != 3 || results["won"] != 1 || results["none"] != 2 || results["nobody"] != 1 || coops != 1 {
		t.Errorf("the complete file holds results %v and %d co-op games", results, coops)
	}
	imp := postFile(f.c, base+"/import", url.Values{"display": {"Zoé"}}, plain)
	if imp.Code != http.StatusSeeOther {
		t.Fatalf("import of the complete file: %d %.300s", imp.Code, imp.Body)
	}
	sameExport(t, f.c.get(imp.Header().Get("Location")+"/export.json").Body.Bytes(), plain)

	// The same file again adds nothing; the export, imported into another
	// group, gives the same results.
	if body := importFile(t, f.c, base, issue38File(t)); !strings.Contains(body, "No play was imported") && !strings.Contains(body, "0 plays were imported") {
		t.Errorf("the file again: %.600s", body)
	}
	g2 := newStandingsFixture(t, "Ana", "Bruno")
	g2.c.lang = "en"
	if body := importFile(t, g2.c, "/g/"+g2.slug, rec.Body.String()); !strings.Contains(body, "17 plays were imported") {
		t.Fatalf("the export into another group: %.1500s", body)
	}
	ids2 := matchOfPlay(t, g2)
	for uuid, want := range map[string]string{"C1-coop-lost-noranks": "Lost together", "C3-coop-won": "Won together",
		"N1-no-result": "No result recorded", "M1-nobody-won": "Nobody won", "F1-flagged-winner": "Ana wins"} {
		d := doc(t, g2.c.get("/g/"+g2.slug+"/matches/"+strconv.FormatInt(ids2[uuid], 10)))
		if got := strings.Join(strings.Fields(d.Find("[data-testid=winner]").Text()), " "); !strings.HasSuffix(got, want) {
			t.Errorf("%s again: the sheet says %q, want %q", uuid, got, want)
		}
	}
}

// A game's name comes in whole (70 characters here, cut at 40 before issue
// 38) and every page, export and link names the group's own games by their
// name, never their id (custom-5); the one-play link carries the game's
// BoardGameGeek id, which way it is won, whether it has points, the
// sending app and the play's uuid, encoded as encodeURIComponent does.
func TestBGStatsNamesWholeEverywhere(t *testing.T) {
	const long = "Sherlock Holmes Consulting Detective: The Thames Murders & Other Cases"
	f := newStandingsFixture(t, "Ana", "Bruno")
	f.c.lang = "en"
	base := "/g/" + f.slug
	importFile(t, f.c, base, issue38File(t))
	ids := matchOfPlay(t, f)
	sheet := doc(t, f.c.get(base+"/matches/"+strconv.FormatInt(ids["L1-long-name"], 10)))
	if got := sheet.Find("h1").First().Text(); got != long {
		t.Errorf("the sheet names the game %q, want %q", got, long)
	}
	if !strings.Contains(doc(t, f.c.get(base)).Find("[data-testid=matches]").Text(), long) {
		t.Error("the group's list does not name the game whole")
	}
	csvBody := f.c.get(base + "/export.csv").Body.String()
	if !strings.Contains(csvBody, long) || strings.Contains(csvBody, "custom-") {
		t.Errorf("the CSV does not name every game by its name: %.400s", csvBody)
	}
	var out bgstats.File
	if err := json.Unmarshal(f.c.get(base+"/export.bgstats.json").Body.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, g := range out.Games {
		found = found || g.Name == long && g.BGGID == 2511
	}
	if !found {
		t.Errorf("the BG Stats export lacks %q with its BGG id: %+v", long, out.Games)
	}
	link := sheet.Find("[data-testid=bgstats-send]").AttrOr("href", "")
	data := strings.TrimPrefix(link, "bgstats://app.bgstatsapp.com/createPlay.html?data=")
	if strings.Contains(data, "+") || !strings.Contains(data, "Sherlock%20Holmes") {
		t.Errorf("the link is not encoded as encodeURIComponent: %s", link)
	}
	plain, err := url.QueryUnescape(data)
	if err != nil {
		t.Fatal(err)
	}
	var lp bgstats.LinkPlay
	if err := json.Unmarshal([]byte(plain), &lp); err != nil {
		t.Fatal(err)
	}
	if lp.Game.Name != long || lp.Game.BGGID != 2511 || !lp.Game.NoPoints || !lp.Game.HighestWins || lp.SourceName != "tablekeeper" || lp.SourcePlayID != "L1-long-name" {
		t.Errorf("the link's play %+v", lp)
	}
	// Azul, lowest-wins Rallyman: bggId and direction as the file has them.
	race := doc(t, f.c.get(base+"/matches/"+strconv.FormatInt(ids["D2-race-times"], 10))).Find("[data-testid=bgstats-send]").AttrOr("href", "")
	if plain, _ := url.QueryUnescape(strings.SplitN(race, "data=", 2)[1]); !strings.Contains(plain, `"highestWins":false`) || !strings.Contains(plain, `"name":"Rallyman"`) {
		t.Errorf("Rallyman's link: %s", plain)
	}
}

// Every score as the file holds it (issue 38): decimals kept and shown (a
// tie-break 4.5, race times 5.10 and 5.37 no longer a tie at 5), a keypad
// sum with a trailing "+" read as its value, a seat without a score shown
// without one; the CSV, the BG Stats export, the link and a re-import of
// the export keep them.
func TestBGStatsScoresAsHeld(t *testing.T) {
	f := newStandingsFixture(t, "Ana", "Bruno")
	f.c.lang = "en"
	base := "/g/" + f.slug
	importFile(t, f.c, base, issue38File(t))
	ids := matchOfPlay(t, f)
	totals := func(c *client, base string, id int64) string {
		var out []string
		doc(t, c.get(base+"/matches/"+strconv.FormatInt(id, 10))).Find("[data-testid=total]").Each(func(_ int, s *goquery.Selection) {
			out = append(out, s.Text())
		})
		return strings.Join(out, " | ")
	}
	for uuid, want := range map[string]string{"D1-decimal": "4.5 | 4", "D2-race-times": "5.10 | 5.37 | 6", "K1-trailing-plus": "170 | 150",
		"H1-half-scores-winner": "30 |  | 25 | ", "H2-half-scores": "30 |  | 35 | "} {
		if got := totals(f.c, base, ids[uuid]); got != want {
			t.Errorf("%s: totals %q, want %q", uuid, got, want)
		}
	}
	if w := doc(t, f.c.get(base+"/matches/"+strconv.FormatInt(ids["D2-race-times"], 10))).Find("[data-testid=winner]").Text(); !strings.Contains(w, "Ana wins") {
		t.Errorf("5.10 against 5.37, lowest wins: %q, want Ana alone", w)
	}
	f.c.lang = "fr"
	if got := totals(f.c, base, ids["D1-decimal"]); got != "4,5 | 4" {
		t.Errorf("in French: %q", got)
	}
	f.c.lang = "en"
	if csvBody := f.c.get(base + "/export.csv").Body.String(); !strings.Contains(csvBody, ",4.5,4.5,") || !strings.Contains(csvBody, ",5.37,5.37,") {
		t.Errorf("the CSV does not keep the decimals: %.300s", csvBody)
	}
	link := doc(t, f.c.get(base+"/matches/"+strconv.FormatInt(ids["D1-decimal"], 10))).Find("[data-testid=bgstats-send]").AttrOr("href", "")
	if plain, _ := url.QueryUnescape(strings.SplitN(link, "data=", 2)[1]); !strings.Contains(plain, `"score":4.5`) {
		t.Errorf("the link's scores: %s", plain)
	}
	rec := f.c.get(base + "/export.bgstats.json")
	var out bgstats.File
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	scores := map[string]string{}
	for _, p := range out.Plays {
		var s []string
		for _, ps := range p.PlayerScores {
			s = append(s, string(ps.Score))
		}
		scores[p.UUID] = strings.Join(s, " | ")
	}
	for uuid, want := range map[string]string{"D1-decimal": "4.5 | 4", "D2-race-times": "5.10 | 5.37 | 6", "H1-half-scores-winner": "30 |  | 25 | "} {
		if scores[uuid] != want {
			t.Errorf("exported %s: scores %q, want %q", uuid, scores[uuid], want)
		}
	}
	g2 := newStandingsFixture(t, "Ana", "Bruno")
	g2.c.lang = "en"
	importFile(t, g2.c, "/g/"+g2.slug, rec.Body.String())
	if got := totals(g2.c, "/g/"+g2.slug, matchOfPlay(t, g2)["D1-decimal"]); got != "4.5 | 4" {
		t.Errorf("the export imported again: %q", got)
	}
}
