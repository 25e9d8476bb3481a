package handlers

import (
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// A finished match says who won ("Ben wins") and offers the same match
// again: the new-match page of its game with its own players ticked, even
// when a newer match of that game seated others (issue 30).
func TestFinishedMatchOffersTheSameAgain(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("Jeudi")
	ids := c.players(slug, "Ana", "Ben", "Chloé", "Dan")
	first := fcMatch(t, c, slug, ids[:3], "11") // round 11 alone: one round to the end
	c.post(first+"/rounds", url.Values{"op": {"save"}, "mode_0": {"points"}, "points_0": {"20"}, "mode_1": {"out"}, "mode_2": {"points"}, "points_2": {"30"}})
	fcMatch(t, c, slug, []int64{ids[3], ids[0]}, "1") // a newer match, of Dan and Ana

	d := doc(t, c.get(first))
	if w := strings.Join(strings.Fields(d.Find("[data-testid=winner]").Text()), " "); !strings.Contains(w, "Ben wins") {
		t.Errorf("the winner reads %q, want Ben wins", w)
	}
	again, ok := d.Find("[data-testid=match-result] a[data-testid=rematch]").Attr("href")
	if !ok {
		t.Fatal("the finished match offers no rematch")
	}
	page := doc(t, c.get(again))
	var ticked []string
	page.Find("input[name=play][checked]").Each(func(_ int, s *goquery.Selection) {
		ticked = append(ticked, strings.TrimPrefix(s.AttrOr("data-testid", ""), "play-"))
	})
	if strings.Join(ticked, ",") != "Ana,Ben,Chloé" {
		t.Errorf("the rematch ticks %q, want Ana,Ben,Chloé", ticked)
	}
}
