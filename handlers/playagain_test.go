package handlers

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// Play again, same players: the finished match's guest sits again and its
// settings stay (a 2-round TAKI match is played again over 2 rounds), on
// the page and in the match the page starts as it stands.
func TestPlayAgainKeepsGuestsAndSettings(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("Jeudi")
	m := takiMatch(t, c, slug, []string{"Ana", "Ben"}, url.Values{"end": {"rounds"}, "rounds": {"2"}, "guest": {"Zoé"}})
	for i, key := range []string{"r1", "r2"} {
		rec := c.post(m+"/rounds", url.Values{"op": {"save"}, "submitKey": {key}, "winner": {"0"},
			"mode_1": {"points"}, "points_1": {"5"}, "mode_2": {"points"}, "points_2": {"7"}})
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("round %d: %d\n%s", i+1, rec.Code, rec.Body)
		}
	}
	again, ok := doc(t, c.get(m)).Find("[data-testid=rematch]").Attr("href")
	if !ok {
		t.Fatal("the finished match offers no rematch")
	}
	page := doc(t, c.get(again))
	var guests []string
	page.Find("[data-testid=guest-name]").Each(func(_ int, s *goquery.Selection) {
		if v := s.AttrOr("value", ""); v != "" {
			guests = append(guests, v)
		}
	})
	if strings.Join(guests, ",") != "Zoé" {
		t.Errorf("the rematch's guests: %q, want Zoé", guests)
	}
	if got := page.Find("[data-testid=rounds]").AttrOr("value", ""); got != "2" {
		t.Errorf("the rematch's rounds: %q, want 2", got)
	}
	if _, on := page.Find("[data-testid=end-rounds]").Attr("checked"); !on {
		t.Error("the rematch does not end after a number of rounds")
	}

	// Start as the page stands: the same three, over 2 rounds.
	form := url.Values{}
	page.Find("form[data-testid=new-match] input").Each(func(_ int, s *goquery.Selection) {
		name, v := s.AttrOr("name", ""), s.AttrOr("value", "")
		switch s.AttrOr("type", "text") {
		case "checkbox", "radio":
			if _, on := s.Attr("checked"); on && name != "" {
				form.Add(name, v)
			}
		default:
			if name != "" {
				form.Add(name, v)
			}
		}
	})
	rec := c.post("/g/"+slug+"/matches", form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start again: %d\n%s", rec.Code, rec.Body)
	}
	d := doc(t, c.get(rec.Header().Get("Location")))
	var names []string
	d.Find(`[data-testid="scores"] thead th[title]`).Each(func(_ int, s *goquery.Selection) { names = append(names, s.AttrOr("title", "")) })
	if strings.Join(names, ",") != "Ana,Ben,Zoé" {
		t.Errorf("the match played again seats %q, want Ana,Ben,Zoé", names)
	}
	loc := rec.Header().Get("Location")
	id, _ := strconv.ParseInt(loc[strings.LastIndex(loc, "/")+1:], 10, 64)
	mt, err := app.store.Match(t.Context(), mustGroupID(t, app, slug), id)
	if err != nil {
		t.Fatal(err)
	}
	if mt.Options["end"] != "rounds" || mt.Options["rounds"] != "2" {
		t.Errorf("the match played again has options %v, want 2 rounds", mt.Options)
	}
}
