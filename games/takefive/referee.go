package takefive

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/games/kit"
	tf "github.com/tablekeeper/tablekeeper/referee/takefive"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// tfRackFields is how many rack lines the dispute page offers (the game's
// most players).
const tfRackFields = 4

// RackLines and MoveLines are how many racks and moves the page's form
// holds: a request with more cannot be posted through it.
const RackLines, MoveLines = tfRackFields, len(tfTurn{}.moves)

// tfTurn is the dispute page's form as posted: the board, the racks, the
// turn being judged, the house rules. Taps on the board only fill these in.
type tfTurn struct {
	pieces [tf.NumPieces]string // square names, as posted
	empty  []string
	phase  string
	racks  [tfRackFields]string
	elim   [tfRackFields]bool
	player int
	mode   string
	moves  [2]tfMoveForm
	rules  map[string]string
}

type tfMoveForm struct{ piece, to, action, value string }

// Referee answers GET/POST /referee/takefive: the board redrawn after a tap,
// or (op=judge) the verdict on the turn, 422 when the table cannot occur.
func (g TakeFive) Referee(rc kit.RefereeCtx) (templ.Component, int) {
	t := readTFTurn(rc.Form)
	t.tap(rc.Form.Get("tap"))
	t.token(rc.Form.Get("token"))
	page := TFRefereePage{From: rc.From, Mode: t.mode, Phase: t.phase, Player: t.player, Errors: views.FieldErrors{},
		TokensOpen: rc.Form.Get("token") != "", Tokens: tfTokens}
	for _, p := range tf.Pieces {
		page.Pieces = append(page.Pieces, TFOption{Value: p.String(), Label: views.Say(rc.Ctx, p.Name())})
	}
	for i := range t.racks {
		page.Racks = append(page.Racks, TFRackField{Text: t.racks[i], Eliminated: t.elim[i]})
	}
	for i, m := range t.moves {
		page.Moves = append(page.Moves, TFMoveField{N: i + 1, Piece: m.piece, To: m.to, Action: m.action, Value: m.value})
	}
	page.Empty = strings.Join(t.empty, " ")
	page.PieceSquares = t.pieces[:]
	set, rulesErr := rulebook.Resolve(tf.HouseRules, t.rules)
	if rulesErr != nil {
		set = rulebook.Defaults(tf.HouseRules)
		page.Errors["rules"] = kit.InputMessage(rulesErr, rc.Ctx)
	}
	page.Rules = kit.HouseRuleFields(tf.HouseRules, set, rc.Lang)
	page.Board = g.board(rc.Ctx, t)
	if rc.Form.Get("op") != "judge" { // a kept ruling reopens as a GET: judged all the same
		return TFReferee(page), http.StatusOK
	}
	if rulesErr != nil {
		return TFReferee(page), http.StatusUnprocessableEntity
	}
	req, names, lines, err := t.request()
	var resp tf.TurnResponse
	if err == nil {
		resp, err = tf.AnswerTurn(req, views.Speaker(rc.Ctx)) // the API's own answer: page and API agree by construction
	}
	if err != nil {
		if msg := kit.ShowErrors(rc.Ctx, err, func(at kit.EnginePath, msg string) bool {
			page.Errors[tfFieldOf(at, names, lines)] = msg
			return true
		}); msg != "" {
			page.Errors["board"] = msg // not an input mistake: above the fields
		}
		page.Errors["judge"] = views.T(rc.Ctx, "takefive.ref.err.judge")
		return TFReferee(page), http.StatusUnprocessableEntity
	}
	page.Verdict = g.verdict(rc, resp, req.Player, set)
	cited, follows := page.Verdict.Violations, []string(nil)
	if t := page.Verdict.Take; t != nil {
		cited = append(cited, t.Cites...)
		follows = append(follows, fmt.Sprintf("%s %d (%s)", t.Square, t.Value, t.Outcome))
	}
	rc.Judged(req)
	rc.Rule(page.Verdict.Legal, cited, follows...)
	return TFReferee(page), http.StatusOK
}

func readTFTurn(form url.Values) tfTurn {
	t := tfTurn{mode: form.Get("mode"), phase: form.Get("phase"), rules: map[string]string{}}
	for i, p := range tf.Pieces {
		t.pieces[i] = strings.TrimSpace(strings.ToLower(form.Get("sq_" + p.String())))
		if t.pieces[i] == "" {
			t.pieces[i] = tf.Start[p].String()
		}
	}
	t.empty = strings.Fields(strings.ToLower(form.Get("empty")))
	if t.phase == "" {
		t.phase = tf.Score.String()
	}
	for i := range t.racks {
		t.racks[i] = strings.TrimSpace(form.Get(fmt.Sprintf("rack_%d", i)))
		t.elim[i] = form.Get(fmt.Sprintf("elim_%d", i)) != ""
	}
	t.player, _ = strconv.Atoi(form.Get("player"))
	for i := range t.moves {
		n := i + 1
		t.moves[i] = tfMoveForm{piece: form.Get(fmt.Sprintf("m%d_piece", n)), to: strings.ToLower(strings.TrimSpace(form.Get(fmt.Sprintf("m%d_to", n)))),
			action: form.Get(fmt.Sprintf("m%d_action", n)), value: strings.TrimSpace(form.Get(fmt.Sprintf("m%d_value", n)))}
		if t.moves[i].action == "" {
			t.moves[i].action = tf.See.String()
		}
	}
	for k, v := range kit.HouseRulesPosted(form, tf.HouseRules) {
		t.rules[k] = v
	}
	if t.mode == "" {
		t.mode = "move1"
	}
	return t
}

// position reads the pieces' squares; ok is false when one is unreadable
// or the position cannot occur.
func (t *tfTurn) position() (tf.Position, bool) {
	var pos tf.Position
	for i, name := range t.pieces {
		sq, err := tf.ParseSquare(name)
		if err != nil {
			return pos, false
		}
		pos[i] = sq
	}
	return pos, pos.Check() == nil
}

// afterFirst is the position move 2 starts from: move 1 applied when it
// names a piece and a free square.
func (t *tfTurn) afterFirst(pos tf.Position) tf.Position {
	p, err1 := tf.ParsePiece(t.moves[0].piece)
	sq, err2 := tf.ParseSquare(t.moves[0].to)
	if err1 == nil && err2 == nil {
		if _, taken := pos.On(sq); !taken {
			pos[p] = sq
		}
	}
	return pos
}

// tap applies a tap on square name under the current mode: place a piece,
// toggle the token, or pick a moving piece (a square with a piece) and
// then its destination.
func (t *tfTurn) tap(name string) {
	sq, err := tf.ParseSquare(name)
	if err != nil {
		return
	}
	name = sq.String()
	if p, err := tf.ParsePiece(strings.TrimPrefix(t.mode, "place-")); err == nil && strings.HasPrefix(t.mode, "place-") {
		t.pieces[p] = name
		return
	}
	switch t.mode {
	case "empty":
		if i := slices.Index(t.empty, name); i >= 0 {
			t.empty = slices.Delete(t.empty, i, i+1)
		} else {
			t.empty = append(t.empty, name)
		}
	case "move1", "move2":
		i := 0
		if t.mode == "move2" {
			i = 1
		}
		pos, ok := t.position()
		if !ok {
			return
		}
		if i == 1 {
			pos = t.afterFirst(pos)
		}
		m := &t.moves[i]
		// The first tap picks the piece; the next one is its square, free
		// or not (a move onto a piece is what the referee is asked about).
		// Its own square again lets it go; a piece tapped after a whole
		// move starts a new one.
		p, on := pos.On(sq)
		switch {
		case on && m.piece == p.String() && m.to == "":
			m.piece = ""
			return
		case on && (m.piece == "" || m.to != ""):
			m.piece, m.to = p.String(), ""
			return
		}
		m.to = name
		if slices.Contains(t.empty, name) || (i == 1 && t.moves[0].action == tf.TakeToken.String() && t.moves[0].to == name) {
			m.action = tf.Nothing.String()
		} else if m.action == tf.Nothing.String() {
			m.action = tf.See.String()
		}
	}
}

// token applies a tap on the token pad to the rack of the player who
// plays: a value 1–9 goes at the end of the line, "pop" takes the last off.
func (t *tfTurn) token(v string) {
	if t.player < 0 || t.player >= len(t.racks) || v == "" {
		return
	}
	line := &t.racks[t.player]
	name, values, found := strings.Cut(*line, ":")
	if !found {
		name, values = *line, ""
	}
	vs := strings.Fields(values)
	switch n, err := strconv.Atoi(v); {
	case v == "pop" && len(vs) > 0:
		vs = vs[:len(vs)-1]
	case err == nil && n >= tf.MinValue && n <= tf.MaxValue:
		vs = append(vs, v)
	}
	*line = strings.TrimSpace(strings.TrimSpace(name) + ": " + strings.Join(vs, " "))
}

// tfDigits reads a rack's tokens: numbers apart, or digits together (a
// token is one digit, tf.MinValue to tf.MaxValue, so "7835" is 7, 8, 3 and 5).
func tfDigits(s string) ([]int, bool) {
	var spaced []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == ';' || r == '\t' }) {
		if len(w) > 1 && strings.Trim(w, "123456789") == "" {
			w = strings.Join(strings.Split(w, ""), " ")
		}
		spaced = append(spaced, w)
	}
	return parseValues(strings.Join(spaced, " "))
}

// request maps the form to the API's request, so that the page asks the
// engine exactly what a client would ask; lines[i] is the form's move line
// (0 or 1) of the request's moves[i], and names the rack lines' players
// ("" for a blank line). Only what a request cannot express is refused
// here, on the form's own field: a rack line without a name, a name on two
// lines, words where tokens or a value go.
func (t *tfTurn) request() (req tf.TurnRequest, names []string, lines []int, err error) {
	names = make([]string, len(t.racks))
	ws := &tf.WireState{Pieces: map[string]string{}, Empty: append([]string{}, t.empty...), Phase: t.phase,
		Racks: map[string][]int{}, Eliminated: []string{}}
	for i, p := range tf.Pieces {
		ws.Pieces[p.String()] = t.pieces[i]
	}
	for i, line := range t.racks {
		if line == "" {
			continue
		}
		field := fmt.Sprintf("rack_%d", i)
		name, values, found := strings.Cut(line, ":")
		name = strings.TrimSpace(name)
		if !found {
			name, values = line, ""
		}
		names[i] = name
		if _, err := strconv.Atoi(strings.Fields(name + " x")[0]); err == nil || name == "" {
			return req, names, nil, rulebook.Mistake(field, "takefive.ref.err.rackline")
		}
		if _, twice := ws.Racks[name]; twice {
			return req, names, nil, rulebook.Mistake(field, "takefive.ref.mistake.player.twice")
		}
		vs, ok := tfDigits(values)
		if !ok {
			return req, names, nil, rulebook.Mistake(field, "takefive.ref.err.tokens")
		}
		ws.Racks[name] = append([]int{}, vs...)
		if t.elim[i] {
			ws.Eliminated = append(ws.Eliminated, name)
		}
	}
	req.State, req.Rules = ws, rulebook.JSONRules(t.rules)
	if t.player >= 0 && t.player < len(names) {
		req.Player = names[t.player]
	}
	req.Turn = &tf.WireTurn{Moves: []tf.WireMove{}}
	for i, m := range t.moves {
		if m.piece == "" && m.to == "" {
			continue
		}
		wm := tf.WireMove{Piece: m.piece, To: m.to, Action: m.action}
		if m.value != "" {
			v, err := strconv.Atoi(m.value)
			if err != nil {
				return req, names, nil, rulebook.Mistake(fmt.Sprintf("m%d", i+1), "takefive.ref.err.value")
			}
			wm.Value = &v
		}
		req.Turn.Moves = append(req.Turn.Moves, wm)
		lines = append(lines, i)
	}
	return req, names, lines, nil
}

// tfFields are the page's fields behind the API's paths; a mistake of the
// form's own (request) already names its field.
var tfFields = map[string]string{
	"rules": "rules", "state.pieces": "board", "state.empty": "board", "state.phase": "phase",
	"state": "racks", "turn": "m1", "player": "player", "m1": "m1", "m2": "m2",
}

// tfFieldOf names the page's field a path points at: a move of the request
// is its line of the form, a rack is the line naming its player.
func tfFieldOf(at kit.EnginePath, names []string, lines []int) string {
	if at.In("turn.moves", len(lines)) {
		return fmt.Sprintf("m%d", lines[at.Index]+1)
	}
	if strings.HasPrefix(at.Field, "rack_") {
		return at.Field
	}
	if rest, ok := strings.CutPrefix(at.Field, "state.racks."); ok {
		for i, n := range names {
			if n != "" && (rest == n || strings.HasPrefix(rest, n+"[")) {
				return fmt.Sprintf("rack_%d", i)
			}
		}
	}
	if name, ok := kit.FormField(at.Field, tfFields); ok {
		return name
	}
	return "judge"
}

// tfTokens are the token pad's values, the game's own.
var tfTokens = func() []int {
	var out []int
	for v := tf.MinValue; v <= tf.MaxValue; v++ {
		out = append(out, v)
	}
	return out
}()

// RefereeSetup opens the page from a match with a rack line per player
// still at the table.
func (TakeFive) RefereeSetup(match store.Match, played int) url.Values {
	q := url.Values{}
	for i, st := range kit.SeatsAt(match, played+1) {
		if i < tfRackFields {
			q.Set(fmt.Sprintf("rack_%d", i), st.Name+": ")
		}
	}
	return q
}
