package handlers

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/views"
)

// The x labels of a chart never overlap one another nor leave the chart
// (on a 390 px screen), whatever its size (up to 120 columns) and labels: round numbers,
// and the longest dates in French and English, as the browser draws them.
func TestBrowserChartXLabelsNeverCollide(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()
	p.open("/")
	kinds := map[string]func(i int) string{
		"rounds": strconv.Itoa,
		"fr":     func(i int) string { return [...]string{"28 sept.", "28 févr.", "22 janv."}[i%3] },
		"en":     func(i int) string { return [...]string{"28 May", "28 Mar", "30 Aug"}[i%3] },
	}
	var svgs []string
	for kind, label := range kinds {
		for n := 1; n <= maxChartPoints; n++ {
			lc := views.LineChart{Title: kind + " " + strconv.Itoa(n)}
			vals := make([]float64, n)
			for i := range n {
				lc.XLabels = append(lc.XLabels, label(i))
				vals[i] = float64(i)
			}
			lc.Series = []views.ChartSeries{{Label: "a", Values: vals}}
			svgs = append(svgs, views.ChartSVG(lc))
		}
	}
	js, _ := json.Marshal(strings.Join(svgs, ""))
	var found string
	p.eval(`(() => {
		const m = document.querySelector('main');
		m.innerHTML = `+string(js)+`;
		const bad = [];
		for (const svg of m.querySelectorAll('svg.chart')) {
			const box = svg.getBoundingClientRect();
			const boxes = [...svg.querySelectorAll('g.axis[text-anchor=middle] text')].map(e => e.getBoundingClientRect());
			boxes.forEach((r, i) => {
				if (r.left < box.left - 1 || r.right > box.right + 1) bad.push(svg.getAttribute('aria-label') + ': label ' + i + ' leaves the chart');
				if (i > 0 && boxes[i-1].right + 2 > r.left) bad.push(svg.getAttribute('aria-label') + ': labels ' + (i-1) + ' and ' + i + ' touch');
			});
		}
		return bad.join('\n');
	})()`, &found)
	if found != "" {
		t.Errorf("x labels collide or leave the chart:\n%s", found)
	}
}
