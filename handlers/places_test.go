package handlers

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/tablekeeper/tablekeeper/store/bgstats"
)

// Winner-only and places games show places, not invented points (issue
// 38): checked on the sheet, the CSV, the BG Stats export, the one-play
// link and the export imported into another group.

// sheetCells are the score table's rows, each seat's cell text joined by
// commas ("2,4,1,3").
func sheetCells(d *goquery.Document) []string {
	var out []string
	d.Find("[data-testid=round-row]").Each(func(_ int, r *goquery.Selection) {
		var cells []string
		tds := r.Find("td")
		tds.Each(func(i int, td *goquery.Selection) {
			if i > 0 && i < tds.Length()-1 {
				cells = append(cells, strings.TrimSpace(td.Text()))
			}
		})
		out = append(out, strings.Join(cells, ","))
	})
	return out
}

// drawnAsPlaces fails the test unless the sheet d shows places and no
// points: rows as want, no Total row, no total beside a name on the
// scoreboard or the result, no running chart.
func drawnAsPlaces(t *testing.T, what string, d *goquery.Document, want ...string) {
	t.Helper()
	if got := sheetCells(d); strings.Join(got, " / ") != strings.Join(want, " / ") {
		t.Errorf("%s: the table shows %q, want the places %q", what, got, want)
	}
	for sel, why := range map[string]string{"[data-testid=totals]": "a Total row", "[data-testid=sheet-chart]": "a running chart",
		"[data-testid=scoreboard] .sb-total": "totals on the scoreboard", "[data-testid=result] .r-total": "totals beside the ranking"} {
		if n := d.Find(sel).Length(); n != 0 {
			t.Errorf("%s: %s (%d) made of places", what, why, n)
		}
	}
}

// csvRows reads a CSV export as records keyed by its header.
func csvRows(t *testing.T, body []byte) []map[string]string {
	t.Helper()
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(body, []byte("\ufeff")))).ReadAll()
	if err != nil || len(rows) == 0 {
		t.Fatalf("csv: %v\n%s", err, body)
	}
	var out []map[string]string
	for _, r := range rows[1:] {
		m := map[string]string{}
		for i, h := range rows[0] {
			m[h] = r[i]
		}
		out = append(out, m)
	}
	return out
}

// csvColumn is one column of a match's rows, in order, joined by commas.
func csvColumn(rows []map[string]string, match, col string) string {
	var out []string
	for _, r := range rows {
		if r["match"] == match {
			out = append(out, r[col])
		}
	}
	return strings.Join(out, ",")
}

// exportedRanks are each play's ranks and scores in a BG Stats export, by
// the play's uuid: "2,4,1,3" and ",,,".
func exportedRanks(t *testing.T, body []byte) (ranks, scores map[string]string) {
	t.Helper()
	var f bgstats.File
	if err := json.Unmarshal(body, &f); err != nil {
		t.Fatal(err)
	}
	ranks, scores = map[string]string{}, map[string]string{}
	for _, p := range f.Plays {
		var r, s []string
		for _, ps := range p.PlayerScores {
			r, s = append(r, strconv.Itoa(ps.Rank)), append(s, string(ps.Score))
		}
		ranks[p.UUID], scores[p.UUID] = strings.Join(r, ","), strings.Join(s, ",")
	}
	return ranks, scores
}

// linkRanks are the ranks and scores of a sheet's one-play link.
func linkRanks(t *testing.T, d *goquery.Document) (ranks, scores string) {
	t.Helper()
	href := d.Find("[data-testid=bgstats-send]").AttrOr("href", "")
	plain, err := url.QueryUnescape(strings.TrimPrefix(href, "bgstats://app.bgstatsapp.com/createPlay.html?data="))
	if err != nil {
		t.Fatal(err)
	}
	var lp bgstats.LinkPlay
	if err := json.Unmarshal([]byte(plain), &lp); err != nil {
		t.Fatalf("link %q: %v", href, err)
	}
	var r, s []string
	for _, p := range lp.Players {
		r, s = append(r, strconv.Itoa(p.Rank)), append(s, string(p.Score))
	}
	return strings.Join(r, ","), strings.Join(s, ",")
}

// A group's own game won by places, typed 2, 4, 1, 3: the sheet shows 2,
// 4, 1, 3 (before: the players each beat, 2, 0, 3, 1, with a Total row,
// "Cleo 3" beside "#1" and a running chart), and so do the CSV, the BG
// Stats file, the link and the export imported into another group.
func TestPlacesGameShowsPlacesTyped(t *testing.T) {
	f := newStandingsFixture(t, "Ana", "Bruno", "Cleo", "Dimitri")
	f.c.lang = "en"
	base := "/g/" + f.slug
	addGame(t, f.c, f.slug, url.Values{"name": {"Skull"}, "bgg": {"92415"}, "how": {"places"}, "places": {"ranking"}})
	m := startOther(t, f.c, f.slug, "custom-1", "Ana", "Bruno", "Cleo", "Dimitri")
	if code := otherRound(t, f.c, m, map[string]string{"v_0": "2", "v_1": "4", "v_2": "1", "v_3": "3"}); code != http.StatusSeeOther {
		t.Fatalf("the places: status %d", code)
	}
	d := doc(t, f.c.get(m))
	drawnAsPlaces(t, "the sheet", d, "2,4,1,3")
	// The round's history writes its places too, not the players each beat.
	hist, ok := d.Find(`a[href$="/history"]`).Attr("href")
	if !ok {
		t.Fatal("the round has no history link")
	}
	if got := strings.Join(texts(doc(t, f.c.get(hist)), ".history-points li"), ","); got != "Ana: 2,Bruno: 4,Cleo: 1,Dimitri: 3" {
		t.Errorf("the round's history: %q", got)
	}
	if got := texts(d, "[data-testid=result-player] .r-name"); strings.Join(got, ",") != "Cleo,Ana,Dimitri,Bruno" {
		t.Errorf("the ranking: %v", got)
	}
	if r, s := linkRanks(t, d); r != "2,4,1,3" || s != ",,," {
		t.Errorf("the link: ranks %s, scores %q", r, s)
	}
	id := m[strings.LastIndex(m, "/")+1:]
	rows := csvRows(t, f.c.get(base+"/export.csv").Body.Bytes())
	if got := csvColumn(rows, id, "place"); got != "2,4,1,3" {
		t.Errorf("the CSV's places: %q", got)
	}
	if got := csvColumn(rows, id, "points") + csvColumn(rows, id, "match_total"); got != ",,,"+",,," {
		t.Errorf("the CSV writes points for places: %q", got)
	}
	export := f.c.get(base + "/export.bgstats.json").Body.Bytes()
	ranks, scores := exportedRanks(t, export)
	if len(ranks) != 1 {
		t.Fatalf("exported plays: %v", ranks)
	}
	for uuid, r := range ranks {
		if r != "2,4,1,3" || scores[uuid] != ",,," {
			t.Errorf("the BG Stats file: ranks %s, scores %q", r, scores[uuid])
		}
	}
	g2 := newStandingsFixture(t, "Ana", "Bruno")
	g2.c.lang = "en"
	if body := importFile(t, g2.c, "/g/"+g2.slug, string(export)); !strings.Contains(body, "1 play was imported") {
		t.Fatalf("the export into another group: %.800s", body)
	}
	for _, id := range matchOfPlay(t, g2) {
		drawnAsPlaces(t, "imported again", doc(t, g2.c.get("/g/"+g2.slug+"/matches/"+strconv.FormatInt(id, 10))), "2,4,1,3")
	}
}

// Plays with a winner or ranks only (places38.json, after BGSTATS.md): a
// ranks-only play of a game without points and a winner-only play of a
// game with points show their places, not zeros or the players beaten.
func TestBGStatsWinnerOnlyPlaysShowPlaces(t *testing.T) {
	file, err := os.ReadFile("../store/bgstats/testdata/places38.json")
	if err != nil {
		t.Fatal(err)
	}
	f := newStandingsFixture(t, "Ana", "Bruno")
	f.c.lang = "en"
	base := "/g/" + f.slug
	if body := importFile(t, f.c, base, string(file)); !strings.Contains(body, "2 plays were imported") {
		t.Fatalf("import: %.800s", body)
	}
	ids := matchOfPlay(t, f)
	want := map[string]string{"R1-ranks-only": "2,4,1,3", "W1-winner-only": "2,1,2"}
	for uuid, places := range want {
		d := doc(t, f.c.get(base+"/matches/"+strconv.FormatInt(ids[uuid], 10)))
		drawnAsPlaces(t, uuid, d, places)
		if r, _ := linkRanks(t, d); r != places {
			t.Errorf("%s: the link's ranks %s", uuid, r)
		}
	}
	rows := csvRows(t, f.c.get(base+"/export.csv").Body.Bytes())
	for uuid, places := range want {
		id := strconv.FormatInt(ids[uuid], 10)
		if got := csvColumn(rows, id, "place"); got != places {
			t.Errorf("%s: the CSV's places %q", uuid, got)
		}
		if got := strings.Trim(csvColumn(rows, id, "points"), ","); got != "" {
			t.Errorf("%s: the CSV's points %q, want none", uuid, got)
		}
	}
	export := f.c.get(base + "/export.bgstats.json").Body.Bytes()
	ranks, _ := exportedRanks(t, export)
	if ranks["R1-ranks-only"] != "2,4,1,3" {
		t.Errorf("the BG Stats file's ranks: %v", ranks)
	}
	g2 := newStandingsFixture(t, "Ana", "Bruno")
	g2.c.lang = "en"
	importFile(t, g2.c, "/g/"+g2.slug, string(export))
	ids2 := matchOfPlay(t, g2)
	for uuid, places := range want {
		drawnAsPlaces(t, uuid+" again", doc(t, g2.c.get("/g/"+g2.slug+"/matches/"+strconv.FormatInt(ids2[uuid], 10))), places)
	}
}

// A player who left is marked so on the sheet's ranking and ranked the
// same (after everyone who stayed) on the sheet, in the CSV, in the BG
// Stats file (before: by his total, first here) and in its link; the CSV
// leaves his rounds after he left empty (before: 0) and marks the guest
// and the early end.
func TestLeaverRankedTheSameEverywhere(t *testing.T) {
	f := newStandingsFixture(t, "Ana", "Bruno", "Cleo")
	f.c.lang = "en"
	base := "/g/" + f.slug
	addGame(t, f.c, f.slug, url.Values{"name": {"Quibbo"}, "how": {"high"}, "entry": {"rounds"}, "end": {"hand"}})
	form := url.Values{"game": {"custom-1"}, "guest": {"Gus"}}
	for i, id := range f.c.players(f.slug, "Ana", "Bruno", "Cleo") {
		form.Set("seat_"+strconv.FormatInt(id, 10), strconv.Itoa(i+1))
	}
	rec := f.c.post(base+"/matches", form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start: %d", rec.Code)
	}
	m := rec.Header().Get("Location")
	if code := otherRound(t, f.c, m, map[string]string{"v_0": "10", "v_1": "50", "v_2": "20", "v_3": "5"}); code != http.StatusSeeOther {
		t.Fatalf("round 1: %d", code)
	}
	if rec := f.c.post(m+"/leave", url.Values{"seat": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("Bruno leaves: %d", rec.Code)
	}
	key := doc(t, f.c.get(m)).Find("[data-testid=round-form] [name=submitKey]").AttrOr("value", "") // drawn for the seats now
	if code := f.c.post(m+"/rounds", url.Values{"op": {"save"}, "submitKey": {key}, "v_0": {"10"}, "v_1": {"10"}, "v_2": {"5"}}).Code; code != http.StatusSeeOther {
		t.Fatalf("round 2: %d", code)
	}
	if rec := f.c.post(m+"/end", nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("end now: %d", rec.Code)
	}
	d := doc(t, f.c.get(m))
	var order []string
	d.Find("[data-testid=result-player]").Each(func(_ int, s *goquery.Selection) {
		order = append(order, s.AttrOr("data-player", "")+"#"+s.AttrOr("data-rank", "")+strings.TrimSpace(s.Find("[data-testid=result-left]").Text()))
	})
	if strings.Join(order, " ") != "Cleo#1 Ana#2 Gus#3 Bruno#4left" {
		t.Errorf("the sheet's ranking: %v, want Bruno last, marked as left", order)
	}
	if r, _ := linkRanks(t, d); r != "2,4,1,3" {
		t.Errorf("the link's ranks: %s", r)
	}
	id := m[strings.LastIndex(m, "/")+1:]
	rows := csvRows(t, f.c.get(base+"/export.csv").Body.Bytes())
	for col, want := range map[string]string{
		"points":           "10,50,20,5,10,,10,5", // Bruno did not play round 2
		"place":            "2,4,1,3,2,4,1,3",
		"guest":            ",,,yes,,,,yes",
		"left_after_round": ",1,,,,1,,",
		"ended_early":      "yes,yes,yes,yes,yes,yes,yes,yes",
	} {
		if got := csvColumn(rows, id, col); got != want {
			t.Errorf("the CSV's %s: %q, want %q", col, got, want)
		}
	}
	ranks, _ := exportedRanks(t, f.c.get(base+"/export.bgstats.json").Body.Bytes())
	for _, r := range ranks {
		if r != "2,4,1,3" {
			t.Errorf("the BG Stats file ranks %s, want 2,4,1,3 as the sheet (Bruno, who left, last)", r)
		}
	}
}
