package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// A match still played draws its running-totals chart when it is opened,
// not in every save's answer: the answer holds the folded part and its
// link; the link gives the chart (alone for htmx, as a page without
// JavaScript), with the totals so far; a stranger gets nothing.
func TestChartOfAMatchStillPlayedComesWhenOpened(t *testing.T) {
	app := newTestApp(t)
	ana := app.client()
	slug := ana.group("Jeudi soir")
	ids := ana.players(slug, "Ana", "Ben", "Chloé")
	matchURL := fcMatch(t, ana, slug, ids, "3")
	if d := doc(t, ana.get(matchURL)); d.Find("[data-testid=sheet-chart]").Length() != 0 {
		t.Error("a match with no round yet offers a chart")
	}
	ana.htmx = true
	rec := ana.post(matchURL+"/rounds", url.Values{"op": {"save"}, "submitKey": {"1.first"}, "mode_0": {"out"}, "mode_1": {"points"}, "points_1": {"7"}, "mode_2": {"points"}, "points_2": {"9"}})
	if rec.Code != http.StatusOK {
		t.Fatalf("save: status %d", rec.Code)
	}
	answer := doc(t, rec)
	box := answer.Find("[data-testid=sheet-chart]")
	link, _ := box.Find("[data-testid=chart-link]").Attr("href")
	if get, _ := box.Attr("data-hx-get"); link != matchURL+"/chart" || get != link {
		t.Fatalf("the save's answer offers the chart at %q (htmx %q), want %q", link, get, matchURL+"/chart")
	}
	if answer.Find("svg.chart").Length() != 0 {
		t.Error("the save's answer draws the chart: it should come when opened")
	}

	frag := ana.get(link)
	d := doc(t, frag)
	if frag.Code != http.StatusOK || d.Find("[data-testid=chart-totals] svg.chart").Length() != 1 || d.Find("header.appbar").Length() != 0 {
		t.Fatalf("htmx asks for the chart: status %d, chart %d, shell %d", frag.Code, d.Find("svg.chart").Length(), d.Find("header.appbar").Length())
	}
	if cells := d.Find("[data-testid=chart-totals] table").Text(); !strings.Contains(cells, "Ben") || !strings.Contains(cells, "7") || !strings.Contains(cells, "9") {
		t.Errorf("the chart's numbers lack the totals so far: %q", cells)
	}

	ana.htmx = false
	page := ana.get(link)
	if d := doc(t, page); page.Code != http.StatusOK || d.Find("header.appbar").Length() != 1 || d.Find("svg.chart").Length() != 1 {
		t.Errorf("the chart's link without JavaScript: status %d, not a page with the chart", page.Code)
	}
	if rec := app.client().get(link); rec.Code == http.StatusOK {
		t.Errorf("a stranger gets a group's chart: status %d", rec.Code)
	}
}
