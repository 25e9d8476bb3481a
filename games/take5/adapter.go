// Package take5 is Take 5! on the pages: its web adapter (the round form ↔ the
// engine's entry, the referee page), its views and its profile.
package take5

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/games/kit"
	t5 "github.com/tablekeeper/tablekeeper/referee/take5"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
	t5score "github.com/tablekeeper/tablekeeper/scoring/take5"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// Take5 is Take 5! (Kramer, AMIGO) on the pages. Its rules are in its
// engine (t5score.Sheet): this file only maps the deal form to the
// engine's entry and the engine's facts to the views.
type Take5 struct {
	t5score.Sheet
	kit.NoOptions // it reads none; Options shows the table of setups
}

// What Take 5! offers, declared: the compiler holds each (a method
// missing would silently take a page or a tool away).
var (
	_ kit.Game        = Take5{}
	_ kit.LineReader  = Take5{}
	_ kit.Lines       = Take5{}
	_ kit.RefereePage = Take5{}
	_ kit.API         = Take5{}
	_ kit.Auditor     = Take5{}
	_ kit.Sampler     = Take5{}
)

func (Take5) Name(lang string) string { return "Take 5!" }
func (Take5) LowWins() bool           { return false }

func t5SetupView(s t5score.Setup) T5Setup {
	return T5Setup{Players: s.Players, HandSize: s.HandSize, Rows: s.Rows, CardsInPlay: s.CardsInPlay()}
}

func (Take5) Options(oc kit.OptionsCtx) templ.Component {
	var table []T5Setup
	for n := t5.MinPlayers; n <= t5.MaxPlayers; n++ {
		if s, err := t5score.SetupFor(n); err == nil {
			table = append(table, t5SetupView(s))
		}
	}
	return T5Options(table)
}

func (Take5) RoundLabel(ctx context.Context, m store.Match, played kit.Played, number int) string {
	return views.T(ctx, "take5.deallabel", "N", number)
}

func (Take5) Info(ctx context.Context, m store.Match, _ kit.Played, number int) templ.Component {
	s, err := t5score.SetupFor(len(m.Seats))
	if err != nil {
		return nil
	}
	return T5InfoStrip(T5Info{Deal: number, Setup: t5SetupView(s)})
}

// t5Keys are the form's fields of a line, in the engine's order, with the
// entry's JSON key of each ("hand" is "specialsInHand") and the name a
// refusal of what was typed in it gives it.
var t5Keys = []struct {
	form, entry string
	label       rulebook.Msg
}{
	{"green", "green", rulebook.Say("take5.green")}, {"red", "red", rulebook.Say("take5.red")},
	{"plus5", "plus5", rulebook.Say("take5.plus5")}, {"x2", "x2", rulebook.Say("take5.x2")},
	{"hand", "specialsInHand", rulebook.Say("take5.inhand")},
}

func (g Take5) blankForm(rc kit.RoundCtx) T5RoundForm {
	f := T5RoundForm{Frame: rc.Frame(views.T(rc.Ctx, "take5.entertitle", "N", rc.Number), views.T(rc.Ctx, "take5.save")),
		Dealt: len(rc.Match.Seats), Held: t5score.HeldAtMost}
	if rc.Version > 0 {
		f.Frame.Title = views.T(rc.Ctx, "round.correct", "Round", g.RoundLabel(rc.Ctx, rc.Match, rc.Played, rc.Number))
	}
	for _, st := range rc.Match.Seats {
		f.Seats = append(f.Seats, T5Seat{Name: st.Name})
	}
	return f
}

// RoundForm draws a stored deal for correction, with its workings.
func (g Take5) RoundForm(rc kit.RoundCtx, entry json.RawMessage) templ.Component {
	f := g.blankForm(rc)
	e, err := t5score.DecodeEntry(entry)
	if entry == nil || err != nil {
		return T5Form(f)
	}
	for i := range f.Seats {
		if i < len(e.Seats) {
			t, s := e.Seats[i], &f.Seats[i]
			s.Green, s.Red, s.Plus5, s.X2, s.InHand = strconv.Itoa(t.Green), strconv.Itoa(t.Red), strconv.Itoa(t.Plus5), strconv.Itoa(t.X2), strconv.Itoa(t.SpecialsInHand)
		}
	}
	f.Last = e.Last
	return T5Form(g.judged(rc, f, e.Seats, nil, nil, entry, false, true))
}

// ReadRound maps the deal form to the engine's entry. "calc" shows every
// line's working and the deal's winner without saving, "save" saves; a
// field that is not a number is refused here, every rule by the engine.
// A blank count is 0 (a deal left blank, no row taken, the engine refuses).
func (g Take5) ReadRound(rc kit.RoundCtx, form url.Values) kit.RoundPost {
	f := g.blankForm(rc)
	f.Last = form.Get("last") != ""
	tallies := make([]t5score.Tally, len(f.Seats))
	var unread error
	lineUnread := make([]bool, len(f.Seats))
	for i := range f.Seats {
		s := &f.Seats[i]
		vals := []*string{&s.Green, &s.Red, &s.Plus5, &s.X2, &s.InHand}
		dst := []*int{&tallies[i].Green, &tallies[i].Red, &tallies[i].Plus5, &tallies[i].X2, &tallies[i].SpecialsInHand}
		for k, key := range t5Keys {
			v := strings.TrimSpace(form.Get(fmt.Sprintf("%s_%d", key.form, i)))
			*vals[k] = v
			if err := t5Read(i, fmt.Sprintf("seats[%d].%s", i, key.entry), key.label, v, dst[k]); err != nil {
				lineUnread[i] = true
				if unread == nil {
					unread = err
				}
			}
		}
	}
	op := form.Get("op")
	post := kit.RoundPost{Save: kit.Saving(form), Err: unread}
	if unread == nil {
		post.Entry = t5score.NewEntry(f.Last, tallies...).Marshal()
	}
	post.Form = func(err error) templ.Component {
		show := err != nil || op == "calc"
		return T5Form(g.judged(rc, f, tallies, lineUnread, cmpErr(err, unread), post.Entry, show, show))
	}
	return post
}

func cmpErr(err, unread error) error {
	if err != nil {
		return err
	}
	return unread
}

// t5Read reads one field of seat's line, named label: blank is 0,
// anything else must be a whole number ≥ 0 (the engine's limits come after).
func t5Read(seat int, field string, label rulebook.Msg, v string, dst *int) error {
	if v == "" {
		return nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return rulebook.SeatMistake(seat, field, "take5.err.number", "Field", label, "Value", v)
	}
	*dst = n
	return nil
}

// judged fills in what the engine says of the deal: err (or, when nil and
// the entry was read, the engine's check) placed on the field it names when
// shown, each line's working unless the line is at fault or was not read
// (unread), and the winners (when asked: a saved deal, Calculate) if the
// whole deal stands.
func (g Take5) judged(rc kit.RoundCtx, f T5RoundForm, tallies []t5score.Tally, unread []bool, err error, entry json.RawMessage, show, winners bool) T5RoundForm {
	var points []int
	if err == nil && entry != nil {
		points, err = g.Score(kit.EngineMatch(g, rc.Match), kit.EngineRounds(rc.Played.Before(rc.Number)), entry)
	}
	seat := -1 // the line at fault shows no working
	msg := kit.ShowErrors(rc.Ctx, err, func(at kit.EnginePath, msg string) bool {
		if !at.In("seats", len(f.Seats)) {
			return false
		}
		seat = at.Index
		if show {
			f.Seats[seat].Error = msg
			for _, k := range t5Keys {
				if k.entry == at.Rest {
					f.Seats[seat].Bad = k.form
				}
			}
		}
		return true
	})
	if show {
		f.Error = msg
	}
	for i := range f.Seats {
		if i != seat && i < len(tallies) && (i >= len(unread) || !unread[i]) {
			f.Seats[i].Working = t5score.Working(tallies[i])
		}
	}
	if points != nil && winners { // asked for: a form redrawn otherwise (the lines sent so far) has no best score yet
		var names []string
		for _, w := range scoring.Tally(len(points), []scoring.Round{{Points: points}}, false, true).Winners {
			names = append(names, f.Seats[w].Name)
		}
		f.Winners = strings.Join(names, ", ")
	}
	return f
}

func (Take5) Detail(ctx context.Context, m store.Match, entry json.RawMessage) string {
	e, err := t5score.DecodeEntry(entry)
	if err != nil {
		return ""
	}
	var parts []string
	for i, t := range e.Seats {
		if i < len(m.Seats) {
			parts = append(parts, m.Seats[i].Name+" "+t5score.Working(t))
		}
	}
	if e.Last {
		parts = append(parts, views.T(ctx, "take5.lastdeal"))
	}
	return strings.Join(parts, " · ")
}

// Line is a row's own fields, what its player counts on their own pile and
// in their hand: green and red cows, +5, x2 and specials in hand. Whether
// the piles and specials of the whole table can be is checked when every
// line is in (Score, as a Save).
func (Take5) Line(form url.Values, row int) url.Values { return kit.RowLine(form, row) }

// LineText is a line's counts as the form labels them, those not 0
// ("Green cows 5, Red cows 3, “x2” collected 1"); a line of nothing is 0.
func (Take5) LineText(ctx context.Context, line url.Values) string {
	var parts []string
	for _, k := range t5Keys {
		for key, vs := range line {
			if f, ok := kit.LineField(key); ok && f == k.form && len(vs) > 0 {
				if v := strings.TrimSpace(vs[0]); v != "" && v != "0" {
					parts = append(parts, views.Say(ctx, k.label)+" "+v)
				}
			}
		}
	}
	if len(parts) == 0 {
		return "0"
	}
	return strings.Join(parts, ", ")
}

// t5OnPile is a cow count's field label, saying what to count: the cow
// heads of that colour on the row's pile ("on your pile" on the member's
// own line).
func t5OnPile(ctx context.Context, row int, count string) string {
	if kit.IsOwn(ctx, row) {
		return views.T(ctx, "take5.onyourpile", "Count", views.T(ctx, count))
	}
	return views.T(ctx, "take5.onpile", "Count", views.T(ctx, count))
}
