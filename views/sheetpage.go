package views

import (
	"context"
	"io"

	"github.com/a-h/templ"
)

// The scoresheet page, written by hand around its rows (sheetrows.go): the
// shell, the menu, the scoreboard, the body, the chart box, the rulings.
// Each is the markup of its template in sheet_ref.templ, byte for byte
// (TestHandWrittenSheetIsTheTemplates); change both together. What a game
// draws itself (the round form, the round's info) and the offer above the
// page stay templ components, rendered in their place.

// ScoresheetPage has no tab bar: a match is played with the thumb on the
// round form and its save bar; the back arrow leads to the group.
func ScoresheetPage(s Scoresheet) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		p := newPage(w)
		p.shell(ctx, Chrome{Title: s.Game, Back: s.GroupURL},
			func() { p.b = p.b.sheetMenu(ctx, s) },
			func() { p.sheet(ctx, s) })
		return p.done()
	})
}

// Sheet is what htmx swaps after a save or a tap on the round form: the
// answer to those is this part alone, not the whole page around it.
func Sheet(s Scoresheet) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		p := newPage(w)
		p.sheet(ctx, s)
		return p.done()
	})
}

// Scoreboard stays at the top of the screen while the sheet scrolls: each
// player's colour, name, total and place, and who deals next. The live
// update swaps it with #scores.
func Scoreboard(s Scoresheet) templ.Component {
	return written(func(ctx context.Context, b markup) markup { return b.scoreboard(ctx, s) })
}

// ScoresheetBody is swapped by htmx after a round is saved, and by the live
// update when another phone saves one.
func ScoresheetBody(s Scoresheet) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		p := newPage(w)
		p.body(ctx, s)
		return p.done()
	})
}

// SheetExtras is what the scoresheet shows under its table: the running
// totals chart and, for the admin, the button that deletes the match.
func SheetExtras(chart *ChartView, deleteURL string) templ.Component {
	return sheetExtras{chart, deleteURL}
}

type sheetExtras struct {
	chart     *ChartView
	deleteURL string
}

func (x sheetExtras) Render(ctx context.Context, w io.Writer) error {
	return written(func(ctx context.Context, b markup) markup { return b.sheetExtras(ctx, x) }).Render(ctx, w)
}

func (b markup) sheetExtras(ctx context.Context, x sheetExtras) markup {
	if x.chart != nil {
		b = b.s(`<details class="chart-box" data-testid="sheet-chart"><summary>`).esc(T(ctx, "standings.sheet.chart")).
			s(`</summary>`).chart(ctx, *x.chart).s(`</details> `)
	}
	if x.deleteURL != "" {
		del := T(ctx, "standings.match.delete")
		b = b.s(`<details class="card"><summary>`).esc(del).s(`</summary><form method="post" action="`).esc(x.deleteURL).
			s(`" data-testid="delete-match"><p class="muted">`).esc(T(ctx, "standings.match.delete.help")).
			s(`</p><p><button class="danger" type="submit" data-testid="delete-match-button">`).esc(del).
			s(`</button></p></form></details>`)
	}
	return b
}

// sheetMenu holds the match's rare and destructive actions, each behind a
// confirm step that works without JavaScript (a second tap on a folded part).
func (b markup) sheetMenu(ctx context.Context, s Scoresheet) markup {
	if s.UndoURL != "" {
		b = b.s(`<details class="confirm-step" data-testid="undo-step"><summary class="menu-item" data-testid="undo-ask">`).
			esc(T(ctx, "match.undo")).s(`…</summary><form method="post" action="`).esc(s.UndoURL).
			s(`" class="confirm-body"><input type="hidden" name="round" value="`).attrNum64(s.UndoRound).
			s(`"><p>`).esc(T(ctx, "match.undo.confirm", "Round", s.UndoLabel)).
			s(`</p><button class="danger" type="submit" data-testid="undo">`).esc(T(ctx, "match.undo.yes", "Round", s.UndoLabel)).
			s(`</button></form></details> `)
	}
	if s.DeleteURL != "" {
		b = b.s(`<details class="confirm-step" data-testid="delete-step"><summary class="menu-item danger-item" data-testid="delete-ask">`).
			esc(T(ctx, "standings.match.delete")).s(`…</summary><form method="post" action="`).esc(s.DeleteURL).
			s(`" class="confirm-body" data-testid="delete-match"><p>`).esc(T(ctx, "standings.match.delete.help")).
			s(`</p><button class="danger" type="submit" data-testid="delete-match-button">`).esc(T(ctx, "match.delete.yes")).
			s(`</button></form></details> `)
	}
	if s.UndoURL != "" || s.DeleteURL != "" {
		b = b.s(`<hr>`)
	}
	return b
}

func (p *page) sheet(ctx context.Context, s Scoresheet) {
	p.b = p.b.s(`<div id="sheet" data-version="`).esc(s.Version).s(`" data-live="`).esc(s.MatchURL).s(`/events" data-group="`).
		esc(s.GroupURL).s(`">`).scoreboard(ctx, s)
	p.body(ctx, s)
	p.b = p.b.s(`</div>`)
	if s.MenuOOB {
		p.b = p.b.s(`<div id="page-menu" class="menu-part" data-hx-swap-oob="true">`).sheetMenu(ctx, s).s(`</div>`)
	}
}

func (b markup) scoreboard(ctx context.Context, s Scoresheet) markup {
	b = b.s(`<section id="scoreboard" class="scoreboard" data-testid="scoreboard" aria-label="`).esc(T(ctx, "match.scoreboard")).
		s(`" data-elsewhere="`).esc(s.SavedElsewhere).s(`" data-savedby="`).esc(s.SavedBy).s(`"><ol>`).
		scoreboardPlayers(ctx, s).s(`</ol>`)
	if s.Saved != "" {
		b = b.s(`<p class="saved" role="status" data-testid="saved">✓ `).esc(s.Saved).s(`</p>`)
	}
	return b.s(`</section>`)
}

func (p *page) body(ctx context.Context, s Scoresheet) {
	p.b = p.b.s(`<div id="scores" data-version="`).esc(s.Version).s(`"><h1 class="visually-hidden">`).esc(s.Game).s(`</h1>`)
	if s.Finished {
		p.b = p.b.s(`<section class="card" aria-labelledby="result-title"><h2 id="result-title" class="winner" data-testid="winner"><span aria-hidden="true">★</span> `).
			esc(T(ctx, "match.winner", "Names", s.Winners)).s(`</h2><ol class="result" data-testid="result">`).
			resultPlayers(s).s(`</ol>`)
		for _, f := range s.PlayFacts {
			p.b = p.b.s(`<p class="muted" data-testid="play-fact">`).esc(f).s(`</p>`)
		}
		if s.BGStatsLink != "" {
			p.b = p.b.s(`<p><a class="button secondary" href="`).esc(s.BGStatsLink).s(`" title="`).esc(T(ctx, "bgstats.send.help")).
				s(`" data-testid="bgstats-send">`).esc(T(ctx, "bgstats.send")).s(`</a></p>`)
		}
		p.b = p.b.s(`</section>`)
	}
	p.b = p.b.s(`<h2 class="visually-hidden">`).esc(T(ctx, "match.rounds")).s(`</h2>`).scoresTable(ctx, s)
	if x, ok := s.Chart.(sheetExtras); ok {
		p.b = p.b.sheetExtras(ctx, x)
	} else if s.Chart != nil {
		p.component(ctx, s.Chart)
	}
	if len(s.Rules) > 0 {
		p.b = p.b.s(`<p class="muted">`).esc(T(ctx, "match.houserules")).s(` `).esc(join(s.Rules)).s(`</p>`)
	}
	if s.Info != nil {
		p.b = p.b.s(`<section class="card" data-testid="round-info">`)
		p.component(ctx, s.Info)
		p.b = p.b.s(`</section>`)
	}
	p.b = p.b.s(`</div>`)
	if s.Form != nil {
		p.component(ctx, s.Form)
	}
	p.b = p.b.s(`<div id="at-action" class="at-action" data-testid="at-action">`)
	if s.Flash != "" {
		p.b = p.b.s(`<p class="flash bad" role="alert" data-testid="flash">`).esc(s.Flash).s(`</p>`)
	}
	p.b = p.b.s(`</div>`).rulings(ctx, s.Rulings, s.RefereeURL)
}

// rulings is the Rulings template's markup.
func (b markup) rulings(ctx context.Context, rs []RulingLine, refereeURL string) markup {
	b = b.s(`<section id="rulings" class="card" data-testid="rulings"><h2>`).esc(T(ctx, "ruling.title")).s(`</h2>`)
	if len(rs) == 0 {
		b = b.s(`<p class="muted">`).esc(T(ctx, "ruling.none")).s(`</p>`)
	}
	b = b.s(`<ul class="plain">`)
	for _, r := range rs {
		b = b.s(`<li data-testid="ruling">`)
		if r.Legal {
			b = b.s(`<strong class="verdict legal">`).esc(T(ctx, "ruling.legal")).s(`</strong> `)
		} else {
			b = b.s(`<strong class="verdict illegal">`).esc(T(ctx, "ruling.illegal")).s(`</strong> `)
		}
		b = b.s(`<span>`).esc(r.Summary).s(`</span> `)
		if len(r.Rules) > 0 {
			b = b.s(`<ul class="ruling-rules">`)
			for i, rule := range r.Rules {
				b = b.s(`<li data-rule="`).esc(ruleID(r.RuleIDs, i)).s(`">`).esc(rule).s(`</li>`)
			}
			b = b.s(`</ul>`)
		}
		b = b.s(`<span class="muted">`).esc(r.Author).s(` · `).esc(r.At).s(`</span> <a href="`).esc(r.URL).s(`">`).
			esc(T(ctx, "ruling.reopen")).s(`</a></li>`)
	}
	b = b.s(`</ul>`)
	if refereeURL != "" {
		b = b.s(`<p><a class="button secondary" href="`).esc(refereeURL).s(`" data-testid="settle-dispute">`).
			esc(T(ctx, "ruling.open")).s(`</a></p>`)
	}
	return b.s(`</section>`)
}
