package handlers

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/referee"
	fc "github.com/tablekeeper/tablekeeper/referee/fivecrowns"
	fcscore "github.com/tablekeeper/tablekeeper/scoring/fivecrowns"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// FiveCrowns is Les Cinq Rois on the scoresheet: the mapping between its
// round form and the engine's Entry. Every rule (what a round may hold, who
// deals, when the match ends) is in scoring/fivecrowns.
type FiveCrowns struct{ fcscore.Sheet }

func (FiveCrowns) Name(lang string) string { return pick(lang, "Five Crowns", "Les Cinq Rois") }

// gameRound is the Five Crowns round (1–11) of the match's number-th round.
func (g FiveCrowns) gameRound(m store.Match, number int) int {
	return g.Sheet.GameRound(engineMatch(g, m), number)
}

func (g FiveCrowns) Options(oc OptionsCtx) templ.Component {
	dealer, _ := strconv.Atoi(first(oc.Form, "firstDealer"))
	start, _ := strconv.Atoi(first(oc.Form, "startRound"))
	if start == 0 {
		start = 1
	}
	return views.FCOptions(fcscore.MaxPlayers, dealer, start, oc.Errs)
}

// ReadOptions maps the form (the first dealer counted from 1, as people
// count seats) to the engine's options (seats from 0).
func (FiveCrowns) ReadOptions(oc OptionsCtx) map[string]string {
	o := map[string]string{}
	if v := first(oc.Form, "firstDealer"); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			v = strconv.Itoa(n - 1)
		}
		o[fcscore.OptFirstDealer] = v
	}
	if v := first(oc.Form, "startRound"); v != "" {
		o[fcscore.OptStartRound] = v
	}
	return o
}

func (g FiveCrowns) RoundLabel(ctx context.Context, m store.Match, played Played, number int) string {
	if s, ok := finalRound(ctx, played, number); ok {
		return s
	}
	r := g.gameRound(m, number)
	return views.T(ctx, "fc.roundlabel", "Round", r, "Cards", fc.CardsDealt(r))
}

func (g FiveCrowns) Info(ctx context.Context, m store.Match, _ Played, number int) templ.Component {
	r := g.gameRound(m, number)
	if r > fcscore.LastRound {
		return nil
	}
	info := views.FCRoundInfo{Round: r, Of: fcscore.LastRound, CardsDealt: fc.CardsDealt(r), Wild: fc.WildRank(r).Label()}
	if dealer := g.Sheet.DealerOf(engineMatch(g, m), number); dealer >= 0 && dealer < len(m.Seats) {
		info.Dealer = m.Seats[dealer].Name
		info.Starter = m.Seats[fcscore.FirstPlayer(len(m.Seats), dealer)].Name
	}
	return views.FCInfo(info)
}

func (g FiveCrowns) RoundForm(rc RoundCtx, entry json.RawMessage) templ.Component {
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
		g.compute(rc, &f)
	}
	return views.FCForm(f)
}

func (g FiveCrowns) blankForm(rc RoundCtx) views.FCRoundForm {
	r := g.gameRound(rc.Match, rc.Number)
	f := views.FCRoundForm{Action: rc.Action, Cancel: rc.Cancel, SubmitKey: rc.SubmitKey, Version: rc.Version, Picker: -1,
		Title: views.T(rc.Ctx, "fc.entertitle", "Round", g.RoundLabel(rc.Ctx, rc.Match, rc.Played, rc.Number))}
	if rc.Version > 0 {
		f.Title = views.T(rc.Ctx, "round.correct", "Round", g.RoundLabel(rc.Ctx, rc.Match, rc.Played, rc.Number))
	}
	for _, st := range rc.Match.Seats {
		f.Seats = append(f.Seats, views.FCSeat{Name: st.Name, Mode: fcscore.ModePoints})
	}
	f.Deck = append([]views.FCCard(nil), pickerDeck(views.Lang(rc.Ctx))...)
	for i, c := range fc.Deck() {
		f.Deck[i].Wild = c.IsWild(r)
	}
	return f
}

// pickerDeck is the card picker's deck in a language, wild cards not yet
// marked: built once, as every round form shows it.
func pickerDeck(lang string) []views.FCCard {
	if lang != "fr" {
		lang = "en"
	}
	return pickerDecks()[lang]
}

var pickerDecks = sync.OnceValue(func() map[string][]views.FCCard {
	out := map[string][]views.FCCard{}
	for _, lang := range []string{"en", "fr"} {
		for _, c := range fc.Deck() {
			out[lang] = append(out[lang], cardLook(c, lang, false))
		}
	}
	return out
})

func (g FiveCrowns) cardView(rc RoundCtx, c fc.Card, round int) views.FCCard {
	return cardLook(c, views.Lang(rc.Ctx), c.IsWild(round))
}

func cardLook(c fc.Card, lang string, wild bool) views.FCCard {
	class := "suit-" + c.Suit.Letter()
	if c.Suit.Letter() == "*" {
		class = "suit-star"
	}
	return views.FCCard{Code: c.String(), Label: c.Display(), Class: class, Name: c.Name(lang), Wild: wild}
}

// cardViews draws cards from their codes. A code that is no card is kept
// as typed, so that the engine names it rather than the form dropping it.
func (g FiveCrowns) cardViews(rc RoundCtx, codes []string) []views.FCCard {
	r := g.gameRound(rc.Match, rc.Number)
	var out []views.FCCard
	for _, code := range codes {
		if c, err := fc.ParseCard(code); err == nil {
			out = append(out, g.cardView(rc, c, r))
		} else {
			out = append(out, views.FCCard{Code: code, Label: code, Name: code})
		}
	}
	return out
}

// compute shows the points the tapped cards make as soon as they are
// tapped, as the engine counts them (a leftover's values, a whole hand's
// lowest penalty under the match's house rules).
func (g FiveCrowns) compute(rc RoundCtx, f *views.FCRoundForm) {
	m := engineMatch(g, rc.Match)
	for i := range f.Seats {
		s := &f.Seats[i]
		s.Computed = ""
		if s.Mode != fcscore.ModeCards && s.Mode != fcscore.ModeHand {
			continue
		}
		if pts, err := g.Sheet.SeatPoints(m, rc.Number, fcscore.Seat{Mode: s.Mode, Cards: codesOf(s.Cards)}); err == nil {
			s.Computed = strconv.Itoa(pts)
		}
	}
}

func codesOf(cs []views.FCCard) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Code
	}
	return out
}

// ReadRound reads the form: a tap adds a card to the chosen player's cards
// and an untap takes one off (both only redraw); a save maps each seat to
// the engine's Entry, which Score then checks.
func (g FiveCrowns) ReadRound(rc RoundCtx, form url.Values) RoundPost {
	f := g.readForm(rc, form)
	g.compute(rc, &f)
	post := RoundPost{Save: form.Get("op") == "save", Form: func(err error) templ.Component {
		return views.FCForm(fcShowError(rc.Ctx, f, err))
	}}
	e := fcscore.Entry{Round: g.gameRound(rc.Match, rc.Number)}
	for i, s := range f.Seats {
		se := fcscore.Seat{Mode: s.Mode}
		switch s.Mode {
		case fcscore.ModeCards, fcscore.ModeHand:
			se.Cards = codesOf(s.Cards)
			se.Points, _ = strconv.Atoi(s.Computed) // kept for the round's summary
		case fcscore.ModePoints:
			n, err := strconv.Atoi(s.Points)
			if err != nil && post.Err == nil {
				msg := views.T(rc.Ctx, "fc.err.nopoints")
				if s.Points != "" {
					msg = views.T(rc.Ctx, "fc.err.points", "Max", fcscore.MaxPoints(e.Round))
				}
				post.Err = referee.Invalid(fmt.Sprintf("seats[%d].points", i), msg, msg)
			}
			se.Points = n
		}
		e.Seats = append(e.Seats, se)
	}
	if post.Err == nil {
		post.Entry = e.Encode()
	}
	return post
}

// readForm is the form as posted, with a tap or an untap applied.
func (g FiveCrowns) readForm(rc RoundCtx, form url.Values) views.FCRoundForm {
	f := g.blankForm(rc)
	pk := readPicker(form, "picker", "pick")
	f.Picker = pk.seat(len(f.Seats))
	for i := range f.Seats {
		s := &f.Seats[i]
		switch m := form.Get(fmt.Sprintf("mode_%d", i)); m {
		case fcscore.ModeOut, fcscore.ModeCards, fcscore.ModePoints, fcscore.ModeHand:
			s.Mode = m
		}
		s.Points = strings.TrimSpace(form.Get(fmt.Sprintf("points_%d", i)))
		s.Cards = g.cardViews(rc, strings.Fields(form.Get(fmt.Sprintf("cards_%d", i))))
	}
	if c, err := fc.ParseCard(pk.Tap); pk.Tap != "" && err == nil && f.Picker >= 0 {
		s := &f.Seats[f.Picker]
		s.Cards = append(s.Cards, g.cardView(rc, c, g.gameRound(rc.Match, rc.Number)))
		if s.Mode != fcscore.ModeHand {
			s.Mode = fcscore.ModeCards
		}
	}
	if i := pk.untapSeat(len(f.Seats)); i >= 0 && pk.Index != lastChip {
		f.Seats[i].Cards, _, _ = untap(f.Seats[i].Cards, pk.Index)
	}
	return f
}

// fcShowError puts an error of the entry next to its seat ("seats[2]…"),
// or above the form when it is about the round as a whole.
func fcShowError(ctx context.Context, f views.FCRoundForm, err error) views.FCRoundForm {
	if err == nil {
		return f
	}
	f.Seats = append([]views.FCSeat(nil), f.Seats...)
	f.Error = showErrors(ctx, err, func(at enginePath, msg string) bool {
		if !at.in("seats", len(f.Seats)) {
			return false
		}
		f.Seats[at.Index].Error = msg
		return true
	})
	return f
}

func (g FiveCrowns) Detail(ctx context.Context, m store.Match, entry json.RawMessage) string {
	if s, ok := finalScores(ctx, entry); ok {
		return s
	}
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
