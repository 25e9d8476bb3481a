package handlers

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/tablekeeper/tablekeeper/views"
)

// The running totals chart, its numbers cut from one string, is the chart
// built number by number: random matches (negative points, rounds shorter
// than the table, one seat, many), both languages.
func TestRunningTotalsAreTheSums(t *testing.T) {
	tr, err := views.NewTranslator()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(19, 9))
	for i := range 500 {
		ctx := views.WithEnv(context.Background(), tr.NewEnv([]string{"en", "fr"}[i%2], "/", "", "", ""))
		names := make([]string, 1+rng.IntN(9))
		for s := range names {
			names[s] = string(rune('A' + s))
		}
		live := make([][]int, rng.IntN(15))
		for r := range live {
			live[r] = make([]int, rng.IntN(len(names)+1))
			for s := range live[r] {
				live[r][s] = rng.IntN(400) - 150
			}
		}
		got, want := runningTotals(ctx, names, live), totalsOneByOne(ctx, names, live)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("match %d: runningTotals = %+v, want %+v", i, got, want)
		}
	}
}

// totalsOneByOne is runningTotals as it was written first, a string per number.
func totalsOneByOne(vctx context.Context, names []string, live [][]int) *views.ChartView {
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
	cv.Line = lc
	return cv
}
