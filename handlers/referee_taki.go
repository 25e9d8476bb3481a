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
	tk "github.com/tablekeeper/tablekeeper/referee/taki"
	"github.com/tablekeeper/tablekeeper/views"
)

// takiSeat names seat i as the rules' examples do: A, B, C…
func takiSeat(i int) string { return string(rune('A' + i)) }

// last is the last value posted for key: a button posted after a hidden
// field of the same name wins.
func last(form url.Values, key string) string {
	if vs := form[key]; len(vs) > 0 {
		return vs[len(vs)-1]
	}
	return ""
}

// Referee draws the TAKI dispute page. Taps on the picker redraw it; «Judge»
// asks the engine, and an impossible table or turn is a 422 with the
// sentence next to the field at fault.
func (g Taki) Referee(rc RefereeCtx) (templ.Component, int) {
	p := g.refereeForm(rc)
	set, ruleErr := g.refereeRules(rc, &p)
	if last(rc.Form, "op") != "judge" {
		if ruleErr {
			return views.TKRefereePage(p), http.StatusUnprocessableEntity
		}
		return views.TKRefereePage(p), http.StatusOK
	}
	if ruleErr {
		return views.TKRefereePage(p), http.StatusUnprocessableEntity
	}
	if err := g.judge(rc, &p, set); err != nil {
		g.placeError(rc, &p, err)
		return views.TKRefereePage(p), http.StatusUnprocessableEntity
	}
	return views.TKRefereePage(p), http.StatusOK
}

// refereeForm reads what was typed and applies a tap, a pop or a new picker target.
func (g Taki) refereeForm(rc RefereeCtx) views.TKReferee {
	f, lang := rc.Form, rc.Lang
	p := views.TKReferee{Action: "/referee/taki", Errs: views.FieldErrors{}, Deck: takiDeckViews(lang), Chips: map[string][]views.TKCard{},
		Players: "4", Current: "0", Direction: "cw", Pending: "0", Move: "play", Target: "top", Silent: make([]bool, tk.MaxPlayers)}
	for i := 0; i < tk.MaxPlayers; i++ {
		p.Seats = append(p.Seats, takiSeat(i))
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
		if t := last(f, "target"); t == "top" || t == "play" || t == "hand" || t == "counter" {
			p.Target = t
		}
	}
	field := map[string]*string{"top": &p.Top, "play": &p.Play, "hand": &p.Hand, "counter": &p.CounterPlay}
	if tap := last(f, "tap"); tap != "" {
		if c, err := tk.ParseCard(tap); err == nil {
			if p.Target == "top" {
				p.Top, p.Target = c.String(), "play" // the top is one card: go on with the cards played
			} else {
				*field[p.Target] = strings.TrimSpace(*field[p.Target] + " " + c.String())
			}
		}
	}
	if pop := last(f, "pop"); field[pop] != nil {
		codes := strings.Fields(*field[pop])
		if len(codes) > 0 {
			codes = codes[:len(codes)-1]
		}
		*field[pop] = strings.Join(codes, " ")
	}
	for name, v := range field {
		p.Chips[name] = takiCards(lang, strings.Fields(*v))
	}
	return p
}

// refereeRules resolves the house rules set on the page; ok is false (and
// the error shown) when one is not allowed.
func (g Taki) refereeRules(rc RefereeCtx, p *views.TKReferee) (referee.Settings, bool) {
	given := houseRulesPosted(rc.Form, tk.HouseRules)
	set, err := referee.Resolve(tk.HouseRules, given)
	bad := err != nil
	if bad {
		p.Errs["rules"] = inputMessage(err, rc.Ctx)
		set = referee.Defaults(tk.HouseRules)
		for k, v := range given {
			if slices.ContainsFunc(tk.HouseRules, func(h referee.HouseRule) bool { return h.Key == k && slices.Contains(h.Choices, v) }) {
				set[k] = v
			}
		}
	}
	p.Rules = houseRuleFields(tk.HouseRules, set, rc.Lang)
	return set, bad
}

// fieldError is a mistake in one field of the page.
type fieldError struct {
	field string
	msg   referee.Text
}

func (e *fieldError) Error() string { return "taki referee: " + e.field + ": " + e.msg.EN }

func bad(field, en, fr string) error { return &fieldError{field, referee.Text{EN: en, FR: fr}} }

// parseCodes reads a field of space-separated card codes.
func parseCodes(field, s string) ([]tk.Card, error) {
	var out []tk.Card
	for i, code := range strings.Fields(s) {
		c, err := tk.ParseCard(code)
		if err != nil {
			return nil, bad(field, fmt.Sprintf("Card %d, «%s», is not a TAKI card: use codes like R5, G+2, BSTOP, YDIR, RPLUS, GTAKI, COLOR, SUPERTAKI, CRAZY.", i+1, code),
				fmt.Sprintf("La carte %d, « %s », n'est pas une carte de TAKI : utilisez des codes comme R5, G+2, BSTOP, YDIR, RPLUS, GTAKI, COLOR, SUPERTAKI, CRAZY.", i+1, code))
		}
		out = append(out, c)
	}
	return out, nil
}

// seatOf reads a seat select, checking it is at the table.
func seatOf(field, v string, players int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n >= players {
		return 0, bad(field, fmt.Sprintf("Choose a player seated at this table of %d (A to %s).", players, takiSeat(players-1)),
			fmt.Sprintf("Choisissez un joueur assis à cette table de %d (A à %s).", players, takiSeat(players-1)))
	}
	return n, nil
}

func colourOf(field, v string) (tk.Colour, error) {
	if v == "" {
		return tk.NoColour, nil
	}
	c, ok := tk.ParseColour(v)
	if !ok {
		return c, bad(field, "The colour is red, green, blue or yellow.", "La couleur est rouge, vert, bleu ou jaune.")
	}
	return c, nil
}

// readState turns the table fields into the engine's State.
func (g Taki) readState(p *views.TKReferee) (tk.State, error) {
	s := tk.State{Direction: tk.Clockwise, Opening: p.Opening, SilentOneCard: []int{}}
	var err error
	if s.Players, err = strconv.Atoi(p.Players); err != nil || s.Players < tk.MinPlayers || s.Players > tk.MaxPlayers {
		return s, bad("players", "TAKI is played by 2 to 10 players.", "TAKI se joue de 2 à 10 joueurs.")
	}
	if s.Current, err = seatOf("current", p.Current, s.Players); err != nil {
		return s, err
	}
	if p.Direction == "ccw" {
		s.Direction = tk.CounterClockwise
	}
	top, err := parseCodes("top", p.Top)
	switch {
	case err != nil:
		return s, err
	case len(top) != 1:
		return s, bad("top", "Tap the one card on top of the discard pile.", "Touchez la carte du dessus de la défausse (une seule).")
	}
	s.Top = top[0]
	if s.Colour, err = colourOf("colour", p.Colour); err != nil {
		return s, err
	}
	if s.Colour == tk.NoColour {
		s.Colour = s.Top.Colour
	}
	if s.PendingDraw, err = strconv.Atoi(p.Pending); err != nil {
		return s, bad("pending", "The cards owed are an even number.", "Les cartes dues sont un nombre pair.")
	}
	if s.OpenTaki, err = colourOf("openTaki", p.OpenTaki); err != nil {
		return s, err
	}
	for i, on := range p.Silent {
		if on {
			if i >= s.Players {
				return s, bad("silent", fmt.Sprintf("Player %s is not at this table of %d.", takiSeat(i), s.Players),
					fmt.Sprintf("Le joueur %s n'est pas à cette table de %d.", takiSeat(i), s.Players))
			}
			s.SilentOneCard = append(s.SilentOneCard, i)
		}
	}
	return s, nil
}

// readTurn turns the turn fields into the engine's Turn and the hand (nil when not given).
func (g Taki) readTurn(p *views.TKReferee, s tk.State) (tk.Turn, []tk.Card, error) {
	t := tk.Turn{CallTaki: p.CallTaki}
	hand, err := parseCodes("hand", p.Hand)
	if err != nil {
		return t, nil, err
	}
	if p.Move == "draw" {
		t.Draw = true
		return t, hand, nil
	}
	if t.Play, err = parseCodes("play", p.Play); err != nil {
		return t, nil, err
	}
	if len(t.Play) == 0 {
		return t, nil, bad("play", "Tap the cards played, in order, or choose «draws a card».", "Touchez les cartes jouées, dans l'ordre, ou choisissez « pioche une carte ».")
	}
	if t.Colour, err = colourOf("turnColour", p.TurnColour); err != nil {
		return t, nil, err
	}
	t.CloseTaki = p.CloseTaki
	switch p.PassHands {
	case "left":
		t.PassHands = tk.Left
	case "right":
		t.PassHands = tk.Right
	}
	counter, err := parseCodes("counter", p.CounterPlay)
	if err != nil {
		return t, nil, err
	}
	if p.CounterPlayer != "" {
		who, err := seatOf("counterPlayer", p.CounterPlayer, s.Players)
		if err != nil {
			return t, nil, err
		}
		t.Counter = &tk.Counter{Player: who, Play: counter}
	} else if len(counter) > 0 {
		return t, nil, bad("counterPlayer", "Choose who plays the counter.", "Choisissez qui joue le contre.")
	}
	return t, hand, nil
}

// judge asks the engine and fills in the verdict.
func (g Taki) judge(rc RefereeCtx, p *views.TKReferee, set referee.Settings) error {
	s, err := g.readState(p)
	if err != nil {
		return err
	}
	t, hand, err := g.readTurn(p, s)
	if err != nil {
		return err
	}
	if strings.TrimSpace(p.Hand) == "" {
		hand = nil
	}
	r, err := tk.Judge(s, hand, t, set)
	if err != nil {
		return err
	}
	v := g.verdict(rc, s, hand, t, r, set)
	if hand != nil {
		can, err := tk.Playable(s, hand, set)
		if err != nil {
			return err
		}
		v.HandGiven = true
		for _, c := range can {
			v.Playable = append(v.Playable, takiCardView(rc.Lang, c))
		}
	}
	p.Verdict = &v
	takiRuling(rc, p.Verdict)
	return nil
}

// engineFields maps the engine's field paths onto the page's fields.
var engineFields = []struct{ prefix, field string }{
	{"state.players", "players"}, {"state.current", "current"}, {"state.direction", "direction"},
	{"state.top", "top"}, {"state.color", "colour"}, {"state.pendingDraw", "pending"},
	{"state.openTaki", "openTaki"}, {"state.silentOneCard", "silent"},
	{"turn.play", "play"}, {"turn.color", "turnColour"}, {"turn.passHands", "passHands"},
	{"turn.counter.player", "counterPlayer"}, {"turn.counter", "counter"}, {"hand", "hand"}, {"rules", "rules"},
}

// placeError writes an input mistake next to its field (or above the form).
func (g Taki) placeError(rc RefereeCtx, p *views.TKReferee, err error) {
	var fe *fieldError
	if errors.As(err, &fe) {
		p.Errs[fe.field] = fe.msg.In(rc.Lang)
		return
	}
	var ie *referee.InputError
	if !errors.As(err, &ie) {
		p.Error = views.T(rc.Ctx, "error.badrequest")
		return
	}
	for _, m := range engineFields {
		if strings.HasPrefix(ie.Field, m.prefix) {
			p.Errs[m.field] = ie.Message.In(rc.Lang)
			return
		}
	}
	p.Error = ie.Message.In(rc.Lang)
}
