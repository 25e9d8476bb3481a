package handlers

// The charts of the standings, player and scoresheet pages.

import (
	"context"
	"math"
	"slices"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/scoring/standings"
	"github.com/tablekeeper/tablekeeper/views"
)

// ratingChart draws the ratings after each game night of the players keep
// selects, in the order of the ranking is not needed: series come by id.
func ratingChart(vctx context.Context, lg, id, title string, series []standings.Series, names map[int64]string, keep func(int64) bool) *views.ChartView {
	var nights []time.Time
	var kept []standings.Series
	for _, sr := range series {
		if !keep(sr.Player) || len(sr.Points) == 0 {
			continue
		}
		kept = append(kept, sr)
		for _, p := range sr.Points {
			nights = append(nights, p.Night)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	slices.SortFunc(nights, func(a, b time.Time) int { return a.Compare(b) })
	nights = slices.CompactFunc(nights, func(a, b time.Time) bool { return a.Equal(b) })
	at := make(map[time.Time]int, len(nights))
	lc := views.LineChart{Title: title, DecimalComma: lg == "fr"}
	for i, n := range nights {
		at[n] = i
		lc.XLabels = append(lc.XLabels, views.ShortDay(lg, n))
	}
	cv := &views.ChartView{ID: id, Title: title, Head: []string{views.T(vctx, "standings.chart.nights"),
		views.T(vctx, "standings.chart.first"), views.T(vctx, "standings.chart.best"), views.T(vctx, "standings.chart.last")}}
	for i, sr := range kept {
		vals := make([]float64, len(nights))
		for k := range vals {
			vals[k] = math.NaN()
		}
		best := math.Inf(-1)
		for _, p := range sr.Points {
			vals[at[p.Night]] = p.Ordinal
			best = math.Max(best, p.Ordinal)
		}
		name := names[sr.Player]
		lc.Series = append(lc.Series, views.ChartSeries{Label: name, Values: vals})
		cv.Legend = append(cv.Legend, views.Link{Label: name, URL: views.SeriesClass(i)})
		cv.Rows = append(cv.Rows, views.ChartRow{Label: name, Cells: []string{views.IntText(len(sr.Points)),
			views.DecText(lg, sr.Points[0].Ordinal, 1), views.DecText(lg, best, 1), views.DecText(lg, sr.Points[len(sr.Points)-1].Ordinal, 1)}})
	}
	cv.SVG = views.ChartSVG(lc)
	return cv
}

// runningTotals draws a match's totals after each live round, one line per seat.
func runningTotals(vctx context.Context, names []string, live [][]int) *views.ChartView {
	if len(live) == 0 || len(names) == 0 {
		return nil
	}
	title := views.T(vctx, "standings.sheet.chart.desc", "Rounds", len(live))
	lc := views.LineChart{Title: title, XLabels: []string{"0"}, DecimalComma: views.Lang(vctx) == "fr"}
	cv := &views.ChartView{ID: "totals", Title: title}
	for r := range live {
		lc.XLabels = append(lc.XLabels, views.IntText(r+1))
		cv.Head = append(cv.Head, views.IntText(r+1))
	}
	for seat, name := range names {
		vals := []float64{0}
		row := views.ChartRow{Label: name}
		sum := 0
		for _, pts := range live {
			if seat < len(pts) {
				sum += pts[seat]
			}
			vals = append(vals, float64(sum))
			row.Cells = append(row.Cells, views.IntText(sum))
		}
		lc.Series = append(lc.Series, views.ChartSeries{Label: name, Values: vals})
		cv.Legend = append(cv.Legend, views.Link{Label: name, URL: views.SeriesClass(seat)})
		cv.Rows = append(cv.Rows, row)
	}
	cv.SVG = views.ChartSVG(lc)
	return cv
}

// sheetExtras is the running-totals chart under a scoresheet, and the
// admin's delete button.
func (s *Server) sheetExtras(c echo.Context, names []string, live [][]int) templ.Component {
	// The delete action is in the scoresheet's menu, behind a confirm step.
	return views.SheetExtras(runningTotals(s.viewCtx(c), names, live), "")
}
