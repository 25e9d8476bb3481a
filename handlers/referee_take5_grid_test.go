package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// The Take 5! number grid without JavaScript: # opens it on a row, a tap
// fills the row and moves on to the next, a number already on the table is
// refused with a sentence, and a tap for the card laid fills it and closes.
func TestTake5RefereeNumberGrid(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	form := url.Values{"row_1": {""}, "row_2": {""}, "play_1": {""}, "grid": {"row_1"}}
	d := doc(t, c.post("/referee/take5", form))
	if d.Find("[data-testid=number-grid][data-field=row_1] button[name=num]").Length() != 98 {
		t.Fatalf("# on row 1 does not open a grid of the 98 numbers")
	}
	form.Del("grid")
	form.Set("grid_at", "row_1")
	form.Set("num", "23")
	d = doc(t, c.post("/referee/take5", form))
	if got := d.Find("#row_1").AttrOr("value", ""); got != "23" {
		t.Errorf("a tap on 23: row 1 = %q", got)
	}
	if d.Find("[data-testid=number-grid][data-field=row_2]").Length() != 1 || d.Find(`button[name=num][value="23"][disabled]`).Length() != 1 {
		t.Errorf("after row 1 the grid should move to row 2 with 23 refused")
	}
	form.Set("row_1", "23")
	form.Set("grid_at", "row_2")
	rec := c.post("/referee/take5", form) // 23 again, from a stale page
	if d = doc(t, rec); rec.Code != http.StatusOK || !strings.Contains(d.Find("[data-testid=number-grid] .error").Text(), "23 is already on the table") {
		t.Errorf("23 twice: status %d, error %q", rec.Code, d.Find("[data-testid=number-grid] .error").Text())
	}
	form.Set("grid_at", "play_1")
	form.Set("num", "50")
	d = doc(t, c.post("/referee/take5", form))
	if got := d.Find("#play_1").AttrOr("value", ""); got != "50" || d.Find("[data-testid=number-grid]").Length() != 0 || d.Find("[data-testid=verdict]").Length() != 0 {
		t.Errorf("a tap on 50 for the card laid: play_1 = %q; the grid should close and nothing be judged yet", got)
	}
}
