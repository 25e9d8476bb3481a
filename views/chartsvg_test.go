package views

import (
	"fmt"
	"html"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// ChartSVG draws what its first version, kept here, drew: byte for byte, on
// random charts (one to sixty x positions, up to twenty series, gaps,
// negative, fractional and huge values, labels HTML escapes, both decimal
// marks).
func TestChartSVGIsItsReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 6))
	labels := []string{"Zoé", `"Big" <Ben> & co`, "", "1", "12", "2026-11-24", "l'Ours"}
	for i := range 3000 {
		c := LineChart{Title: labels[rng.IntN(len(labels))], DecimalComma: rng.IntN(2) == 0}
		n := rng.IntN(61)
		for x := range n {
			c.XLabels = append(c.XLabels, labels[(x+i)%len(labels)])
		}
		scale := []float64{1, 0.01, 7, 1000, 1e7}[rng.IntN(5)]
		for range rng.IntN(21) {
			s := ChartSeries{Label: labels[rng.IntN(len(labels))]}
			for range n + rng.IntN(3) - 1 {
				v := (rng.Float64()*2 - 0.5) * scale
				if rng.IntN(9) == 0 {
					v = math.NaN()
				} else if rng.IntN(4) == 0 {
					v = math.Round(v)
				}
				s.Values = append(s.Values, v)
			}
			c.Series = append(c.Series, s)
		}
		if got, want := ChartSVG(c), chartSVGRef(c); got != want {
			t.Fatalf("chart %d: %d bytes, its reference %d:\n got  %s\n want %s", i, len(got), len(want), got, want)
		}
	}
}

func chartSVGRef(c LineChart) string {
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
	var b strings.Builder
	b.Grow(1024 + 160*n*len(c.Series))
	fmt.Fprintf(&b, `<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %g %g" role="img" aria-label="%s" font-size="11">`,
		chartW, chartH, html.EscapeString(c.Title))
	fmt.Fprintf(&b, `<title>%s</title>`, html.EscapeString(c.Title))
	b.WriteString(`<g class="grid">`)
	for _, t := range ticks {
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f"/>`, padL, chartW-padR, y(t), y(t))
	}
	b.WriteString(`</g><g class="axis" text-anchor="end">`)
	for _, t := range ticks {
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f">%s</text>`, padL-4, y(t)+3.5, html.EscapeString(formatTick(t, c.DecimalComma)))
	}
	b.WriteString(`</g><g class="axis" text-anchor="middle">`)
	for _, i := range xLabelPositions(n) {
		anchor := ""
		switch {
		case n > 1 && i == 0:
			anchor = ` text-anchor="start"`
		case n > 1 && i == n-1:
			anchor = ` text-anchor="end"`
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f"%s>%s</text>`, x(i), chartH-padB+15, anchor, html.EscapeString(c.XLabels[i]))
	}
	b.WriteString(`</g>`)
	// Each point's "x,y" is written once into coords (as %.1f writes each),
	// then copied into the line and its markers: no string per number.
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
			coords = strconv.AppendFloat(coords, x(i), 'f', 1, 64)
			p.comma = len(coords)
			coords = append(coords, ',')
			coords = strconv.AppendFloat(coords, y(v), 'f', 1, 64)
			p.end = len(coords)
			pts = append(pts, p)
		}
		if len(pts) == 0 {
			continue
		}
		fmt.Fprintf(&b, `<g class="line %s"><title>%s</title>`, SeriesClass(si), html.EscapeString(s.Label))
		if len(pts) > 1 {
			b.WriteString(`<polyline fill="none" points="`)
			for i, p := range pts {
				if i > 0 {
					b.WriteByte(' ')
				}
				b.Write(coords[p.start:p.end])
			}
			b.WriteString(`"/>`)
		}
		if len(pts) <= maxMarkers {
			for _, p := range pts {
				b.WriteString(`<circle cx="`)
				b.Write(coords[p.start:p.comma])
				b.WriteString(`" cy="`)
				b.Write(coords[p.comma+1 : p.end])
				b.WriteString(`" r="2.5"/>`)
			}
		}
		b.WriteString(`</g>`)
	}
	b.WriteString(`</svg>`)
	return b.String()
}
