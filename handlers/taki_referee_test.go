package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// takiTable is a referee form: the table, then the turn, as a user fills it in.
func takiTable(players, current, top string, kv ...string) url.Values {
	f := url.Values{"players": {players}, "current": {current}, "direction": {"cw"}, "top": {top}, "pending": {"0"},
		"move": {"play"}, "op": {"judge"}}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i] == "silent" || strings.HasPrefix(kv[i], "rule.") {
			f.Add(kv[i], kv[i+1]) // several values
		} else {
			f.Set(kv[i], kv[i+1])
		}
	}
	return f
}

// The TV-TK vectors of RULES.md §4.6 through the real page.
func TestTakiRefereeVectors(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	tests := []struct {
		name       string
		form       url.Values
		wantRule   string   // violated rule, "" for a legal turn
		wantStep   string   // the violation's card, e.g. "Card 2"
		follows    []string // sentences that must appear in «what follows»
		wantApply  string   // a rule quoted for a legal turn
		wantRules  string   // a house rule named as applied
		playable   string   // the hand's playable cards, space-separated
		notFollows string
	}{
		{name: "TV-TK-2 blue 5 on red 5", form: takiTable("4", "0", "R5", "play", "B5"),
			follows: []string{"B plays next.", "the colour in force is blue"}, wantApply: "taki.match"},
		{name: "TV-TK-2 red 9 on red 5", form: takiTable("4", "0", "R5", "play", "R9"), follows: []string{"B plays next."}},
		{name: "TV-TK-2 change of colour on red 5", form: takiTable("4", "0", "R5", "play", "COLOR", "turnColour", "G"),
			follows: []string{"the colour in force is green"}, wantApply: "taki.colour"},
		{name: "TV-TK-2 crazy card on red 5", form: takiTable("4", "0", "R5", "play", "CRAZY", "passHands", "left"),
			follows: []string{"passes his hand to the left", "a card of any colour may be played on it"}, wantApply: "taki.crazy"},
		{name: "TV-TK-2 Super TAKI on red 5", form: takiTable("4", "0", "R5", "play", "SUPERTAKI", "turnColour", "Y"),
			follows: []string{"The yellow TAKI stays open: B may go on"}, wantApply: "taki.super-taki"},
		{name: "TV-TK-2 blue 7 on red 5", form: takiTable("4", "0", "R5", "play", "B7"), wantRule: "taki.match", wantStep: "Card 1"},
		{name: "TV-TK-2 red Plus then red 8", form: takiTable("4", "0", "R5", "play", "RPLUS R8"), follows: []string{"B plays next."}, wantApply: "taki.plus"},
		{name: "TV-TK-2 red Plus then blue 8", form: takiTable("4", "0", "R5", "play", "RPLUS B8"), wantRule: "taki.plus", wantStep: "Card 2"},
		{name: "TV-TK-2 red Plus as the only card", form: takiTable("4", "0", "R5", "play", "RPLUS", "hand", "RPLUS"),
			wantRule: "taki.plus", wantStep: "Card 1", playable: ""},
		{name: "TV-TK-3 +3: B, C and D draw 3", form: takiTable("4", "0", "R5", "play", "RPLUS R3"),
			follows: []string{"B draws 3 cards.", "C draws 3 cards.", "D draws 3 cards.", "B plays next."}, wantApply: "taki.plus3"},
		{name: "TV-TK-3 countered by C", form: takiTable("4", "0", "R5", "play", "RPLUS R3", "counterPlayer", "2", "counter", "GPLUS G3"),
			follows: []string{"A draws 3 cards.", "B plays next.", "the colour in force is green"}, notFollows: "C draws"},
		{name: "TV-TK-4 B answers with a blue +2", form: takiTable("4", "1", "G+2", "pending", "2", "play", "B+2"),
			follows: []string{"C must play a +2 or draw 4 cards."}, wantApply: "taki.plus2"},
		{name: "TV-TK-4 C draws 4", form: takiTable("4", "2", "B+2", "pending", "4", "move", "draw", "hand", "R1 B5"),
			follows: []string{"C draws 4 cards.", "D plays next.", "the colour in force is blue"}, wantApply: "taki.plus2", playable: ""},
		{name: "TV-TK-4 C may not play blue instead", form: takiTable("4", "2", "B+2", "pending", "4", "play", "B5"), wantRule: "taki.plus2", wantStep: "Card 1"},
		{name: "TV-TK-5 TAKI run ending on a Stop", form: takiTable("4", "0", "R5", "play", "RTAKI R4 RSTOP", "closeTaki", "true"),
			follows: []string{"B loses his turn.", "C plays next.", "The TAKI is closed."}, wantApply: "taki.stop"},
		{name: "TV-TK-5 a Stop mid-run is cancelled", form: takiTable("4", "0", "R5", "play", "RTAKI RSTOP R4", "closeTaki", "true"),
			follows: []string{"B plays next."}, notFollows: "loses his turn"},
		{name: "TV-TK-6 Stop with two players", form: takiTable("2", "0", "R5", "play", "RSTOP"),
			follows: []string{"B loses his turn.", "A plays again."}},
		{name: "playable cards of a hand", form: takiTable("4", "0", "R5", "play", "B5", "hand", "B5 Y7 RPLUS R8 COLOR G9"),
			follows: []string{"B plays next."}, playable: "B5 RPLUS R8 COLOR"},
		{name: "round over on the last card", form: takiTable("4", "0", "R5", "play", "RSTOP", "hand", "RSTOP"),
			follows: []string{"The round is over: A played his last card"}, notFollows: "loses his turn", wantApply: "taki.round-end", playable: "RSTOP"},
		{name: "«Taki» not said: B draws the penalty", form: takiTable("4", "2", "R5", "play", "R9", "silent", "1"),
			follows: []string{"B draws 4 cards.", "B did not say “Taki”"}, wantApply: "taki.last-card"},
		{name: "penalty of 1 as a house rule", form: takiTable("4", "2", "R5", "play", "R9", "silent", "1", "rule.lastCardPenalty", "1"),
			follows: []string{"B draws 1 card."}, wantRules: "Cards drawn by a player who did not say «Taki» at one card. = 1"},
		{name: "left with one card without saying «Taki»", form: takiTable("4", "0", "R5", "play", "R9", "hand", "R9 B1"),
			follows: []string{"A now holds one card"}, playable: "R9"},
		{name: "mustPlayIfAble forbids drawing", form: takiTable("4", "0", "R5", "move", "draw", "hand", "R9 B1", "rule.mustPlayIfAble", "false", "rule.mustPlayIfAble", "true"),
			wantRule: "taki.must-play", wantRules: "A player who can play must play instead of drawing.", playable: "R9"},
	}
	for _, tt := range tests {
		rec := c.post("/referee/taki", tt.form)
		if rec.Code != http.StatusOK {
			t.Errorf("%s: status %d, want 200; errors %v", tt.name, rec.Code, texts(doc(t, rec), ".error"))
			continue
		}
		d := doc(t, rec)
		if tt.wantRule != "" {
			v := d.Find(`[data-testid="violation"]`)
			if d.Find(`[data-testid="verdict-illegal"]`).Length() != 1 || v.AttrOr("data-rule", "") != tt.wantRule {
				t.Errorf("%s: violation %q, want illegal under %s", tt.name, v.AttrOr("data-rule", ""), tt.wantRule)
			}
			if !strings.Contains(v.Text(), tt.wantStep) || v.Find(`blockquote.sheet`).Text() == "" || v.Find(`[data-testid="violation-message"]`).Text() == "" {
				t.Errorf("%s: violation %q, want the step %q, the sheet quoted and the reason", tt.name, v.Text(), tt.wantStep)
			}
		} else if d.Find(`[data-testid="verdict-legal"]`).Length() != 1 {
			t.Errorf("%s: not legal: %v", tt.name, texts(d, `[data-testid="violation"]`))
		}
		follows := strings.Join(texts(d, `[data-testid="follows"] li`), " | ")
		for _, want := range tt.follows {
			if !strings.Contains(follows, want) {
				t.Errorf("%s: what follows = %q, want %q", tt.name, follows, want)
			}
		}
		if tt.notFollows != "" && strings.Contains(follows, tt.notFollows) {
			t.Errorf("%s: what follows = %q, must not say %q", tt.name, follows, tt.notFollows)
		}
		if tt.wantApply != "" && d.Find(`[data-testid="applied"][data-rule="`+tt.wantApply+`"] blockquote.sheet`).Length() != 1 {
			t.Errorf("%s: rule %s not quoted among %v", tt.name, tt.wantApply, d.Find(`[data-testid="applied"]`).Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("data-rule", "") }))
		}
		if tt.wantRules != "" && !strings.Contains(d.Find(`[data-testid="house-rules"]`).Text(), tt.wantRules) {
			t.Errorf("%s: house rules shown %q, want %q", tt.name, d.Find(`[data-testid="house-rules"]`).Text(), tt.wantRules)
		}
		if tt.form.Get("hand") != "" {
			var got []string
			d.Find(`[data-testid="playable"] [data-card]`).Each(func(_ int, s *goquery.Selection) { got = append(got, s.AttrOr("data-card", "")) })
			if strings.Join(got, " ") != tt.playable {
				t.Errorf("%s: playable = %v, want %q", tt.name, got, tt.playable)
			}
		}
	}
}

// A table or turn that cannot occur: 422, the sentence next to the field,
// everything typed kept.
func TestTakiRefereeImpossible(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	tests := []struct {
		name  string
		form  url.Values
		field string // data-testid of the field at fault
		want  string
	}{
		{"colour other than a coloured top", takiTable("4", "0", "R5", "colour", "B", "play", "B5"), "colour", "the top card's colour"},
		{"current player not seated", takiTable("3", "3", "R5", "play", "R9"), "current", "table of 3"},
		{"no such card on top", takiTable("4", "0", "R0", "play", "R9"), "top", "not a TAKI card"},
		{"two cards on top", takiTable("4", "0", "R5 R6", "play", "R9"), "top", "one card"},
		{"no top", takiTable("4", "0", "", "play", "R9"), "top", "top of the discard pile"},
		{"card played not in hand", takiTable("4", "0", "R5", "play", "R9", "hand", "B1 B3"), "play", "not in the hand"},
		{"a card typed wrong", takiTable("4", "0", "R5", "play", "R9 X11"), "play", "«X11»"},
		{"nothing played", takiTable("4", "0", "R5"), "play", "Tap the cards played"},
		{"change of colour without a colour", takiTable("4", "0", "R5", "play", "COLOR"), "turn-colour", "name the colour"},
		{"crazy card without a side", takiTable("4", "0", "R5", "play", "CRAZY"), "pass-hands", "left or right"},
		{"odd +2 total", takiTable("4", "0", "R+2", "pending", "3", "play", "G+2"), "pending", "even number"},
		{"cards owed without a +2 on top", takiTable("4", "0", "R5", "pending", "2", "play", "G+2"), "pending", "+2 lies on top"},
		{"open TAKI under a change of colour", takiTable("4", "0", "COLOR", "colour", "G", "openTaki", "G", "play", "G5"), "openTaki", "cannot lie under"},
		{"three red 5s in sight", takiTable("4", "0", "R5", "play", "R5", "hand", "R5 R5"), "hand", "deck holds only 2"},
		{"counter by the current player", takiTable("4", "0", "R5", "play", "RPLUS R3", "counterPlayer", "0", "counter", "GPLUS G3"), "counter-player", "another player at the table"},
		{"silent player not seated", takiTable("2", "0", "R5", "play", "R9", "silent", "3"), "silent", "not at this table"},
	}
	for _, tt := range tests {
		rec := c.post("/referee/taki", tt.form)
		if rec.Code != http.StatusUnprocessableEntity {
			t.Errorf("%s: status %d, want 422", tt.name, rec.Code)
			continue
		}
		d := doc(t, rec)
		sel := `[data-testid="` + tt.field + `"]`
		if d.Find(sel).AttrOr("aria-invalid", "") != "true" && tt.field != "silent" {
			t.Errorf("%s: field %s not marked invalid; errors %v", tt.name, tt.field, texts(d, ".error"))
		}
		if errs := strings.Join(texts(d, ".error"), " | "); !strings.Contains(strings.ToLower(errs), strings.ToLower(tt.want)) {
			t.Errorf("%s: errors %q, want %q", tt.name, errs, tt.want)
		}
		if d.Find(`[data-testid="verdict"]`).Length() != 0 {
			t.Errorf("%s: a verdict on an impossible table", tt.name)
		}
		if got := d.Find(`[data-testid="play"]`).AttrOr("value", ""); got != tt.form.Get("play") {
			t.Errorf("%s: cards played redrawn as %q, want %q", tt.name, got, tt.form.Get("play"))
		}
	}
	// A house rule value that does not exist.
	rec := c.post("/referee/taki", takiTable("4", "0", "R5", "play", "R9", "rule.lastCardPenalty", "7"))
	if rec.Code != http.StatusUnprocessableEntity {
		t.Errorf("unknown house-rule value: status %d, want 422", rec.Code)
	}
}

// The card picker: no JavaScript, each tap posts the form and the server redraws it.
func TestTakiRefereePicker(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	rec := c.get("/referee/taki")
	d := doc(t, rec)
	if first := d.Find(`form[data-testid="taki-referee"] button[type="submit"]`).First(); first.AttrOr("value", "") != "judge" {
		t.Errorf("Enter in a field presses %q, want the judge button", first.AttrOr("value", ""))
	}
	if rec.Code != http.StatusOK || d.Find(`[data-testid="picker"] button[name="tap"]`).Length() != 59 {
		t.Fatalf("first visit: status %d, %d picker buttons, want 200 and 59 (the plain 2 included)", rec.Code, d.Find(`[data-testid="picker"] button[name="tap"]`).Length())
	}
	form := takiTable("4", "0", "", "target", "top", "tap", "R5")
	form.Del("op")
	d = doc(t, c.post("/referee/taki", form))
	if got := d.Find(`[data-testid="top"]`).AttrOr("value", ""); got != "R5" {
		t.Fatalf("tap R5 on the top: top = %q", got)
	}
	if got := d.Find(`input[name="target"]`).AttrOr("value", ""); got != "play" {
		t.Errorf("after the top card the picker aims at %q, want play", got)
	}
	form.Set("top", "R5")
	form["target"] = []string{"play"}
	for _, code := range []string{"RTAKI", "R4", "RSTOP"} {
		form.Set("tap", code)
		d = doc(t, c.post("/referee/taki", form))
		form.Set("play", d.Find(`[data-testid="play"]`).AttrOr("value", ""))
	}
	if got := form.Get("play"); got != "RTAKI R4 RSTOP" {
		t.Fatalf("three taps: play = %q", got)
	}
	form.Del("tap")
	form.Set("pop", "play")
	d = doc(t, c.post("/referee/taki", form))
	if got := d.Find(`[data-testid="play"]`).AttrOr("value", ""); got != "RTAKI R4" {
		t.Errorf("remove the last: play = %q", got)
	}
	if d.Find(`[data-testid="verdict"]`).Length() != 0 {
		t.Errorf("a tap judged the turn")
	}
	// No message id is left untranslated, in either language.
	for _, lang := range []string{"en", "fr"} {
		c.lang = lang
		body := doc(t, c.post("/referee/taki", takiTable("4", "0", "R5", "play", "RTAKI R4", "hand", "RTAKI R4 B1", "silent", "2"))).Find("body").Text()
		if strings.Contains(body, "tkr.") || strings.Contains(body, "taki.") {
			t.Errorf("%s page shows a message id", lang)
		}
	}
	// French page: the rule in French, the sheet quoted.
	c.lang = "fr"
	d = doc(t, c.post("/referee/taki", takiTable("4", "0", "R5", "play", "B7")))
	if got := d.Find(`[data-testid="violation-message"]`).Text(); !strings.Contains(got, "« 7 bleu »") {
		t.Errorf("French verdict = %q", got)
	}
}
