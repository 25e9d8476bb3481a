package views

import (
	"encoding/xml"
	"math"
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

func TestXLabelPositions(t *testing.T) {
	for n := 0; n < 40; n++ {
		got := xLabelPositions(n)
		if len(got) > maxXLabels || (n > 0 && (got[0] != 0 || got[len(got)-1] != n-1)) {
			t.Errorf("xLabelPositions(%d) = %v", n, got)
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
