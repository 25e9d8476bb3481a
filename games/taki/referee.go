package taki

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/games/kit"
	tk "github.com/tablekeeper/tablekeeper/referee/taki"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// takiSeat names seat i as the rules' examples do: A, B, C…
func takiSeat(i int) string { return string(rune('A' + i)) }

// takiName is seat i's player: his name when the page was set up from a
// match (the form's name_i), else the seat's letter.
func takiName(f url.Values, i int) string {
	if n := strings.TrimSpace(f.Get(fmt.Sprintf("name_%d", i))); n != "" {
		return n
	}
	return takiSeat(i)
}

// Referee draws the TAKI dispute page. Taps on the picker redraw it;
// «Judge» builds the API's request from the form and asks the engine through
// the same function as POST /api/v1/taki/turn: an impossible table or turn
// is a 422 with the engine's sentence next to the field at fault.
func (g Taki) Referee(rc kit.RefereeCtx) (templ.Component, int) {
	p := g.refereeForm(rc)
	given := kit.HouseRulesPosted(rc.Form, tk.HouseRules)
	p.Rules = kit.HouseRuleFields(tk.HouseRules, rulebook.ResolveKnown(tk.HouseRules, given), rc.Lang)
	if kit.Last(rc.Form, "op") != "judge" {
		return TKRefereePage(p), http.StatusOK
	}
	if err := g.judge(rc, &p, given); err != nil {
		g.placeError(rc, &p, err)
		return TKRefereePage(p), http.StatusUnprocessableEntity
	}
	return TKRefereePage(p), http.StatusOK
}

// refereeForm reads what was typed and applies a tap, a pop or a new picker target.
func (g Taki) refereeForm(rc kit.RefereeCtx) TKReferee {
	f, lang := rc.Form, rc.Lang
	p := TKReferee{From: rc.From, Action: rc.Action, Errs: views.FieldErrors{}, Chips: map[string][]TKCard{},
		Players: "4", Current: "0", Direction: "cw", Pending: "0", Move: "play", Target: "top", Silent: make([]bool, tk.MaxPlayers)}
	for i := 0; i < tk.MaxPlayers; i++ {
		p.Seats = append(p.Seats, takiName(f, i))
		if n := strings.TrimSpace(f.Get(fmt.Sprintf("name_%d", i))); n != "" {
			p.Names = append(p.Names, TKName{Field: fmt.Sprintf("name_%d", i), Name: n})
		}
	}
	p.Offered = p.Seats
	if n := len(p.Names); n >= 2 && p.Names[n-1].Field == fmt.Sprintf("name_%d", n-1) { // the seats of a match
		p.Offered = p.Seats[:n]
	}
	if len(f) > 0 {
		p.Players, p.Current, p.Direction = f.Get("players"), f.Get("current"), f.Get("direction")
		p.Top, p.Colour, p.Pending, p.OpenTaki = strings.TrimSpace(f.Get("top")), f.Get("colour"), f.Get("pending"), f.Get("openTaki")
		p.Opening = f.Get("opening") == "true"
		for _, s := range f["silent"] {
			if i, err := strconv.Atoi(s); err == nil && i >= 0 && i < tk.MaxPlayers {
				p.Silent[i] = true
			}
		}
		p.Move, p.Play, p.TurnColour, p.PassHands = f.Get("move"), f.Get("play"), f.Get("turnColour"), f.Get("passHands")
		p.CloseTaki, p.CallTaki = f.Get("closeTaki") == "true", f.Get("callTaki") == "true"
		p.CounterPlayer, p.CounterPlay, p.Hand = f.Get("counterPlayer"), f.Get("counter"), f.Get("hand")
	}
	field := map[string]*string{"top": &p.Top, "play": &p.Play, "hand": &p.Hand, "counter": &p.CounterPlay}
	// The sheet opens on the top card of a fresh table: it is the first
	// thing to tap. A form that says where it was keeps it; Done closes it.
	if _, posted := f["target"]; posted || p.Top != "" {
		p.Target = f.Get("target")
	}
	pk := kit.ReadPicker(f, "target", "pick")
	pk.Open, pk.From = kit.FieldNamed(pk.Open, takiTargets), kit.FieldNamed(pk.From, takiTargets)
	p.Target = kit.SheetField(f, pk, p.Target, func(name string) bool { return field[name] != nil })
	if c, err := tk.ParseCard(pk.Tap); pk.Tap != "" && err == nil && p.Target != "" {
		if p.Target == "top" {
			p.Top, p.Target = c.String(), "play" // the top is one card: go on with the cards played
		} else {
			*field[p.Target] = kit.TapCode(*field[p.Target], c.String())
		}
	}
	if fl := field[pk.From]; fl != nil {
		*fl, _ = kit.UntapCode(*fl, pk.Index)
	}
	for name, v := range field {
		p.Chips[name] = takiCards(lang, strings.Fields(*v))
	}
	if p.Target != "" {
		p.Sheet = takiRefSheet(rc, p)
	}
	return p
}

// takiTargets are the fields the card sheet fills, in their order on the
// sheet (kit.FieldNamed).
var takiTargets = []string{"top", "play", "counter", "hand"}

// takiRefSheet is the card sheet open on p.Target: the field's cards, the
// deck a colour per row, a tap to move to the other fields, and, on the top
// card, how many cards the next player owes.
func takiRefSheet(rc kit.RefereeCtx, p TKReferee) *views.PickerSheet {
	at := slices.Index(takiTargets, p.Target)
	sh := &views.PickerSheet{Seat: at, Title: views.T(rc.Ctx, "tkr.picker", "Field", views.T(rc.Ctx, "tkr.target."+p.Target)), Columns: 7}
	for _, c := range p.Chips[p.Target] {
		sh.Chips = append(sh.Chips, views.PickerCard{Code: c.Code, Label: c.Label, Class: c.Class, Name: c.Name})
	}
	for i, name := range takiTargets[:2] {
		if i != at {
			field := views.T(rc.Ctx, "tkr.target."+name)
			sh.Players = append(sh.Players, views.PickerPlayer{Seat: i, Name: field, Aria: views.T(rc.Ctx, "picker.openfield", "Field", field), Class: kit.ColourClass(i)})
		}
	}
	if p.Target == "top" {
		sh.Toggle = TKPendingToggle(p)
	} else {
		sh.Toggle = tkPendingOwed(p) // the count stays in view as the sheet moves on
	}
	held := map[string]int{} // every card on the table, whatever field holds it
	for _, cs := range p.Chips {
		for _, c := range cs {
			held[c.Code]++
		}
	}
	sh.Suits = takiSuits(rc.Ctx, held)
	return sh
}

// parseCodes reads a field of space-separated card codes. A mistake is
// named by the request's path (field), as the engine's are, so that one
// map places both on the page.
func parseCodes(field, s string) ([]tk.Card, error) {
	var out []tk.Card
	for i, code := range strings.Fields(s) {
		c, err := tk.ParseCard(code)
		if err != nil {
			return nil, rulebook.Mistake(field, "taki.mistake.card.not.taki.codes", "Num", i+1, "Code", code)
		}
		out = append(out, c)
	}
	return out, nil
}

// seatNum reads a number select (players, seats, cards owed). Anything
// else reaches the engine as −1, which it refuses naming the field.
func seatNum(v string) int {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return -1
	}
	return n
}

// takiCodes reads a field of tapped or typed codes for the request.
func takiCodes(field, s string) ([]string, error) {
	cards, err := parseCodes(field, s)
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = c.String()
	}
	return out, err
}

// request maps the page to the API's request. Only what the form cannot
// say is refused here (no card or several on top, «plays» with nothing
// tapped, counter cards without who played them, a code that is no card):
// every rule about the table and the turn is the engine's.
func (g Taki) request(p *TKReferee, rules map[string]string) (tk.TurnRequest, error) {
	req := tk.TurnRequest{Rules: rulebook.JSONRules(rules), State: tk.WireState{
		Players: seatNum(p.Players), Current: seatNum(p.Current), Direction: p.Direction,
		PendingDraw: seatNum(p.Pending), SilentOneCard: []int{}, Opening: p.Opening}}
	if req.State.Direction == "" {
		req.State.Direction = tk.Clockwise.String()
	}
	top, err := takiCodes("state.top", p.Top)
	switch {
	case err != nil:
		return req, err
	case len(top) != 1:
		return req, rulebook.Mistake("state.top", "taki.mistake.tap.one.card.top")
	}
	req.State.Top = top[0]
	if p.Colour != "" {
		req.State.Color = &p.Colour
	}
	if p.OpenTaki != "" {
		req.State.OpenTaki = &p.OpenTaki
	}
	for i, on := range p.Silent {
		if on {
			req.State.SilentOneCard = append(req.State.SilentOneCard, i)
		}
	}
	if strings.TrimSpace(p.Hand) != "" {
		if req.Hand, err = takiCodes("hand", p.Hand); err != nil {
			return req, err
		}
	}
	req.Turn.CallTaki = p.CallTaki
	if p.Move == "draw" {
		req.Turn.Draw = true // what is typed for a play is left aside
		return req, nil
	}
	if req.Turn.Play, err = takiCodes("turn.play", p.Play); err != nil {
		return req, err
	}
	if len(req.Turn.Play) == 0 {
		return req, rulebook.Mistake("turn.play", "taki.mistake.tap.cards.played.order")
	}
	req.Turn.Color, req.Turn.PassHands, req.Turn.CloseTaki = p.TurnColour, p.PassHands, p.CloseTaki
	counter, err := takiCodes("turn.counter.play", p.CounterPlay)
	if err != nil {
		return req, err
	}
	if p.CounterPlayer != "" {
		req.Turn.Counter = &tk.WireCounter{Player: seatNum(p.CounterPlayer), Play: counter}
	} else if len(counter) > 0 {
		return req, rulebook.Mistake("turn.counter.player", "taki.mistake.choose.who.plays.counter")
	}
	return req, nil
}

// judge asks the engine and fills in the verdict.
func (g Taki) judge(rc kit.RefereeCtx, p *TKReferee, rules map[string]string) error {
	req, err := g.request(p, rules)
	if err != nil {
		return err
	}
	j, err := tk.JudgeRequest(req)
	if err != nil {
		return err
	}
	v := g.verdict(rc, j.State, j.Hand, j.Turn, j.Result, j.Rules)
	if j.Hand != nil {
		can, err := tk.Playable(j.State, j.Hand, j.Rules)
		if err != nil {
			return err
		}
		v.HandGiven = true
		for _, c := range can {
			v.Playable = append(v.Playable, takiCardView(rc.Lang, c))
		}
	}
	p.Verdict = &v
	rc.Judged(req)
	if v.Legal {
		rc.Rule(true, v.Applied, v.Follows...)
	} else {
		rc.Rule(false, v.Violations)
	}
	return nil
}

// takiFields are the page's fields behind the request's paths.
var takiFields = map[string]string{
	"state.players": "players", "state.current": "current", "state.direction": "direction",
	"state.top": "top", "state.color": "colour", "state.pendingDraw": "pending",
	"state.openTaki": "openTaki", "state.silentOneCard": "silent",
	"turn.play": "play", "turn.color": "turnColour", "turn.passHands": "passHands",
	"turn.counter.player": "counterPlayer", "turn.counter": "counter", "hand": "hand", "rules": "rules",
}

// placeError writes an input mistake next to its field (or above the form).
func (g Taki) placeError(rc kit.RefereeCtx, p *TKReferee, err error) {
	p.Error = kit.ShowErrors(rc.Ctx, err, func(at kit.EnginePath, msg string) bool {
		name, ok := kit.FormField(at.Field, takiFields)
		if ok {
			p.Errs[name] = msg
		}
		return ok
	})
}

// RefereeSetup opens the page from a match with its players still at the
// table (not those who left) by name and count.
func (Taki) RefereeSetup(match store.Match, played int) url.Values {
	q := url.Values{}
	seats := kit.SeatsAt(match, played+1)
	q.Set("players", strconv.Itoa(len(seats)))
	for i, st := range seats {
		if i < tk.MaxPlayers {
			q.Set(fmt.Sprintf("name_%d", i), st.Name)
		}
	}
	return q
}
