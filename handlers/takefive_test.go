package handlers

import (
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/games/takefive"
)

// tfMatch starts a Take Five match for the named players (seats in order)
// whose first round is started by seat firstStarter (1-based), and returns its URL.
func tfMatch(t *testing.T, c *client, slug string, names []string, firstStarter string) string {
	t.Helper()
	ids := c.players(slug, names...)
	form := url.Values{"game": {"takefive"}, "firstStarter": {firstStarter}}
	for i, id := range ids {
		form.Set(fmt.Sprintf("seat_%d", id), fmt.Sprint(i+1))
	}
	rec := c.post("/g/"+slug+"/matches", form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start Take Five match: status %d\n%s", rec.Code, rec.Body)
	}
	return rec.Header().Get("Location")
}

func TestTakeFiveNewMatchRefusesABadStarter(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("Table")
	ids := c.players(slug, "Ana", "Ben")
	form := url.Values{"game": {"takefive"}, "firstStarter": {"3"},
		fmt.Sprintf("seat_%d", ids[0]): {"1"}, fmt.Sprintf("seat_%d", ids[1]): {"2"}}
	rec := c.post("/g/"+slug+"/matches", form)
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(doc(t, rec).Find(".error").Text(), "from 1 to 2") {
		t.Errorf("seat 3 of 2 starts: status %d, error %q; want 422 naming 1 to 2", rec.Code, doc(t, rec).Find(".error").Text())
	}
}

// A whole match: the phases cycle score → 21 → 21 (replayed: everyone was
// eliminated) → quinte → score, each started left of the last winner, and
// the first to three round wins takes it. Bad saves store nothing.
func TestTakeFiveMatchEndToEnd(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("Table")
	matchURL := tfMatch(t, c, slug, []string{"Ana", "Ben", "Chloé"}, "2")

	type info struct{ phase, starter string }
	check := func(step string, want info) {
		t.Helper()
		d := doc(t, c.get(matchURL))
		got := info{d.Find("[data-testid=tf-phase]").Text(), d.Find("[data-testid=tf-starter]").Text()}
		if got != want {
			t.Errorf("%s: phase, starter = %+v, want %+v", step, got, want)
		}
	}
	save := func(form url.Values) {
		t.Helper()
		form.Set("op", "save")
		if rec := c.post(matchURL+"/rounds", form); rec.Code != http.StatusSeeOther {
			t.Fatalf("save %v: status %d\n%s", form, rec.Code, doc(t, rec).Find(".error").Text())
		}
	}
	totals := func() string {
		var got []string
		doc(t, c.get(matchURL)).Find("[data-testid=total]").Each(func(_ int, s *goquerySelection) { got = append(got, s.Text()) })
		return strings.Join(got, " ")
	}

	check("round 1", info{"score", "Ben"})
	if doc(t, c.get(matchURL)).Find("[data-testid=tf-nobody]").Length() != 0 {
		t.Errorf("a score round offers «nobody won»")
	}
	bad := []struct {
		name, wantErr string
		form          url.Values
	}{
		{"no winner chosen", "Choose who won", url.Values{}},
		{"nobody in a score round", "Only a 21 round", url.Values{"winner": {"-1"}}},
		{"seat out of range", "not a player", url.Values{"winner": {"3"}}},
		{"duplicate in the score rack", "does not win", url.Values{"winner": {"2"}, "rack": {"9 9 7 6 5"}}},
		{"rack not numbers", "numbers from 1 to 9", url.Values{"winner": {"2"}, "rack": {"9 8 x"}}},
	}
	for _, tt := range bad {
		tt.form.Set("op", "save")
		rec := c.post(matchURL+"/rounds", tt.form)
		d := doc(t, rec)
		if said := strings.Join(refusals(d), " "); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(said, tt.wantErr) {
			t.Errorf("%s: status %d, refusals %q; want 422 with %q", tt.name, rec.Code, said, tt.wantErr)
		}
		if r := tt.form.Get("rack"); r != "" && d.Find("[data-testid=tf-rack]").AttrOr("value", "") != r {
			t.Errorf("%s: the rack typed was not kept", tt.name)
		}
	}
	if got := totals(); got != "0 0 0" {
		t.Fatalf("after refused saves, totals = %q, want 0 0 0", got)
	}

	save(url.Values{"winner": {"2"}, "rack": {"9 8 7 6 5"}}) // Chloé wins the score round
	check("round 2", info{"21", "Ana"})
	save(url.Values{"winner": {"-1"}}) // all eliminated: replayed (default house rule)
	check("round 3 (replay)", info{"21", "Ben"})
	if rec := c.post(matchURL+"/rounds", url.Values{"op": {"save"}, "winner": {"0"}, "rack": {"9 8 5"}}); rec.Code != http.StatusUnprocessableEntity {
		t.Errorf("21 round won with 9 8 5 = 22: status %d, want 422", rec.Code)
	}
	save(url.Values{"winner": {"0"}, "rack": {"9 8 4"}})
	check("round 4", info{"quinte", "Ben"})
	save(url.Values{"winner": {"0"}, "rack": {"3 4 5 6 7"}})
	check("round 5", info{"score", "Ben"})
	if got := totals(); got != "2 0 1" {
		t.Errorf("totals after 4 rounds = %q, want 2 0 1 (round wins)", got)
	}
	save(url.Values{"winner": {"0"}})
	d := doc(t, c.get(matchURL))
	if w := d.Find("[data-testid=winner]").Text(); !strings.Contains(w, "Ana") {
		t.Errorf("winner = %q, want Ana (three round wins)", w)
	}
	if d.Find("[data-testid=round-form]").Length() != 0 {
		t.Errorf("a finished match still offers the round form")
	}
	if text := d.Text(); !strings.Contains(text, "Round 2 (21)") || !strings.Contains(text, "Round 3 (21)") {
		t.Errorf("the sheet does not show the replayed 21 round:\n%s", text)
	}
	hist := d.Find(`a[href$="/history"]`).Eq(1).AttrOr("href", "")
	if text := doc(t, c.get(hist)).Text(); !strings.Contains(text, "Ana started · all eliminated, no winner") {
		t.Errorf("history of round 2 (%s) does not say who started and that nobody won:\n%s", hist, text)
	}
}

// tfDispute is TV-TF-1's table: pieces at setup, Paul {7 8 3 5} to play
// against Alfred {8 9 7 5}, in the score phase, with the squares the racks'
// tokens came from empty.
func tfDispute(extra url.Values) url.Values {
	f := url.Values{"rules_shown": {"1"}, "rule.lastStandingWins21": {"true"}, "rule.resetPiecesEachRound": {"true"},
		"phase": {"score"}, "rack_0": {"Paul: 7 8 3 5"}, "rack_1": {"Alfred: 8 9 7 5"}, "player": {"0"}, "op": {"judge"},
		"m1_piece": {"knight"}, "m1_to": {"e3"}, "m1_action": {"see"}}
	for k, v := range extra {
		f[k] = v
	}
	if _, given := extra["empty"]; !given {
		f.Set("empty", tfEmptyFor(f))
	}
	return f
}

// tfEmptyFor lists as many empty squares as the form's racks hold tokens,
// so that the table can exist (every token taken left its square); none is
// a square the tests move to.
func tfEmptyFor(f url.Values) string {
	n := 0
	for i := range takefive.RackLines {
		_, values, _ := strings.Cut(f.Get(fmt.Sprintf("rack_%d", i)), ":")
		n += len(strings.Fields(values))
	}
	return strings.Join(strings.Fields("c3 b3 c2 d1 e1 a3 a4 a5 b6 c5 d5 d6 e4 e2 c1 f4")[:n], " ")
}

func TestTakeFiveRefereeVerdicts(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	if rec := c.get("/referee/takefive"); rec.Code != http.StatusOK || doc(t, rec).Find("[data-testid=tf-board] button.sq").Length() != 36 {
		t.Fatalf("GET /referee/takefive: status %d, want 200 with 36 squares", rec.Code)
	}
	take := func(piece, to, value string) url.Values {
		return url.Values{"m2_piece": {piece}, "m2_to": {to}, "m2_action": {"take"}, "m2_value": {value}}
	}
	tests := []struct {
		name        string
		form        url.Values
		wantLegal   bool
		wantRule    string // a rule quoted
		wantOutcome string
		wantText    string
	}{
		{"TV-TF-1 Paul takes 9: wins", tfDispute(take("rook", "f2", "9")), true, "takefive.score-fifth", "won", "Paul wins the round"},
		{"TV-TF-1 Paul takes 6: 29 is not > 29", tfDispute(take("rook", "f2", "6")), true, "takefive.penalty", "penalty", "gives up one of his tokens (7 8 3 5"},
		{"TV-TF-1 Paul takes 8: duplicate", tfDispute(take("rook", "f2", "8")), true, "takefive.score-duplicate", "penalty", "penalty"},
		{"TV-TF-2 21: 9 8 + 4 wins", tfDispute(url.Values{"phase": {"21"}, "rack_0": {"Ana: 9 8"}, "rack_1": {"Ben: 2"}, "m2_piece": {"rook"}, "m2_to": {"f2"}, "m2_action": {"take"}, "m2_value": {"4"}}), true, "takefive.21-goal", "won", "Ana wins"},
		{"TV-TF-2 21: 9 8 + 5 eliminated", tfDispute(url.Values{"phase": {"21"}, "rack_0": {"Ana: 9 8"}, "rack_1": {"Ben: 2"}, "rack_2": {"Cléo: 3"}, "m2_piece": {"rook"}, "m2_to": {"f2"}, "m2_action": {"take"}, "m2_value": {"5"}}), true, "takefive.21-eliminated", "eliminated", "eliminates"},
		{"TV-TF-3 quinte: 3 5 6 + 8 misfit", tfDispute(url.Values{"phase": {"quinte"}, "rack_0": {"Ana: 3 5 6"}, "rack_1": {"Ben: 2"}, "m2_piece": {"rook"}, "m2_to": {"f2"}, "m2_action": {"take"}, "m2_value": {"8"}}), true, "takefive.quinte-misfit", "penalty", ""},
		{"TV-TF-3 quinte: 3 5 6 + 7 kept", tfDispute(url.Values{"phase": {"quinte"}, "rack_0": {"Ana: 3 5 6"}, "rack_1": {"Ben: 2"}, "m2_piece": {"rook"}, "m2_to": {"f2"}, "m2_action": {"take"}, "m2_value": {"7"}}), true, "", "kept", "3 5 6 7"},
		{"TV-TF-4 knight f1 to d3 is no knight move", tfDispute(url.Values{"m1_to": {"d3"}}), false, "takefive.knight", "", "Move 1"},
		{"TV-TF-4 rook onto a1 is occupied", tfDispute(url.Values{"sq_rook": {"a3"}, "m1_piece": {"rook"}, "m1_to": {"a1"}}), false, "takefive.occupied", "", ""},
		{"rook may not pass the black bishop", tfDispute(url.Values{"sq_rook": {"b1"}, "sq_black-bishop": {"b2"}, "m1_piece": {"rook"}, "m1_to": {"b4"}}), false, "takefive.no-jump", "", ""},
		{"the same piece twice", tfDispute(url.Values{"m2_piece": {"knight"}, "m2_to": {"c4"}, "m2_action": {"see"}}), false, "takefive.two-pieces", "", "Move 2"},
		{"two takes", tfDispute(url.Values{"m1_action": {"take"}, "m1_value": {"1"}, "m2_piece": {"rook"}, "m2_to": {"f2"}, "m2_action": {"take"}, "m2_value": {"2"}}), false, "takefive.one-take", "penalty", ""},
		{"same piece twice allowed by house rule", tfDispute(url.Values{"rule.allowSamePieceTwice": {"true"}, "m2_piece": {"knight"}, "m2_to": {"c4"}, "m2_action": {"see"}}), true, "", "", "A player may move the same piece twice"},
	}
	for _, tt := range tests {
		rec := c.post("/referee/takefive", tt.form)
		d := doc(t, rec)
		if rec.Code != http.StatusOK {
			t.Errorf("%s: status %d, want 200 (%s)", tt.name, rec.Code, d.Find(".error").Text())
			continue
		}
		v := d.Find("[data-testid=tf-verdict]")
		if legal := v.Find("[data-testid=tf-legal]").Length() == 1; legal != tt.wantLegal {
			t.Errorf("%s: legal = %v, want %v: %s", tt.name, legal, tt.wantLegal, v.Text())
		}
		if tt.wantRule != "" {
			cite := v.Find(fmt.Sprintf("[data-rule=%q]", tt.wantRule))
			if cite.Length() == 0 || cite.Find("blockquote.sheet").Text() == "" {
				t.Errorf("%s: rule %s not quoted from the sheet: %s", tt.name, tt.wantRule, v.Text())
			}
		}
		if got := v.Find("[data-testid=tf-outcome]").AttrOr("data-outcome", ""); got != tt.wantOutcome {
			t.Errorf("%s: outcome %q, want %q", tt.name, got, tt.wantOutcome)
		}
		if !strings.Contains(v.Text(), tt.wantText) {
			t.Errorf("%s: verdict does not say %q: %s", tt.name, tt.wantText, v.Text())
		}
	}
}

func TestTakeFiveRefereeImpossibleTables(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	tests := []struct {
		name, field, wantErr string
		form                 url.Values
	}{
		{"duplicate in a score rack", "rack_1", "two 8s", tfDispute(url.Values{"rack_1": {"Alfred: 8 8 7 5"}})},
		{"a rack without a name", "rack_0", "colon", tfDispute(url.Values{"rack_0": {"7 8 3 5"}})},
		{"a token out of range", "rack_0", "1 to 9", tfDispute(url.Values{"rack_0": {"Paul: 7 10"}})},
		{"two pieces on a square", "board", "", tfDispute(url.Values{"sq_rook": {"a1"}})},
		{"more empty squares than tokens taken", "board", "", tfDispute(url.Values{"rack_0": {"Paul: 7"}, "rack_1": {"Alfred: 8"}, "empty": {"c3 c4 c5"}})},
		{"a take without its value", "m2", "value", tfDispute(url.Values{"m2_piece": {"rook"}, "m2_to": {"f2"}, "m2_action": {"take"}})},
	}
	for _, tt := range tests {
		rec := c.post("/referee/takefive", tt.form)
		d := doc(t, rec)
		if rec.Code != http.StatusUnprocessableEntity {
			t.Errorf("%s: status %d, want 422", tt.name, rec.Code)
			continue
		}
		if d.Find("[data-testid=tf-verdict]").Length() != 0 {
			t.Errorf("%s: a verdict is shown for an impossible table", tt.name)
		}
		if !strings.Contains(d.Find(".error").Text(), tt.wantErr) {
			t.Errorf("%s: errors %q do not say %q", tt.name, d.Find(".error").Text(), tt.wantErr)
		}
		if strings.HasPrefix(tt.field, "rack_") {
			in := d.Find(fmt.Sprintf("[data-testid=%s]", tt.field))
			if in.AttrOr("aria-invalid", "") != "true" || in.AttrOr("value", "") != tt.form.Get(tt.field) {
				t.Errorf("%s: %s not marked invalid with what was typed kept (value %q)", tt.name, tt.field, in.AttrOr("value", ""))
			}
		}
	}
}

// Taps: with no JavaScript, tapping a piece in a move mode redraws the
// board with its legal destinations framed (TV-TF-4), a second tap sets
// the destination, and the empty mode toggles a token.
func TestTakeFiveRefereeTaps(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	hl := func(form url.Values) (string, url.Values) {
		t.Helper()
		rec := c.post("/referee/takefive", form)
		if rec.Code != http.StatusOK {
			t.Fatalf("tap %v: status %d", form, rec.Code)
		}
		d := doc(t, rec)
		var got []string
		d.Find("[data-testid=tf-board] .hl").Each(func(_ int, s *goquerySelection) { got = append(got, s.AttrOr("value", "")) })
		next := url.Values{}
		d.Find("#tf-referee input, #tf-referee select").Each(func(_ int, s *goquerySelection) {
			name := s.AttrOr("name", "")
			if s.Is("select") {
				next.Set(name, s.Find("option[selected]").AttrOr("value", ""))
			} else if typ := s.AttrOr("type", ""); (typ != "radio" && typ != "checkbox") || s.AttrOr("checked", "-") != "-" {
				next.Set(name, s.AttrOr("value", ""))
			}
		})
		sort.Strings(got)
		return strings.Join(got, " "), next
	}
	tests := []struct{ piece, want string }{
		{"f1", "d2 e3"},
		{"f6", "b6 c6 d6 e6 f2 f3 f4 f5"},
		{"a1", "b2 c3 d4 e5"},
	}
	for _, tt := range tests {
		if got, _ := hl(url.Values{"mode": {"move1"}, "tap": {tt.piece}}); got != tt.want {
			t.Errorf("tap %s: destinations %q, want %q", tt.piece, got, tt.want)
		}
	}
	_, form := hl(url.Values{"mode": {"move1"}, "tap": {"f1"}})
	form.Set("tap", "e3")
	_, form = hl(form)
	if form.Get("m1_piece") != "knight" || form.Get("m1_to") != "e3" {
		t.Errorf("after tapping f1 then e3, move 1 = %s → %s, want knight → e3", form.Get("m1_piece"), form.Get("m1_to"))
	}
	form.Set("mode", "empty")
	form.Set("tap", "c3")
	_, form = hl(form)
	if form.Get("empty") != "c3" {
		t.Errorf("empty after a tap on c3 = %q, want c3", form.Get("empty"))
	}
}
