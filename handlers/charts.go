package handlers

// The charts of the standings, player and scoresheet pages.

import (
	"context"
	"math"
	"net/http"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/scoring/standings"
	"github.com/tablekeeper/tablekeeper/views"
)

// maxChartPoints is the most columns a rating chart draws.
const maxChartPoints = 120

// ratingChart draws the ratings after each game night of the players of
// played (as the ledger's Nights gives them, over the filter's nights), one
// line per player in their order, and the table of each player's nights,
// first, best and last rating.
func ratingChart(vctx context.Context, lg, id, title string, nights []int64, played []standings.PlayerNights, names map[int64]string) *views.ChartView {
	if len(played) == 0 {
		return nil
	}
	g := gridOfNights(nights, played) // every night a charted player played, and who played it
	loc := played[0].Points[0].Night.Location()
	// Years of game nights are drawn as at most maxChartPoints columns: a
	// column stands for a run of consecutive nights and shows each player's
	// rating after the last of them. A phone's screen has no room for more,
	// and a page of ten years would otherwise weigh 140 KB. The table under
	// the chart still gives every player's first, best and last rating.
	step := (len(g.nights) + maxChartPoints - 1) / maxChartPoints
	lc := views.LineChart{Title: title, DecimalComma: lg == "fr"}
	for i, n := range g.nights {
		if last := i == len(g.nights)-1; last || i%step == step-1 {
			lc.XLabels = append(lc.XLabels, views.ShortDay(lg, time.Unix(n, 0).In(loc)))
		}
	}
	cv := &views.ChartView{ID: id, Title: title, Head: []string{views.T(vctx, "standings.chart.nights"),
		views.T(vctx, "standings.chart.first"), views.T(vctx, "standings.chart.best"), views.T(vctx, "standings.chart.last")}}
	for i, sr := range played {
		vals := make([]float64, len(lc.XLabels))
		for k := range vals {
			vals[k] = math.NaN()
		}
		// A column keeps the rating of its last night the player played: the
		// grid counts the player's nights up to each column's end, so only
		// the points shown are read.
		from, seen := 0, 0 // days counted, and the player's points in them
		for col := range vals {
			to := g.day[min((col+1)*step, len(g.nights))-1] + 1
			n := g.count(i, from, to)
			if from, seen = to, seen+n; n > 0 {
				vals[col] = sr.Points[seen-1].Ordinal
			}
		}
		name := names[sr.Player]
		lc.Series = append(lc.Series, views.ChartSeries{Label: name, Values: vals})
		cv.Legend = append(cv.Legend, views.Link{Label: name, URL: views.SeriesClass(i)})
		cv.Rows = append(cv.Rows, views.ChartRow{Label: name, Cells: []string{views.IntText(len(sr.Points)),
			views.DecText(lg, sr.Points[0].Ordinal, 1), views.DecText(lg, g.best[i], 1), views.DecText(lg, sr.Points[len(sr.Points)-1].Ordinal, 1)}})
	}
	cv.Line = lc
	return cv
}

// runningTotals draws a match's totals after each live round, one line per seat.
// Its numbers are cut from one string (textCuts): a cell per seat and round.
func runningTotals(vctx context.Context, names []string, live [][]int) *views.ChartView {
	if len(live) == 0 || len(names) == 0 {
		return nil
	}
	title := views.T(vctx, "standings.sheet.chart.desc", "Rounds", len(live))
	// Each seat's running sums, computed once: the chart's values (from 0)
	// and the table's cells, cut from one string after the round numbers.
	width := len(live) + 1
	values := make([]float64, len(names)*width)
	cells := (len(names) + 1) * len(live)
	t := newTextCuts(cells*5, cells)
	for r := range live {
		t.b = views.AppendIntText(t.b, r+1)
		t.cut()
	}
	for seat := range names {
		sum := 0
		for r, pts := range live {
			if seat < len(pts) {
				sum += pts[seat]
			}
			values[seat*width+r+1] = float64(sum)
			t.b = views.AppendIntText(t.b, sum)
			t.cut()
		}
	}
	text := t.strings()
	lc := views.LineChart{Title: title, XLabels: append(make([]string, 1, width), text[:len(live)]...), DecimalComma: views.Lang(vctx) == "fr",
		Series: make([]views.ChartSeries, 0, len(names))}
	lc.XLabels[0] = "0"
	cv := &views.ChartView{ID: "totals", Title: title, Head: text[:len(live):len(live)],
		Legend: make([]views.Link, 0, len(names)), Rows: make([]views.ChartRow, 0, len(names))}
	for seat, name := range names {
		from := (seat + 1) * len(live)
		lc.Series = append(lc.Series, views.ChartSeries{Label: name, Values: values[seat*width : (seat+1)*width : (seat+1)*width]})
		cv.Legend = append(cv.Legend, views.Link{Label: name, URL: views.SeriesClass(seat)})
		cv.Rows = append(cv.Rows, views.ChartRow{Label: name, Cells: text[from : from+len(live) : from+len(live)]})
	}
	cv.Line = lc
	return cv
}

// matchChart is a match's running-totals chart, asked for when its folded
// part is opened on the scoresheet of a match still played: the chart alone
// for htmx, a page for a link followed without JavaScript.
func (s *Server) matchChart(c echo.Context) error {
	match, g, rounds, err := s.loadMatch(c)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(match.Seats))
	for _, st := range match.Seats {
		names = append(names, st.Name)
	}
	var chart *views.ChartView
	if live := livePlayed(rounds); !placesOnly(g, playedNoScores(match, live)) { // places have no running totals
		chart = runningTotals(s.viewCtx(c), names, live.Points)
	}
	if isHTMX(c) {
		return s.render(c, http.StatusOK, views.ChartFragment(chart))
	}
	return s.render(c, http.StatusOK, views.ChartPage(g.Name(lang(c))+" · "+views.T(s.viewCtx(c), "standings.sheet.chart"), chart))
}

// sheetExtras is the running-totals chart under a scoresheet, and the
// admin's delete button.
func (s *Server) sheetExtras(c echo.Context, names []string, live [][]int) templ.Component {
	// The delete action is in the scoresheet's menu, behind a confirm step.
	return views.SheetExtras(runningTotals(s.viewCtx(c), names, live), "")
}
