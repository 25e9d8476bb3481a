// Package taki is TAKI on the pages: its web adapter (the round form ↔ the
// engine's entry, the referee page), its views and its profile.
package taki

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/games/kit"
	tk "github.com/tablekeeper/tablekeeper/referee/taki"
	"github.com/tablekeeper/tablekeeper/rulebook"
	tkscore "github.com/tablekeeper/tablekeeper/scoring/taki"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// Taki is TAKI on the scoresheet and on the referee page. Its rules are in
// scoring/taki (the round entry, its checks, the match's end) and
// referee/taki (turns): this file only maps forms to them and back.
type Taki struct{ tkscore.Sheet }

// What TAKI offers, declared: the compiler holds each (a method
// missing would silently take a page or a tool away).
var (
	_ kit.Game        = Taki{}
	_ kit.Lines       = Taki{}
	_ kit.ClaimLines  = Taki{}
	_ kit.RefereePage = Taki{}
	_ kit.API         = Taki{}
	_ kit.Auditor     = Taki{}
	_ kit.Sampler     = Taki{}
)

func (Taki) Name(string) string { return "TAKI" }

func (g Taki) Options(oc kit.OptionsCtx) templ.Component {
	o := TKOptions{End: oc.Form.Get("end"), Rounds: oc.Form.Get("rounds"), Limit: oc.Form.Get("limit"), Sign: "+", Errs: oc.Errs}
	if oc.Form == nil {
		o.Rounds, o.Limit = "5", "500"
	}
	return TKOptionsForm(o)
}

// ReadOptions maps the new-match form; the engine checks it.
func (Taki) ReadOptions(oc kit.OptionsCtx) map[string]string {
	out := map[string]string{}
	for _, k := range []string{tkscore.OptEnd, tkscore.OptRounds, tkscore.OptLimit} {
		out[k] = oc.Form.Get(k)
	}
	return out
}

func (g Taki) RoundLabel(ctx context.Context, m store.Match, played kit.Played, number int) string {
	return views.T(ctx, "taki.roundlabel", "Round", number)
}

func (g Taki) Info(ctx context.Context, m store.Match, _ kit.Played, number int) templ.Component {
	em := kit.EngineMatch(g, m)
	e := tkscore.MatchEnd(em)
	if e.Rounds > 0 && number > e.Rounds {
		return nil
	}
	info := TKRoundInfo{Round: number, Of: e.Rounds, Plus2: tkscore.CardPoints(tk.Card{Colour: tk.Red, Kind: tk.Plus2}, tkscore.Plus2(em))}
	if e.Limit > 0 {
		info.Limit = "+" + strconv.Itoa(e.Limit)
		if e.Minus {
			info.Limit = "−" + strconv.Itoa(e.Limit)
		}
	}
	return TKInfo(info)
}

// takiCardView is a card as the pickers and chips show it.
func takiCardView(lang string, c tk.Card) TKCard {
	class := "c-none"
	if c.Colour != tk.NoColour {
		class = "c-" + c.Colour.Letter()
	}
	return TKCard{Code: c.String(), Label: takiLabel(c, lang), Class: class, Name: views.Messages().Say(lang, c.Name())}
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
		return views.Messages().Say(lang, rulebook.Say("taki.face.colour"))
	case tk.SuperTaki:
		return "Super"
	case tk.Crazy:
		return views.Messages().Say(lang, rulebook.Say("taki.face.crazy"))
	}
	return "?"
}

func takiDeckViews(lang string) []TKCard {
	var out []TKCard
	for _, c := range tk.Deck() {
		out = append(out, takiCardView(lang, c))
	}
	return out
}

// takiCards reads codes, skipping any that is not a card (the pickers only
// post real codes; the referee page reports bad codes itself).
func takiCards(lang string, codes []string) []TKCard {
	var out []TKCard
	for _, code := range codes {
		if c, err := tk.ParseCard(code); err == nil {
			out = append(out, takiCardView(lang, c))
		}
	}
	return out
}

// takiTyped reads the codes of a seat as posted: one that is no card (typed
// by hand, or a stale page) stays as a plain chip and reaches the engine,
// which refuses it naming the seat and the card.
func takiTyped(lang string, codes []string) []TKCard {
	out := make([]TKCard, len(codes))
	for i, code := range codes {
		out[i] = TKCard{Code: code, Label: code, Class: "c-none", Name: code}
		if c, err := tk.ParseCard(code); err == nil {
			out[i] = takiCardView(lang, c)
		}
	}
	return out
}

func (g Taki) blankForm(rc kit.RoundCtx) TKRoundForm {
	label := g.RoundLabel(rc.Ctx, rc.Match, rc.Played, rc.Number)
	f := TKRoundForm{Frame: rc.Frame(views.T(rc.Ctx, "taki.entertitle", "Round", label), views.T(rc.Ctx, "taki.save")),
		Winner: -1, Picker: -1, Deck: takiDeckViews(views.Lang(rc.Ctx))}
	if rc.Version > 0 {
		f.Frame.Title = views.T(rc.Ctx, "round.correct", "Round", label)
	}
	for _, st := range rc.Match.Seats {
		f.Seats = append(f.Seats, TKSeat{Name: st.Name, Mode: "cards"})
	}
	return f
}

func (g Taki) RoundForm(rc kit.RoundCtx, entry json.RawMessage) templ.Component {
	f := g.blankForm(rc)
	if e, err := tkscore.DecodeEntry(entry); err == nil && len(e.Seats) > 0 {
		f.Winner = e.Winner
		for i := range f.Seats {
			if i >= len(e.Seats) {
				break
			}
			se := e.Seats[i]
			if se.Mode == tkscore.ModePoints {
				f.Seats[i].Mode, f.Seats[i].Points = se.Mode, strconv.Itoa(-se.Points)
			}
			f.Seats[i].Cards = takiCards(views.Lang(rc.Ctx), se.Cards)
		}
	}
	g.compute(rc, &f)
	g.dress(rc, &f, "")
	return TKForm(f)
}

// compute marks the winner and shows the working of every hand tapped in.
func (g Taki) compute(rc kit.RoundCtx, f *TKRoundForm) {
	for i := range f.Seats {
		s := &f.Seats[i]
		s.Winner = i == f.Winner
		s.Computed, s.Shown, s.FromCards = "", s.Points, false
		if s.Winner || s.Mode != "cards" || len(s.Cards) == 0 {
			continue
		}
		var pts int
		pts, s.Computed = tkscore.HandPoints(takiParse(s.Cards), tkscore.Plus2(kit.EngineMatch(g, rc.Match)))
		s.Shown, s.FromCards = strconv.Itoa(-pts), true
	}
}

// takiMode is a seat's mode as its row says it, decided here only: the
// cards tapped win over a number typed (the field then shows what they
// cost); without cards, the number typed is the points lost. No mode is
// chosen by hand, so typed points need no switch.
func takiMode(cards int) string {
	if cards > 0 {
		return tkscore.ModeCards
	}
	return tkscore.ModePoints
}

// takiHeld counts the copies of each card tapped in this round, over every hand.
func takiHeld(seats []TKSeat) map[string]int {
	n := map[string]int{}
	for _, s := range seats {
		for _, c := range s.Cards {
			n[c.Code]++
		}
	}
	return n
}

// dress opens the bottom sheet for the player it is for: their cards, the
// deck a colour per row, the cards the deck holds no more of refused.
func (g Taki) dress(rc kit.RoundCtx, f *TKRoundForm, refused string) {
	if f.Picker < 0 || f.Picker >= len(f.Seats) || f.Picker == f.Winner {
		f.Picker = -1
		return
	}
	s := f.Seats[f.Picker]
	sh := &views.PickerSheet{Seat: f.Picker, Title: views.T(rc.Ctx, "picker.for", "Name", s.Name), Error: refused, Computed: s.Computed, Columns: 7}
	for _, c := range s.Cards {
		sh.Chips = append(sh.Chips, views.PickerCard{Code: c.Code, Label: c.Label, Class: c.Class, Name: c.Name})
	}
	for i, o := range f.Seats {
		if i != f.Picker && i != f.Winner {
			sh.Players = append(sh.Players, views.PickerPlayer{Seat: i, Name: o.Name, Aria: views.T(rc.Ctx, "picker.open", "Name", o.Name), Class: rc.Colour(i)})
		}
	}
	sh.Suits = takiSuits(rc.Ctx, takiHeld(f.Seats))
	f.Sheet = sh
}

// takiSuits is the picker's deck, a row per colour, the cards of which every
// copy is held (held: by code) greyed out; the scoresheet's and the
// referee's sheets both draw it.
func takiSuits(ctx context.Context, held map[string]int) []views.PickerSuit {
	lang := views.Lang(ctx)
	var suits []views.PickerSuit
	deck := tk.Deck()
	for i, c := range deck {
		if i == 0 || c.Colour != deck[i-1].Colour {
			name := views.T(ctx, "taki.colourless")
			if c.Colour != tk.NoColour {
				name = views.Say(ctx, c.Colour.Name())
			}
			suits = append(suits, views.PickerSuit{Name: name})
		}
		v := takiCardView(lang, c)
		last := &suits[len(suits)-1]
		last.Cards = append(last.Cards, views.PickerCard{Code: v.Code, Label: v.Label, Class: v.Class, Name: v.Name, Full: held[v.Code] >= tk.Copies(c)})
	}
	return suits
}

func takiParse(cs []TKCard) []tk.Card {
	out := make([]tk.Card, 0, len(cs))
	for _, c := range cs {
		if card, err := tk.ParseCard(c.Code); err == nil {
			out = append(out, card)
		}
	}
	return out
}

// ReadRound reads the form: a tap adds or removes a card on the chosen
// player's hand; «save» maps it to the engine's entry. A form the engine
// cannot be asked about (nobody went out, a seat left blank, text where the
// points go) is refused here, naming the seat: the rest is Score's.
func (g Taki) ReadRound(rc kit.RoundCtx, form url.Values) kit.RoundPost {
	lang := views.Lang(rc.Ctx)
	f := g.blankForm(rc)
	if w, err := strconv.Atoi(form.Get("winner")); err == nil && w >= 0 && w < len(f.Seats) {
		f.Winner = w
	}
	pk := kit.ReadPicker(form, "picker", "pick")
	if f.Picker = pk.Seat(len(f.Seats)); f.Picker == f.Winner {
		f.Picker = -1 // the winner holds no cards
	}
	for i := range f.Seats {
		s := &f.Seats[i]
		s.Points = strings.TrimSpace(form.Get(fmt.Sprintf("points_%d", i)))
		s.Cards = takiTyped(lang, strings.Fields(form.Get(fmt.Sprintf("cards_%d", i))))
	}
	refused := ""
	if c, err := tk.ParseCard(pk.Tap); pk.Tap != "" && err == nil && f.Picker >= 0 {
		if takiHeld(f.Seats)[c.String()] >= tk.Copies(c) {
			refused = views.T(rc.Ctx, "picker.full", "Card", views.Say(rc.Ctx, c.Name()), "N", tk.Copies(c))
		} else if cs := takiCards(lang, []string{pk.Tap}); len(cs) == 1 {
			f.Seats[f.Picker].Cards = append(f.Seats[f.Picker].Cards, cs[0])
		}
	}
	if i := pk.UntapSeat(len(f.Seats)); i >= 0 && pk.Index != kit.LastChip {
		f.Seats[i].Cards, _, _ = kit.Untap(f.Seats[i].Cards, pk.Index)
	}
	for i := range f.Seats {
		f.Seats[i].Mode = takiMode(len(f.Seats[i].Cards))
	}
	g.compute(rc, &f)
	g.dress(rc, &f, refused)
	post := kit.RoundPost{Save: kit.Saving(form), Form: func(err error) templ.Component {
		shown := f
		shown.Seats = append([]TKSeat(nil), f.Seats...)
		takiShowErrors(rc.Ctx, &shown, err)
		return TKForm(shown)
	}}
	if post.Save {
		post.Entry, post.Err = g.entry(rc, f)
	}
	return post
}

// entry is the form as the engine's entry, or every mistake of it at once:
// what the form cannot say (nobody went out, a row left blank, text where
// the points go) and, when a winner is chosen, what the engine refuses in
// the other rows (a card more often than the deck holds it, points no
// hand loses).
func (g Taki) entry(rc kit.RoundCtx, f TKRoundForm) (json.RawMessage, error) {
	e, errs := takiEntry(f)
	if len(errs) == 0 {
		return e.Encode(), nil
	}
	if f.Winner >= 0 {
		_, err := g.Sheet.Score(kit.EngineMatch(g, rc.Match), nil, e.Encode())
		for _, err := range kit.Mistakes(err) {
			var ie *rulebook.InputError
			if errors.As(err, &ie) && takiFormSeat(ie.Seat, errs) {
				continue // a row the form refused: its stand-in is no mistake of the player's
			}
			errs = append(errs, err)
		}
	}
	return nil, rulebook.All(errs)
}

// takiFormSeat reports whether errs (the form's) refuse the row of seat.
func takiFormSeat(seat int, errs []error) bool {
	for _, err := range errs {
		var ie *rulebook.InputError
		if errors.As(err, &ie) && seat != rulebook.NoSeat && ie.Seat == seat {
			return true
		}
	}
	return false
}

// takiEntry maps the form to the engine's entry. Cards left are sent as
// tapped: counting them, and refusing a hand the deck cannot deal, is Score's.
// Every row is read: errs says what the form cannot be asked about, and a
// row it names holds a stand-in (a point lost) in the entry. Before anyone
// went out, a blank row is no mistake yet: it may be the winner's.
func takiEntry(f TKRoundForm) (tkscore.Entry, []error) {
	var errs []error
	if f.Winner < 0 {
		errs = append(errs, rulebook.Mistake("winner", "taki.err.nowinner"))
	}
	e := tkscore.Entry{Winner: f.Winner}
	for i, s := range f.Seats {
		field := fmt.Sprintf("seats[%d]", i)
		switch {
		case i == f.Winner:
			e.Seats = append(e.Seats, tkscore.WentOut())
		case s.Mode == tkscore.ModePoints && s.Points == "":
			if f.Winner >= 0 {
				errs = append(errs, rulebook.SeatMistake(i, field+".points", "taki.err.nocards"))
			}
			e.Seats = append(e.Seats, tkscore.Lost(-1))
		case s.Mode == tkscore.ModePoints:
			n, err := strconv.Atoi(strings.TrimLeft(strings.ReplaceAll(s.Points, "−", "-"), "-+"))
			if err != nil {
				errs = append(errs, rulebook.SeatMistake(i, field+".points", "taki.err.points"))
				n = 1
			}
			e.Seats = append(e.Seats, tkscore.Lost(-n)) // typed as points lost
		case len(s.Cards) == 0:
			errs = append(errs, rulebook.SeatMistake(i, field+".cards", "taki.err.nocards"))
			e.Seats = append(e.Seats, tkscore.Lost(-1))
		default:
			codes := make([]string, len(s.Cards))
			for j, c := range s.Cards {
				codes[j] = c.Code
			}
			e.Seats = append(e.Seats, tkscore.Holding(codes...))
		}
	}
	return e, errs
}

// takiShowErrors writes each refusal next to the seat it names, or above
// the form.
func takiShowErrors(ctx context.Context, f *TKRoundForm, err error) {
	f.Error = kit.ShowErrors(ctx, err, func(at kit.EnginePath, msg string) bool {
		if !at.In("seats", len(f.Seats)) {
			return false
		}
		f.Seats[at.Index].Error = msg
		return true
	})
}

func (g Taki) Detail(ctx context.Context, m store.Match, entry json.RawMessage) string {
	e, err := tkscore.DecodeEntry(entry)
	if err != nil {
		return ""
	}
	var parts []string
	for i, s := range e.Seats {
		if i >= len(m.Seats) {
			break
		}
		switch s.Mode {
		case tkscore.ModeOut:
			parts = append(parts, m.Seats[i].Name+" "+views.T(ctx, "taki.wentout"))
		case tkscore.ModeCards:
			parts = append(parts, m.Seats[i].Name+": "+strings.Join(s.Cards, " "))
		}
	}
	return strings.Join(parts, " · ")
}

// Line is a row's own fields: what its player enters from their own phone,
// with the winner's radio when it names the row.
func (Taki) Line(form url.Values, row int) url.Values {
	return kit.RowLine(form, row, kit.ClaimFields(takiClaims)...)
}

// Claims: the winner is one row's, claimed from its line; two lines
// claiming it are refused, each claimant named.
func (Taki) Claims() []kit.Claim { return takiClaims }

var takiClaims = []kit.Claim{{Field: "winner", Twice: func(others string) rulebook.Msg {
	return rulebook.Say("taki.err.twowinners", "Others", others)
}}}
