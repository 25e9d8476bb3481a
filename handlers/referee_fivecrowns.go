package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/referee"
	fc "github.com/tablekeeper/tablekeeper/referee/fivecrowns"
	"github.com/tablekeeper/tablekeeper/views"
)

// fcrMelds is how many melds the page lets a player declare: a hand holds
// at most 14 cards, so at most 4 melds of 3 or more.
const fcrMelds = 4

// fcrRuleKeys are the house rules that change melds and the best lay-down,
// the ones the page offers.
var fcrRuleKeys = []string{fc.KeyMinNaturals, fc.KeyRunsWrap, fc.KeyGoOutNoDiscard, fc.KeyAllowLayOff, fc.KeyForbidRediscard}

// fcrOutMelds is how many melds of the player who went out the page takes:
// fc.MaxOutMelds of the last round.
const fcrOutMelds = 4

// fcrLast is the last value posted for key (a ticked checkbox after its hidden "false").
func fcrLast(form url.Values, key string) string {
	if vs := form[key]; len(vs) > 0 {
		return vs[len(vs)-1]
	}
	return ""
}

// fcrPage is the page being drawn, with the fields indexed by name.
type fcrPage struct {
	views.FCReferee
	fields   map[string]*views.FCRField
	fromHand []*views.FCRField // the fields whose cards are also in the hand
	round    int               // 0 when the round posted is not 1…11
}

// fcrSingle are the fields of one card: a tap there goes back to the hand next.
func fcrSingle(name string) bool { return name == "discard" || name == "taken" }

// fcrIsOut reports whether name is a meld of the player who went out, whose
// cards are not in the hand.
func fcrIsOut(name string) bool { return strings.HasPrefix(name, "out") }

// Referee draws the Five Crowns dispute page. A tap on the picker adds the
// card to the hand (and to the meld or discard aimed at) and redraws;
// «Judge» checks the declared lay-down, if any, and gives the best one. A
// hand that cannot occur is a 422 with the sentence next to the field, and
// everything tapped is kept.
func (g FiveCrowns) Referee(rc RefereeCtx) (templ.Component, int) {
	p := g.refForm(rc)
	set := g.refRules(rc, p)
	judge := fcrLast(rc.Form, "op") == "judge"
	hand, ok := g.refCheckHand(rc, p, judge)
	if ok && judge {
		ok = g.refJudge(rc, p, hand, set)
	}
	g.refChips(rc, p)
	if !ok || len(p.Errs) > 0 || p.Error != "" {
		return views.FCRefereePage(p.FCReferee), http.StatusUnprocessableEntity
	}
	return views.FCRefereePage(p.FCReferee), http.StatusOK
}

// refForm reads what was posted and applies a tap, an untap or a new aim.
func (g FiveCrowns) refForm(rc RefereeCtx) *fcrPage {
	f := rc.Form
	p := &fcrPage{FCReferee: views.FCReferee{Action: "/referee/fivecrowns", Round: "1", Target: "hand", Errs: views.FieldErrors{}},
		fields: map[string]*views.FCRField{}}
	if r := strings.TrimSpace(f.Get("round")); r != "" {
		p.Round = r
	}
	if n, err := strconv.Atoi(p.Round); err == nil && fc.ValidRound(n) {
		p.round = n
	} else {
		p.Errs["round"] = views.T(rc.Ctx, "fcref.err.round")
	}
	p.Hand = views.FCRField{Name: "hand", Label: views.T(rc.Ctx, "fcref.hand"), Value: strings.TrimSpace(f.Get("hand"))}
	p.Targets = []views.FCRTarget{{Value: "hand", Label: views.T(rc.Ctx, "fcref.target.hand")}}
	for i := 1; i <= fcrMelds; i++ {
		name, label := fmt.Sprintf("meld%d", i), views.T(rc.Ctx, "fcref.meldn", "N", i)
		p.Melds = append(p.Melds, views.FCRField{Name: name, Label: label, Value: strings.TrimSpace(f.Get(name))})
		p.Targets = append(p.Targets, views.FCRTarget{Value: name, Label: label})
	}
	p.Melds = append(p.Melds, views.FCRField{Name: "discard", Label: views.T(rc.Ctx, "fcref.discardfield"), Value: strings.TrimSpace(f.Get("discard"))})
	p.Targets = append(p.Targets, views.FCRTarget{Value: "discard", Label: views.T(rc.Ctx, "fcref.discardfield")})
	p.Taken = views.FCRField{Name: "taken", Label: views.T(rc.Ctx, "fcref.takenfield"), Value: strings.TrimSpace(f.Get("taken"))}
	p.Targets = append(p.Targets, views.FCRTarget{Value: "taken", Label: p.Taken.Label})
	for i := 1; i <= fcrOutMelds; i++ {
		name, label := fmt.Sprintf("out%d", i), views.T(rc.Ctx, "fcref.outn", "N", i)
		p.Out = append(p.Out, views.FCRField{Name: name, Label: label, Value: strings.TrimSpace(f.Get(name))})
		p.Targets = append(p.Targets, views.FCRTarget{Value: name, Label: views.T(rc.Ctx, "fcref.target.out", "Field", label)})
		name, label = fmt.Sprintf("lay%d", i), views.T(rc.Ctx, "fcref.layn", "N", i)
		p.LayOff = append(p.LayOff, views.FCRField{Name: name, Label: label, Value: strings.TrimSpace(f.Get(name))})
		p.Targets = append(p.Targets, views.FCRTarget{Value: name, Label: label})
	}
	p.fields["hand"] = &p.Hand
	for i := range p.Melds {
		p.fields[p.Melds[i].Name] = &p.Melds[i]
		p.fromHand = append(p.fromHand, &p.Melds[i])
	}
	p.fields["taken"] = &p.Taken
	p.fromHand = append(p.fromHand, &p.Taken)
	for i := range p.Out {
		p.fields[p.Out[i].Name] = &p.Out[i]
		p.fields[p.LayOff[i].Name] = &p.LayOff[i]
		p.fromHand = append(p.fromHand, &p.LayOff[i])
	}
	if t := f.Get("target"); p.fields[t] != nil {
		p.Target = t
	}
	if a := f.Get("aim"); p.fields[a] != nil {
		p.Target = a
	}
	if tap := f.Get("tap"); tap != "" {
		if c, err := fc.ParseCard(tap); err == nil {
			code := c.String()
			switch t := p.Target; {
			case fcrIsOut(t): // on the table, not in the hand
				fcrAdd(&p.fields[t].Value, code)
			case fcrSingle(t): // one card: the next taps go back to the hand
				fcrAdd(&p.Hand.Value, code)
				p.fields[t].Value, p.Target = code, "hand"
			case t == "hand":
				fcrAdd(&p.Hand.Value, code)
			default:
				fcrAdd(&p.Hand.Value, code)
				fcrAdd(&p.fields[t].Value, code)
			}
		}
	}
	if un := f.Get("untap"); un != "" {
		name, idx, _ := strings.Cut(un, ":")
		i, err := strconv.Atoi(idx)
		if fl := p.fields[name]; fl != nil && err == nil {
			codes := strings.Fields(fl.Value)
			if i >= 0 && i < len(codes) {
				gone := codes[i]
				fl.Value = strings.Join(slices.Delete(codes, i, i+1), " ")
				if name == "hand" {
					p.dropExtra(gone)
				}
			}
		}
	}
	return p
}

// fcrAdd appends a code to a field of codes.
func fcrAdd(field *string, code string) { *field = strings.TrimSpace(*field + " " + code) }

// dropExtra takes a card off the last field holding it (a meld, the
// discard, the card taken) when the hand no longer holds as many copies as
// they use.
func (p *fcrPage) dropExtra(code string) {
	count := func(s string) int {
		n := 0
		for _, c := range strings.Fields(s) {
			if c == code {
				n++
			}
		}
		return n
	}
	have := count(p.Hand.Value)
	used := 0
	for _, fl := range p.fromHand {
		used += count(fl.Value)
	}
	for i := len(p.fromHand) - 1; i >= 0 && used > have; i-- {
		fl := p.fromHand[i]
		codes := strings.Fields(fl.Value)
		if j := slices.Index(codes, code); j >= 0 {
			fl.Value = strings.Join(slices.Delete(codes, j, j+1), " ")
			used--
			i++ // the same field may hold it twice
		}
	}
}

// refRules resolves the house rules set on the page (the others stay at
// their defaults).
func (g FiveCrowns) refRules(rc RefereeCtx, p *fcrPage) referee.Settings {
	shown := slices.DeleteFunc(slices.Clone(fc.HouseRules), func(h referee.HouseRule) bool { return !slices.Contains(fcrRuleKeys, h.Key) })
	set, err := referee.Resolve(fc.HouseRules, houseRulesPosted(rc.Form, shown))
	if err != nil {
		p.Errs["rules"] = inputMessage(err, rc.Ctx)
		set = referee.Defaults(fc.HouseRules)
	}
	p.Rules = houseRuleFields(shown, set, rc.Lang)
	return set
}

// refCheckHand reads the hand and refuses one that cannot occur: an unknown
// card, a suited card more than twice, more than six jokers, and (when
// judging) a size that is not the round's.
func (g FiveCrowns) refCheckHand(rc RefereeCtx, p *fcrPage, judge bool) ([]fc.Card, bool) {
	hand, err := fc.ParseCards("hand", strings.Fields(p.Hand.Value))
	if err == nil {
		err = fc.CheckCards("hand", hand)
	}
	if err == nil && judge && p.round > 0 {
		if len(hand) == 0 {
			err = referee.Invalid("hand", "Tap the cards of the hand first.", "Touchez d'abord les cartes de la main.")
		} else {
			err = fc.CheckHandSize("hand", p.round, len(hand))
		}
	}
	if err != nil {
		p.Hand.Error = fcrSentence(inputMessage(err, rc.Ctx))
		return nil, false
	}
	return hand, true
}

// fcrSentence capitalises an engine message for the page.
func fcrSentence(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	return strings.ToUpper(string(r[0])) + string(r[1:])
}

// refJudge reads the declared melds, discard and lay-offs and fills in the answer.
func (g FiveCrowns) refJudge(rc RefereeCtx, p *fcrPage, hand []fc.Card, set referee.Settings) bool {
	if p.round == 0 || len(p.Errs) > 0 {
		return false
	}
	round, lang := p.round, rc.Lang
	afterDraw := len(hand) == fc.CardsDealt(round)+1
	var melds [][]fc.Card
	var labels []string
	declared := false
	ok := true
	for i := range p.Melds {
		fl := &p.Melds[i]
		cs, err := fc.ParseCards(fl.Name, strings.Fields(fl.Value))
		if err != nil {
			fl.Error, ok = fcrSentence(inputMessage(err, rc.Ctx)), false
			continue
		}
		if len(cs) == 0 {
			continue
		}
		declared = true
		if fl.Name != "discard" {
			melds, labels = append(melds, cs), append(labels, fl.Label)
		}
	}
	var discard *fc.Card
	if d := p.fields["discard"]; ok && d.Value != "" {
		cs, _ := fc.ParseCards("discard", strings.Fields(d.Value))
		switch {
		case len(cs) > 1:
			d.Error, ok = views.T(rc.Ctx, "fcref.err.onediscard"), false
		case !afterDraw:
			d.Error, ok = views.T(rc.Ctx, "fcref.err.nodiscard", "Held", len(hand), "Round", round), false
		default:
			discard = &cs[0]
		}
	}
	opts := fc.OptionsFrom(set)
	table, outAt, tableOK := g.refTable(rc, p, hand, opts)
	var layOff []fc.LayOff
	var layLabels []string
	for i, fl := range p.LayOff {
		cs, err := fc.ParseCards(fl.Name, strings.Fields(fl.Value))
		switch {
		case err != nil:
			p.LayOff[i].Error, ok = fcrSentence(inputMessage(err, rc.Ctx)), false
		case len(cs) == 0:
		case tableOK && outAt[i] < 0:
			p.LayOff[i].Error, ok = views.T(rc.Ctx, "fcref.err.layoffnomeld", "N", i+1), false
		default:
			declared = true
			layOff, layLabels = append(layOff, fc.LayOff{Meld: outAt[i], Cards: cs}), append(layLabels, p.Out[i].Label)
		}
	}
	if !ok || !tableOK {
		return false
	}
	outLabels := make([]string, len(table.OutMelds))
	for i, j := range outAt {
		if j >= 0 {
			outLabels[j] = p.Out[i].Label
		}
	}
	res := views.FCRResult{Round: round, CardsDealt: fc.CardsDealt(round), Held: len(hand), Wild: fc.WildRank(round).Label(), AfterDraw: afterDraw}
	best := fc.SolveAt(round, hand, table, opts)
	res.Best = views.FCRBest{Leftover: g.refCards(rc, best.Leftover, round), Penalty: best.Penalty, CanGoOut: best.CanGoOut}
	for _, m := range best.Melds {
		res.Best.Melds = append(res.Best.Melds, g.refCards(rc, m, round))
	}
	for _, l := range best.LayOff {
		res.Best.LayOff = append(res.Best.LayOff, views.FCRLayOff{Onto: outLabels[l.Meld], Cards: g.refCards(rc, l.Cards, round)})
	}
	if best.Discard != nil {
		res.Best.Discard = g.refCards(rc, []fc.Card{*best.Discard}, round)
	}
	if declared {
		v := fc.CheckLayDown(round, hand, fc.LayDown{Melds: melds, Discard: discard, LayOff: layOff}, table, opts)
		d := &views.FCRDeclared{Valid: v.Valid, GoesOut: v.Valid && len(v.Leftover) == 0,
			Leftover: g.refCards(rc, v.Leftover, round), Penalty: v.Penalty}
		for i, l := range layOff {
			d.LayOff = append(d.LayOff, views.FCRLayOff{Onto: layLabels[i], Cards: g.refCards(rc, l.Cards, round)})
		}
		if discard != nil {
			d.Discard = g.refCards(rc, []fc.Card{*discard}, round)
		}
		for i, m := range melds {
			mv := views.FCRMeld{Label: labels[i], Cards: g.refCards(rc, m, round)}
			for _, vi := range v.Violations {
				if vi.Step == i {
					mv.Violations = append(mv.Violations, fcrCite(lang, vi))
				}
			}
			if len(mv.Violations) == 0 {
				if kind, _, valid := fc.CheckMeld(m, round, opts); valid {
					mv.Valid, mv.Kind = true, "book"
					if kind == fc.Run {
						mv.Kind = "run"
					}
				}
			}
			d.Melds = append(d.Melds, mv)
		}
		for _, vi := range v.Violations {
			if vi.Step < 0 || vi.Step >= len(melds) {
				d.Other = append(d.Other, fcrCite(lang, vi))
			}
		}
		res.Declared = d
	}
	for _, k := range set.Changed(fc.HouseRules) {
		for _, h := range fc.HouseRules {
			if h.Key == k {
				desc := h.Text.In(lang)
				if !h.IsBool() {
					desc = k + " = " + set.Get(k) + " (" + desc + ")"
				}
				res.HouseRules = append(res.HouseRules, desc)
			}
		}
	}
	p.Result = &res
	fiveCrownsRuling(rc, p.Result)
	return true
}

// refTable reads the card taken from the discard pile and the melds of the
// player who went out; outAt[i] is where field out(i+1) is in the table's
// melds, -1 when empty. A card or meld that cannot be on the table gets its
// sentence next to its field.
func (g FiveCrowns) refTable(rc RefereeCtx, p *fcrPage, hand []fc.Card, opts fc.Options) (t fc.Table, outAt []int, ok bool) {
	fail := func(err error, name string) (fc.Table, []int, bool) {
		var ie *referee.InputError
		if errors.As(err, &ie) && p.fields[ie.Field] != nil {
			name = ie.Field
		}
		p.fields[name].Error = fcrSentence(inputMessage(err, rc.Ctx))
		return t, nil, false
	}
	if p.Taken.Value != "" {
		cs, err := fc.ParseCards("taken", strings.Fields(p.Taken.Value))
		if err == nil && len(cs) > 1 {
			err = referee.Invalid("taken", "A player takes one card from the discard pile: leave a single card here.",
				"Un joueur prend une seule carte sur la défausse : ne laissez qu'une carte ici.")
		}
		if err == nil {
			err = fc.CheckTaken("taken", p.round, hand, cs[0])
		}
		if err != nil {
			return fail(err, "taken")
		}
		t.Taken = &cs[0]
	}
	var names []string
	for _, fl := range p.Out {
		cs, err := fc.ParseCards(fl.Name, strings.Fields(fl.Value))
		if err != nil {
			return fail(err, fl.Name)
		}
		outAt = append(outAt, -1)
		if len(cs) > 0 {
			outAt[len(outAt)-1] = len(t.OutMelds)
			t.OutMelds, names = append(t.OutMelds, cs), append(names, fl.Name)
		}
	}
	field := func(i int) string {
		if i < 0 {
			return names[len(names)-1] // the first meld too many is the last given
		}
		return names[i]
	}
	if err := fc.CheckOutMelds(field, p.round, hand, t.OutMelds, opts); err != nil {
		var ie *referee.InputError
		if errors.As(err, &ie) {
			ie.Field, _, _ = strings.Cut(ie.Field, "[")
		}
		return fail(err, "hand")
	}
	return t, outAt, true
}

// fcrCite quotes the rule a violation breaks: the sheet's French words and
// the rule stated plainly, with why in this case.
func fcrCite(lang string, vi referee.Violation) views.FCRCited {
	c := views.FCRCited{ID: vi.Rule, Message: vi.Message.In(lang)}
	for _, r := range fc.Rules {
		if r.ID == vi.Rule {
			c.Sheet, c.Text = r.Sheet, r.Text.In(lang)
		}
	}
	return c
}

func (g FiveCrowns) refCards(rc RefereeCtx, cs []fc.Card, round int) []views.FCCard {
	out := make([]views.FCCard, 0, len(cs))
	for _, c := range cs {
		out = append(out, g.cardView(RoundCtx{Ctx: rc.Ctx}, c, round))
	}
	return out
}

// refChips draws what each field reads as, and the picker with the round's
// wilds marked.
func (g FiveCrowns) refChips(rc RefereeCtx, p *fcrPage) {
	for _, fl := range p.fields {
		fl.Chips = nil
		for _, code := range strings.Fields(fl.Value) {
			if c, err := fc.ParseCard(code); err == nil {
				fl.Chips = append(fl.Chips, g.cardView(RoundCtx{Ctx: rc.Ctx}, c, p.round))
			}
		}
	}
	p.Deck = g.refCards(rc, fc.Deck(), p.round)
}
