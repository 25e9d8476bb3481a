package handlers

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/scoring/standings"
)

func TestUnionNightsKeepsOrderAndEachNightOnce(t *testing.T) {
	d := func(day int) time.Time { return time.Date(2026, 1, day, 21, 0, 0, 0, time.UTC) }
	pts := func(days ...int) []standings.Point {
		var out []standings.Point
		for _, x := range days {
			out = append(out, standings.Point{Night: d(x)})
		}
		return out
	}
	got := unionNights([]standings.Series{{Points: pts(2, 5, 9)}, {Points: pts(1, 5, 7, 12)}, {Points: pts(9, 12, 13)}, {}})
	var days []int
	for _, n := range got {
		days = append(days, time.Unix(n, 0).UTC().Day())
	}
	if want := []int{1, 2, 5, 7, 9, 12, 13}; !slices.Equal(days, want) {
		t.Errorf("merged nights %v, want %v", days, want)
	}
}

// Ten years of nights are drawn as at most maxChartPoints columns, each
// showing the rating after the last night it stands for; the table keeps
// every player's first, best and last rating.
func TestLongRatingChartsAreThinned(t *testing.T) {
	start := time.Date(2016, 1, 1, 21, 0, 0, 0, time.UTC)
	var a, b standings.Series
	a.Player, b.Player = 1, 2
	for i := 0; i < 1000; i++ {
		n := start.AddDate(0, 0, 3*i)
		a.Points = append(a.Points, standings.Point{Night: n, Ordinal: float64(i)})
		if i%2 == 0 {
			b.Points = append(b.Points, standings.Point{Night: n, Ordinal: float64(-i)})
		}
	}
	cv := ratingChart(context.Background(), "en", "c", "t", []standings.Series{a, b}, map[int64]string{1: "Ana", 2: "Ben"}, func(int64) bool { return true })
	if cv == nil {
		t.Fatal("no chart")
	}
	if cv.Rows[0].Cells[0] != "1000" || cv.Rows[0].Cells[3] != "999.0" {
		t.Errorf("Ana's row %v: want 1000 nights, last 999.0", cv.Rows[0].Cells)
	}
	// Each player's line has one point a column: at most maxChartPoints.
	svg := string(cv.SVG)
	for i, part := range strings.Split(svg, `points="`)[1:] {
		if n := len(strings.Fields(part[:strings.Index(part, `"`)])); n > maxChartPoints || n < maxChartPoints/2 {
			t.Errorf("line %d has %d points, want at most %d (and not far fewer)", i, n, maxChartPoints)
		}
	}
}
