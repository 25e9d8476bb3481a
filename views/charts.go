package views

import (
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

// ChartSVG draws c as an SVG element (a string of markup, every label
// escaped). An empty chart (no x position or no value) draws axes only.
// Pages draw it into their own buffer (Chart, appendChartSVG); this string
// is for the tests and the reference templates.
func ChartSVG(c LineChart) string {
	return string(appendChartSVG(nil, c))
}

// appendChartSVG is ChartSVG written at the end of b.
func appendChartSVG(b []byte, c LineChart) []byte {
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
	// Appended, not printed: fmt was most of drawing a scoresheet's chart.
	// Numbers are written as %.1f and %g write them (TestChartSVGIsItsReference).
	b = append(b, `<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 `...)
	b = strconv.AppendFloat(b, chartW, 'g', -1, 64)
	b = append(b, ' ')
	b = strconv.AppendFloat(b, chartH, 'g', -1, 64)
	b = append(b, `" role="img" aria-label="`...)
	b = markup(b).esc(c.Title)
	b = append(b, `" font-size="11"><title>`...)
	b = markup(b).esc(c.Title)
	b = append(b, `</title><g class="grid">`...)
	for _, t := range ticks {
		b = append(b, `<line x1="`...)
		b = appendTenths(b, padL)
		b = append(b, `" x2="`...)
		b = appendTenths(b, chartW-padR)
		b = append(b, `" y1="`...)
		b = appendTenths(b, y(t))
		b = append(b, `" y2="`...)
		b = appendTenths(b, y(t))
		b = append(b, `"/>`...)
	}
	b = append(b, `</g><g class="axis" text-anchor="end">`...)
	for _, t := range ticks {
		b = append(b, `<text x="`...)
		b = appendTenths(b, padL-4)
		b = append(b, `" y="`...)
		b = appendTenths(b, y(t)+3.5)
		b = append(b, `">`...)
		b = markup(b).esc(formatTick(t, c.DecimalComma))
		b = append(b, `</text>`...)
	}
	b = append(b, `</g><g class="axis" text-anchor="middle">`...)
	for _, i := range xLabelPositions(n) {
		b = append(b, `<text x="`...)
		b = appendTenths(b, x(i))
		b = append(b, `" y="`...)
		b = appendTenths(b, chartH-padB+15)
		b = append(b, '"')
		switch {
		case n > 1 && i == 0:
			b = append(b, ` text-anchor="start"`...)
		case n > 1 && i == n-1:
			b = append(b, ` text-anchor="end"`...)
		}
		b = append(b, '>')
		b = markup(b).esc(c.XLabels[i])
		b = append(b, `</text>`...)
	}
	b = append(b, `</g>`...)
	// Each x is written once for all the series; each point's "x,y" once
	// into coords, then copied into the line and its markers.
	xs := make([]byte, 0, 8*n)
	xEnd := make([]int, n)
	for i := range n {
		xs = appendTenths(xs, x(i))
		xEnd[i] = len(xs)
	}
	type point struct{ start, comma, end int }
	var pts []point
	coords := make([]byte, 0, 16*n)
	for si, s := range c.Series {
		pts, coords = pts[:0], coords[:0]
		for i, v := range s.Values {
			if i >= n || math.IsNaN(v) {
				continue
			}
			p := point{start: len(coords)}
			xStart := 0
			if i > 0 {
				xStart = xEnd[i-1]
			}
			coords = append(coords, xs[xStart:xEnd[i]]...)
			p.comma = len(coords)
			coords = append(coords, ',')
			coords = appendTenths(coords, y(v))
			p.end = len(coords)
			pts = append(pts, p)
		}
		if len(pts) == 0 {
			continue
		}
		b = append(b, `<g class="line `...)
		b = append(b, SeriesClass(si)...)
		b = append(b, `"><title>`...)
		b = markup(b).esc(s.Label)
		b = append(b, `</title>`...)
		if len(pts) > 1 {
			b = append(b, `<polyline fill="none" points="`...)
			for i, p := range pts {
				if i > 0 {
					b = append(b, ' ')
				}
				b = append(b, coords[p.start:p.end]...)
			}
			b = append(b, `"/>`...)
		}
		if len(pts) <= maxMarkers {
			for _, p := range pts {
				b = append(b, `<circle cx="`...)
				b = append(b, coords[p.start:p.comma]...)
				b = append(b, `" cy="`...)
				b = append(b, coords[p.comma+1:p.end]...)
				b = append(b, `" r="2.5"/>`...)
			}
		}
		b = append(b, `</g>`...)
	}
	return append(b, `</svg>`...)
}

// appendTenths appends v with one decimal, as strconv.AppendFloat(dst, v,
// 'f', 1, 64) does, through integers: a chart's coordinates are small, and
// a long chart has thousands of them. Where 10v lies so near a rounding tie
// that its own rounding could have crossed it, or is too large for an
// int64 of tenths to be exact, strconv decides.
func appendTenths(dst []byte, v float64) []byte {
	t := v * 10
	r := math.Round(t)
	if !(math.Abs(t) < 1e9) || math.Abs(t-r) > 0.5-1e-6 {
		return strconv.AppendFloat(dst, v, 'f', 1, 64)
	}
	n := int64(r)
	if math.Signbit(v) { // -0.04 is "-0.0", as strconv writes it
		dst, n = append(dst, '-'), -n
	}
	dst = strconv.AppendInt(dst, n/10, 10)
	return append(dst, '.', byte('0'+n%10))
}

// xLabelPositions picks at most maxXLabels evenly spread x positions, the
// first and the last always among them, so labels never collide.
func xLabelPositions(n int) []int {
	if n <= maxXLabels {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	out := make([]int, 0, maxXLabels)
	for k := 0; k < maxXLabels; k++ {
		out = append(out, int(math.Round(float64(k)*float64(n-1)/float64(maxXLabels-1))))
	}
	return out
}

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
