package handlers

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// takeFiveLines is a Take Five match of Ana, Ben (his own phone) and
// Chloé (no phone), Ana starting.
func takeFiveLines(t *testing.T) linesTable {
	t.Helper()
	return newLinesTableOf(t, func(ana *client, slug string, ids []int64) string {
		form := url.Values{"game": {"takefive"}, "firstStarter": {"1"}}
		for i, id := range ids {
			form.Set(fmt.Sprintf("seat_%d", id), fmt.Sprint(i+1))
		}
		rec := ana.post("/g/"+slug+"/matches", form)
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("start match: status %d\n%s", rec.Code, rec.Body)
		}
		return rec.Header().Get("Location")
	})
}

// A Take Five round is one player's win (issue 37): the winner's line
// (Won, and the winning rack if typed) is the whole round, checked whole
// and saved when sent; a line that claims no win is refused in a sentence
// that says so (JSON too), as is a rack that does not win; a round nobody
// won is not a line.
func TestTakeFiveWinnersLineIsTheRound(t *testing.T) {
	lt := takeFiveLines(t)
	page := doc(t, lt.ben.get(lt.match))
	own := page.Find("[data-testid=own-line]")
	if who, _ := own.Attr("data-player"); who != "Ben" || own.Find("[data-testid=winner-radio]").Length() != 1 {
		t.Fatalf("Ben's phone shows as its own line %q, with %d Won", who, own.Find("[data-testid=winner-radio]").Length())
	}
	key := page.Find("#round-form [name=submitKey]").AttrOr("value", "")

	// Ana's line without Won: not a line of Take Five.
	form := withLine(key, 0, url.Values{"rack": {"1 2 3"}})
	code, got := lineJSONPost(t, lt, lt.ana, form)
	if code != http.StatusUnprocessableEntity || got.Status != "refused" || len(got.Mistakes) != 1 ||
		got.Mistakes[0].Player != "Ana" || !strings.Contains(got.Mistakes[0].Message, "a round is its winner's line") {
		t.Fatalf("a line claiming no win: status %d, %+v", code, got)
	}
	// Ben's win with a rack that does not win the score round (a pair).
	lt.ben.htmx = true
	rec := lt.ben.post(lt.match+"/lines", withLine(key, 1, url.Values{"winner": {"1"}, "rack": {"9 9 7 6 5"}}))
	if rec.Code != http.StatusUnprocessableEntity || doc(t, rec).Find("#rack[aria-invalid=true]").Length() != 1 {
		t.Fatalf("a winning rack with a pair: status %d, rack marked %d", rec.Code, doc(t, rec).Find("#rack[aria-invalid=true]").Length())
	}
	if m, _, _ := lt.app.store.MatchSheet(context.Background(), lt.group, lt.id); len(m.Lines) != 0 || lt.rounds(t) != 0 {
		t.Fatalf("a refused win was kept: lines %+v, %d rounds", m.Lines, lt.rounds(t))
	}
	lt.ben.htmx = false
	rec = lt.ben.post(lt.match+"/lines", withLine(key, 1, url.Values{"winner": {"1"}, "rack": {"9 8 7 6 5"}, "points_0": {"3"}}))
	if rec.Code != http.StatusSeeOther || !strings.Contains(rec.Header().Get("Location"), "saved=1") {
		t.Fatalf("Ben's win: status %d, to %q", rec.Code, rec.Header().Get("Location"))
	}
	rs, _ := lt.app.store.Rounds(context.Background(), lt.id)
	if len(rs) != 1 || fmt.Sprint(rs[0].Points) != "[0 1 0]" || !strings.Contains(string(rs[0].Entry), `"rack":[9,8,7,6,5]`) {
		t.Fatalf("the round saved from Ben's line: %+v", rs)
	}
}

// lineJSONPost posts a line from who's phone asking for JSON.
func lineJSONPost(t *testing.T, lt linesTable, who *client, form url.Values) (int, lineAnswer) {
	t.Helper()
	req := httptestRequest(http.MethodPost, lt.match+"/lines", form)
	req.Header.Set("Accept", "application/json")
	for _, ck := range who.cookies {
		req.AddCookie(ck)
	}
	rec := serveReq(lt.app, req)
	var got lineAnswer
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatalf("status %d, not JSON: %v: %s", rec.Code, err, rec.Body)
	}
	return rec.Code, got
}
