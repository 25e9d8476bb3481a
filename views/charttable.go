package views

import (
	"context"

	"github.com/a-h/templ"
)

// Chart draws a chart, its legend, and its numbers as a table for whoever
// cannot see it. Written by hand like the scoresheet's rows (a long
// season's table has thousands of cells, a scoresheet's dozens); the
// template it equals byte for byte is chartRef in sheet_ref.templ
// (TestHandWrittenChartIsTheTemplate).
func Chart(c ChartView) templ.Component {
	return written(func(ctx context.Context, b markup) markup { return b.chart(ctx, c) })
}

// chart is Chart's markup.
func (b markup) chart(ctx context.Context, c ChartView) markup {
	b = b.s(`<figure class="chart" data-testid="chart-`).esc(c.ID).s(`">`)
	b = markup(appendChartSVG(b, c.Line)).s(`<figcaption><ul class="legend">`)
	for _, l := range c.Legend {
		b = b.s(`<li><svg class="key `).esc(l.URL).
			s(`" viewBox="0 0 20 10" aria-hidden="true"><line x1="0" y1="5" x2="20" y2="5"></line></svg>`).
			esc(l.Label).s(`</li>`)
	}
	b = b.s(`</ul><details><summary>`).esc(T(ctx, "standings.chart.astable")).
		s(`</summary><div class="table-wrap"><table class="scores" data-testid="chart-table-`).esc(c.ID).
		s(`"><thead><tr><th scope="col">`).esc(T(ctx, "standings.col.player")).s(`</th>`)
	for _, h := range c.Head {
		b = b.s(`<th scope="col">`).esc(h).s(`</th>`)
	}
	b = b.s(`</tr></thead> <tbody>`)
	for _, r := range c.Rows {
		b = b.s(`<tr><th scope="row">`).esc(r.Label).s(`</th>`)
		for _, v := range r.Cells {
			b = b.s(`<td>`).esc(v).s(`</td>`)
		}
		b = b.s(`</tr>`)
	}
	return b.s(`</tbody></table></div></details></figcaption></figure>`)
}
