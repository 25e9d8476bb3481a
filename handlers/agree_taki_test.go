package handlers

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/games/kit"
	tk "github.com/tablekeeper/tablekeeper/referee/taki"
	"github.com/tablekeeper/tablekeeper/rulebook"
	tkscore "github.com/tablekeeper/tablekeeper/scoring/taki"
)

// The engines' shared tables of TAKI vectors: every one is asked of the
// JSON API and of the page a player would use for it, and both must give
// the same verdict. A vector the page's form cannot say (a name given twice,
// a seat listed twice as silent…) is named in the log, not compared.

// loadVectors reads an engine's testdata table.
func loadVectors[V any](t *testing.T, path string) []V {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var vs []V
	if err := json.Unmarshal(raw, &vs); err != nil {
		t.Fatal(err)
	}
	return vs
}

// apiPost sends a JSON body to the API and decodes the answer into out.
func apiPost(t *testing.T, app *testApp, path string, body, out any) int {
	t.Helper()
	js, _ := json.Marshal(body)
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(string(js)))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	app.e.ServeHTTP(rec, req)
	if rec.Code == http.StatusOK {
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	} else {
		var e apiError
		_ = json.Unmarshal(rec.Body.Bytes(), &e)
		*out.(*apiError) = e
	}
	return rec.Code
}

type takiScoreVector struct {
	Name    string               `json:"name"`
	Request tkscore.ScoreRequest `json:"request"`
}

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
	app := newTestApp(t)
	c := app.client()
	compared := 0
	for _, v := range loadVectors[takiScoreVector](t, "../scoring/taki/testdata/score_vectors.json") {
		var ok tkscore.ScoreResponse
		var refused apiError
		out := any(&ok)
		code := apiPost(t, app, "/api/v1/taki/score", v.Request, &refused)
		if code == http.StatusOK {
			code = apiPost(t, app, "/api/v1/taki/score", v.Request, out)
		}
		form, why := takiRoundForm(v.Request)
		if why != "" {
			t.Logf("%s: not on the page: %s", v.Name, why)
			continue
		}
		compared++
		slug := c.group("Agree")
		if v.Request.Rules != nil {
			rules := url.Values{}
			for k, val := range v.Request.Rules {
				rules.Set(k, val)
			}
			if rec := c.post("/g/"+slug+"/rules/taki", rules); rec.Code != http.StatusSeeOther {
				t.Fatalf("%s: house rules: status %d", v.Name, rec.Code)
			}
		}
		var names []string
		for _, p := range v.Request.Players {
			names = append(names, p.Name)
		}
		ids := c.players(slug, names...)
		start := url.Values{"game": {"taki"}, "end": {"rounds"}, "rounds": {"5"}}
		for i, id := range ids {
			start.Set(fmt.Sprintf("seat_%d", id), fmt.Sprint(i+1))
		}
		rec := c.post("/g/"+slug+"/matches", start)
		if code != http.StatusOK && refused.Error.Field == "players" {
			if rec.Code != http.StatusUnprocessableEntity {
				t.Errorf("%s: the API refuses %d players, the page starts the match (status %d)", v.Name, len(names), rec.Code)
			}
			continue
		}
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("%s: start match: status %d", v.Name, rec.Code)
		}
		match := rec.Header().Get("Location")
		rec = c.post(match+"/rounds", form)
		if code == http.StatusOK {
			if rec.Code != http.StatusSeeOther {
				t.Errorf("%s: the API scores it, the page refuses (status %d): %v", v.Name, rec.Code, texts(doc(t, rec), ".error"))
				continue
			}
			var want []string
			for _, p := range ok.Players {
				want = append(want, signedText(p.Points))
			}
			if got := texts(doc(t, c.get(match)), `[data-testid="total"]`); !slices.Equal(got, want) {
				t.Errorf("%s: page totals %v, API points %v", v.Name, got, want)
			}
			continue
		}
		if rec.Code != http.StatusUnprocessableEntity {
			t.Errorf("%s: the API refuses %s, the page answers %d", v.Name, refused.Error.Field, rec.Code)
			continue
		}
		var seat int
		if _, err := fmt.Sscanf(refused.Error.Field, "players[%d]", &seat); err == nil {
			if e := doc(t, rec).Find(`[data-testid="seat"]`).Eq(seat).Find("[data-testid=refusal-flag]"); e.Length() != 1 {
				t.Errorf("%s: the API refuses %s, the page does not mark seat %d: %v", v.Name, refused.Error.Field, seat, refusals(doc(t, rec)))
			}
		}
	}
	if compared < 12 {
		t.Errorf("only %d score vectors compared", compared)
	}
}

type takiTurnVector struct {
	Name    string         `json:"name"`
	Request tk.TurnRequest `json:"request"`
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
	app := newTestApp(t)
	c := app.client()
	compared := 0
	for _, v := range loadVectors[takiTurnVector](t, "../referee/taki/testdata/turn_vectors.json") {
		var answer tk.TurnResponse
		var refused apiError
		code := apiPost(t, app, "/api/v1/taki/turn", v.Request, &refused)
		if code == http.StatusOK {
			apiPost(t, app, "/api/v1/taki/turn", v.Request, &answer)
		}
		form, exact, why := takiRefereeForm(v.Request)
		if why != "" {
			t.Logf("%s: not on the page: %s", v.Name, why)
			continue
		}
		compared++
		rec := c.post("/referee/taki", form)
		d := doc(t, rec)
		errs := strings.Join(texts(d, ".error"), " | ")
		switch {
		case code != http.StatusOK:
			if rec.Code != http.StatusUnprocessableEntity || d.Find(`[data-testid="verdict"]`).Length() != 0 {
				t.Errorf("%s: the API refuses %s, the page answers %d", v.Name, refused.Error.Field, rec.Code)
			} else if exact && !strings.Contains(errs, refused.Error.Message) {
				t.Errorf("%s: the API says %q, the page %q", v.Name, refused.Error.Message, errs)
			}
		case rec.Code != http.StatusOK:
			t.Errorf("%s: the API judges it, the page refuses (%d): %s", v.Name, rec.Code, errs)
		case answer.Legal:
			if d.Find(`[data-testid="verdict-legal"]`).Length() != 1 {
				t.Errorf("%s: legal for the API, not on the page: %v", v.Name, texts(d, `[data-testid="violation"]`))
			}
		default:
			if got := d.Find(`[data-testid="violation"]`).AttrOr("data-rule", ""); got != answer.Violations[0].Rule {
				t.Errorf("%s: the API breaks %s, the page %q", v.Name, answer.Violations[0].Rule, got)
			}
		}
	}
	if compared < 50 {
		t.Errorf("only %d turn vectors compared", compared)
	}
}
