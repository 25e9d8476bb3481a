package handlers

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// HEAD answers like GET, without a body, on public and private pages.
func TestHeadAnswersLikeGet(t *testing.T) {
	app := newTestApp(t)
	srv := httptest.NewServer(app.e)
	defer srv.Close()
	for _, path := range []string{"/", "/referee", "/referee/fivecrowns"} {
		res, err := http.Head(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || len(body) != 0 {
			t.Errorf("HEAD %s: %d with %d bytes, want 200 and no body", path, res.StatusCode, len(body))
		}
	}
}

// Every page has a description; a group's pages tell search engines to skip them.
func TestMetaDescriptionAndNoindex(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("Jeudi")
	for _, tt := range []struct {
		path    string
		noindex bool
	}{{"/", false}, {"/referee", false}, {"/g/" + slug, true}, {"/g/" + slug + "/players", true}} {
		d := doc(t, c.get(tt.path))
		if desc, _ := d.Find(`meta[name=description]`).Attr("content"); strings.TrimSpace(desc) == "" {
			t.Errorf("%s has no meta description", tt.path)
		}
		robots, _ := d.Find(`meta[name=robots]`).Attr("content")
		if got := strings.Contains(robots, "noindex"); got != tt.noindex {
			t.Errorf("%s: robots %q, want noindex %v", tt.path, robots, tt.noindex)
		}
		if n := d.Find("h1").Length(); n != 1 {
			t.Errorf("%s has %d h1, want 1", tt.path, n)
		}
	}
}

// The scoresheet without JavaScript: the scoreboard's markers, "saved" after
// a save, undo and delete behind a confirm step in the menu, the result of a
// finished match in rank order.
func TestScoreboardResultAndConfirmSteps(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("Jeudi")
	ids := c.players(slug, "Ana", "Ben", "Chloé")
	matchURL := fcMatch(t, c, slug, ids, "10") // rounds 10 and 11: two rounds to the end
	rec := c.post(matchURL+"/rounds", url.Values{"op": {"save"}, "mode_0": {"points"}, "points_0": {"20"}, "mode_1": {"out"}, "mode_2": {"points"}, "points_2": {"20"}})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != matchURL+"?saved=1" {
		t.Fatalf("save: %d to %q", rec.Code, rec.Header().Get("Location"))
	}
	d := doc(t, c.get(rec.Header().Get("Location")))
	// The match started at round 10: its first round saved is round 10 (issue 30).
	if got := d.Find("[data-testid=saved]").Text(); !strings.Contains(got, "Round 10 saved") {
		t.Errorf("after a save: %q, want Round 10 saved", got)
	}
	var board []string
	d.Find("[data-testid=scoreboard] [data-testid=scoreboard-player]").Each(func(_ int, s *goquery.Selection) {
		board = append(board, s.AttrOr("data-player", "")+":"+s.AttrOr("data-total", "")+":"+s.AttrOr("data-rank", ""))
	})
	if got := strings.Join(board, " "); got != "Ana:20:2 Ben:0:1 Chloé:20:2" {
		t.Errorf("scoreboard = %q, want equal totals sharing place 2", got)
	}
	if d.Find("[data-testid=menu] details[data-testid=undo-step] form [data-testid=undo]").Length() != 1 ||
		d.Find("[data-testid=menu] details[data-testid=delete-step] form[data-testid=delete-match]").Length() != 1 {
		t.Error("undo and delete are not behind a confirm step in the menu")
	}
	if d.Find("main [data-testid=undo], main [data-testid=delete-match]").Length() != 0 {
		t.Error("undo or delete is still on the page under the scores")
	}
	c.post(matchURL+"/rounds", url.Values{"op": {"save"}, "mode_0": {"out"}, "mode_1": {"points"}, "points_1": {"30"}, "mode_2": {"points"}, "points_2": {"5"}})
	d = doc(t, c.get(matchURL))
	var result []string
	d.Find("[data-testid=result] [data-testid=result-player]").Each(func(_ int, s *goquery.Selection) {
		result = append(result, s.AttrOr("data-player", "")+":"+s.AttrOr("data-total", "")+":"+s.AttrOr("data-rank", ""))
	})
	if got := strings.Join(result, " "); got != "Ana:20:1 Chloé:25:2 Ben:30:3" {
		t.Errorf("result = %q, want Ana 20, Chloé 25, Ben 30", got)
	}
	// The result comes before the rounds.
	if html, _ := d.Find("main").Html(); strings.Index(html, `data-testid="result"`) > strings.Index(html, `data-testid="scores"`) {
		t.Error("the result is drawn after the rounds")
	}
}

// A new match ticks the last line-up in its seating, and the dealer picked
// by name deals first.
func TestNewMatchRemembersTheLineupAndTheDealerByName(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("Jeudi")
	ids := c.players(slug, "Ana", "Ben", "Chloé", "Dom")
	fcMatch(t, c, slug, []int64{ids[2], ids[0], ids[1]}, "1") // Chloé, Ana, Ben
	d := doc(t, c.get("/g/"+slug+"/matches/new?game=fivecrowns"))
	var ticked []string
	d.Find("input[name=play]:checked").Each(func(_ int, s *goquery.Selection) { ticked = append(ticked, s.AttrOr("data-testid", "")) })
	if got := strings.Join(ticked, " "); got != "play-Chloé play-Ana play-Ben" {
		t.Errorf("ticked = %q, want the last line-up in its seating", got)
	}
	if d.Find("option:contains('Not playing')").Length() != 0 {
		t.Error("the new-match page still asks 'Not playing' per player")
	}
	form := url.Values{"game": {"fivecrowns"}, "startRound": {"1"}, "dealer": {fmt.Sprint(ids[1])}}
	for _, i := range []int{2, 0, 1} {
		form.Add("play", fmt.Sprint(ids[i]))
	}
	rec := c.post("/g/"+slug+"/matches", form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start: %d\n%s", rec.Code, rec.Body)
	}
	d = doc(t, c.get(rec.Header().Get("Location")))
	if got := d.Find("[data-testid=fc-dealer]").Text(); got != "Ben" {
		t.Errorf("dealer = %q, want Ben (picked by name)", got)
	}
	var seats []string
	d.Find("[data-testid=scoreboard-player]").Each(func(_ int, s *goquery.Selection) { seats = append(seats, s.AttrOr("data-player", "")) })
	if got := strings.Join(seats, " "); got != "Chloé Ana Ben" {
		t.Errorf("seating = %q, want Chloé Ana Ben", got)
	}
	// A dealer who does not play is refused with a sentence.
	form.Set("dealer", fmt.Sprint(ids[3]))
	if rec := c.post("/g/"+slug+"/matches", form); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "Dom is chosen to deal first") {
		t.Errorf("a dealer who does not play: %d", rec.Code)
	}
}
