package handlers

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/referee"
	t5 "github.com/tablekeeper/tablekeeper/referee/take5"
	t5score "github.com/tablekeeper/tablekeeper/scoring/take5"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// Take5 is Take 5! (Kramer, AMIGO) on the scoresheet: one round is one deal,
// scored from each player's cow totals (RULES.md §1.5), and the match lasts
// as many deals as the group wants, until a deal is saved as the last one.
type Take5 struct{}

// t5Entry is what a deal stores: each seat's totals, and whether the group
// said it was the last deal of the match.
type t5Entry struct {
	Seats []t5score.Tally `json:"seats"`
	Last  bool            `json:"last,omitempty"`
}

func (Take5) ID() string { return "take5" }

func (Take5) Name(lang string) string { return "Take 5!" }

func (Take5) Seats() (int, int) { return t5.MinPlayers, t5.MaxPlayers }

func (Take5) HouseRules() []referee.HouseRule { return t5.HouseRules }

func (Take5) LowWins() bool { return false }

func (Take5) setupTable() []views.T5Setup {
	var out []views.T5Setup
	for n := t5.MinPlayers; n <= t5.MaxPlayers; n++ {
		if s, err := t5score.SetupFor(n); err == nil {
			out = append(out, views.T5Setup{Players: n, HandSize: s.HandSize, Rows: s.Rows, CardsInPlay: s.CardsInPlay()})
		}
	}
	return out
}

func (g Take5) Options(oc OptionsCtx) templ.Component { return views.T5Options(g.setupTable()) }

// ParseOptions has nothing to read; it returns a non-empty map so that the
// stored match always has an options map for the request-scoped note above.
func (Take5) ParseOptions(oc OptionsCtx) (map[string]string, views.FieldErrors) {
	return map[string]string{"end": "declared"}, views.FieldErrors{}
}

// Progress: the match ends with the deal the players marked as the last.
func (Take5) Progress(m store.Match, played Played) Progress {
	totals := sums(len(m.Seats), played.Points)
	p := Progress{Leaders: leaders(totals, false)}
	if n := len(played.Entries); n > 0 {
		var last t5Entry
		if json.Unmarshal(played.Entries[n-1], &last) == nil && last.Last {
			p.Finished, p.Winners = true, p.Leaders
		}
	}
	return p
}

func (Take5) RoundLabel(ctx context.Context, m store.Match, _ Played, number int) string {
	return views.T(ctx, "take5.deallabel", "N", number)
}

func (g Take5) Info(ctx context.Context, m store.Match, _ Played, number int) templ.Component {
	s, err := t5score.SetupFor(len(m.Seats))
	if err != nil {
		return nil
	}
	return views.T5InfoStrip(views.T5Info{Deal: number, Setup: views.T5Setup{Players: s.Players, HandSize: s.HandSize, Rows: s.Rows, CardsInPlay: s.CardsInPlay()}})
}

func (g Take5) blankForm(rc RoundCtx) views.T5RoundForm {
	label := g.RoundLabel(rc.Ctx, rc.Match, rc.Played, rc.Number)
	f := views.T5RoundForm{Action: rc.Action, Cancel: rc.Cancel, SubmitKey: rc.SubmitKey, Version: rc.Version,
		Title: views.T(rc.Ctx, "take5.entertitle", "N", rc.Number)}
	if rc.Version > 0 {
		f.Title = views.T(rc.Ctx, "round.correct", "Round", label)
	}
	for _, st := range rc.Match.Seats {
		f.Seats = append(f.Seats, views.T5Seat{Name: st.Name})
	}
	return f
}

func (g Take5) RoundForm(rc RoundCtx, entry json.RawMessage) templ.Component {
	f := g.blankForm(rc)
	var e t5Entry
	if json.Unmarshal(entry, &e) == nil {
		for i := range f.Seats {
			if i < len(e.Seats) {
				t := e.Seats[i]
				s := &f.Seats[i]
				s.Green, s.Red, s.Plus5, s.X2, s.InHand = strconv.Itoa(t.Green), strconv.Itoa(t.Red), strconv.Itoa(t.Plus5), strconv.Itoa(t.X2), strconv.Itoa(t.SpecialsInHand)
			}
		}
		f.Last = e.Last
		g.validate(rc, &f, false)
	}
	return views.T5Form(f)
}

// PostRound reads the deal form. "calc" shows every line's working and the
// deal's winner without saving; "save" validates and returns the deal.
func (g Take5) PostRound(rc RoundCtx, form url.Values) (*Scored, templ.Component, bool) {
	f := g.blankForm(rc)
	for i := range f.Seats {
		s := &f.Seats[i]
		get := func(k string) string { return strings.TrimSpace(form.Get(fmt.Sprintf("%s_%d", k, i))) }
		s.Green, s.Red, s.Plus5, s.X2, s.InHand = get("green"), get("red"), get("plus5"), get("x2"), get("hand")
	}
	f.Last = form.Get("last") != ""
	op := form.Get("op")
	if op != "save" {
		g.validate(rc, &f, op != "calc")
		return nil, views.T5Form(f), false
	}
	entry, points, ok := g.validate(rc, &f, false)
	if !ok {
		return nil, views.T5Form(f), true
	}
	return &Scored{Entry: entry, Points: points}, nil, false
}

// validate reads every line; each valid line gets its working. With quiet,
// no error is written (a redraw before anything was asked). It returns the
// deal and its points when the whole form is valid.
func (g Take5) validate(rc RoundCtx, f *views.T5RoundForm, quiet bool) (t5Entry, []int, bool) {
	e := t5Entry{Last: f.Last}
	ok := true
	var players []t5score.Player
	for i := range f.Seats {
		s := &f.Seats[i]
		var t t5score.Tally
		fields := []struct {
			kind, val string
			dst       *int
			required  bool
		}{{"green", s.Green, &t.Green, true}, {"red", s.Red, &t.Red, true}, {"plus5", s.Plus5, &t.Plus5, false},
			{"x2", s.X2, &t.X2, false}, {"hand", s.InHand, &t.SpecialsInHand, false}}
		lineOK := true
		for _, fl := range fields {
			if fl.val == "" {
				if fl.required {
					lineOK = false
					if !quiet && s.Error == "" {
						s.Error, s.Bad = views.T(rc.Ctx, "take5.err.required", "Field", views.T(rc.Ctx, "take5."+fl.kind)), fl.kind
					}
				}
				continue
			}
			n, err := strconv.Atoi(fl.val)
			if err != nil || n < 0 {
				lineOK = false
				if !quiet && s.Error == "" {
					s.Error, s.Bad = views.T(rc.Ctx, "take5.err.number", "Field", views.T(rc.Ctx, "take5."+fl.kind), "Value", fl.val), fl.kind
				}
				continue
			}
			*fl.dst = n
		}
		if lineOK {
			if err := t.Check(""); err != nil {
				lineOK = false
				if !quiet {
					s.Bad = t5Bad(err)
					s.Error = t5Message(rc.Ctx, err, s.Bad)
				}
			}
		}
		if lineOK {
			s.Working = t5score.Working(t)
		}
		ok = ok && lineOK
		e.Seats = append(e.Seats, t)
		players = append(players, t5score.Player{Name: fmt.Sprintf("%d", i+1), Tally: t})
	}
	if !ok {
		return e, nil, false
	}
	results, winners, err := t5score.Deal(players)
	if err != nil {
		if !quiet {
			f.Error = inputMessage(err, rc.Ctx)
		}
		return e, nil, false
	}
	points := make([]int, len(results))
	for i, r := range results {
		points[i] = r.Score
	}
	var names []string
	for _, w := range winners {
		if i, err := strconv.Atoi(w); err == nil && i >= 1 && i <= len(f.Seats) {
			names = append(names, f.Seats[i-1].Name)
		}
	}
	f.Winners = strings.Join(names, ", ")
	return e, points, true
}

// t5Bad names the form field of a tally error ("players[1].red" → "red").
func t5Bad(err error) string {
	ie, ok := err.(*referee.InputError)
	if !ok {
		return ""
	}
	f := ie.Field[strings.LastIndex(ie.Field, ".")+1:]
	if f == "specialsInHand" {
		return "hand"
	}
	return f
}

// t5Message is a tally error in the page's language; the engine starts it
// with the JSON key ("specialsInHand cannot be 3: …"), which the page says
// with the field's label instead.
func t5Message(ctx context.Context, err error, bad string) string {
	msg := inputMessage(err, ctx)
	ie, ok := err.(*referee.InputError)
	if !ok || bad == "" {
		return msg
	}
	key := ie.Field[strings.LastIndex(ie.Field, ".")+1:]
	if rest, found := strings.CutPrefix(msg, key+" "); found {
		return views.T(ctx, "take5."+bad) + " " + rest
	}
	return msg
}

func (Take5) Detail(ctx context.Context, m store.Match, entry json.RawMessage) string {
	var e t5Entry
	if json.Unmarshal(entry, &e) != nil {
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
