package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/referee"
	tk "github.com/tablekeeper/tablekeeper/referee/taki"
	tkscore "github.com/tablekeeper/tablekeeper/scoring/taki"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// Taki is TAKI on the scoresheet and on the referee page.
type Taki struct{}

// takiEntry is what a TAKI round stores: who went out and, per seat, how
// the points were given.
type takiEntry struct {
	Winner int             `json:"winner"`
	Seats  []takiSeatEntry `json:"seats"`
}

type takiSeatEntry struct {
	Mode   string   `json:"mode"` // out, cards, points
	Cards  []string `json:"cards,omitempty"`
	Points int      `json:"points"`
}

// Limits on the match options: beyond them a typo is more likely than a plan.
const (
	takiMaxRounds = 100
	takiMaxLimit  = 100000
)

func (Taki) ID() string { return "taki" }

func (Taki) Name(string) string { return "TAKI" }

func (Taki) Seats() (int, int) { return tk.MinPlayers, tk.MaxPlayers }

func (Taki) HouseRules() []referee.HouseRule { return tk.HouseRules }

func (Taki) LowWins() bool { return false }

// settings resolves the match's stored house-rule snapshot (defaults for
// anything missing or no longer allowed).
func (Taki) settings(m store.Match) referee.Settings {
	set, err := referee.Resolve(tk.HouseRules, knownRules(tk.HouseRules, m.Rules))
	if err != nil {
		return referee.Defaults(tk.HouseRules)
	}
	return set
}

// knownRules keeps the keys a game declares.
func knownRules(decl []referee.HouseRule, given map[string]string) map[string]string {
	out := map[string]string{}
	for _, h := range decl {
		if v, ok := given[h.Key]; ok {
			out[h.Key] = v
		}
	}
	return out
}

func (g Taki) plus2(m store.Match) int { return g.settings(m).Int(tk.HRPlus2ScoresAs) }

// end is how the match ends, from its options and its limitSign house rule.
func (g Taki) end(m store.Match) tkscore.End {
	e := tkscore.End{Minus: g.settings(m).Get(tk.HRLimitSign) == "-"}
	if m.Options["end"] == "limit" {
		e.Limit, _ = strconv.Atoi(m.Options["limit"])
	} else {
		e.Rounds, _ = strconv.Atoi(m.Options["rounds"])
	}
	return e
}

func (g Taki) Options(oc OptionsCtx) templ.Component {
	o := views.TKOptions{End: first(oc.Form, "end"), Rounds: first(oc.Form, "rounds"), Limit: first(oc.Form, "limit"), Sign: "+", Errs: oc.Errs}
	if oc.Form == nil {
		o.Rounds, o.Limit = "5", "500"
	}
	return views.TKOptionsForm(o)
}

func (g Taki) ParseOptions(oc OptionsCtx) (map[string]string, views.FieldErrors) {
	errs := views.FieldErrors{}
	end := first(oc.Form, "end")
	if end != "limit" {
		end = "rounds"
	}
	opts := map[string]string{"end": end}
	if end == "rounds" {
		n, err := strconv.Atoi(strings.TrimSpace(first(oc.Form, "rounds")))
		if err != nil || n < 1 || n > takiMaxRounds {
			errs["rounds"] = views.T(oc.Ctx, "taki.err.rounds", "Max", takiMaxRounds)
		}
		opts["rounds"] = strconv.Itoa(n)
	} else {
		n, err := strconv.Atoi(strings.TrimSpace(first(oc.Form, "limit")))
		if err != nil || n < 1 || n > takiMaxLimit {
			errs["limit"] = views.T(oc.Ctx, "taki.err.limit", "Max", takiMaxLimit)
		}
		opts["limit"] = strconv.Itoa(n)
	}
	return opts, errs
}

func (g Taki) Progress(m store.Match, played Played) Progress {
	totals := tkscore.Totals(len(m.Seats), played.Points)
	p := Progress{Leaders: leaders(totals, false)}
	if g.end(m).Over(len(played.Points), totals) {
		p.Finished, p.Winners = true, tkscore.Winners(totals)
	}
	return p
}

func (g Taki) RoundLabel(ctx context.Context, m store.Match, _ Played, number int) string {
	return views.T(ctx, "taki.roundlabel", "Round", number)
}

func (g Taki) Info(ctx context.Context, m store.Match, _ Played, number int) templ.Component {
	e := g.end(m)
	if e.Rounds > 0 && number > e.Rounds {
		return nil
	}
	info := views.TKRoundInfo{Round: number, Of: e.Rounds, Plus2: tkscore.CardPoints(tk.Card{Colour: tk.Red, Kind: tk.Plus2}, g.plus2(m))}
	if e.Limit > 0 {
		info.Limit = "+" + strconv.Itoa(e.Limit)
		if e.Minus {
			info.Limit = "−" + strconv.Itoa(e.Limit)
		}
	}
	return views.TKInfo(info)
}

// takiCardView is a card as the pickers and chips show it.
func takiCardView(lang string, c tk.Card) views.TKCard {
	class := "c-none"
	if c.Colour != tk.NoColour {
		class = "c-" + c.Colour.Letter()
	}
	return views.TKCard{Code: c.String(), Label: takiLabel(c, lang), Class: class, Name: c.Name().In(lang)}
}

// takiLabel is the short face of a card on a tap button.
func takiLabel(c tk.Card, lang string) string {
	switch c.Kind {
	case tk.Number:
		return strconv.Itoa(c.Value)
	case tk.Plus2:
		return "+2"
	case tk.Stop:
		return "⊘"
	case tk.Direction:
		return "⇄"
	case tk.Plus:
		return "+"
	case tk.Taki:
		return "TAKI"
	case tk.ChangeColour:
		return pick(lang, "Colour", "Couleur")
	case tk.SuperTaki:
		return "Super"
	case tk.Crazy:
		return pick(lang, "Crazy", "Folle")
	}
	return "?"
}

func takiDeckViews(lang string) []views.TKCard {
	var out []views.TKCard
	for _, c := range tk.Deck() {
		out = append(out, takiCardView(lang, c))
	}
	return out
}

// takiCards reads codes, skipping any that is not a card (the pickers only
// post real codes; the referee page reports bad codes itself).
func takiCards(lang string, codes []string) []views.TKCard {
	var out []views.TKCard
	for _, code := range codes {
		if c, err := tk.ParseCard(code); err == nil {
			out = append(out, takiCardView(lang, c))
		}
	}
	return out
}

func (g Taki) blankForm(rc RoundCtx) views.TKRoundForm {
	label := g.RoundLabel(rc.Ctx, rc.Match, rc.Played, rc.Number)
	f := views.TKRoundForm{Action: rc.Action, Cancel: rc.Cancel, SubmitKey: rc.SubmitKey, Version: rc.Version,
		Winner: -1, Picker: -1, Title: views.T(rc.Ctx, "taki.entertitle", "Round", label), Deck: takiDeckViews(views.Lang(rc.Ctx))}
	if rc.Version > 0 {
		f.Title = views.T(rc.Ctx, "round.correct", "Round", label)
	}
	for _, st := range rc.Match.Seats {
		f.Seats = append(f.Seats, views.TKSeat{Name: st.Name, Mode: "cards"})
	}
	return f
}

func (g Taki) RoundForm(rc RoundCtx, entry json.RawMessage) templ.Component {
	f := g.blankForm(rc)
	var e takiEntry
	if json.Unmarshal(entry, &e) == nil && len(e.Seats) > 0 {
		f.Winner = e.Winner
		for i := range f.Seats {
			if i >= len(e.Seats) {
				break
			}
			se := e.Seats[i]
			if se.Mode == "points" {
				f.Seats[i].Mode, f.Seats[i].Points = "points", strconv.Itoa(-se.Points)
			}
			f.Seats[i].Cards = takiCards(views.Lang(rc.Ctx), se.Cards)
		}
		g.compute(rc, &f)
	}
	return views.TKForm(f)
}

// compute marks the winner and shows the working of every hand tapped in.
func (g Taki) compute(rc RoundCtx, f *views.TKRoundForm) {
	for i := range f.Seats {
		s := &f.Seats[i]
		s.Winner = i == f.Winner
		s.Computed = ""
		if s.Winner || s.Mode != "cards" || len(s.Cards) == 0 {
			continue
		}
		_, s.Computed = tkscore.HandPoints(takiParse(s.Cards), g.plus2(rc.Match))
	}
}

func takiParse(cs []views.TKCard) []tk.Card {
	out := make([]tk.Card, 0, len(cs))
	for _, c := range cs {
		if card, err := tk.ParseCard(c.Code); err == nil {
			out = append(out, card)
		}
	}
	return out
}

// PostRound reads the form: a tap adds or removes a card on the chosen
// player's hand and redraws; "save" validates everything and returns the round.
func (g Taki) PostRound(rc RoundCtx, form url.Values) (*Scored, templ.Component, bool) {
	lang := views.Lang(rc.Ctx)
	f := g.blankForm(rc)
	if w, err := strconv.Atoi(form.Get("winner")); err == nil && w >= 0 && w < len(f.Seats) {
		f.Winner = w
	}
	f.Picker, _ = strconv.Atoi(form.Get("picker"))
	if p := form.Get("pick"); p != "" {
		f.Picker, _ = strconv.Atoi(p)
	}
	if f.Picker < 0 || f.Picker >= len(f.Seats) || f.Picker == f.Winner {
		f.Picker = -1
	}
	for i := range f.Seats {
		s := &f.Seats[i]
		if form.Get(fmt.Sprintf("mode_%d", i)) == "points" {
			s.Mode = "points"
		}
		s.Points = strings.TrimSpace(form.Get(fmt.Sprintf("points_%d", i)))
		s.Cards = takiCards(lang, strings.Fields(form.Get(fmt.Sprintf("cards_%d", i))))
	}
	if tap := form.Get("tap"); tap != "" && f.Picker >= 0 {
		if cs := takiCards(lang, []string{tap}); len(cs) == 1 {
			s := &f.Seats[f.Picker]
			s.Cards, s.Mode = append(s.Cards, cs[0]), "cards"
		}
	}
	if un := form.Get("untap"); un != "" {
		var seat, idx int
		if _, err := fmt.Sscanf(un, "%d:%d", &seat, &idx); err == nil && seat >= 0 && seat < len(f.Seats) && idx >= 0 && idx < len(f.Seats[seat].Cards) {
			cs := f.Seats[seat].Cards
			f.Seats[seat].Cards = append(cs[:idx:idx], cs[idx+1:]...)
		}
	}
	g.compute(rc, &f)
	if form.Get("op") != "save" {
		return nil, views.TKForm(f), false
	}
	entry, pts, ok := g.validate(rc, &f)
	if !ok {
		return nil, views.TKForm(f), true
	}
	return &Scored{Entry: entry, Points: pts}, nil, false
}

// validate turns the form into the scorer's input, lets the scorer decide,
// and writes its objection next to the field at fault.
func (g Taki) validate(rc RoundCtx, f *views.TKRoundForm) (takiEntry, []int, bool) {
	if f.Winner < 0 {
		f.Error = views.T(rc.Ctx, "taki.err.nowinner")
		return takiEntry{}, nil, false
	}
	e := takiEntry{Winner: f.Winner}
	hands := make([]tkscore.Hand, len(f.Seats))
	ok := true
	for i := range f.Seats {
		s := &f.Seats[i]
		se := takiSeatEntry{Mode: s.Mode}
		switch {
		case i == f.Winner:
			se = takiSeatEntry{Mode: "out", Points: tkscore.WinnerPoints}
		case s.Mode == "points":
			n, err := strconv.Atoi(strings.TrimLeft(strings.ReplaceAll(s.Points, "−", "-"), "-+"))
			if s.Points == "" || err != nil {
				s.Error, ok = views.T(rc.Ctx, "taki.err.points"), false
				break
			}
			n = -n // points lost
			hands[i].Typed = &n
		default:
			if len(s.Cards) == 0 {
				s.Error, ok = views.T(rc.Ctx, "taki.err.nocards"), false
				break
			}
			hands[i].Cards = takiParse(s.Cards)
			se.Cards = tkCodesOf(s.Cards)
		}
		e.Seats = append(e.Seats, se)
	}
	if !ok {
		return e, nil, false
	}
	pts, _, err := tkscore.RoundPoints(hands, f.Winner, g.plus2(rc.Match))
	if err != nil {
		var ie *referee.InputError
		msg := inputMessage(err, rc.Ctx)
		seat := -1
		if errors.As(err, &ie) {
			fmt.Sscanf(ie.Field, "players[%d]", &seat)
		}
		if seat >= 0 && seat < len(f.Seats) {
			f.Seats[seat].Error = msg
		} else {
			f.Error = msg
		}
		return e, nil, false
	}
	for i := range e.Seats {
		e.Seats[i].Points = pts[i]
	}
	return e, pts, true
}

func tkCodesOf(cs []views.TKCard) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Code
	}
	return out
}

func (g Taki) Detail(ctx context.Context, m store.Match, entry json.RawMessage) string {
	var e takiEntry
	if json.Unmarshal(entry, &e) != nil {
		return ""
	}
	var parts []string
	for i, s := range e.Seats {
		if i >= len(m.Seats) {
			break
		}
		switch s.Mode {
		case "out":
			parts = append(parts, m.Seats[i].Name+" "+views.T(ctx, "taki.wentout"))
		case "cards":
			parts = append(parts, m.Seats[i].Name+": "+strings.Join(s.Cards, " "))
		}
	}
	return strings.Join(parts, " · ")
}
