package taki_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/games/gametest"
	"github.com/tablekeeper/tablekeeper/games/kit"
	tk "github.com/tablekeeper/tablekeeper/referee/taki"
	"github.com/tablekeeper/tablekeeper/rulebook"
	tkscore "github.com/tablekeeper/tablekeeper/scoring/taki"
)

// The engines' shared tables of TAKI vectors: every one is asked of the
// JSON API and of the page a player would use for it, and both must give
// the same verdict (gametest.Agree). A vector the page's form cannot say (a
// name given twice, a seat listed twice as silent…) is named in the log,
// not compared.

// takiRoundForm is the scoresheet form a player fills in for req, or why
// the form cannot say it.
func takiRoundForm(req tkscore.ScoreRequest) (url.Values, string) {
	if _, err := rulebook.Resolve(tk.HouseRules, req.Rules); err != nil {
		return nil, "a house rule the group's settings cannot hold"
	}
	form := url.Values{"op": {"save"}, "submitKey": {"agree"}}
	names := map[string]bool{}
	winner := -1
	for i, p := range req.Players {
		if p.Name == "" || names[p.Name] {
			return nil, "players are seated once, by name"
		}
		names[p.Name] = true
		if p.Name == req.Winner {
			winner = i
			if len(p.Cards) > 0 || p.Points != nil {
				return nil, "the winner's seat takes no cards or points on the form"
			}
			continue
		}
		switch {
		case p.Points != nil && len(p.Cards) > 0:
			return nil, "a seat is either cards or points on the form"
		case p.Points != nil && *p.Points > 0:
			return nil, "the form takes the points lost"
		case p.Points != nil:
			form.Set(fmt.Sprintf("mode_%d", i), "points")
			form.Set(fmt.Sprintf("points_%d", i), strconv.Itoa(-*p.Points))
		default:
			form.Set(fmt.Sprintf("cards_%d", i), strings.Join(p.Cards, " "))
		}
	}
	if winner < 0 {
		return nil, "the winner is tapped among the seats"
	}
	form.Set("winner", strconv.Itoa(winner))
	return form, ""
}

func signedText(n int) string { return strings.ReplaceAll(strconv.Itoa(n), "-", "−") }

// Every score vector through POST /api/v1/taki/score and through a match's
// round form: the same points, or a refusal on the same seat.
func TestTakiAgreeScore(t *testing.T) {
	var cases []gametest.Case
	for _, v := range gametest.Vectors[struct {
		Name    string               `json:"name"`
		Request tkscore.ScoreRequest `json:"request"`
	}](t, "../../scoring/taki/testdata/score_vectors.json") {
		form, why := takiRoundForm(v.Request)
		var names []string
		for _, p := range v.Request.Players {
			names = append(names, p.Name)
		}
		var rules url.Values
		if v.Request.Rules != nil {
			rules = url.Values{}
			for k, val := range v.Request.Rules {
				rules.Set(k, val)
			}
		}
		cases = append(cases, gametest.Case{Name: v.Name, API: "/api/v1/taki/score", Request: v.Request, Skip: why,
			Round: &gametest.Round{Players: names, HouseRules: rules, Start: url.Values{"end": {"rounds"}, "rounds": {"5"}}, Form: form},
			Totals: func(answer []byte) []string {
				var ok tkscore.ScoreResponse
				json.Unmarshal(answer, &ok)
				var want []string
				for _, p := range ok.Players {
					want = append(want, signedText(p.Points))
				}
				return want
			}})
	}
	if compared := gametest.Agree(t, "taki", cases); compared < 12 {
		t.Errorf("only %d score vectors compared", compared)
	}
}

// takiRefereeForm is the referee page's form for req, or why the page
// cannot say it; exact is false when the form carries the request only as
// far as the page's own reading refuses it (no card on top, a code that is
// no card, «plays» with nothing tapped).
func takiRefereeForm(req tk.TurnRequest) (form url.Values, exact bool, why string) {
	s, t := req.State, req.Turn
	if t.Draw && (len(t.Play) > 0 || t.Color != "" || t.PassHands != "" || t.CloseTaki || t.Counter != nil) {
		return nil, false, "«draws a card» sends nothing else"
	}
	for k := range req.Rules {
		if !slices.ContainsFunc(tk.HouseRules, func(h rulebook.HouseRule) bool { return h.Key == k }) {
			return nil, false, "the page offers only the declared house rules"
		}
	}
	for i, p := range s.SilentOneCard {
		if p < 0 || p >= tk.MaxPlayers || slices.Contains(s.SilentOneCard[:i], p) {
			return nil, false, "the page has one box per seat A to J"
		}
	}
	form = url.Values{"op": {"judge"}, "players": {strconv.Itoa(s.Players)}, "current": {strconv.Itoa(s.Current)},
		"direction": {s.Direction}, "top": {s.Top}, "pending": {strconv.Itoa(s.PendingDraw)},
		"hand": {strings.Join(req.Hand, " ")}, "play": {strings.Join(t.Play, " ")}, "turnColour": {t.Color}, "passHands": {t.PassHands}}
	if s.Color != nil {
		form.Set("colour", *s.Color)
	}
	if s.OpenTaki != nil {
		form.Set("openTaki", *s.OpenTaki)
	}
	if s.Opening {
		form.Set("opening", "true")
	}
	for _, p := range s.SilentOneCard {
		form.Add("silent", strconv.Itoa(p))
	}
	form.Set("move", "play")
	if t.Draw {
		form.Set("move", "draw")
	}
	if t.CloseTaki {
		form.Set("closeTaki", "true")
	}
	if t.CallTaki {
		form.Set("callTaki", "true")
	}
	if t.Counter != nil {
		form.Set("counterPlayer", strconv.Itoa(t.Counter.Player))
		form.Set("counter", strings.Join(t.Counter.Play, " "))
	}
	for k, v := range req.Rules {
		form.Set(kit.HouseRuleField(k), v)
	}
	exact = s.Top != "" && (t.Draw || len(t.Play) > 0)
	for _, code := range slices.Concat([]string{s.Top}, req.Hand, t.Play) {
		if _, err := tk.ParseCard(code); err != nil {
			exact = false
		}
	}
	return form, exact, ""
}

// Every turn vector through POST /api/v1/taki/turn and through the referee
// page: legal on both, illegal under the same rule on both, or refused on
// both (with the engine's own sentence on the page when the form carries
// the request as it is).
func TestTakiAgreeTurn(t *testing.T) {
	var cases []gametest.Case
	for _, v := range gametest.Vectors[struct {
		Name    string         `json:"name"`
		Request tk.TurnRequest `json:"request"`
	}](t, "../../referee/taki/testdata/turn_vectors.json") {
		form, exact, why := takiRefereeForm(v.Request)
		cases = append(cases, gametest.Case{Name: v.Name, API: "/api/v1/taki/turn", Request: v.Request, Skip: why, Referee: form, Exact: exact,
			Rule: func(answer []byte) string {
				var a tk.TurnResponse
				json.Unmarshal(answer, &a)
				if a.Legal || len(a.Violations) == 0 {
					return ""
				}
				return a.Violations[0].Rule
			}})
	}
	if compared := gametest.Agree(t, "taki", cases); compared < 50 {
		t.Errorf("only %d turn vectors compared", compared)
	}
}
