package views

import (
	"context"
	"io"
	"strconv"
	"sync"

	"github.com/a-h/templ"
)

// The scoresheet's repeated parts (the scoreboard's players, the result's,
// the table's rounds and totals) are written here by hand: templ passes
// every { expression } through fmt.Sprint and every class list through a
// map, which was a third of building a finished match's page. The markup is
// the one the templates in sheet_ref.templ write, byte for byte
// (TestHandWrittenSheetIsTheTemplates); change both together.

// markup is a page part being written: text appended, escaped as templ
// escapes it (html.EscapeString's five characters).
type markup []byte

func (b markup) s(text string) markup { return append(b, text...) }

func (b markup) esc(text string) markup {
	i := 0
	for i < len(text) && !escaped[text[i]] {
		i++
	}
	if i == len(text) { // most texts: names, numbers, labels
		return append(b, text...)
	}
	start := 0
	for ; i < len(text); i++ {
		var rep string
		switch text[i] {
		case '&':
			rep = "&amp;"
		case '\'':
			rep = "&#39;"
		case '<':
			rep = "&lt;"
		case '>':
			rep = "&gt;"
		case '"':
			rep = "&#34;"
		default:
			continue
		}
		b = append(append(b, text[start:i]...), rep...)
		start = i + 1
	}
	return append(b, text[start:]...)
}

var escaped = [256]bool{'&': true, '\'': true, '<': true, '>': true, '"': true}

// num is a number as the page shows it (itoa: a true minus sign).
func (b markup) num(n int) markup {
	return appendInt(b, n)
}

// attrNum is a number in an attribute for scripts and tests (an ASCII minus).
func (b markup) attrNum(n int) markup { return strconv.AppendInt(b, int64(n), 10) }

// attrNum64 is attrNum of an id.
func (b markup) attrNum64(n int64) markup { return strconv.AppendInt(b, n, 10) }

// seat is a seat's colour class, "s0" to "s7", then " "+extra when on.
func (b markup) seat(i int, extra string, on bool) markup {
	b = b.attrNum(i % 8)
	if on {
		b = append(append(b, ' '), extra...)
	}
	return b
}

// written is a component that appends its part into a scratch buffer
// (used again: a table is several KB) and writes it at once.
func written(part func(ctx context.Context, b markup) markup) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		scratch := scratches.Get().(*[]byte)
		b := part(ctx, (*scratch)[:0])
		_, err := w.Write(b)
		if cap(b) <= 64<<10 {
			*scratch = b[:0]
			scratches.Put(scratch)
		}
		return err
	})
}

var scratches = sync.Pool{New: func() any { b := make([]byte, 0, 8<<10); return &b }}

// scoreboardPlayers is the scoreboard's list items.
func (b markup) scoreboardPlayers(ctx context.Context, s Scoresheet) markup {
	for _, p := range s.Board {
		b = b.s(`<li class="s`).seat(p.Seat, "leader", p.Rank == 1).
			s(`" data-testid="scoreboard-player" data-player="`).esc(p.Name).
			s(`" data-total="`).attrNum(p.Total).s(`" data-rank="`).attrNum(p.Rank).
			s(`"><span class="sb-rank">`).esc(T(ctx, "match.rank", "N", p.Rank)).
			s(`</span> <span class="sb-name" title="`).esc(p.Name).s(`">`).esc(p.Name).
			s(`</span> <span class="sb-total">`).num(p.Total).s(`</span> `)
		if p.Deals {
			deals := T(ctx, "match.dealsnext")
			b = b.s(`<span class="sb-mark" data-testid="scoreboard-dealer" title="`).esc(deals).
				s(`"><span aria-hidden="true">▶</span><span class="visually-hidden">`).esc(deals).s(`</span></span>`)
		}
		b = b.s(`</li>`)
	}
	return b
}

// resultPlayers is the result's list items, first to last.
func (b markup) resultPlayers(s Scoresheet) markup {
	for _, p := range s.Result {
		b = b.s(`<li class="s`).seat(p.Seat, "first", p.Rank == 1).
			s(`" data-testid="result-player" data-player="`).esc(p.Name).
			s(`" data-total="`).attrNum(p.Total).s(`" data-rank="`).attrNum(p.Rank).
			s(`"><span class="r-rank">`).num(p.Rank).
			s(`</span> <span class="dot" aria-hidden="true"></span> <span class="r-name">`).esc(p.Name).
			s(`</span> <span class="r-total">`).num(p.Total).s(`</span></li>`)
	}
	return b
}

// scoresTable is the table of rounds: the players, a row per round (undone
// ones struck), the totals.
func (b markup) scoresTable(ctx context.Context, s Scoresheet) markup {
	b = b.s(`<div class="table-wrap"><table class="scores" data-testid="scores"><thead><tr><th scope="col">`).
		esc(T(ctx, "match.round")).s(`</th>`)
	for i, n := range s.Names {
		b = b.s(`<th scope="col" class="s`).seat(i, "lead", s.Leaders[i]).s(`" title="`).esc(n).
			s(`"><span class="dot" aria-hidden="true"></span>`).esc(n).s(`</th>`)
	}
	b = b.s(`<th scope="col"><span class="visually-hidden">`).esc(T(ctx, "match.actions")).
		s(`</span></th></tr></thead> <tbody>`)
	history, edit, edited := T(ctx, "match.history"), T(ctx, "match.edit"), T(ctx, "match.edited")
	for _, r := range s.Rounds {
		b = b.s(`<tr class="`)
		if r.Undone {
			b = b.s(`undone`)
		}
		b = b.s(`" data-testid="round-row"><td><a href="`).esc(r.HistURL).
			s(`" title="`).esc(history).s(" ").esc(r.Label).
			s(`" data-testid="history-link"><span class="r-num">`).esc(r.Main).s(`</span> `)
		if r.Sub != "" {
			b = b.s(`<small class="r-sub"><span class="visually-hidden">(</span>`).esc(r.Sub).
				s(`<span class="visually-hidden">)</span></small>`)
		}
		b = b.s(`</a> `)
		if r.Edited {
			b = b.s(`<span class="badge">`).esc(edited).s(`</span>`)
		}
		b = b.s(`</td>`)
		for _, p := range r.Points {
			b = b.s(`<td>`).num(p).s(`</td>`)
		}
		b = b.s(`<td>`)
		if r.EditURL != "" {
			b = b.s(`<a href="`).esc(r.EditURL).s(`" aria-label="`).esc(edit).s(" ").esc(r.Label).s(`">✎</a>`)
		}
		b = b.s(`</td></tr>`)
	}
	b = b.s(`</tbody><tfoot><tr data-testid="totals"><td>`).esc(T(ctx, "match.total")).s(`</td>`)
	for i, t := range s.Totals {
		b = b.s(`<td class="`)
		if s.Leaders[i] {
			b = b.s(`lead`)
		}
		b = b.s(`" data-testid="total">`).num(t).s(`</td>`)
	}
	return b.s(`<td></td></tr></tfoot></table></div>`)
}
