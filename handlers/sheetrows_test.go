package handlers

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// Issue 40: a save of an open-ended match answers what changed, not the
// whole sheet. A phone holding the table's rows says so (rowsHeader); the
// answer to its save holds the new round's row only, from the row it says
// (data-from), with the totals, the scoreboard and the next form, and the
// phone's rows and the answer's together are the whole table as drawn now.
// The same for another phone's live fetch. Rows that changed since the
// phone drew them (a correction) are sent whole, as is every answer to a
// phone that says nothing (without JavaScript: the 303, unchanged).
func TestLongMatchSaveAnswersWhatChanged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "long.db")
	app := newTestAppAt(t, testGames(), path, nil)
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	c := app.client()
	slug := c.group("Table")
	addGame(t, c, slug, url.Values{"name": {"Rummy"}, "how": {"high"}, "entry": {"rounds"}, "end": {"hand"}})
	m := startOther(t, c, slug, "custom-1", "Ana", "Ben")
	if code := otherRound(t, c, m, map[string]string{"v_0": "5", "v_1": "7"}); code != http.StatusSeeOther {
		t.Fatalf("round 1: %d", code)
	}
	// 1,997 rounds more, as the form saves them (raw, for the time).
	match := matchOf(t, app, slug, m)
	rounds, _ := app.store.Rounds(context.Background(), match.ID)
	if _, err := raw.Exec(`WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i+1 FROM n WHERE i < 1998)
		INSERT INTO rounds (match_id, number, entry, points, created_at)
		SELECT $1, i, r.entry, r.points, r.created_at FROM n, rounds r WHERE r.id = $2`, match.ID, rounds[0].ID); err != nil {
		t.Fatal(err)
	}
	app.wrote()

	page := c.get(m)
	held, sum := tableOf(t, page.Body.String())
	if held.Length() != 1998 || sum == "" {
		t.Fatalf("the sheet holds %d rows (sum %q), want 1998 and their sum", held.Length(), sum)
	}
	claim := fmt.Sprintf("%d:%s", held.Length(), sum)

	// The save of round 1,999 from the phone holding the 1,998 rows.
	keyN++
	save := url.Values{"op": {"save"}, "submitKey": {fmt.Sprintf("k%d", keyN)}, "v_0": {"3"}, "v_1": {"4"}}
	rec := sendWith(c, http.MethodPost, m+"/rounds", save, map[string]string{"HX-Request": "true", rowsHeader: claim})
	if rec.Code != http.StatusOK {
		t.Fatalf("save: %d", rec.Code)
	}
	cut := rec.Body.String()
	rows, _ := tableOf(t, cut)
	d := docOf(t, cut)
	if from, _ := d.Find("#scores tbody").Attr("data-from"); from != "1998" || rows.Length() != 1 || !strings.Contains(rows.Text(), "1999") {
		t.Errorf("the save's answer holds %d rows from row %q (%q), want the new round 1999 alone, from row 1998", rows.Length(), from, rows.Text())
	}
	if tot := strings.Join(strings.Fields(d.Find("[data-testid=totals]").Text()), " "); !strings.Contains(tot, fmt.Sprint(5*1998+3)) || !strings.Contains(tot, fmt.Sprint(7*1998+4)) {
		t.Errorf("the save's answer's totals: %q, want %d and %d", tot, 5*1998+3, 7*1998+4)
	}
	if d.Find("[data-testid=scoreboard]").Length() != 1 || d.Find("#round-form").Length() != 1 {
		t.Error("the save's answer lacks the scoreboard or the next round's form")
	}
	if cc := rec.Header().Get("Cache-Control"); cc != "no-store" {
		t.Errorf("the cut answer's Cache-Control: %q, want no-store", cc)
	}
	// The phone's rows and the answer's are the whole table drawn now.
	whole := c.get(m).Body.String()
	all, _ := tableOf(t, whole)
	if got, want := rowsHTML(held)+rowsHTML(rows), rowsHTML(all); got != want {
		t.Error("the phone's rows and the answer's differ from the whole table drawn now")
	}
	t.Logf("the answer to a save at round 1999: %d bytes, the whole sheet %d", len(cut), len(whole))
	if len(cut)*20 > len(whole) {
		t.Errorf("the answer to a save is %d bytes, the whole sheet %d: not what changed", len(cut), len(whole))
	}

	// Another phone's live fetch, holding the 1,998 rows: the new one.
	live := sendWith(c, http.MethodGet, m, nil, map[string]string{"X-TK-Live": "1", rowsHeader: claim})
	if rows, _ := tableOf(t, live.Body.String()); live.Code != http.StatusOK || rows.Length() != 1 {
		t.Errorf("a live fetch holding 1,998 rows: %d, %d rows, want the new one", live.Code, rows.Length())
	}
	t.Logf("another phone's live fetch: %d bytes, the whole page %d", live.Body.Len(), len(whole))

	// Round 1 corrected: the rows the phone held are no longer those drawn,
	// and a save from it gets the whole table.
	rounds, _ = app.store.Rounds(context.Background(), match.ID)
	edit := c.get(fmt.Sprintf("%s/rounds/%d/edit", m, rounds[0].ID))
	version, _ := docOf(t, edit.Body.String()).Find("[name=version]").Attr("value")
	keyN++
	if rec := c.post(fmt.Sprintf("%s/rounds/%d", m, rounds[0].ID), url.Values{"op": {"save"}, "version": {version}, "submitKey": {fmt.Sprintf("k%d", keyN)}, "v_0": {"50"}, "v_1": {"7"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("correction: %d", rec.Code)
	}
	now, nowSum := tableOf(t, c.get(m).Body.String())
	stale := sendWith(c, http.MethodGet, m, nil, map[string]string{"X-TK-Live": "1", rowsHeader: fmt.Sprintf("%d:%s", all.Length(), func() string { _, s := tableOf(t, whole); return s }())})
	if rows, _ := tableOf(t, stale.Body.String()); rows.Length() != now.Length() {
		t.Errorf("after a correction, a phone holding the rows before it got %d rows, want the whole %d", rows.Length(), now.Length())
	}
	if fresh := sendWith(c, http.MethodGet, m, nil, map[string]string{rowsHeader: fmt.Sprintf("%d:%s", now.Length(), nowSum)}); !strings.Contains(fresh.Body.String(), `data-from="1999"`) {
		t.Error("a phone holding the corrected rows is sent them again")
	}

	// A save from a phone that says nothing of its rows (an offline
	// phone's kept save) gets the whole table; without JavaScript it is a
	// 303 to the whole sheet, as round 1's was.
	keyN++
	plain := sendWith(c, http.MethodPost, m+"/rounds", url.Values{"op": {"save"}, "submitKey": {fmt.Sprintf("k%d", keyN)}, "v_0": {"1"}, "v_1": {"1"}}, map[string]string{"HX-Request": "true"})
	if rows, _ := tableOf(t, plain.Body.String()); plain.Code != http.StatusOK || rows.Length() != 2000 {
		t.Errorf("a save saying nothing of its rows: %d, %d rows, want 200 and the whole 2000", plain.Code, rows.Length())
	}
}

// sendWith sends a request of c's with extra headers.
func sendWith(c *client, method, path string, form url.Values, hdr map[string]string) *httptest.ResponseRecorder {
	var body *strings.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	} else {
		body = strings.NewReader("")
	}
	req := httptest.NewRequest(method, path, body)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	for _, ck := range c.cookies {
		req.AddCookie(ck)
	}
	rec := httptest.NewRecorder()
	c.app.e.ServeHTTP(rec, req)
	return rec
}

func docOf(t *testing.T, html string) *goquery.Document {
	t.Helper()
	d, err := goquery.NewDocumentFromReader(strings.NewReader(html))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// tableOf is the rows of a sheet's score table and their sum.
func tableOf(t *testing.T, html string) (*goquery.Selection, string) {
	t.Helper()
	d := docOf(t, html)
	sum, _ := d.Find("#scores tbody").Attr("data-sum")
	return d.Find("#scores tbody [data-testid=round-row]"), sum
}

func rowsHTML(rows *goquery.Selection) string {
	var b strings.Builder
	rows.Each(func(_ int, r *goquery.Selection) {
		h, _ := goquery.OuterHtml(r)
		b.WriteString(h)
	})
	return b.String()
}
