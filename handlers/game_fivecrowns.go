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

// FiveCrowns is Les Cinq Rois on the scoresheet.
type FiveCrowns struct{}

// fcEntry is what a Five Crowns round stores: the game round (which fixes
// the wild) and, per seat, how the points were given.
type fcEntry struct {
	Round int           `json:"round"`
	Seats []fcSeatEntry `json:"seats"`
}

type fcSeatEntry struct {
	Mode   string   `json:"mode"` // points, out, cards (the leftover), hand (the whole final hand)
	Cards  []string `json:"cards,omitempty"`
	Points int      `json:"points"`
}

func (FiveCrowns) ID() string { return "fivecrowns" }

func (FiveCrowns) Name(lang string) string {
	return pick(lang, "Five Crowns", "Les Cinq Rois")
}

func (FiveCrowns) Seats() (int, int) { return fcscore.MinPlayers, fcscore.MaxPlayers }

func (FiveCrowns) HouseRules() []referee.HouseRule { return fc.HouseRules }

func (FiveCrowns) LowWins() bool { return true }

func (FiveCrowns) startRound(m store.Match) int {
	n, err := strconv.Atoi(m.Options["startRound"])
	if err != nil || !fcscore.ValidStartRound(n) {
		return 1
	}
	return n
}

// gameRound is the Five Crowns round (1–11) of the match's number-th round.
func (g FiveCrowns) gameRound(m store.Match, number int) int { return g.startRound(m) + number - 1 }

func (g FiveCrowns) Options(oc OptionsCtx) templ.Component {
	dealer, _ := strconv.Atoi(first(oc.Form, "firstDealer"))
	start, _ := strconv.Atoi(first(oc.Form, "startRound"))
	if start == 0 {
		start = 1
	}
	return views.FCOptions(fcscore.MaxPlayers, dealer, start, oc.Errs)
}

func (g FiveCrowns) ParseOptions(oc OptionsCtx) (map[string]string, views.FieldErrors) {
	errs := views.FieldErrors{}
	dealer, err := strconv.Atoi(first(oc.Form, "firstDealer"))
	if err != nil || dealer < 1 || (len(oc.Names) > 0 && dealer > len(oc.Names)) {
		errs["firstDealer"] = views.T(oc.Ctx, "fc.err.firstdealer", "N", len(oc.Names))
	}
	start, err := strconv.Atoi(first(oc.Form, "startRound"))
	if err != nil || !fcscore.ValidStartRound(start) {
		errs["startRound"] = views.T(oc.Ctx, "fc.err.startround")
	}
	return map[string]string{"firstDealer": strconv.Itoa(dealer - 1), "startRound": strconv.Itoa(start)}, errs
}

func (g FiveCrowns) Progress(m store.Match, played Played) Progress {
	totals := sums(len(m.Seats), played.Points)
	p := Progress{Leaders: leaders(totals, true)}
	if len(played.Points) >= len(fcscore.MatchRounds(g.startRound(m))) {
		p.Finished, p.Winners = true, fcscore.Winners(totals)
	}
	return p
}

func (g FiveCrowns) RoundLabel(ctx context.Context, m store.Match, _ Played, number int) string {
	r := g.gameRound(m, number)
	return views.T(ctx, "fc.roundlabel", "Round", r, "Cards", fc.CardsDealt(r))
}

func (g FiveCrowns) Info(ctx context.Context, m store.Match, _ Played, number int) templ.Component {
	r := g.gameRound(m, number)
	if r > fcscore.LastRound {
		return nil
	}
	firstDealer, _ := strconv.Atoi(m.Options["firstDealer"])
	dealer := fcscore.Dealer(len(m.Seats), firstDealer, g.startRound(m), r)
	info := views.FCRoundInfo{Round: r, Of: fcscore.LastRound, CardsDealt: fc.CardsDealt(r), Wild: fc.WildRank(r).Label()}
	if dealer >= 0 {
		info.Dealer = m.Seats[dealer].Name
		info.Starter = m.Seats[fcscore.FirstPlayer(len(m.Seats), dealer)].Name
	}
	return views.FCInfo(info)
}

func (g FiveCrowns) RoundForm(rc RoundCtx, entry json.RawMessage) templ.Component {
	f := g.blankForm(rc)
	var e fcEntry
	if json.Unmarshal(entry, &e) == nil {
		for i := range f.Seats {
			if i < len(e.Seats) {
				se := e.Seats[i]
				f.Seats[i].Mode = se.Mode
				if se.Mode == "points" {
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
		f.Seats = append(f.Seats, views.FCSeat{Name: st.Name, Mode: "points"})
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

func (g FiveCrowns) cardViews(rc RoundCtx, codes []string) []views.FCCard {
	r := g.gameRound(rc.Match, rc.Number)
	var out []views.FCCard
	for _, code := range codes {
		if c, err := fc.ParseCard(code); err == nil {
			out = append(out, g.cardView(rc, c, r))
		}
	}
	return out
}

// compute fills in the points the tapped cards make: their values for a
// leftover, the lowest penalty the hand allows for a whole hand.
func (g FiveCrowns) compute(rc RoundCtx, f *views.FCRoundForm) {
	r := g.gameRound(rc.Match, rc.Number)
	for i := range f.Seats {
		s := &f.Seats[i]
		s.Computed = ""
		cards, _ := fc.ParseCards("cards", codesOf(s.Cards))
		switch s.Mode {
		case "cards":
			if pts, err := fcscore.LeftoverPoints(r, cards); err == nil {
				s.Computed = strconv.Itoa(pts)
			}
		case "hand":
			if pts, err := g.handPoints(rc.Match, r, cards); err == nil {
				s.Computed = strconv.Itoa(pts)
			}
		}
	}
}

// handPoints is the lowest penalty a whole final hand allows under the
// match's house rules (the player melds the best he can).
func (g FiveCrowns) handPoints(m store.Match, round int, hand []fc.Card) (int, error) {
	if err := fc.CheckCards("cards", hand); err != nil {
		return 0, err
	}
	if err := fc.CheckHandSize("cards", round, len(hand)); err != nil {
		return 0, err
	}
	set, err := referee.Resolve(fc.HouseRules, m.Rules)
	if err != nil {
		set = referee.Defaults(fc.HouseRules)
	}
	return fc.Solve(round, hand, fc.OptionsFrom(set)).Penalty, nil
}

func codesOf(cs []views.FCCard) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Code
	}
	return out
}

// PostRound reads the form: a tap adds or removes a card on the chosen
// player's leftover and redraws; "save" validates everything and returns the round.
func (g FiveCrowns) PostRound(rc RoundCtx, form url.Values) (*Scored, templ.Component, bool) {
	f := g.blankForm(rc)
	f.Picker, _ = strconv.Atoi(form.Get("picker"))
	if p := form.Get("pick"); p != "" {
		f.Picker, _ = strconv.Atoi(p)
	}
	for i := range f.Seats {
		s := &f.Seats[i]
		if m := form.Get(fmt.Sprintf("mode_%d", i)); m == "out" || m == "cards" || m == "points" || m == "hand" {
			s.Mode = m
		}
		s.Points = strings.TrimSpace(form.Get(fmt.Sprintf("points_%d", i)))
		s.Cards = g.cardViews(rc, strings.Fields(form.Get(fmt.Sprintf("cards_%d", i))))
	}
	if f.Picker >= len(f.Seats) {
		f.Picker = -1
	}
	if tap := form.Get("tap"); tap != "" && f.Picker >= 0 {
		if cs := g.cardViews(rc, []string{tap}); len(cs) == 1 {
			s := &f.Seats[f.Picker]
			s.Cards = append(s.Cards, cs[0])
			if s.Mode != "hand" {
				s.Mode = "cards"
			}
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
		return nil, views.FCForm(f), false
	}
	entry, ok := g.validate(rc, &f)
	if !ok {
		return nil, views.FCForm(f), true
	}
	pts := make([]int, len(entry.Seats))
	for i, s := range entry.Seats {
		pts[i] = s.Points
	}
	return &Scored{Entry: entry, Points: pts}, nil, false
}

// validate checks every seat and the round as a whole, writing a sentence
// next to each field at fault.
func (g FiveCrowns) validate(rc RoundCtx, f *views.FCRoundForm) (fcEntry, bool) {
	r := g.gameRound(rc.Match, rc.Number)
	e := fcEntry{Round: r}
	ok, zero := true, false
	var supply fc.Supply
	maxPts := fc.CardsDealt(r) * 50
	for i := range f.Seats {
		s := &f.Seats[i]
		se := fcSeatEntry{Mode: s.Mode}
		switch s.Mode {
		case "out":
			se.Points = fcscore.WentOutPoints
		case "cards":
			cards, _ := fc.ParseCards("cards", codesOf(s.Cards))
			se.Cards = codesOf(s.Cards)
			if err := supply.Take("cards", cards); err != nil {
				s.Error, ok = inputMessage(err, rc.Ctx), false
				break
			}
			pts, err := fcscore.LeftoverPoints(r, cards)
			if err != nil {
				s.Error, ok = inputMessage(err, rc.Ctx), false
				break
			}
			se.Points = pts
		case "hand":
			cards, _ := fc.ParseCards("cards", codesOf(s.Cards))
			se.Cards = codesOf(s.Cards)
			if err := supply.Take("cards", cards); err != nil {
				s.Error, ok = inputMessage(err, rc.Ctx), false
				break
			}
			pts, err := g.handPoints(rc.Match, r, cards)
			if err != nil {
				s.Error, ok = inputMessage(err, rc.Ctx), false
				break
			}
			se.Points = pts
		default:
			n, err := strconv.Atoi(s.Points)
			switch {
			case s.Points == "":
				s.Error, ok = views.T(rc.Ctx, "fc.err.nopoints"), false
			case err != nil || n < 0 || n > maxPts:
				s.Error, ok = views.T(rc.Ctx, "fc.err.points", "Max", maxPts), false
			}
			se.Points = n
		}
		zero = zero || se.Points == 0
		e.Seats = append(e.Seats, se)
	}
	if ok && !zero {
		f.Error, ok = views.T(rc.Ctx, "fc.err.nobodyout"), false
	}
	return e, ok
}

// inputMessage is an engine's input error in the page's language.
func inputMessage(err error, ctx context.Context) string {
	if ie, ok := err.(*referee.InputError); ok {
		return ie.Message.In(views.Lang(ctx))
	}
	return views.T(ctx, "error.badrequest")
}

func (g FiveCrowns) Detail(ctx context.Context, m store.Match, entry json.RawMessage) string {
	var e fcEntry
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
			parts = append(parts, m.Seats[i].Name+" "+views.T(ctx, "fc.mode.out"))
		case "cards":
			var labels []string
			for _, code := range s.Cards {
				if c, err := fc.ParseCard(code); err == nil {
					labels = append(labels, c.Display())
				}
			}
			parts = append(parts, m.Seats[i].Name+": "+strings.Join(labels, " "))
		case "hand":
			var labels []string
			for _, code := range s.Cards {
				if c, err := fc.ParseCard(code); err == nil {
					labels = append(labels, c.Display())
				}
			}
			parts = append(parts, views.T(ctx, "fcref.detail.hand", "Name", m.Seats[i].Name, "Cards", strings.Join(labels, " "), "Points", s.Points))
		}
	}
	return strings.Join(parts, " · ")
}
