package views

import (
	"encoding/xml"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestNiceTicks(t *testing.T) {
	tests := []struct {
		lo, hi float64
		want   []float64
	}{
		{0, 10, []float64{0, 5, 10}},
		{-3.2, 17.9, []float64{-10, 0, 10, 20}},
		{0, 1, []float64{0, 0.5, 1}},
		{4, 4, []float64{3, 3.5, 4, 4.5, 5}},
		{-250, -20, []float64{-300, -200, -100, 0}},
	}
	for _, tt := range tests {
		got := niceTicks(tt.lo, tt.hi, 4)
		if len(got) != len(tt.want) {
			t.Errorf("niceTicks(%g, %g) = %v, want %v", tt.lo, tt.hi, got, tt.want)
			continue
		}
		for i := range got {
			if math.Abs(got[i]-tt.want[i]) > 1e-9 {
				t.Errorf("niceTicks(%g, %g) = %v, want %v", tt.lo, tt.hi, got, tt.want)
				break
			}
		}
		if got[0] > tt.lo || got[len(got)-1] < tt.hi {
			t.Errorf("niceTicks(%g, %g) = %v does not cover the range", tt.lo, tt.hi, got)
		}
	}
}

// roundLabels are a scoresheet chart's x labels: 0 before the first round,
// then each round's number.
func roundLabels(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = strconv.Itoa(i)
	}
	return out
}

// dateLabels are a rating chart's x labels, each as long as a French date
// gets ("28 sept.").
func dateLabels(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "28 sept."
	}
	return out
}

// The x labels of every chart size (a match of up to 60 rounds, a rating
// chart of up to 120 columns) are at most maxXLabels, evenly spaced: each
// multiple of one step from 0, then perhaps the last position, never
// nearer than half a step to the one before.
func TestXLabelPositionsAreEven(t *testing.T) {
	var sizes []int
	for n := 1; n <= 120; n++ {
		sizes = append(sizes, n)
	}
	sizes = append(sizes, 301, 1002, 3001, 99999) // past the steps listed too
	for _, kind := range []struct {
		name   string
		labels func(int) []string
	}{{"rounds", roundLabels}, {"dates", dateLabels}} {
		for _, n := range sizes {
			got := xLabelPositions(kind.labels(n))
			if len(got) == 0 || len(got) > maxXLabels || got[0] != 0 || got[len(got)-1] > n-1 {
				t.Errorf("%s: xLabelPositions(%d) = %v", kind.name, n, got)
				continue
			}
			if n > 1 && len(got) < 2 {
				t.Errorf("%s: xLabelPositions(%d) = %v: one label on an axis of %d positions", kind.name, n, got, n)
				continue
			}
			if len(got) < 2 {
				continue
			}
			step := got[1] - got[0]
			multiples := got
			if end := got[len(got)-1]; end%step != 0 {
				if gap := end - got[len(got)-2]; 2*gap < step || gap >= step || end != n-1 {
					t.Errorf("%s: xLabelPositions(%d) = %v: the last label is %d past the one before, step %d", kind.name, n, got, gap, step)
				}
				multiples = got[:len(got)-1]
			}
			for k, p := range multiples {
				if p != k*step {
					t.Errorf("%s: xLabelPositions(%d) = %v: uneven gaps (step %d)", kind.name, n, got, step)
					break
				}
			}
			if next := len(multiples) * step; next <= n-1 {
				t.Errorf("%s: xLabelPositions(%d) = %v: position %d, a multiple of the step, is not labelled", kind.name, n, got, next)
			}
		}
	}
}

// A scoresheet's chart of R rounds has R+1 positions (0 to R); its labels
// are round numbers a reader counts in: 0, 5, 10 rather than 0, 4, 7.
func TestXLabelPositionsOfRounds(t *testing.T) {
	tests := []struct {
		rounds int
		want   []int
	}{
		{0, []int{0}},
		{1, []int{0, 1}},
		{3, []int{0, 1, 2, 3}},
		{4, []int{0, 2, 4}},
		{5, []int{0, 2, 4, 5}},
		{7, []int{0, 3, 6}}, // 7 half a step (1.5) from 6? No: 1 round
		{10, []int{0, 4, 8, 10}},
		{11, []int{0, 4, 8, 11}}, // Five Crowns
		{12, []int{0, 4, 8, 12}},
		{15, []int{0, 5, 10, 15}},
		{21, []int{0, 10, 20}},     // round 21 too near round 20
		{30, []int{0, 10, 20, 30}}, // 30 deals
		{60, []int{0, 20, 40, 60}},
	}
	for _, tt := range tests {
		if got := xLabelPositions(roundLabels(tt.rounds + 1)); !slices.Equal(got, tt.want) {
			t.Errorf("%d rounds: labels at %v, want %v", tt.rounds, got, tt.want)
		}
	}
}

// Long labels (a rating chart's dates) leave the last position unlabelled
// where round numbers have room: its date would touch the previous one.
func TestXLabelPositionsLeaveRoomForLongLabels(t *testing.T) {
	for _, tt := range []struct {
		n           int
		rounds, day []int
	}{
		{6, []int{0, 2, 4, 5}, []int{0, 2, 4}},
		{26, []int{0, 10, 20, 25}, []int{0, 10, 20}},
		{101, []int{0, 40, 80, 100}, []int{0, 40, 80}},
		{120, []int{0, 40, 80, 119}, []int{0, 40, 80, 119}},
	} {
		if got := xLabelPositions(roundLabels(tt.n)); !slices.Equal(got, tt.rounds) {
			t.Errorf("%d round numbers: labels at %v, want %v", tt.n, got, tt.rounds)
		}
		if got := xLabelPositions(dateLabels(tt.n)); !slices.Equal(got, tt.day) {
			t.Errorf("%d dates: labels at %v, want %v", tt.n, got, tt.day)
		}
	}
}

// The SVG is well-formed XML, escapes labels, draws one line per series
// with two points or more, and never prints NaN.
func TestChartSVG(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name      string
		c         LineChart
		wantLines int
	}{
		{"empty", LineChart{Title: "nothing"}, 0},
		{"one point", LineChart{Title: "t", XLabels: []string{"R1"}, Series: []ChartSeries{{Label: "Ana", Values: []float64{3}}}}, 0},
		{"gaps and escapes", LineChart{Title: `Ana <&> "Ben"`, XLabels: []string{"1", "2", "3"}, Series: []ChartSeries{
			{Label: "<script>", Values: []float64{1, nan, 3}},
			{Label: "Ben", Values: []float64{nan, -2, nan}},
			{Label: "Chloé", Values: []float64{0, 5, 10}},
		}}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svg := ChartSVG(tt.c)
			if err := xml.Unmarshal([]byte(svg), new(struct{})); err != nil {
				t.Fatalf("not well-formed: %v\n%s", err, svg)
			}
			if strings.Contains(svg, "NaN") || strings.Contains(svg, "Inf") || strings.Contains(svg, "<script") {
				t.Errorf("svg has NaN, Inf or an unescaped label: %s", svg)
			}
			if got := strings.Count(svg, "<polyline"); got != tt.wantLines {
				t.Errorf("%d lines, want %d", got, tt.wantLines)
			}
			if !strings.Contains(svg, `viewBox="0 0 340 200"`) || !strings.Contains(svg, `role="img"`) {
				t.Errorf("svg lacks its viewBox or role: %.200s", svg)
			}
		})
	}
}

func TestSeriesClass(t *testing.T) {
	if SeriesClass(0) == SeriesClass(8) || SeriesClass(1) != "s1 d0" {
		t.Errorf("SeriesClass(0)=%q SeriesClass(8)=%q SeriesClass(1)=%q", SeriesClass(0), SeriesClass(8), SeriesClass(1))
	}
}

// Tick labels read as the page's language writes numbers: 2.5 in English,
// 2,5 in French, with a true minus sign in both.
func TestChartTicksFollowTheLanguage(t *testing.T) {
	c := LineChart{Title: "t", XLabels: []string{"1", "2"}, Series: []ChartSeries{{Label: "Ana", Values: []float64{-1, 1}}}}
	en := ChartSVG(c)
	c.DecimalComma = true
	fr := ChartSVG(c)
	if !strings.Contains(en, ">0.5</text>") || !strings.Contains(en, ">−0.5</text>") {
		t.Errorf("English ticks should read 0.5 and −0.5: %s", en)
	}
	if !strings.Contains(fr, ">0,5</text>") || !strings.Contains(fr, ">−0,5</text>") || strings.Contains(fr, ">0.5<") {
		t.Errorf("French ticks should read 0,5 and −0,5: %s", fr)
	}
}

// TestChartMarkersSitOnTheirLine: each line's dots are its points, as the
// polyline has them, x positions shared by every line, a gap (NaN) skipped.
func TestChartMarkersSitOnTheirLine(t *testing.T) {
	nan := math.NaN()
	c := LineChart{Title: "t", XLabels: []string{"0", "1", "2", "3"}, Series: []ChartSeries{
		{Label: "a", Values: []float64{0, 12.5, 30, 41}},
		{Label: "b", Values: []float64{0, nan, -7, 3}},
		{Label: "c", Values: []float64{nan, nan, 5, nan}},
	}}
	l := layoutChart(c)
	if len(l.Lines) != 3 {
		t.Fatalf("%d lines, want 3", len(l.Lines))
	}
	for _, ln := range l.Lines {
		var pairs []string
		for _, m := range ln.Markers {
			pairs = append(pairs, m.X+","+m.Y)
		}
		if got := strings.Join(pairs, " "); len(pairs) > 1 && got != ln.Points {
			t.Errorf("%s: markers %q, points %q", ln.Label, got, ln.Points)
		}
	}
	if got := len(l.Lines[1].Markers); got != 3 {
		t.Errorf("b: %d markers, want 3 (the gap skipped)", got)
	}
	if l.Lines[0].Markers[2].X != l.Lines[1].Markers[1].X || l.Lines[0].Markers[2].X != l.XLabels[2].X {
		t.Errorf("x position 2 differs between lines or labels: %q %q %q", l.Lines[0].Markers[2].X, l.Lines[1].Markers[1].X, l.XLabels[2].X)
	}
	if l.Lines[2].Points != "" || len(l.Lines[2].Markers) != 1 {
		t.Errorf("c, a single point: points %q, %d markers", l.Lines[2].Points, len(l.Lines[2].Markers))
	}
}
