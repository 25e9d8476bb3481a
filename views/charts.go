package views

import (
	"context"
	"math"
	"strconv"
	"strings"
)

// LineChart is what a line chart shows: one line per series over shared x
// positions. A chart is drawn on the server as inline SVG (no script), sized
// by its container, so it fits a 360 px phone; the page gives the same
// numbers as a table for whoever cannot see it.
type LineChart struct {
	Title        string        // what the chart shows, read by screen readers
	XLabels      []string      // one per x position, oldest first
	Series       []ChartSeries // at most a few dozen lines
	DecimalComma bool          // French: ticks read 2,5 rather than 2.5
}

// ChartSeries is one line. Values has one entry per x position; NaN where
// the series has no point (the line joins its neighbours).
type ChartSeries struct {
	Label  string
	Values []float64
}

// Chart geometry, in SVG user units: the viewBox is about as wide as a
// small phone, so 11-unit text stays legible when drawn at 100 % width.
const (
	chartW, chartH         = 340.0, 200.0
	padL, padR, padT, padB = 34.0, 8.0, 8.0, 22.0
	chartPalette           = 8  // classes s0…s7 in app.css, then dashes d0…d2
	maxXLabels             = 4  // more would collide on a phone
	maxMarkers             = 40 // beyond this many points a line has no dots
)

// SeriesClass is the CSS class of the i-th series (colour and dash), the
// same on the chart and on its legend.
func SeriesClass(i int) string {
	if i >= 0 && i < len(seriesClasses) {
		return seriesClasses[i]
	}
	return seriesClass(i)
}

func seriesClass(i int) string {
	return "s" + strconv.Itoa(i%chartPalette) + " d" + strconv.Itoa((i/chartPalette)%3)
}

// seriesClasses are the classes of the first series, made once (every
// scoresheet's chart asks for one per seat).
var seriesClasses = func() (out [3 * chartPalette]string) {
	for i := range out {
		out[i] = seriesClass(i)
	}
	return out
}()

// ChartSVG is the chart's SVG element as markup (for the tests). An empty
// chart (no x position or no value) draws axes only.
func ChartSVG(c LineChart) string {
	var b strings.Builder
	_ = chartSVG(layoutChart(c)).Render(context.Background(), &b) // a strings.Builder does not fail
	return b.String()
}

// chartLayout is a chart placed in its viewBox: every coordinate written
// with one decimal.
type chartLayout struct {
	ViewBox, Title     string
	Left, Right, TickX string // the grid lines' ends, the tick labels' x
	XLabelY            string
	Ticks              []chartTick
	XLabels            []chartXLabel
	Lines              []chartLine
}

type chartTick struct{ Y, TextY, Label string }

type chartXLabel struct{ X, Anchor, Label string }

type chartLine struct {
	Class, Label string
	Points       string // "x,y x,y…", "" for a single point
	Markers      []chartPoint
}

type chartPoint struct{ X, Y string }

// layoutChart places c: the y ticks, at most maxXLabels x labels, one line
// per series with a point (markers when it has few).
func layoutChart(c LineChart) chartLayout {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range c.Series {
		for _, v := range s.Values {
			if !math.IsNaN(v) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if math.IsInf(lo, 0) {
		lo, hi = 0, 1.0
	}
	ticks := niceTicks(lo, hi, 4)
	y0, y1 := ticks[0], ticks[len(ticks)-1]
	n := len(c.XLabels)
	x := func(i int) float64 {
		if n <= 1 {
			return padL + (chartW-padL-padR)/2
		}
		return padL + float64(i)*(chartW-padL-padR)/float64(n-1)
	}
	y := func(v float64) float64 {
		return padT + (y1-v)*(chartH-padT-padB)/(y1-y0)
	}
	l := chartLayout{
		ViewBox: "0 0 " + strconv.FormatFloat(chartW, 'g', -1, 64) + " " + strconv.FormatFloat(chartH, 'g', -1, 64),
		Title:   c.Title, Left: tenths(padL), Right: tenths(chartW - padR), TickX: tenths(padL - 4),
		XLabelY: tenths(chartH - padB + 15),
	}
	for _, t := range ticks {
		l.Ticks = append(l.Ticks, chartTick{Y: tenths(y(t)), TextY: tenths(y(t) + 3.5), Label: formatTick(t, c.DecimalComma)})
	}
	// Each x position written once: the labels and every line's points and
	// markers share it (a scoresheet's chart has a marker per seat and round).
	xs := make([]string, n)
	for i := range xs {
		xs[i] = tenths(x(i))
	}
	for _, i := range xLabelPositions(c.XLabels) {
		xl := chartXLabel{X: xs[i], Label: c.XLabels[i]}
		switch {
		case n > 1 && i == 0:
			xl.Anchor = "start"
		case n > 1 && (i == n-1 || x(i)+labelWidth(c.XLabels[i])/2 > chartW):
			xl.Anchor = "end" // the last position, or a label that would pass the right edge
		}
		l.XLabels = append(l.XLabels, xl)
	}
	var xy []byte // each line's points, "x,y x,y…"
	for si, s := range c.Series {
		count := 0
		for i, v := range s.Values {
			if i < n && !math.IsNaN(v) {
				count++
			}
		}
		if count == 0 {
			continue
		}
		ln := chartLine{Class: SeriesClass(si), Label: s.Label}
		if count <= maxMarkers {
			ln.Markers = make([]chartPoint, 0, count)
		}
		xy = xy[:0]
		for i, v := range s.Values {
			if i >= n || math.IsNaN(v) {
				continue
			}
			if len(xy) > 0 {
				xy = append(xy, ' ')
			}
			xy = append(append(xy, xs[i]...), ',')
			at := len(xy)
			xy = strconv.AppendFloat(xy, y(v), 'f', 1, 64)
			if ln.Markers != nil { // the marker's y is the point's, as written in Points
				ln.Markers = append(ln.Markers, chartPoint{X: xs[i], Y: string(xy[at:])})
			}
		}
		if count > 1 {
			ln.Points = string(xy)
		}
		l.Lines = append(l.Lines, ln)
	}
	return l
}

// tenths writes a coordinate with one decimal.
func tenths(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// xLabelPositions picks the x positions to label (indices into labels), at
// most maxXLabels, evenly spaced so the axis reads at a glance: every
// multiple of one step, counted from position 0 (on a scoresheet's chart
// position i is round i, 0 before the first, so rounds 0, 5, 10). The step is
// the first of 1, 2, 3, 4, 5, 10, 15, 20, 25, 30, 40, 50, 100… that fits
// maxXLabels labels on the axis. The last position is labelled too when it
// is at least half a step past the previous label and their texts (the
// previous one centred, the last one ending at the right edge) cannot touch;
// otherwise it goes unlabelled, and the gaps stay equal.
func xLabelPositions(labels []string) []int {
	last := len(labels) - 1
	if last < 0 {
		return nil
	}
	step := (last + maxXLabels - 2) / (maxXLabels - 1) // past the list: the least that fits
	for _, s := range [...]int{1, 2, 3, 4, 5, 10, 15, 20, 25, 30, 40, 50, 100, 150, 200, 250, 500, 1000} {
		if s*(maxXLabels-1) >= last {
			step = s
			break
		}
	}
	out := make([]int, 0, maxXLabels)
	for i := 0; i <= last; i += step {
		out = append(out, i)
	}
	if prev := out[len(out)-1]; prev < last && 2*(last-prev) >= step &&
		float64(last-prev)*(chartW-padL-padR)/float64(last) >= labelWidth(labels[prev])/2+labelWidth(labels[last])+labelGap {
		out = append(out, last)
	}
	return out
}

// labelWidth is about how wide an x label is drawn in the 11-unit font, a
// little more than a wide font (DejaVu Sans) draws it: 7.5 units a
// character, 3.5 for the narrow ones ("28 May" is drawn 40 units wide and
// counted 41, "12 sept." 45 and 48). labelGap is the least room between two.
func labelWidth(s string) float64 {
	w := 0.0
	for _, r := range s {
		if strings.ContainsRune(" .,:;'fijlrt", r) {
			w += 3.5
		} else {
			w += 7.5
		}
	}
	return w
}

const labelGap = 3.0

// niceTicks returns round tick values covering [lo, hi]: about target of
// them, spaced 1, 2 or 5 times a power of ten, the first ≤ lo, the last ≥ hi.
func niceTicks(lo, hi float64, target int) []float64 {
	if hi-lo < 1e-9 {
		lo, hi = lo-1.0, hi+1.0
	}
	raw := (hi - lo) / float64(target)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	first := math.Floor(lo/step) * step
	var out []float64
	for t := first; t < hi+step-1e-9*step; t += step {
		out = append(out, math.Round(t/step)*step)
	}
	if len(out) < 2 {
		out = append(out, out[len(out)-1]+step)
	}
	return out
}

// formatTick writes a tick value without trailing zeros, with a true minus
// sign, and a decimal comma when asked.
func formatTick(v float64, comma bool) string {
	if v == 0 {
		return "0"
	}
	var buf [32]byte
	s := strings.TrimRight(strings.TrimRight(string(strconv.AppendFloat(buf[:0], v, 'f', 1, 64)), "0"), ".")
	if comma {
		s = strings.Replace(s, ".", ",", 1)
	}
	return strings.Replace(s, "-", "−", 1)
}
