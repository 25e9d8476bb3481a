package fivecrowns

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/games/kit"
	fc "github.com/tablekeeper/tablekeeper/referee/fivecrowns"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
	fcsheet "github.com/tablekeeper/tablekeeper/scoring/fivecrowns"
	"github.com/tablekeeper/tablekeeper/store"
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

// fcrPage is the page being drawn, with the fields indexed by name.
type fcrPage struct {
	FCReferee
	fields   map[string]*FCRField
	fromHand []*FCRField       // the fields whose cards are also in the hand
	round    int               // 0 when the round posted is not 1…11
	rules    map[string]string // the house rules posted
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
func (g FiveCrowns) Referee(rc kit.RefereeCtx) (templ.Component, int) {
	p := g.refForm(rc)
	g.refRules(rc, p)
	ok := g.refCheckHand(rc, p)
	if ok && kit.Last(rc.Form, "op") == "judge" && len(p.Errs) == 0 {
		ok = g.refJudge(rc, p)
	}
	g.refChips(rc, p)
	if !ok || len(p.Errs) > 0 || p.Error != "" {
		return FCRefereePage(p.FCReferee), http.StatusUnprocessableEntity
	}
	return FCRefereePage(p.FCReferee), http.StatusOK
}

// refForm reads what was posted and applies a tap, an kit.Untap or a new aim.
func (g FiveCrowns) refForm(rc kit.RefereeCtx) *fcrPage {
	f := rc.Form
	p := &fcrPage{FCReferee: FCReferee{From: rc.From, Action: "/referee/fivecrowns", Round: "1", Target: "hand", Errs: views.FieldErrors{}},
		fields: map[string]*FCRField{}}
	if r := strings.TrimSpace(f.Get("round")); r != "" {
		p.Round = r
	}
	if n, err := strconv.Atoi(p.Round); err == nil && fc.ValidRound(n) {
		p.round = n // marks the wilds on the picker; the engine judges the round
	}
	for _, n := range f["seat"] { // the match's players, carried by the form
		if n = strings.TrimSpace(n); n != "" && len(p.Seats) < fcsheet.MaxPlayers {
			p.Seats = append(p.Seats, n)
		}
	}
	if who := strings.TrimSpace(f.Get("who")); slices.Contains(p.Seats, who) {
		p.Who = who
	}
	p.Hand = FCRField{Name: "hand", Label: views.T(rc.Ctx, "fcref.hand"), Value: strings.TrimSpace(f.Get("hand"))}
	for i := 1; i <= fcrMelds; i++ {
		name, label := fmt.Sprintf("meld%d", i), views.T(rc.Ctx, "fcref.meldn", "N", i)
		p.Melds = append(p.Melds, FCRField{Name: name, Label: label, Value: strings.TrimSpace(f.Get(name))})
	}
	p.Melds = append(p.Melds, FCRField{Name: "discard", Label: views.T(rc.Ctx, "fcref.discardfield"), Value: strings.TrimSpace(f.Get("discard"))})
	p.Taken = FCRField{Name: "taken", Label: views.T(rc.Ctx, "fcref.takenfield"), Value: strings.TrimSpace(f.Get("taken"))}
	for i := 1; i <= fcrOutMelds; i++ {
		name, label := fmt.Sprintf("out%d", i), views.T(rc.Ctx, "fcref.outn", "N", i)
		p.Out = append(p.Out, FCRField{Name: name, Label: label, Value: strings.TrimSpace(f.Get(name))})
		name, label = fmt.Sprintf("lay%d", i), views.T(rc.Ctx, "fcref.layn", "N", i)
		p.LayOff = append(p.LayOff, FCRField{Name: name, Label: label, Value: strings.TrimSpace(f.Get(name))})
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
	// The sheet opens on an empty hand: its cards are the first thing to
	// tap. A form that says where the sheet was keeps it; Done closes it.
	if _, posted := f["target"]; posted {
		p.Target = f.Get("target")
	} else if p.Hand.Value == "" || kit.Last(f, "tap") != "" {
		p.Target = "hand"
	}
	pk := kit.ReadPicker(f, "target", "pick")
	if v := kit.Last(f, "aim"); v != "" { // the page's older name for "pick"
		pk.Open = v
	}
	pk.Open, pk.From = kit.FieldNamed(pk.Open, fcrFields), kit.FieldNamed(pk.From, fcrFields)
	p.Target = kit.SheetField(f, pk, p.Target, func(name string) bool { return p.fields[name] != nil })
	if c, err := fc.ParseCard(pk.Tap); pk.Tap != "" && err == nil && p.Target != "" {
		code, t := c.String(), p.Target
		if !fcrIsOut(t) { // a meld laid out is on the table, not in the hand
			p.Hand.Value = kit.TapCode(p.Hand.Value, code)
		}
		switch {
		case fcrSingle(t): // one card: the next taps go back to the hand
			p.fields[t].Value, p.Target = code, "hand"
		case t != "hand":
			p.fields[t].Value = kit.TapCode(p.fields[t].Value, code)
		}
	}
	if fl := p.fields[pk.From]; fl != nil && pk.Index != kit.LastChip {
		var gone string
		if fl.Value, gone = kit.UntapCode(fl.Value, pk.Index); gone != "" && fl == &p.Hand {
			p.dropExtra(gone)
		}
	}
	for _, fl := range append([]*FCRField{&p.Taken}, p.fields["out1"], p.fields["out2"], p.fields["out3"], p.fields["out4"],
		p.fields["lay1"], p.fields["lay2"], p.fields["lay3"], p.fields["lay4"]) {
		p.TableOpen = p.TableOpen || fl.Value != "" || fl.Name == p.Target
	}
	return p
}

// fcrFields are the page's card fields in the order of the card sheet,
// whose buttons post a field's number (the page's own buttons its name).
var fcrFields = []string{"hand", "meld1", "meld2", "meld3", "meld4", "discard", "taken",
	"out1", "lay1", "out2", "lay2", "out3", "lay3", "out4", "lay4"}

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
func (g FiveCrowns) refRules(rc kit.RefereeCtx, p *fcrPage) {
	shown := slices.DeleteFunc(slices.Clone(fc.HouseRules), func(h rulebook.HouseRule) bool { return !slices.Contains(fcrRuleKeys, h.Key) })
	p.rules = kit.HouseRulesPosted(rc.Form, shown)
	set, err := rulebook.Resolve(fc.HouseRules, p.rules)
	if err != nil {
		p.Errs["rules"] = kit.InputMessage(err, rc.Ctx)
		set = rulebook.Defaults(fc.HouseRules)
	}
	p.Rules = kit.HouseRuleFields(shown, set, rc.Lang)
}

// refCheckHand says at once, as cards are tapped, when the hand holds a
// card that does not exist or too many copies (the engine's own check);
// everything else is judged by the engine on «Judge».
func (g FiveCrowns) refCheckHand(rc kit.RefereeCtx, p *fcrPage) bool {
	hand, err := fc.ParseCards("hand", strings.Fields(p.Hand.Value))
	if err == nil {
		err = fc.CheckCards("hand", hand)
	}
	if err != nil {
		p.Hand.Error = fcrSentence(kit.InputMessage(err, rc.Ctx))
		return false
	}
	return true
}

// fcrSentence capitalises an engine message for the page.
func fcrSentence(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	return strings.ToUpper(string(r[0])) + string(r[1:])
}

// fcrAsk is the form as the engine's API request, with the page field
// behind each list of the request (the empty fields are left out).
type fcrAsk struct {
	req                   fc.HandRequest
	melds, outs, lays     []string // field names of req.Melds, req.OutMelds, req.LayOff
	meldLabels, layLabels []string
	outLabels             []string // label of each out meld, by index in req.OutMelds
}

// refAsk maps the form to the engine's request. Only what the request has
// no room for is refused here: two cards where one goes.
func (g FiveCrowns) refAsk(rc kit.RefereeCtx, p *fcrPage) (fcrAsk, bool) {
	round, _ := strconv.Atoi(p.Round)
	a := fcrAsk{req: fc.HandRequest{Round: round, Hand: strings.Fields(p.Hand.Value), Rules: rulebook.JSONRules(p.rules)}}
	single := func(fl *FCRField, key string) (*string, bool) {
		codes := strings.Fields(fl.Value)
		switch len(codes) {
		case 0:
			return nil, true
		case 1:
			return &codes[0], true
		}
		fl.Error = views.T(rc.Ctx, key)
		return nil, false
	}
	var ok1, ok2 bool
	a.req.Discard, ok1 = single(p.fields["discard"], "fcref.err.onediscard")
	a.req.TookFromDiscard, ok2 = single(&p.Taken, "fcref.err.onetaken")
	for _, fl := range p.Melds {
		if codes := strings.Fields(fl.Value); len(codes) > 0 && fl.Name != "discard" {
			a.req.Melds, a.melds, a.meldLabels = append(a.req.Melds, codes), append(a.melds, fl.Name), append(a.meldLabels, fl.Label)
		}
	}
	outAt := make([]int, len(p.Out))
	for i, fl := range p.Out {
		outAt[i] = -1
		if codes := strings.Fields(fl.Value); len(codes) > 0 {
			outAt[i] = len(a.req.OutMelds)
			a.req.OutMelds, a.outs, a.outLabels = append(a.req.OutMelds, codes), append(a.outs, fl.Name), append(a.outLabels, fl.Label)
		}
	}
	for i, fl := range p.LayOff {
		if codes := strings.Fields(fl.Value); len(codes) > 0 {
			a.req.LayOff = append(a.req.LayOff, fc.WireLayOff{Meld: outAt[i], Cards: codes})
			a.lays, a.layLabels = append(a.lays, fl.Name), append(a.layLabels, p.Out[i].Label)
		}
	}
	if a.req.Melds == nil && (a.req.Discard != nil || a.req.LayOff != nil) {
		a.req.Melds = [][]string{} // a lay-down of no meld
	}
	return a, ok1 && ok2
}

// refJudge asks the engine what the API would answer and draws it; an
// input error goes next to the field it names.
func (g FiveCrowns) refJudge(rc kit.RefereeCtx, p *fcrPage) bool {
	a, ok := g.refAsk(rc, p)
	if !ok {
		return false
	}
	j, err := fc.Judge(a.req)
	if err != nil {
		g.refError(rc, p, a, err)
		return false
	}
	round := j.Round
	res := FCRResult{Round: round, CardsDealt: fc.CardsDealt(round), Held: len(j.Hand), Wild: fc.WildRank(round).Label(),
		AfterDraw: len(j.Hand) == fc.CardsDealt(round)+1, Who: p.Who}
	best := j.Best
	res.Best = FCRBest{Leftover: g.refCards(rc, best.Leftover, round), Penalty: best.Penalty, CanGoOut: best.CanGoOut}
	for _, m := range best.Melds {
		res.Best.Melds = append(res.Best.Melds, g.refCards(rc, m, round))
	}
	for _, l := range best.LayOff {
		res.Best.LayOff = append(res.Best.LayOff, FCRLayOff{Onto: a.outLabels[l.Meld], Cards: g.refCards(rc, l.Cards, round)})
	}
	if best.Discard != nil {
		res.Best.Discard = g.refCards(rc, []fc.Card{*best.Discard}, round)
	}
	if ld, v := j.Declared, j.Verdict; v != nil {
		d := &FCRDeclared{Valid: v.Valid, GoesOut: v.Valid && len(v.Leftover) == 0,
			Leftover: g.refCards(rc, v.Leftover, round), Penalty: v.Penalty}
		for i, l := range ld.LayOff {
			d.LayOff = append(d.LayOff, FCRLayOff{Onto: a.layLabels[i], Cards: g.refCards(rc, l.Cards, round)})
		}
		if ld.Discard != nil {
			d.Discard = g.refCards(rc, []fc.Card{*ld.Discard}, round)
		}
		opts := fc.OptionsFrom(j.Settings)
		for i, m := range ld.Melds {
			mv := FCRMeld{Label: a.meldLabels[i], Cards: g.refCards(rc, m, round)}
			for _, vi := range v.Violations {
				if vi.Step == i {
					mv.Violations = append(mv.Violations, kit.CiteBroken(rc.Ctx, fc.Rules, vi, ""))
				}
			}
			if len(mv.Violations) == 0 {
				if kind, _, valid := fc.CheckMeld(m, round, opts); valid { // which kind, to say so
					mv.Valid, mv.Kind = true, "book"
					if kind == fc.Run {
						mv.Kind = "run"
					}
				}
			}
			d.Melds = append(d.Melds, mv)
		}
		for _, vi := range v.Violations {
			if vi.Step < 0 || vi.Step >= len(ld.Melds) {
				d.Other = append(d.Other, kit.CiteBroken(rc.Ctx, fc.Rules, vi, ""))
			}
		}
		res.Declared = d
	}
	for _, k := range j.Settings.Changed(fc.HouseRules) {
		for _, h := range fc.HouseRules {
			if h.Key == k {
				desc := views.Say(rc.Ctx, h.Statement())
				if !h.IsBool() {
					desc = k + " = " + j.Settings.Get(k) + " (" + desc + ")"
				}
				res.HouseRules = append(res.HouseRules, desc)
			}
		}
	}
	res.Legal = res.Best.CanGoOut
	if res.Declared != nil {
		res.Legal = res.Declared.Valid
	}
	p.Result = &res
	rc.Judged(a.req)
	g.refRuling(rc, res)
	return true
}

// refRuling sums the verdict up for a kept ruling: the faults of the
// declared lay-down, each meld's named, then the best lay-down.
func (g FiveCrowns) refRuling(rc kit.RefereeCtx, r FCRResult) {
	var cited []views.Cited
	legal := r.Legal
	if d := r.Declared; d != nil {
		for _, m := range d.Melds {
			for _, c := range m.Violations {
				c.Step = m.Label // drawn inside its meld, named in the summary
				cited = append(cited, c)
			}
		}
		cited = append(cited, d.Other...)
	}
	rc.Rule(legal, cited, views.T(rc.Ctx, "ruling.fc.best", "Penalty", r.Best.Penalty,
		"Out", views.T(rc.Ctx, fmt.Sprintf("ruling.fc.out.%v", r.Best.CanGoOut))))
}

// refError puts the engine's input error next to the page field behind
// the request's field it names ("melds[1][0]" is the second meld given).
func (g FiveCrowns) refError(rc kit.RefereeCtx, p *fcrPage, a fcrAsk, err error) {
	p.Error = fcrSentence(kit.ShowErrors(rc.Ctx, err, func(at kit.EnginePath, msg string) bool {
		msg = fcrSentence(msg)
		name := "hand" // what the request holds besides is the hand's
		switch {
		case at.Field == "round" || strings.HasPrefix(at.Field, "rules."):
			p.Errs[strings.SplitN(at.Field, ".", 2)[0]] = msg
			return true
		case at.Field == "discard":
			name = "discard"
		case at.Field == "tookFromDiscard":
			name = "taken"
		case at.Field == "outMelds" && len(a.outs) > 0:
			name = a.outs[len(a.outs)-1] // the meld too many, or the last given
		case at.In("melds", len(a.melds)):
			name = a.melds[at.Index]
		case at.In("outMelds", len(a.outs)):
			name = a.outs[at.Index]
		case at.In("layOff", len(a.lays)):
			name = a.lays[at.Index]
			if at.Rest == "meld" {
				msg = views.T(rc.Ctx, "fcref.err.layoffnomeld", "N", strings.TrimPrefix(name, "lay"))
			}
		}
		p.fields[name].Error = msg
		return true
	}))
}

func (g FiveCrowns) refCards(rc kit.RefereeCtx, cs []fc.Card, round int) []FCCard {
	out := make([]FCCard, 0, len(cs))
	for _, c := range cs {
		out = append(out, g.cardView(kit.RoundCtx{Ctx: rc.Ctx}, c, round))
	}
	return out
}

// refChips draws what each field reads as, and the picker with the round's
// wilds marked.
func (g FiveCrowns) refChips(rc kit.RefereeCtx, p *fcrPage) {
	for _, fl := range p.fields {
		fl.Chips = nil
		for _, code := range strings.Fields(fl.Value) {
			if c, err := fc.ParseCard(code); err == nil {
				fl.Chips = append(fl.Chips, g.cardView(kit.RoundCtx{Ctx: rc.Ctx}, c, p.round))
			}
		}
	}
	for _, fl := range p.fields {
		p.TableOpen = p.TableOpen || (fl.Error != "" && fl != &p.Hand && !slices.Contains(p.fromHand[:fcrMelds+1], fl))
	}
	if p.Target != "" {
		p.Sheet = g.refSheet(rc, p)
	}
}

// refSheet is the card sheet open on p.Target: the field's cards (a tap
// takes one off), a tap to move to the hand, the melds or the discard, and
// the deck a suit per row with the round's wilds marked and the cards of
// which both copies are already in sight refused.
func (g FiveCrowns) refSheet(rc kit.RefereeCtx, p *fcrPage) *views.PickerSheet {
	fl := p.fields[p.Target]
	at := slices.Index(fcrFields, p.Target)
	sh := &views.PickerSheet{Seat: at, Title: views.T(rc.Ctx, "fcref.sheet", "Field", fl.Label), Error: fl.Error, Columns: 6}
	// The sheet covers the round above it: it says the round, what is wild
	// and whose hand it is itself.
	if p.round > 0 {
		sh.Title = views.T(rc.Ctx, "fcref.sheet.round", "Round", p.round, "Wild", fc.WildRank(p.round).Label(), "Field", fl.Label)
		if p.Who != "" {
			sh.Title = views.T(rc.Ctx, "fcref.sheet.who", "Name", p.Who, "Round", p.round, "Wild", fc.WildRank(p.round).Label(), "Field", fl.Label)
		}
	}
	for _, c := range fl.Chips {
		sh.Chips = append(sh.Chips, fcPickerCard(c, false))
	}
	for i, name := range fcrFields[:fcrMelds+2] {
		if i != at {
			sh.Players = append(sh.Players, views.PickerPlayer{Seat: i, Name: p.fields[name].Label,
				Aria: views.T(rc.Ctx, "picker.openfield", "Field", p.fields[name].Label), Class: kit.ColourClass(i)})
		}
	}
	held := map[string]int{}
	for _, fl := range append([]*FCRField{&p.Hand}, p.fields["out1"], p.fields["out2"], p.fields["out3"], p.fields["out4"]) {
		for _, code := range strings.Fields(fl.Value) {
			held[code]++
		}
	}
	lang := views.Lang(rc.Ctx)
	sh.Suits = fcSuits(lang, wildDeck(lang, p.round), held)
	return sh
}

// RefereeSetup opens the page from a match on the round being played.
func (g FiveCrowns) RefereeSetup(match store.Match, played int) url.Values {
	q := url.Values{}
	start := fcsheet.Sheet{}.StartRound(scoring.Match{Options: match.Options})
	q.Set("round", strconv.Itoa(min(start+played, fcsheet.LastRound)))
	// Its players still at the table by name; the hand judged is, until
	// changed, that of the player who plays first this round.
	m := scoring.Match{Seats: len(match.Seats), Options: match.Options, AwayFrom: match.AwayFrom()}
	away := scoring.Away(m.AwayFrom, played+1)
	for i, st := range match.Seats {
		if i >= len(away) || !away[i] {
			q.Add("seat", st.Name)
		}
	}
	if first := g.Sheet.StarterOf(m, played+1); first >= 0 && first < len(match.Seats) {
		q.Set("who", match.Seats[first].Name)
	}
	return q
}
