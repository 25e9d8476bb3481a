package handlers

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// Every mistake of a round at once, on the page as in the API: a Take 5!
// deal with three impossible piles says the three in one save, each naming
// its player, and the API's take5/score gives the others under error.more;
// two Five Crowns players marked out are said with the other mistakes of
// the same save.
func TestEveryMistakeOfARoundAtOnce(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	m := take5Match(t, c, "Ana", "Ben", "Cleo", "Dan")
	// Three specials left in a hand (at most 2), 30 rows' worth of green
	// cows, and 3 x2 collected by one player: no pile of this deal holds any.
	rec := c.post(m+"/rounds", t5Deal("save", false,
		[5]string{"1", "0", "", "", "3"}, [5]string{"300", "0", "", "", ""}, [5]string{"5", "", "", "", ""}, [5]string{"2", "0", "", "", "3"}))
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("three impossible piles: %d, want 422", rec.Code)
	}
	got := refusals(doc(t, rec))
	want := []string{"Ana: ", "Ben: 300 green", "Dan: ", "Such counts make no pile of at most 12 rows"} // Ben's rule said once, last
	if len(got) != len(want) {
		t.Fatalf("the save bar says %q, want one sentence each for Ana, Ben and Dan, and the rule of Ben's pile", got)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("sentence %d: %q, want it to start %q", i, got[i], want[i])
		}
	}

	body := `{"players":[{"name":"Ana","green":1,"red":0,"specialsInHand":3},{"name":"Ben","green":300,"red":0},{"name":"Cleo","green":5,"red":0},{"name":"Dan","green":2,"red":0,"specialsInHand":3}]}`
	req := httptest.NewRequest(http.MethodPost, "/api/v1/take5/score", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	res := serveReq(app, req)
	if res.Code != http.StatusBadRequest || strings.Count(res.Body.String(), `"field":`) != 3 {
		t.Errorf("the API: %d %s, want the three piles' mistakes", res.Code, res.Body)
	}

	// Five Crowns: Ana and Ben both marked out, Cleo typed 1 point; then
	// Cleo's row left blank, which the form cannot read: the two marks out
	// (nothing says which is wrong: both are named) are said with it, not
	// on the next save.
	slug := c.group("Jeudi")
	ids := c.players(slug, "Ana", "Ben", "Cleo")
	fc := fcMatch(t, c, slug, ids, "1")
	rec = c.post(fc+"/rounds", url.Values{"op": {"save"}, "submitKey": {"f1"}, "mode_0": {"out"}, "mode_1": {"out"}, "mode_2": {"points"}, "points_2": {"1"}})
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("two out: %d, want 422", rec.Code)
	}
	got = refusals(doc(t, rec))
	if len(got) != 3 || !strings.HasPrefix(got[0], "Ana: Only one player goes out") || !strings.HasPrefix(got[1], "Ben: Only one player goes out") || !strings.HasPrefix(got[2], "Cleo: ") {
		t.Errorf("Five Crowns with two out and 1 point: the save bar says %q, want Ana's, Ben's and Cleo's mistakes", got)
	}
	rec = c.post(fc+"/rounds", url.Values{"op": {"save"}, "submitKey": {"f2"}, "mode_0": {"out"}, "mode_1": {"out"}, "mode_2": {"points"}, "points_2": {""}})
	got = refusals(doc(t, rec))
	if rec.Code != http.StatusUnprocessableEntity || len(got) != 3 || !strings.HasPrefix(got[0], "Ana: Only one player goes out") || !strings.HasPrefix(got[1], "Ben: Only one player goes out") || !strings.HasPrefix(got[2], "Cleo: ") {
		t.Errorf("Five Crowns with two out and a blank row: %d, the save bar says %q, want Ana's, Ben's and Cleo's mistakes", rec.Code, got)
	}
}
