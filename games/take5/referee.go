package take5

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/games/kit"
	t5 "github.com/tablekeeper/tablekeeper/referee/take5"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// t5BlankRows is how many empty rows a first visit shows; "add a row" adds more.
const t5BlankRows = 5

// Referee is the Take 5! dispute page: the circle of rows as typed (one text
// field of numbers per row, the specials under it as checkboxes) and the 1–3
// cards laid, each with the row the player claims. Rows are named 1, 2, … on
// the page; the engine counts them from 0 (and says "row 1" for index 0), so
// the page converts at its edges: rows and claims in, row numbers out.
func (g Take5) Referee(rc kit.RefereeCtx) (templ.Component, int) {
	p := T5RefPage{Title: views.T(rc.Ctx, "take5.ref.title"), From: rc.From}
	form := rc.Form
	for i := 1; i <= 2*t5.MaxRows; i++ {
		key := fmt.Sprintf("row_%d", i)
		if _, ok := form[key]; !ok {
			break
		}
		p.Rows = append(p.Rows, T5RefRow{Cards: strings.TrimSpace(form.Get(key)),
			X2: form.Get(fmt.Sprintf("x2_%d", i)) != "", Plus5: form.Get(fmt.Sprintf("plus5_%d", i)) != ""})
	}
	op := form.Get("op")
	if op == "addrow" && len(p.Rows) < t5.MaxRows {
		p.Rows = append(p.Rows, T5RefRow{})
	}
	if len(p.Rows) == 0 {
		p.Rows = make([]T5RefRow, t5BlankRows)
	}
	p.MaxRows = t5.MaxRows
	for i := range p.Rows {
		p.Rows[i].Num = i + 1
		p.Rows[i].Next = fmt.Sprintf("row_%d", i+2)
		p.RowNums = append(p.RowNums, i+1)
	}
	p.Rows[len(p.Rows)-1].Next = "play_1"
	_, gridTap := form["grid"]
	_, numTap := form["num"]
	judge := op == "judge"
	for i := 1; i <= t5.MaxCards; i++ {
		pl := T5RefPlay{Value: strings.TrimSpace(form.Get(fmt.Sprintf("play_%d", i))), Claim: form.Get(fmt.Sprintf("claim_%d", i))}
		judge = judge || (op == "" && pl.Value != "" && !gridTap && !numTap) // a link with a card judges it
		p.Plays = append(p.Plays, pl)
	}
	g.numberGrid(rc, &p, judge)
	for _, pl := range p.Plays[1:] {
		p.MorePlays = p.MorePlays || pl.Value != "" || strings.HasPrefix(p.Grid, "play_") && p.Grid != "play_1"
	}
	set, err := rulebook.Resolve(t5.HouseRules, kit.HouseRulesPosted(form, t5.HouseRules))
	if err != nil {
		p.Error = kit.InputMessage(err, rc.Ctx)
		set = rulebook.Defaults(t5.HouseRules)
	}
	p.House = kit.HouseRuleFields(t5.HouseRules, set, rc.Lang)
	if err != nil {
		return T5Referee(p), http.StatusUnprocessableEntity
	}
	if !judge {
		return T5Referee(p), http.StatusOK
	}
	req, playAt, ok := g.readTable(rc, &p)
	if !ok {
		return t5Refused(p)
	}
	turn, set, err := t5.Judge(req) // the API's judge: every check is the engine's
	if err != nil {
		g.placeError(rc, &p, err, playAt)
		return t5Refused(p)
	}
	p.Verdict = g.verdict(rc, turn, set)
	cited, follows := p.Verdict.Violations, []string(nil)
	if turn.Legal {
		cited = p.Verdict.Rules
		for _, st := range p.Verdict.Steps {
			follows = append(follows, st.Why)
		}
	}
	rc.Judged(req)
	rc.Rule(turn.Legal, cited, follows...)
	return T5Referee(p), http.StatusOK
}

// numberGrid applies a tap on the number grid and draws it open where it
// goes next: a row's number becomes its last card and the grid moves to the
// next row (after the last row, to the first card laid); a card laid is one
// number and closes it. A number already on the table is refused.
func (g Take5) numberGrid(rc kit.RefereeCtx, p *T5RefPage, judge bool) {
	f := rc.Form
	p.Grid = f.Get("grid_at")
	if vs, ok := f["grid"]; ok {
		p.Grid = vs[len(vs)-1] // a field's # button, or "" for Done
	}
	field := func(name string) *string {
		var n int
		if _, err := fmt.Sscanf(name, "row_%d", &n); err == nil && n >= 1 && n <= len(p.Rows) {
			return &p.Rows[n-1].Cards
		}
		if _, err := fmt.Sscanf(name, "play_%d", &n); err == nil && n >= 1 && n <= len(p.Plays) {
			return &p.Plays[n-1].Value
		}
		return nil
	}
	used := func() map[int]bool {
		u := map[int]bool{}
		for _, r := range p.Rows {
			for _, w := range strings.Fields(r.Cards) {
				if n, err := strconv.Atoi(w); err == nil {
					u[n] = true
				}
			}
		}
		for _, pl := range p.Plays {
			if n, err := strconv.Atoi(pl.Value); err == nil {
				u[n] = true
			}
		}
		return u
	}
	at := field(p.Grid)
	if at == nil || judge { // the verdict is not drawn under a sheet
		p.Grid = ""
		return
	}
	if n, err := strconv.Atoi(f.Get("num")); err == nil {
		switch {
		case n < t5.MinCard || n > t5.MaxCard:
			p.GridError = views.T(rc.Ctx, "take5.ref.err.range", "Max", t5.MaxCard)
		case used()[n]:
			p.GridError = views.T(rc.Ctx, "take5.ref.err.used", "N", n)
		case strings.HasPrefix(p.Grid, "row_"):
			*at = kit.TapCode(*at, strconv.Itoa(n))
			for _, r := range p.Rows {
				if fmt.Sprintf("row_%d", r.Num) == p.Grid {
					p.Grid = r.Next
					break
				}
			}
		default:
			*at, p.Grid = strconv.Itoa(n), ""
		}
	}
	if p.Grid == "" {
		return
	}
	label := views.T(rc.Ctx, "take5.ref.row", "N", strings.TrimPrefix(p.Grid, "row_"))
	if strings.HasPrefix(p.Grid, "play_") {
		label = views.T(rc.Ctx, "take5.ref.card", "N", strings.TrimPrefix(p.Grid, "play_"))
	}
	p.GridTitle = views.T(rc.Ctx, "take5.ref.gridtitle", "Field", label)
	u := used()
	for n := 1; n <= t5.MaxCard; n++ {
		p.GridNums = append(p.GridNums, T5GridNum{N: n, Used: u[n]})
	}
}

// readTable maps the typed rows and cards to the API's request, writing a
// sentence next to each field that is not a card. Blank rows are dropped
// and the others renumbered, so that the page's row n is the request's row
// n−1 and the engine's paths and sentences name the rows the page shows.
// playAt maps the k-th card laid to its field (blank fields are skipped).
func (g Take5) readTable(rc kit.RefereeCtx, p *T5RefPage) (t5.PlayRequest, []int, bool) {
	ok := true
	req := t5.PlayRequest{Rows: []t5.WireRow{}, Play: []t5.WirePlay{}, Rules: kit.HouseRulesPosted(rc.Form, t5.HouseRules)}
	kept := p.Rows[:0]
	for _, r := range p.Rows {
		if r.Cards == "" && !r.X2 && !r.Plus5 {
			continue
		}
		r.Num = len(kept) + 1
		row := t5.WireRow{Cards: []int{}, X2: r.X2, Plus5: r.Plus5}
		for _, tok := range strings.FieldsFunc(r.Cards, func(c rune) bool { return c == ' ' || c == ',' || c == ';' }) {
			n, err := strconv.Atoi(tok)
			if err != nil {
				r.Error, ok = views.T(rc.Ctx, "take5.ref.err.token", "N", r.Num, "Value", tok), false
				break
			}
			row.Cards = append(row.Cards, n)
		}
		kept, req.Rows = append(kept, r), append(req.Rows, row)
	}
	if len(kept) > 0 {
		p.Rows, p.RowNums = kept, p.RowNums[:len(kept)]
	}
	var playAt []int
	for i := range p.Plays {
		pl := &p.Plays[i]
		if pl.Value == "" {
			continue
		}
		var play t5.WirePlay
		if claim, err := strconv.Atoi(pl.Claim); err == nil {
			row := claim - 1 // the page counts rows from 1
			play.Row = &row
		}
		switch v := strings.ToLower(strings.ReplaceAll(pl.Value, " ", "")); v {
		case "x2", "×2", "2x":
			s := string(t5.X2)
			play.Special = &s
		case "+5", "5+":
			s := string(t5.Plus5)
			play.Special = &s
		default:
			n, err := strconv.Atoi(v)
			if err != nil {
				pl.Error, ok = views.T(rc.Ctx, "take5.ref.err.play", "Value", pl.Value), false
				continue
			}
			play.Card = &n
		}
		req.Play, playAt = append(req.Play, play), append(playAt, i)
	}
	return req, playAt, ok
}

// placeError writes the engine's input error next to the field it names:
// "rows[3].cards[1]" is row 3, "play[k]…" the k-th card laid.
func (g Take5) placeError(rc kit.RefereeCtx, p *T5RefPage, err error, playAt []int) {
	msg := kit.ShowErrors(rc.Ctx, err, func(at kit.EnginePath, msg string) bool {
		msg = strings.TrimSuffix(msg, ".") // the page's sentence ends it
		switch n := at.Index; {
		case at.In("rows", len(p.Rows)):
			p.Rows[n].Error = views.T(rc.Ctx, "take5.ref.rowerr", "N", n+1, "Msg", msg)
		case at.In("play", len(playAt)):
			p.Plays[playAt[n]].Error = views.T(rc.Ctx, "take5.ref.playerr", "N", playAt[n]+1, "Msg", msg)
		default:
			p.Error = views.T(rc.Ctx, "take5.ref.tableerr", "Msg", msg)
		}
		return true
	})
	if msg != "" { // not an input mistake
		p.Error = msg
	}
}

func t5RowView(r t5.Row) T5RowView {
	return T5RowView{Num: r.Index + 1, Cards: t5Ints(r.Cards), X2: r.X2, Plus5: r.Plus5}
}

func t5Ints(cs []int) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = strconv.Itoa(c)
	}
	return strings.Join(parts, " ")
}

// verdict lays out the engine's answer: each card's place and why, the rows
// taken, when the turn ends, the table after it and where specials may go.
func (g Take5) verdict(rc kit.RefereeCtx, turn t5.Turn, set rulebook.Settings) *T5Verdict {
	v := &T5Verdict{Legal: turn.Legal, Applied: kit.DescribeRules(g, set, rc.Lang)}
	cited := map[string]bool{}
	cite := func(id string) {
		if !cited[id] {
			cited[id] = true
			v.Rules = append(v.Rules, kit.CiteRule(t5.Rules, id))
		}
	}
	for i, s := range turn.Steps {
		st := T5Step{N: i + 1, Row: s.Row + 1, Pickup: s.Pickup, Why: views.Say(rc.Ctx, s.Why), Card: strconv.Itoa(s.Card)}
		if s.Special != "" {
			st.Card = string(s.Special)
			cite(t5.RuleSpecialRow)
		} else {
			cite(t5.RuleForcedRow)
		}
		if s.Pickup {
			cite(t5.RulePickup)
		}
		v.Steps = append(v.Steps, st)
	}
	for _, pk := range turn.Pickups {
		v.Pickups = append(v.Pickups, T5RowView{Num: pk.Row + 1, Cards: t5Ints(pk.Cards), X2: pk.X2, Plus5: pk.Plus5})
	}
	for _, r := range turn.Rows {
		v.After = append(v.After, t5RowView(r))
	}
	for _, vi := range turn.Violations {
		step := ""
		if vi.Step >= 0 {
			step = views.T(rc.Ctx, "take5.ref.card", "N", vi.Step+1)
		}
		v.Violations = append(v.Violations, kit.CiteBroken(rc.Ctx, t5.Rules, vi, step))
		if cited[vi.Rule] { // already quoted beside the violation
			v.Rules = slices.DeleteFunc(v.Rules, func(q views.Cited) bool { return q.ID == vi.Rule })
		}
	}
	if turn.Legal {
		switch {
		case turn.TurnEndsAfterStep != t5.NoEnd:
			cite(t5.RuleTurnOver)
			v.TurnEnd = views.T(rc.Ctx, "take5.ref.end.pickup", "N", turn.TurnEndsAfterStep+1)
		case len(turn.Rows) == 0:
			v.TurnEnd = views.T(rc.Ctx, "take5.ref.end.gameover")
		case len(turn.Steps) >= t5.MaxCards:
			cite(t5.RuleCardsPerTurn)
			v.TurnEnd = views.T(rc.Ctx, "take5.ref.end.three", "Max", t5.MaxCards)
		default:
			cite(t5.RuleCardsPerTurn)
			v.TurnEnd = views.T(rc.Ctx, "take5.ref.end.may", "More", t5.MaxCards-len(turn.Steps))
		}
	}
	if len(turn.Rows) > 0 {
		for _, s := range []t5.Special{t5.X2, t5.Plus5} {
			rows := turn.Rows.SpecialRows(s)
			if len(rows) == 0 {
				v.Specials = append(v.Specials, views.T(rc.Ctx, "take5.ref.special.none", "S", string(s)))
				continue
			}
			nums := make([]string, len(rows))
			for i, r := range rows {
				nums[i] = strconv.Itoa(r + 1)
			}
			v.Specials = append(v.Specials, views.T(rc.Ctx, "take5.ref.special.rows", "S", string(s), "Rows", strings.Join(nums, ", ")))
		}
	}
	return v
}

// t5Refused answers a table or a play the referee cannot judge, the later
// plays shown when one of them holds the error.
func t5Refused(p T5RefPage) (templ.Component, int) {
	p.MorePlays = p.MorePlays || slices.ContainsFunc(p.Plays[1:], func(pl T5RefPlay) bool { return pl.Error != "" })
	return T5Referee(p), http.StatusUnprocessableEntity
}

// RefereeSetup opens the page from a match with the rows its next deal
// lays: as many as the players still there are dealt for.
func (Take5) RefereeSetup(match store.Match, played int) url.Values {
	q := url.Values{}
	if _, rows, ok := t5.DealFor(len(kit.SeatsAt(match, played+1))); ok {
		for i := 1; i <= rows; i++ {
			q.Set(fmt.Sprintf("row_%d", i), "")
		}
	}
	return q
}
