package handlers

// The charts of the standings, player and scoresheet pages.

import (
	"context"
	"math"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/scoring/standings"
	"github.com/tablekeeper/tablekeeper/views"
)

// maxChartPoints is the most columns a rating chart draws.
const maxChartPoints = 120

// ratingChart draws the ratings after each game night of the players keep
// selects, in the order of the ranking is not needed: series come by id.
func ratingChart(vctx context.Context, lg, id, title string, series []standings.Series, names map[int64]string, keep func(int64) bool) *views.ChartView {
	var kept []standings.Series
	for _, sr := range series {
		if keep(sr.Player) && len(sr.Points) > 0 {
			kept = append(kept, sr)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	g := gridOf(kept) // every night any kept player played, and who played it
	loc := kept[0].Points[0].Night.Location()
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
	for i, sr := range kept {
		vals := make([]float64, len(lc.XLabels))
		for k := range vals {
			vals[k] = math.NaN()
		}
		// A column keeps the rating of its last night the player played:
		// the grid tells which nights those are, so only they are read.
		k, word, bit := -1, i/64, uint64(1)<<(i%64)
		for at := range g.nights {
			if g.played[at*g.words+word]&bit != 0 {
				k++
				vals[at/step] = sr.Points[k].Ordinal
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
func runningTotals(vctx context.Context, names []string, live [][]int) *views.ChartView {
	if len(live) == 0 || len(names) == 0 {
		return nil
	}
	title := views.T(vctx, "standings.sheet.chart.desc", "Rounds", len(live))
	lc := views.LineChart{Title: title, XLabels: make([]string, 1, len(live)+1), DecimalComma: views.Lang(vctx) == "fr",
		Series: make([]views.ChartSeries, 0, len(names))}
	lc.XLabels[0] = "0"
	cv := &views.ChartView{ID: "totals", Title: title, Head: make([]string, 0, len(live)),
		Legend: make([]views.Link, 0, len(names)), Rows: make([]views.ChartRow, 0, len(names))}
	for r := range live {
		lc.XLabels = append(lc.XLabels, views.IntText(r+1))
	}
	cv.Head = append(cv.Head, lc.XLabels[1:]...)
	for seat, name := range names {
		vals := make([]float64, 1, len(live)+1)
		row := views.ChartRow{Label: name, Cells: make([]string, 0, len(live))}
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
	cv.Line = lc
	return cv
}

// sheetExtras is the running-totals chart under a scoresheet, and the
// admin's delete button.
func (s *Server) sheetExtras(c echo.Context, names []string, live [][]int) templ.Component {
	// The delete action is in the scoresheet's menu, behind a confirm step.
	return views.SheetExtras(runningTotals(s.viewCtx(c), names, live), "")
}

// nightGrid is the nights of some series (each in order), in order and
// each once, as Unix times (nights are midnights in one location, so
// seconds tell them apart and give them back); which series played each
// night (bit i%64 of played[night*words+i/64] for series i); and each
// series' best rating.
type nightGrid struct {
	nights []int64
	words  int
	played []uint64
	best   []float64
}

// gridOf reads every point of the series once, in one pass over their
// heads: each next night is the least head. Ten years of 20 players are
// 40,000 points, read once instead of copied per player (merging the
// players one by one copied the nights once per player: 2.3 MB a page).
func gridOf(series []standings.Series) nightGrid {
	const done = math.MaxInt64
	type head struct {
		at  int
		key int64 // the Unix time of Points[at].Night; done past the end
	}
	heads := make([]head, len(series))
	keyAt := func(sr standings.Series, at int) int64 {
		if at == len(sr.Points) {
			return done
		}
		return sr.Points[at].Night.Unix()
	}
	g := nightGrid{words: (len(series) + 63) / 64, best: make([]float64, len(series))}
	longest := 0
	for i, sr := range series {
		heads[i].key = keyAt(sr, 0)
		g.best[i] = math.Inf(-1)
		longest = max(longest, len(sr.Points))
	}
	size := longest + longest/2 // the nights are at least the longest series
	g.nights, g.played = make([]int64, 0, size), make([]uint64, 0, size*g.words)
	// Each pass moves the heads that played the night found last, and finds
	// the next among them.
	for last := int64(math.MinInt64); ; {
		next := int64(done)
		for i := range heads {
			h := &heads[i]
			for h.key == last {
				o := series[i].Points[h.at].Ordinal
				if o > g.best[i] || o == g.best[i] && !math.Signbit(o) {
					g.best[i] = o // math.Max, inlined: ratings are never NaN
				}
				g.played[len(g.played)-g.words+i/64] |= 1 << (i % 64)
				h.at++
				h.key = keyAt(series[i], h.at)
			}
			next = min(next, h.key)
		}
		if next == done {
			return g
		}
		g.nights, last = append(g.nights, next), next
		for range g.words {
			g.played = append(g.played, 0)
		}
	}
}
