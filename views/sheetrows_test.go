package views

import (
	"bytes"
	"context"
	"html"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/a-h/templ"
)

// The scoresheet's hand-written parts write what its templates wrote, byte
// for byte: random sheets (names and labels with the characters HTML
// escapes, negative and large points, undone and edited rounds, rounds
// without a sub-label or an edit link, ties, a dealer, finished or not,
// more than eight seats, the menu's steps, a chart box, rulings, a game's
// round form and info) in both languages: the scoreboard, the body, the
// sheet htmx swaps, the chart box and the whole page.
func TestHandWrittenSheetIsTheTemplates(t *testing.T) {
	tr, err := NewTranslator()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(19, 4))
	words := []string{"Zoé", "Ana", `"Big" Ben`, "<b>x</b>", "R&D", "l'Ours", "Chloé > Max", "", " ", "Manche 3", "3 cartes", "🎲"}
	text := func() string {
		var parts []string
		for range 1 + rng.IntN(3) {
			parts = append(parts, words[rng.IntN(len(words))])
		}
		return strings.Join(parts, " ")
	}
	num := func() int { return []int{0, 1, -1, 7, -25, 120, 1 << 40, -(1 << 40)}[rng.IntN(8)] + rng.IntN(50) }
	part := func(s string) templ.Component {
		return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
			_, err := io.WriteString(w, s)
			return err
		})
	}
	for i := range 400 {
		lang := []string{"en", "fr"}[i%2]
		ctx := WithEnv(context.Background(), tr.NewEnv(lang, "/g/x/matches/1", "", "", ""))
		seats := 1 + rng.IntN(10)
		s := Scoresheet{Game: text(), Version: text(), Finished: rng.IntN(2) == 0, Winners: text(),
			SavedElsewhere: text(), SavedBy: text(), Saved: []string{"", text()}[rng.IntN(2)]}
		for seat := range seats {
			s.Names = append(s.Names, text())
			s.Totals = append(s.Totals, num())
			s.Leaders = append(s.Leaders, rng.IntN(3) == 0)
			p := BoardPlayer{Name: s.Names[seat], Seat: seat, Total: s.Totals[seat], Rank: 1 + rng.IntN(seats), Deals: rng.IntN(seats) == 0}
			s.Board = append(s.Board, p)
			s.Result = append(s.Result, p)
		}
		for range rng.IntN(14) {
			r := RoundRow{Label: text(), Main: text(), Undone: rng.IntN(4) == 0, Edited: rng.IntN(4) == 0,
				HistURL: "/g/x/matches/1/rounds/" + text() + "/history"}
			if rng.IntN(2) == 0 {
				r.Sub = text()
			}
			if rng.IntN(3) > 0 {
				r.EditURL = "/g/x/matches/1/rounds/" + text() + "/edit?a=1&b=2"
			}
			for range seats {
				r.Points = append(r.Points, num())
			}
			s.Rounds = append(s.Rounds, r)
		}
		// The page around the rows: the menu's steps, the htmx answer's
		// menu, the chart box, house rules, a game's own parts, a flash,
		// rulings (with rules cited or none, an id missing).
		s.GroupURL, s.MatchURL = "/g/"+text(), "/g/x/matches/"+text()
		if rng.IntN(2) == 0 {
			s.UndoURL, s.UndoRound, s.UndoLabel = s.MatchURL+"/undo", int64(num()), text()
		}
		if rng.IntN(3) == 0 {
			s.DeleteURL = s.MatchURL + "/delete?x=" + text()
		}
		s.MenuOOB = rng.IntN(3) == 0
		for range rng.IntN(3) {
			s.Rules = append(s.Rules, text())
		}
		if rng.IntN(3) > 0 {
			s.Info = part("<p>info " + html.EscapeString(text()) + "</p>")
		}
		if rng.IntN(2) == 0 {
			s.Form = part(`<form id="round-form">` + html.EscapeString(text()) + `</form>`)
		}
		s.Flash = []string{"", text()}[rng.IntN(2)]
		var chart *ChartView
		if rng.IntN(4) > 0 {
			chart = &ChartView{ID: "totals", Title: text(), Head: []string{"1", "2"}, Legend: []Link{{Label: text(), URL: "s0"}},
				Rows: []ChartRow{{Label: text(), Cells: []string{"3", text()}}},
				Line: LineChart{Title: text(), XLabels: []string{"0", "1", "2"}, Series: []ChartSeries{{Label: text(), Values: []float64{0, 3, float64(num())}}}}}
		}
		deleteURL := []string{"", "/g/x/matches/1/delete"}[rng.IntN(2)]
		other := rng.IntN(5) == 0 // a chart box of another kind: rendered as a component
		for range rng.IntN(3) {
			r := RulingLine{Legal: rng.IntN(2) == 0, Summary: text(), Author: text(), At: text(), URL: "/referee/x?" + text()}
			for j := range rng.IntN(3) {
				r.Rules = append(r.Rules, text())
				if j == 0 || rng.IntN(2) == 0 {
					r.RuleIDs = append(r.RuleIDs, text())
				}
			}
			s.Rulings = append(s.Rulings, r)
		}
		if rng.IntN(2) == 0 {
			s.RefereeURL = s.MatchURL + "/referee"
		}
		ref := s
		s.Chart, ref.Chart = SheetExtras(chart, deleteURL), sheetExtrasRef(chart, deleteURL)
		if other {
			s.Chart, ref.Chart = part("<p>other</p>"), part("<p>other</p>")
		}
		for _, pair := range []struct {
			name      string
			got, want templ.Component
		}{{"Scoreboard", Scoreboard(s), scoreboardRef(ref)}, {"ScoresheetBody", ScoresheetBody(s), scoresheetBodyRef(ref)},
			{"Sheet", Sheet(s), sheetRef(ref)}, {"ScoresheetPage", ScoresheetPage(s), scoresheetPageRef(ref)},
			{"SheetExtras", s.Chart, ref.Chart}} {
			var got, want bytes.Buffer
			if err := pair.got.Render(ctx, &got); err != nil {
				t.Fatal(err)
			}
			if err := pair.want.Render(ctx, &want); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				g, w := got.String(), want.String()
				at := 0
				for at < len(g) && at < len(w) && g[at] == w[at] {
					at++
				}
				t.Fatalf("sheet %d (%s), %s differs from its template at byte %d:\n got  …%s\n want …%s",
					i, lang, pair.name, at, g[max(0, at-80):min(len(g), at+80)], w[max(0, at-80):min(len(w), at+80)])
			}
		}
	}
}

// The chart's hand-written figure is its template's, byte for byte: random
// charts with labels HTML escapes, empty and long ones, both languages.
func TestHandWrittenChartIsTheTemplate(t *testing.T) {
	tr, err := NewTranslator()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(19, 5))
	words := []string{"Zoé", `"Big" Ben`, "<b>x</b>", "R&D", "l'Ours", "", "12,5", "−3", "s0 d1"}
	text := func() string { return words[rng.IntN(len(words))] + words[rng.IntN(len(words))] }
	for i := range 300 {
		ctx := WithEnv(context.Background(), tr.NewEnv([]string{"en", "fr"}[i%2], "/", "", "", ""))
		c := ChartView{ID: text(), Title: text(), Line: LineChart{Title: text(), XLabels: []string{text(), text()},
			Series: []ChartSeries{{Label: text(), Values: []float64{1, float64(i)}}}, DecimalComma: i%2 == 0}}
		cols := rng.IntN(30)
		for range cols {
			c.Head = append(c.Head, text())
		}
		for range rng.IntN(12) {
			c.Legend = append(c.Legend, Link{Label: text(), URL: text()})
			row := ChartRow{Label: text()}
			for range cols {
				row.Cells = append(row.Cells, text())
			}
			c.Rows = append(c.Rows, row)
		}
		var got, want bytes.Buffer
		if err := Chart(c).Render(ctx, &got); err != nil {
			t.Fatal(err)
		}
		if err := chartRef(c).Render(ctx, &want); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Fatalf("chart %d differs from its template:\n got  %s\n want %s", i, got.String(), want.String())
		}
	}
}

// markup.esc escapes as html.EscapeString (templ's escaping) does.
func TestEscIsHTMLEscapeString(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 7))
	alphabet := []string{"a", "é", "&", "'", "<", ">", `"`, " ", "&amp;", "🎲", "\x00"}
	for range 5000 {
		var sb strings.Builder
		for range rng.IntN(12) {
			sb.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		text := sb.String()
		if got, want := string(markup("x").esc(text)), "x"+html.EscapeString(text); got != want {
			t.Fatalf("esc(%q) = %q, want %q", text, got, want)
		}
	}
}
