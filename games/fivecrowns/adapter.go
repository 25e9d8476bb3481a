// Package fivecrowns is Five Crowns on the pages: its web adapter (the round form ↔ the
// engine's entry, the referee page), its views and its profile.
package fivecrowns

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/games/kit"
	fc "github.com/tablekeeper/tablekeeper/referee/fivecrowns"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
	fcscore "github.com/tablekeeper/tablekeeper/scoring/fivecrowns"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// FiveCrowns is Les Cinq Rois on the scoresheet: the mapping between its
// round form and the engine's Entry. Every rule (what a round may hold, who
// deals, when the match ends) is in scoring/fivecrowns.
type FiveCrowns struct{ fcscore.Sheet }

// What Five Crowns offers, declared: the compiler holds each (a method
// missing would silently take a page or a tool away).
var (
	_ kit.Game        = FiveCrowns{}
	_ kit.Lines       = FiveCrowns{}
	_ kit.RefereePage = FiveCrowns{}
	_ kit.API         = FiveCrowns{}
	_ kit.Auditor     = FiveCrowns{}
	_ kit.Sampler     = FiveCrowns{}
	_ kit.Variants    = FiveCrowns{}
)

func (FiveCrowns) Name(lang string) string {
	return views.Messages().Say(lang, rulebook.Say("fivecrowns.name"))
}

// gameRound is the Five Crowns round (1–11) of the match's number-th round.
// It follows the match's options alone (where it started): the house rules
// are not resolved for it, as every round's label asks it.
func (g FiveCrowns) gameRound(m store.Match, number int) int {
	return g.Sheet.GameRound(scoring.Match{Seats: len(m.Seats), Options: m.Options}, number)
}

func (g FiveCrowns) Options(oc kit.OptionsCtx) templ.Component {
	start, _ := strconv.Atoi(oc.Form.Get("startRound"))
	if start == 0 {
		start = 1
	}
	return FCOptions(start, oc.Errs)
}

// ReadOptions maps the form and the first dealer (counted from 1, as people
// count seats) to the engine's options (seats from 0).
func (FiveCrowns) ReadOptions(oc kit.OptionsCtx) map[string]string {
	o := map[string]string{fcscore.OptFirstDealer: strconv.Itoa(oc.Dealer - 1)}
	if v := oc.Form.Get("startRound"); v != "" {
		o[fcscore.OptStartRound] = v
	}
	return o
}

func (g FiveCrowns) RoundLabel(ctx context.Context, m store.Match, played kit.Played, number int) string {
	r := g.gameRound(m, number)
	return views.T(ctx, "fc.roundlabel", "Round", r, "Cards", fc.CardsDealt(r))
}

func (g FiveCrowns) Info(ctx context.Context, m store.Match, _ kit.Played, number int) templ.Component {
	r := g.gameRound(m, number)
	if r > fcscore.LastRound {
		return nil
	}
	info := FCRoundInfo{Round: r, Of: fcscore.LastRound, CardsDealt: fc.CardsDealt(r), Wild: fc.WildRank(r).Label()}
	em := kit.EngineMatch(g, m)
	if dealer, first := g.Sheet.DealerOf(em, number), g.Sheet.StarterOf(em, number); dealer >= 0 && dealer < len(m.Seats) && first >= 0 && first < len(m.Seats) {
		info.Dealer = m.Seats[dealer].Name
		info.Starter = m.Seats[first].Name
	}
	return FCInfo(info)
}

func (g FiveCrowns) RoundForm(rc kit.RoundCtx, entry json.RawMessage) templ.Component {
	f := g.blankForm(rc)
	if e, err := fcscore.DecodeEntry(entry); entry != nil && err == nil {
		for i := range f.Seats {
			if i < len(e.Seats) {
				se := e.Seats[i]
				f.Seats[i].Mode = se.Mode
				if se.Mode == fcscore.ModePoints {
					f.Seats[i].Points = strconv.Itoa(se.Points)
				}
				f.Seats[i].Cards = g.cardViews(rc, se.Cards)
			}
		}
	}
	g.dress(rc, &f, "")
	return FCForm(f)
}

func (g FiveCrowns) blankForm(rc kit.RoundCtx) FCRoundForm {
	r := g.gameRound(rc.Match, rc.Number)
	f := FCRoundForm{Frame: rc.Frame(views.T(rc.Ctx, "fc.entertitle", "Round", g.RoundLabel(rc.Ctx, rc.Match, rc.Played, rc.Number)), views.T(rc.Ctx, "fc.save")),
		Picker: -1}
	if rc.Version > 0 {
		f.Frame.Title = views.T(rc.Ctx, "round.correct", "Round", g.RoundLabel(rc.Ctx, rc.Match, rc.Played, rc.Number))
	}
	for _, st := range rc.Match.Seats {
		f.Seats = append(f.Seats, FCSeat{Name: st.Name, Mode: fcscore.ModePoints})
	}
	f.Deck = wildDeck(views.Lang(rc.Ctx), r)
	return f
}

// wildDeck is the card picker's deck in a language with round r's wild
// cards marked. The forms only read it, so each language and round has one,
// built with the picker's decks and shared (a copy per form was a fifth of
// the bytes a round save allocated); a round no game has is built apart.
func wildDeck(lang string, r int) []FCCard {
	if lang != "fr" {
		lang = "en"
	}
	if kept := pickerDecks().wild[lang]; r >= 0 && r < len(kept) {
		return kept[r]
	}
	return markWild(pickerDeck(lang), r)
}

// markWild is a copy of deck with round r's wild cards marked, clipped so
// that an append copies it again.
func markWild(deck []FCCard, r int) []FCCard {
	d := slices.Clone(deck)
	for i, c := range fc.Deck() {
		d[i].Wild = c.IsWild(r)
	}
	return d[:len(d):len(d)]
}

// keptWildRounds is how many rounds' decks are kept: 0 to 16 (a game has 11).
const keptWildRounds = 17

// pickerDeck is the card picker's deck in a language, wild cards not yet
// marked: built once, as every round form shows it.
func pickerDeck(lang string) []FCCard {
	if lang != "fr" {
		lang = "en"
	}
	return pickerDecks().plain[lang]
}

type fcDecks struct {
	plain map[string][]FCCard   // by language
	wild  map[string][][]FCCard // by language, then round
}

// pickerDecks are the picker's decks of both languages, plain and with each
// round's wild cards marked (2 × 17 decks of 116 cards, 300 KB).
var pickerDecks = sync.OnceValue(func() (d fcDecks) {
	d.plain, d.wild = map[string][]FCCard{}, map[string][][]FCCard{}
	for _, lang := range []string{"en", "fr"} {
		for _, c := range fc.Deck() {
			d.plain[lang] = append(d.plain[lang], cardLook(c, lang, false))
		}
		for r := range keptWildRounds {
			d.wild[lang] = append(d.wild[lang], markWild(d.plain[lang], r))
		}
	}
	return d
})

func (g FiveCrowns) cardView(rc kit.RoundCtx, c fc.Card, round int) FCCard {
	return cardLook(c, views.Lang(rc.Ctx), c.IsWild(round))
}

func cardLook(c fc.Card, lang string, wild bool) FCCard {
	class := "suit-" + c.Suit.Letter()
	if c.Suit.Letter() == "*" {
		class = "suit-star"
	}
	return FCCard{Code: c.String(), Label: c.Display(), Class: class, Name: views.Messages().Say(lang, c.Name()), Wild: wild}
}

// cardViews draws cards from their codes. A code that is no card is kept
// as typed, so that the engine names it rather than the form dropping it.
func (g FiveCrowns) cardViews(rc kit.RoundCtx, codes []string) []FCCard {
	r := g.gameRound(rc.Match, rc.Number)
	var out []FCCard
	for _, code := range codes {
		if c, err := fc.ParseCard(code); err == nil {
			out = append(out, g.cardView(rc, c, r))
		} else {
			out = append(out, FCCard{Code: code, Label: code, Name: code})
		}
	}
	return out
}

// compute shows the points the tapped cards make as soon as they are
// tapped, as the engine counts them (a leftover's values, a whole hand's
// lowest penalty under the match's house rules).
func (g FiveCrowns) compute(rc kit.RoundCtx, f *FCRoundForm) {
	m := kit.EngineMatch(g, rc.Match)
	for i := range f.Seats {
		s := &f.Seats[i]
		s.Computed = ""
		if s.Mode != fcscore.ModeCards && s.Mode != fcscore.ModeHand {
			continue
		}
		if s.Mode == fcscore.ModeHand {
			s.Laid, s.More = nil, 0
			if sol, err := g.Sheet.HandLayout(m, rc.Number, codesOf(s.Cards)); err == nil {
				s.Computed, s.Laid = strconv.Itoa(sol.Penalty), g.laid(rc, sol)
			} else if n := fc.CardsDealt(g.gameRound(rc.Match, rc.Number)); len(s.Cards) < n {
				s.More = n - len(s.Cards)
			}
			continue
		}
		if pts, err := g.Sheet.SeatPoints(m, rc.Number, fcscore.Seat{Mode: s.Mode, Cards: codesOf(s.Cards)}); err == nil {
			s.Computed = strconv.Itoa(pts)
		}
	}
}

// laid is a whole hand's lay-down as the form shows it, in card labels.
func (g FiveCrowns) laid(rc kit.RoundCtx, sol fc.Solution) *FCLaid {
	r := g.gameRound(rc.Match, rc.Number)
	labels := func(cs []fc.Card) string {
		out := make([]FCCard, len(cs))
		for i, c := range cs {
			out[i] = g.cardView(rc, c, r)
		}
		return cardLabels(out)
	}
	l := &FCLaid{Kept: labels(sol.Leftover)}
	for _, m := range sol.Melds {
		l.Melds = append(l.Melds, labels(m))
	}
	if sol.Discard != nil {
		l.Discard = labels([]fc.Card{*sol.Discard})
	}
	return l
}

func codesOf(cs []FCCard) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Code
	}
	return out
}

// ReadRound reads the form: a tap adds a card to the chosen player's cards
// and an kit.Untap takes one off (both only redraw); a save maps each seat to
// the engine's Entry, which Score then checks.
func (g FiveCrowns) ReadRound(rc kit.RoundCtx, form url.Values) kit.RoundPost {
	f, refused := g.readForm(rc, form)
	g.dress(rc, &f, refused)
	post := kit.RoundPost{Save: kit.Saving(form), Form: func(err error) templ.Component {
		return FCForm(fcShowError(rc.Ctx, f, err))
	}}
	e := fcscore.Entry{Round: g.gameRound(rc.Match, rc.Number)}
	// Every row's mistake, in seat order: when a row cannot be read the
	// engine is not asked, so the points typed that no hand makes are said
	// here too, all at once rather than one per save.
	var rows []error
	unread := false
	outs := fcscore.OutMistakes(fcModes(f.Seats))
	for i, s := range f.Seats {
		se := fcscore.Seat{Mode: s.Mode}
		if err, ok := outs[i]; ok { // a second player marked out, said with the rows unread
			rows = append(rows, err)
		}
		switch s.Mode {
		case fcscore.ModeCards, fcscore.ModeHand:
			se.Cards = codesOf(s.Cards)
			se.Points, _ = strconv.Atoi(s.Computed) // kept for the round's summary
		case fcscore.ModePoints:
			n, err := strconv.Atoi(s.Points)
			if err != nil {
				bad := rulebook.SeatMistake(i, fmt.Sprintf("seats[%d].points", i), "fc.err.nopoints")
				if s.Points != "" {
					bad = rulebook.SeatMistake(i, fmt.Sprintf("seats[%d].points", i), "fc.err.points", "Max", fcscore.MaxPoints(e.Round))
				}
				rows, unread = append(rows, bad), true
			} else if bad := fcscore.CheckTypedPoints(fmt.Sprintf("seats[%d].points", i), e.Round, n); bad != nil {
				rows = append(rows, rulebook.OfSeat(i, bad))
			}
			se.Points = n
		}
		e.Seats = append(e.Seats, se)
	}
	if unread {
		post.Err = rulebook.All(rows)
	}
	if post.Err == nil {
		post.Entry = e.Encode()
	}
	return post
}

// fcMode is a seat's mode as the row says it, decided here only: "went
// out" first, then the cards tapped (they win over a number typed: the
// field then shows what they make), as a whole hand when so switched, and
// otherwise the points typed (a number typed and no card tapped is that
// number, whatever was switched). No mode is chosen by hand. On the
// player's own phone (own) the cards tapped, or about to be (open: the
// row's card sheet is open), are a whole hand unless switched to the cards
// left: a player at the end of a round holds his hand, and the solver lays
// it down for him (issue 37).
func fcMode(posted []string, cards int, typed, open, own bool) string {
	switch {
	case slices.Contains(posted, fcscore.ModeOut):
		return fcscore.ModeOut
	case cards == 0 && typed:
		return fcscore.ModePoints
	case slices.Contains(posted, fcscore.ModeHand):
		return fcscore.ModeHand
	case slices.Contains(posted, fcscore.ModeCards):
		return fcscore.ModeCards
	case own && (cards > 0 || open):
		return fcscore.ModeHand
	case cards > 0:
		return fcscore.ModeCards
	}
	return fcscore.ModePoints
}

// readForm is the form as posted, with a tap or an kit.Untap applied. refused says why a tap was not taken: the
// deck holds no more copies of that card.
func (g FiveCrowns) readForm(rc kit.RoundCtx, form url.Values) (f FCRoundForm, refused string) {
	f = g.blankForm(rc)
	pk := kit.ReadPicker(form, "picker", "pick")
	f.Picker = pk.Seat(len(f.Seats))
	posted := make([][]string, len(f.Seats))
	for i := range f.Seats {
		s := &f.Seats[i]
		posted[i] = form[fmt.Sprintf("mode_%d", i)]
		s.Points = strings.TrimSpace(form.Get(fmt.Sprintf("points_%d", i)))
		s.Cards = g.cardViews(rc, strings.Fields(form.Get(fmt.Sprintf("cards_%d", i))))
	}
	if c, err := fc.ParseCard(pk.Tap); pk.Tap != "" && err == nil && f.Picker >= 0 {
		if n := fcHeld(f.Seats)[c.String()]; n >= fc.Copies(c) {
			refused = views.T(rc.Ctx, "picker.full", "Card", c.Display(), "N", fc.Copies(c))
		} else {
			s := &f.Seats[f.Picker]
			s.Cards = append(s.Cards, g.cardView(rc, c, g.gameRound(rc.Match, rc.Number)))
			posted[f.Picker] = slices.DeleteFunc(slices.Clone(posted[f.Picker]), func(v string) bool { return v == fcscore.ModeOut })
		}
	}
	if i := pk.UntapSeat(len(f.Seats)); i >= 0 && pk.Index != kit.LastChip {
		f.Seats[i].Cards, _, _ = kit.Untap(f.Seats[i].Cards, pk.Index)
	}
	for i := range f.Seats {
		f.Seats[i].Mode = fcMode(posted[i], len(f.Seats[i].Cards), f.Seats[i].Points != "", f.Picker == i, rc.Own(i))
	}
	return f, refused
}

// fcHeld counts the copies of each card tapped in this round, over every hand.
func fcHeld(seats []FCSeat) map[string]int {
	n := map[string]int{}
	for _, s := range seats {
		for _, c := range s.Cards {
			n[c.Code]++
		}
	}
	return n
}

// dress finishes a form for drawing: each row's number (the cards' points
// when cards are tapped), and the bottom sheet for the player it is open
// for, with the cards the deck holds no more of refused at the tap.
func (g FiveCrowns) dress(rc kit.RoundCtx, f *FCRoundForm, refused string) {
	g.compute(rc, f)
	for i := range f.Seats {
		s := &f.Seats[i]
		s.FromCards = (s.Mode == fcscore.ModeCards || s.Mode == fcscore.ModeHand) && len(s.Cards) > 0
		s.Shown = s.Points
		if s.FromCards {
			s.Shown = s.Computed
		}
	}
	if f.Picker < 0 || f.Picker >= len(f.Seats) || f.Seats[f.Picker].Mode == fcscore.ModeOut {
		f.Picker = -1
		return
	}
	s := f.Seats[f.Picker]
	lang := views.Lang(rc.Ctx)
	sh := &views.PickerSheet{Seat: f.Picker, Title: views.T(rc.Ctx, "picker.for", "Name", s.Name), Error: refused,
		Toggle: FCHandToggle(f.Picker, f.Frame.Action, s.Mode == fcscore.ModeHand), Computed: s.Computed, Columns: 6}
	if s.Mode == fcscore.ModeHand {
		sh.Title = views.T(rc.Ctx, "picker.forhand", "Name", s.Name)
		sh.Detail = fcHand(s)
	}
	for _, c := range s.Cards {
		sh.Chips = append(sh.Chips, fcPickerCard(c, false))
	}
	for i, o := range f.Seats {
		if i != f.Picker && o.Mode != fcscore.ModeOut {
			sh.Players = append(sh.Players, views.PickerPlayer{Seat: i, Name: o.Name, Aria: views.T(rc.Ctx, "picker.open", "Name", o.Name), Class: rc.Colour(i)})
		}
	}
	sh.Suits = fcSuits(lang, f.Deck, fcHeld(f.Seats))
	f.Sheet = sh
}

// fcSuits is the picker's deck (its cards as deck shows them, in fc.Deck's
// order), a row per suit and one for the jokers, the cards of which every
// copy is held (held: by code) greyed out; the scoresheet's and the
// referee's sheets both draw it.
func fcSuits(lang string, deck []FCCard, held map[string]int) []views.PickerSuit {
	var suits []views.PickerSuit
	all := fc.Deck()
	for i, c := range all {
		if i == 0 || c.Suit != all[i-1].Suit {
			name := views.Messages().Say(lang, c.Suit.Name())
			if c.IsJoker() {
				name = views.Messages().Say(lang, c.Name())
			}
			suits = append(suits, views.PickerSuit{Name: name})
		}
		last := &suits[len(suits)-1]
		last.Cards = append(last.Cards, fcPickerCard(deck[i], held[c.String()] >= fc.Copies(c)))
	}
	return suits
}

func fcPickerCard(c FCCard, full bool) views.PickerCard {
	return views.PickerCard{Code: c.Code, Label: c.Label, Class: c.Class, Name: c.Name, Wild: c.Wild, Full: full}
}

// fcShowError puts an error of the entry next to its seat ("seats[2]…"),
// or above the form when it is about the round as a whole.
func fcShowError(ctx context.Context, f FCRoundForm, err error) FCRoundForm {
	if err == nil {
		return f
	}
	f.Seats = append([]FCSeat(nil), f.Seats...)
	f.Error = kit.ShowErrors(ctx, err, func(at kit.EnginePath, msg string) bool {
		if !at.In("seats", len(f.Seats)) {
			return false
		}
		f.Seats[at.Index].Error = msg
		return true
	})
	return f
}

func (g FiveCrowns) Detail(ctx context.Context, m store.Match, entry json.RawMessage) string {
	e, err := fcscore.DecodeEntry(entry)
	if err != nil {
		return ""
	}
	var parts []string
	for i, s := range e.Seats {
		if i >= len(m.Seats) {
			break
		}
		var labels []string
		for _, code := range s.Cards {
			if c, err := fc.ParseCard(code); err == nil {
				labels = append(labels, c.Display())
			}
		}
		switch s.Mode {
		case fcscore.ModeOut:
			parts = append(parts, m.Seats[i].Name+" "+views.T(ctx, "fc.mode.out"))
		case fcscore.ModeCards:
			parts = append(parts, m.Seats[i].Name+": "+strings.Join(labels, " "))
		case fcscore.ModeHand:
			parts = append(parts, views.T(ctx, "fcref.detail.hand", "Name", m.Seats[i].Name, "Cards", strings.Join(labels, " "), "Points", s.Points))
		}
	}
	return strings.Join(parts, " · ")
}

// fcModes is the rows' modes as the engine reads them.
func fcModes(rows []FCSeat) []fcscore.Seat {
	out := make([]fcscore.Seat, len(rows))
	for i, r := range rows {
		out[i].Mode = r.Mode
	}
	return out
}

// Line is a row's own fields: what its player enters from their own phone.
func (FiveCrowns) Line(form url.Values, row int) url.Values { return kit.RowLine(form, row) }
