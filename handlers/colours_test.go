package handlers

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// A player keeps their colour from round to round and from match to match,
// by player and not by seat: Cleo seated third, then first, has one colour
// on both scoresheets and in both round forms; and ten players at one
// table get ten colours.
func TestPlayersKeepTheirColour(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("Mardi")
	names := []string{"Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hana", "Ivo", "Jo"}
	ids := c.players(slug, names...)
	colourOf := func(d *goquery.Document, sel string) string {
		t.Helper()
		for _, cls := range strings.Fields(d.Find(sel).AttrOr("class", "")) {
			if len(cls) == 2 && cls[0] == 's' && cls[1] >= '0' && cls[1] <= '9' {
				return cls
			}
		}
		t.Fatalf("%s has no colour", sel)
		return ""
	}
	start := func(order ...int) string {
		form := url.Values{"game": {"taki"}, "end": {"rounds"}, "rounds": {"5"}}
		for seat, i := range order {
			form.Set(fmt.Sprintf("seat_%d", ids[i]), fmt.Sprint(seat+1))
		}
		rec := c.post("/g/"+slug+"/matches", form)
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("start: %d", rec.Code)
		}
		return rec.Header().Get("Location")
	}
	first := doc(t, c.get(start(0, 1, 2)))
	second := doc(t, c.get(start(2, 3, 1)))
	for _, who := range []string{"Cleo", "Ben"} {
		chip := fmt.Sprintf("[data-testid=scoreboard-player][data-player=%s]", who)
		row := fmt.Sprintf("[data-testid=round-form] [data-testid=seat][data-player=%s]", who)
		a, b := colourOf(first, chip), colourOf(second, chip)
		if a != b {
			t.Errorf("%s's colour: %s in the first match, %s in the second", who, a, b)
		}
		if r := colourOf(second, row); r != b {
			t.Errorf("%s's row in the round form is %s, the scoreboard %s", who, r, b)
		}
	}
	all := doc(t, c.get(start(0, 1, 2, 3, 4, 5, 6, 7, 8, 9)))
	seen := map[string]string{}
	for _, n := range names {
		cls := colourOf(all, fmt.Sprintf("[data-testid=scoreboard-player][data-player=%s]", n))
		if other, ok := seen[cls]; ok {
			t.Errorf("%s and %s share the colour %s", other, n, cls)
		}
		seen[cls] = n
	}
}
