package handlers

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// take5Match starts a Take 5! match for names, seated in order, and returns its URL.
func take5Match(t *testing.T, c *client, names ...string) string {
	t.Helper()
	slug := c.group("Mardi")
	ids := c.players(slug, names...)
	form := url.Values{"game": {"take5"}}
	for i, id := range ids {
		form.Set(fmt.Sprintf("seat_%d", id), fmt.Sprint(i+1))
	}
	rec := c.post("/g/"+slug+"/matches", form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start match: status %d, want 303\n%s", rec.Code, rec.Body)
	}
	return rec.Header().Get("Location")
}

// deal is a round form: per seat green, red, +5, x2, in hand ("" leaves a field empty).
func t5Deal(op string, last bool, seats ...[5]string) url.Values {
	form := url.Values{"op": {op}, "submitKey": {fmt.Sprintf("k%p", &seats)}}
	for i, s := range seats {
		for j, k := range []string{"green", "red", "plus5", "x2", "hand"} {
			form.Set(fmt.Sprintf("%s_%d", k, i), s[j])
		}
	}
	if last {
		form.Set("last", "1")
	}
	return form
}

func t5Texts(d *goquery.Document, sel string) []string {
	var out []string
	d.Find(sel).Each(func(_ int, s *goquery.Selection) { out = append(out, strings.TrimSpace(s.Text())) })
	return out
}

func TestTake5NewMatchShowsSetup(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("Mardi")
	d := doc(t, c.get("/g/"+slug+"/matches/new?game=take5"))
	rows := t5Texts(d, `[data-testid="take5-setup-table"] tbody tr`)
	if len(rows) != 5 {
		t.Fatalf("setup table has %d lines, want 5 (2 to 6 players)", len(rows))
	}
	m := take5Match(t, c, "Paul", "Nicole", "Jacques", "Michel")
	d = doc(t, c.get(m))
	if got := t5Texts(d, `[data-testid="take5-hand"]`); len(got) != 1 || got[0] != "12" {
		t.Errorf("4 players: hand = %v, want 12", got)
	}
	if got := t5Texts(d, `[data-testid="take5-circle"]`); len(got) != 1 || got[0] != "12" {
		t.Errorf("4 players: circle = %v, want 12", got)
	}
}

func TestTake5Match(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	m := take5Match(t, c, "Paul", "Nicole")

	// "Calculate" redraws with the working of the seed's example 4, saves nothing.
	rec := c.post(m+"/rounds", t5Deal("calc", false, [5]string{"5", "3", "1", "1", "1"}, [5]string{"3", "20", "", "1", ""}))
	if rec.Code != http.StatusOK {
		t.Fatalf("calc: status %d, want 200", rec.Code)
	}
	d := doc(t, rec)
	want := []string{"(5 − 3 + 5) × 2 − 10 = 4", "(3 − 20) × 2 = −34"}
	if got := t5Texts(d, `[data-testid="working"]`); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("workings = %q, want %q", got, want)
	}
	if got := t5Texts(d, `[data-testid="deal-winner"]`); len(got) != 1 || !strings.Contains(got[0], "Paul") {
		t.Errorf("deal winner = %q, want Paul", got)
	}
	if n := d.Find(`[data-testid="round-row"]`).Length(); n != 0 {
		t.Errorf("calc saved %d rounds, want 0", n)
	}

	steps := []struct {
		name       string
		form       url.Values
		wantStatus int
		wantTotals string
		wantWinner string
	}{
		{"deal 1", t5Deal("save", false, [5]string{"5", "3", "1", "1", "1"}, [5]string{"3", "20", "", "1", ""}), http.StatusSeeOther, "4|−34", ""},
		{"an empty form saves nothing", t5Deal("save", false, [5]string{"", "", "", "", ""}, [5]string{"", "", "", "", ""}), http.StatusUnprocessableEntity, "4|−34", ""},
		{"three specials in hand saves nothing", t5Deal("save", false, [5]string{"5", "0", "", "", "3"}, [5]string{"5", "2", "", "", ""}), http.StatusUnprocessableEntity, "4|−34", ""},
		{"seven x2 in the deal saves nothing", t5Deal("save", true, [5]string{"0", "0", "", "4", ""}, [5]string{"0", "0", "", "3", ""}), http.StatusUnprocessableEntity, "4|−34", ""},
		{"three x2 at two players saves nothing: «On distribue à chaque joueur une carte \"x 2\"»", t5Deal("save", true, [5]string{"10", "0", "", "2", ""}, [5]string{"5", "0", "", "1", ""}), http.StatusUnprocessableEntity, "4|−34", ""},
		{"RULES.md TV-T5-6: G = 2, R = 9 with two x2 saves nothing", t5Deal("save", true, [5]string{"2", "9", "", "2", ""}, [5]string{"0", "0", "", "", ""}), http.StatusUnprocessableEntity, "4|−34", ""},
		{"deal 2", t5Deal("save", false, [5]string{"0", "0", "", "", "2"}, [5]string{"10", "2", "1", "", ""}), http.StatusSeeOther, "−16|−21", ""},
		{"last deal, Paul's red left empty (0)", t5Deal("save", true, [5]string{"8", "", "", "", ""}, [5]string{"4", "3", "", "", ""}), http.StatusSeeOther, "−8|−20", "Paul"},
		{"no deal after the last", t5Deal("save", false, [5]string{"5", "0", "", "", ""}, [5]string{"5", "0", "", "", ""}), http.StatusConflict, "−8|−20", "Paul"},
	}
	for _, st := range steps {
		rec := c.post(m+"/rounds", st.form)
		if rec.Code != st.wantStatus {
			t.Fatalf("%s: status %d, want %d\n%s", st.name, rec.Code, st.wantStatus, rec.Body)
		}
		if rec.Code == http.StatusUnprocessableEntity {
			d := doc(t, rec)
			if d.Find(`[role="alert"]`).Length() == 0 {
				t.Errorf("%s: no error sentence shown", st.name)
			}
			if d.Find(`[aria-invalid="true"]`).Length() == 0 && st.name != "seven x2 in the deal saves nothing" && st.name != "an empty form saves nothing" {
				t.Errorf("%s: no field marked invalid", st.name)
			}
			if v, _ := d.Find(`#green_0`).Attr("value"); v != st.form.Get("green_0") {
				t.Errorf("%s: typed green %q not kept, got %q", st.name, st.form.Get("green_0"), v)
			}
		}
		d := doc(t, c.get(m))
		if got := strings.Join(t5Texts(d, `[data-testid="total"]`), "|"); got != st.wantTotals {
			t.Errorf("%s: totals %s, want %s", st.name, got, st.wantTotals)
		}
		got := t5Texts(d, `[data-testid="winner"]`)
		switch {
		case st.wantWinner == "" && len(got) != 0:
			t.Errorf("%s: winner shown %q before the last deal", st.name, got)
		case st.wantWinner != "" && (len(got) != 1 || !strings.Contains(got[0], st.wantWinner)):
			t.Errorf("%s: winner %q, want %s", st.name, got, st.wantWinner)
		}
		if st.wantWinner != "" && d.Find(`[data-testid="round-form"]`).Length() != 0 {
			t.Errorf("%s: the finished match still offers a deal form", st.name)
		}
	}
	d = doc(t, c.get(m))
	if got := t5Texts(d, `[data-testid="round-row"] td:first-child`); len(got) != 3 || !strings.HasPrefix(got[2], "Deal 3") {
		t.Errorf("round labels %q, want Deal 1–3", got)
	}
}

// Undoing the last deal reopens the match; correcting it without the
// "last deal" tick reopens it too.
func TestTake5LastDealUndoAndCorrect(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	m := take5Match(t, c, "Ana", "Ben", "Cy")
	if rec := c.post(m+"/rounds", t5Deal("save", true, [5]string{"5", "0", "", "", ""}, [5]string{"5", "2", "", "", ""}, [5]string{"0", "0", "", "", ""})); rec.Code != http.StatusSeeOther {
		t.Fatalf("save: %d", rec.Code)
	}
	d := doc(t, c.get(m))
	if d.Find(`[data-testid="winner"]`).Length() != 1 {
		t.Fatal("match not finished after the last deal")
	}
	edit, _ := d.Find(`[data-testid="round-row"] a[href$="/edit"]`).Attr("href")
	ed := doc(t, c.get(edit))
	if _, on := ed.Find(`[data-testid="last-deal"]`).Attr("checked"); !on {
		t.Error("the correction form lost the last-deal tick")
	}
	form := t5Deal("save", false, [5]string{"5", "0", "", "", ""}, [5]string{"5", "2", "", "", ""}, [5]string{"0", "0", "", "", ""})
	form.Set("version", "1")
	if rec := c.post(strings.TrimSuffix(edit, "/edit"), form); rec.Code != http.StatusSeeOther {
		t.Fatalf("correct: status %d\n%s", rec.Code, rec.Body)
	}
	d = doc(t, c.get(m))
	if d.Find(`[data-testid="winner"]`).Length() != 0 || d.Find(`[data-testid="round-form"]`).Length() != 1 {
		t.Fatal("untick on correction: match still finished")
	}
	if rec := c.post(m+"/rounds", t5Deal("save", true, [5]string{"0", "10", "", "", ""}, [5]string{"6", "0", "", "", ""}, [5]string{"0", "0", "", "", ""})); rec.Code != http.StatusSeeOther {
		t.Fatalf("save 2: %d", rec.Code)
	}
	d = doc(t, c.get(m))
	if got := t5Texts(d, `[data-testid="winner"]`); len(got) != 1 || !strings.Contains(got[0], "Ben") {
		t.Fatalf("winner %q, want Ben (9 against −5 and 0)", got)
	}
	round, _ := d.Find(`form:has([data-testid="undo"]) input[name="round"]`).Attr("value")
	if rec := c.post(m+"/undo", url.Values{"round": {round}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("undo: %d", rec.Code)
	}
	d = doc(t, c.get(m))
	if d.Find(`[data-testid="winner"]`).Length() != 0 || d.Find(`[data-testid="round-form"]`).Length() != 1 {
		t.Error("undo of the last deal: match still finished")
	}
}

// The deal form reads a blank count as 0 (a player who took no row types
// nothing) but refuses a form with no cow typed at all, as a mistake of the
// whole deal (no player's line marked); its specials are radio chips, so a correction shows the
// stored counts ticked.
func TestTake5DealFormBlanksAndChips(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	m := take5Match(t, c, "Paul", "Nicole", "Jacques", "Michel")
	rec := c.post(m+"/rounds", t5Deal("save", false, [5]string{}, [5]string{}, [5]string{}, [5]string{}))
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("an empty deal: status %d, want 422", rec.Code)
	}
	d := doc(t, rec)
	paul := d.Find(`[data-testid="seat"][data-player="Paul"]`)
	if got := d.Find(`[data-testid="round-refusals"]`).Text(); !strings.Contains(got, "No player took a row") {
		t.Errorf("next to Save: %q, want the empty deal refused", got)
	}
	if inv, _ := paul.Find(`#green_0`).Attr("aria-invalid"); inv == "true" || d.Find(`[data-testid="refusal-flag"]`).Length() != 0 {
		t.Errorf("an empty deal is blamed on one player (Paul's green aria-invalid %q, %d marks): it is the whole deal's", inv, d.Find(`[data-testid="refusal-flag"]`).Length())
	}
	// Issue 30's deal, Michel's red 0 and every 0 special left blank.
	deal := t5Deal("save", false, [5]string{"5", "3", "1", "1", "1"}, [5]string{"3", "20", "", "2", ""}, [5]string{"10", "2", "1", "", ""}, [5]string{"8", "", "", "", "2"})
	if rec := c.post(m+"/rounds", deal); rec.Code != http.StatusSeeOther {
		t.Fatalf("the deal: status %d, want 303\n%s", rec.Code, rec.Body)
	}
	d = doc(t, c.get(m))
	if got := strings.Join(t5Texts(d, `[data-testid="total"]`), "|"); got != "4|−68|13|−12" {
		t.Errorf("totals %s, want 4|−68|13|−12", got)
	}
	edit, _ := d.Find(`[data-testid="round-row"] a[href$="/edit"]`).Attr("href")
	ed := doc(t, c.get(edit))
	for _, w := range []struct{ sel, want string }{
		{"#green_0", "5"}, {"#red_0", "3"}, {"#red_3", "0"},
		{"#plus5_0 input[checked]", "1"}, {"#x2_0 input[checked]", "1"}, {"#hand_0 input[checked]", "1"},
		{"#x2_1 input[checked]", "2"}, {"#plus5_1 input[checked]", "0"}, {"#hand_3 input[checked]", "2"},
	} {
		sel := ed.Find(w.sel)
		if got, _ := sel.Attr("value"); sel.Length() != 1 || got != w.want {
			t.Errorf("correction form %s: %d found, value %q, want %q", w.sel, sel.Length(), got, w.want)
		}
	}
	// One chip a count: "+5" and "x2" from 0 to the 4 dealt, in hand 0 to 2.
	if n := ed.Find(`#x2_2 input[type=radio]`).Length(); n != 5 {
		t.Errorf("%d x2 chips, want 5 (0 to 4)", n)
	}
	if n := ed.Find(`#hand_2 input[type=radio]`).Length(); n != 3 {
		t.Errorf("%d in-hand chips, want 3 (0 to 2)", n)
	}
}

// t5Table is a referee form: rows (space-separated cards, "*" suffix marks
// an x2 under it, "+" a +5), then the cards laid ("50@2" claims row 2).
func t5Table(rows []string, plays ...string) url.Values {
	form := url.Values{"op": {"judge"}}
	for i, r := range rows {
		n := i + 1
		for strings.HasSuffix(r, "*") || strings.HasSuffix(r, "+") {
			if strings.HasSuffix(r, "*") {
				form.Set(fmt.Sprintf("x2_%d", n), "1")
			} else {
				form.Set(fmt.Sprintf("plus5_%d", n), "1")
			}
			r = r[:len(r)-1]
		}
		form.Set(fmt.Sprintf("row_%d", n), r)
	}
	for i, p := range plays {
		v, claim, _ := strings.Cut(p, "@")
		form.Set(fmt.Sprintf("play_%d", i+1), v)
		form.Set(fmt.Sprintf("claim_%d", i+1), claim)
	}
	return form
}

func attrs(d *goquery.Document, sel, attr string) string {
	var out []string
	d.Find(sel).Each(func(_ int, s *goquery.Selection) { v, _ := s.Attr(attr); out = append(out, v) })
	return strings.Join(out, " ")
}

func TestTake5Referee(t *testing.T) {
	tests := []struct {
		name        string
		form        url.Values
		lang        string
		wantVerdict string // legal / illegal
		wantSteps   string // rows of each step
		wantPickups string // rows taken
		wantAfter   string // rows left
		wantRules   string // rules of the violations
		wantText    []string
	}{
		{"TV-T5-1 seed example 1", t5Table([]string{"23", "43", "49", "55", "80"}, "35", "50", "60"), "",
			"legal", "1 3 4", "", "1 2 3 4 5", "", []string{"35 goes on the row ending 23, the largest final below 35", "The turn ends: 3 cards were laid", "Chaque carte vachette ne peut correspondre qu'à une seule place"}},
		{"illegal claim: my 50 goes on the 43", t5Table([]string{"23", "43", "49", "55", "80"}, "50@2"), "",
			"illegal", "", "", "1 2 3 4 5", "take5.forced-row", []string{"50 cannot go on the row ending 43", "it must go on the row ending 49", "Chaque carte vachette ne peut correspondre qu'à une seule place", "A number card goes on the row whose final number is the largest one below it"}},
		{"illegal claim, in French", t5Table([]string{"23", "43", "49", "55", "80"}, "50@2"), "fr",
			"illegal", "", "", "1 2 3 4 5", "take5.forced-row", []string{"Le 50 ne peut pas aller sur", "Une carte vachette va sur la rangée dont le chiffre final est le plus grand", "Pas permis."}},
		{"TV-T5-2 seed example 2: each card changes the table", t5Table([]string{"12", "30", "71", "94"}, "5", "87", "4@3"), "",
			"legal", "4 3 3", "", "1 2 3 4", "", []string{"5 goes on the row ending 94, the largest final, because no final is below 5"}},
		{"TV-T5-3 seed example 3: the 5th card takes the row", t5Table([]string{"20 35+", "50"}, "37", "39", "42"), "",
			"legal", "1 1 1", "1", "2", "", []string{"20 35 37 39 42", "Si la carte que pose un joueur est la 5ème de la rangée"}},
		{"TV-T5-5 two pickups in one turn", t5Table([]string{"10 11 12 13", "40 41 42 43", "60"}, "14", "44"), "",
			"legal", "1 2", "1 2", "3", "", []string{"lay up to 1 more card"}},
		{"TV-T5-5 with the house rule, a pickup ends the turn", func() url.Values {
			f := t5Table([]string{"10 11 12 13", "40 41 42 43", "60"}, "14", "44")
			f.Set("rule.pickupEndsTurn", "true")
			return f
		}(), "", "illegal", "1", "1", "2 3", "take5.turn-over", []string{"A pickup ends the turn"}},
		{"TV-T5-7 a second x2 under a row", t5Table([]string{"10*", "40"}, "x2@1"), "",
			"illegal", "", "", "1 2", "take5.special-row", []string{"already holds an x2", "Il ne peut y avoir qu'une carte"}},
		{"TV-T5-7 a +5 under a row with an x2", t5Table([]string{"10*", "40"}, "+5@1"), "",
			"legal", "1", "", "1 2", "", []string{"A “x2” may go under row(s) 2.", "A “+5” may go under row(s) 2."}},
		{"no row left for an x2", t5Table([]string{"10*", "40*"}, "11"), "",
			"legal", "1", "", "1 2", "", []string{"No row can take a “x2”"}},
		{"four cards", t5Table([]string{"10", "40", "60", "80"}, "11", "12", "13"), "",
			"legal", "1 1 1", "", "1 2 3 4", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			app := newTestApp(t)
			c := app.client()
			c.lang = tt.lang
			rec := c.post("/referee/take5", tt.form)
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d, want 200\n%s", rec.Code, rec.Body)
			}
			d := doc(t, rec)
			if cls, _ := d.Find(`[data-testid="verdict"]`).Attr("class"); !strings.Contains(cls, tt.wantVerdict) {
				t.Errorf("verdict class %q, want %s", cls, tt.wantVerdict)
			}
			if got := attrs(d, `[data-testid="step"]`, "data-row"); got != tt.wantSteps {
				t.Errorf("steps on rows %q, want %q", got, tt.wantSteps)
			}
			if got := attrs(d, `[data-testid="pickup"]`, "data-row"); got != tt.wantPickups {
				t.Errorf("pickups %q, want %q", got, tt.wantPickups)
			}
			if got := attrs(d, `[data-testid="after-row"]`, "data-row"); got != tt.wantAfter {
				t.Errorf("rows left %q, want %q", got, tt.wantAfter)
			}
			if got := attrs(d, `[data-testid="violation"]`, "data-rule"); got != tt.wantRules {
				t.Errorf("violated rules %q, want %q", got, tt.wantRules)
			}
			body := d.Find(`[data-testid="verdict-card"]`).Text()
			for _, w := range tt.wantText {
				if !strings.Contains(body, w) {
					t.Errorf("verdict lacks %q:\n%s", w, body)
				}
			}
			for k, v := range tt.form {
				if strings.HasPrefix(k, "row_") || strings.HasPrefix(k, "play_") {
					if got, _ := d.Find("#" + k).Attr("value"); got != v[0] {
						t.Errorf("%s = %q after judging, want %q kept", k, got, v[0])
					}
				}
			}
		})
	}
}

func TestTake5RefereeImpossibleTable(t *testing.T) {
	tests := []struct {
		name     string
		form     url.Values
		wantSel  string // where the message is shown
		wantText string
	}{
		{"a number twice", t5Table([]string{"23", "43 23", "49"}, "50"), `[data-testid="row"]:nth-of-type(2) [data-testid="row-error"]`, "appears twice"},
		{"rows not ascending around the circle", t5Table([]string{"23", "49", "43", "55"}, "50"), `[data-testid="row-error"]`, "finals must rise clockwise"},
		{"a row of five still on the table", t5Table([]string{"10 11 12 13 14", "40"}, "50"), `[data-testid="row-error"]`, "the 5th card took it"},
		{"seven x2 under the rows", t5Table([]string{"10*", "20*", "30*", "40*", "50*", "60*", "70*"}, "80"), `[role="alert"]`, "only 6 “x2”"},
		{"a word in a row", t5Table([]string{"23", "fourty"}, "50"), `[data-testid="row-error"]`, "“fourty” is not a card number"},
		{"a card laid that is on the table", t5Table([]string{"23", "43"}, "43"), `[data-testid="play-error"]`, "already on the table"},
		{"a special with no row", t5Table([]string{"23", "43"}, "x2"), `[data-testid="play-error"]`, "say under which row"},
		{"not a card", t5Table([]string{"23", "43"}, "joker"), `[data-testid="play-error"]`, "is not a card"},
		{"no row at all", t5Table(nil, "50"), `[role="alert"]`, "give the rows on the table"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			app := newTestApp(t)
			rec := app.client().post("/referee/take5", tt.form)
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422\n%s", rec.Code, rec.Body)
			}
			d := doc(t, rec)
			if got := d.Find(tt.wantSel).Text(); !strings.Contains(strings.ToLower(got), strings.ToLower(tt.wantText)) || strings.Contains(got, "..") {
				t.Errorf("%s = %q, want it to say %q", tt.wantSel, got, tt.wantText)
			}
			if d.Find(`[data-testid="verdict"]`).Length() != 0 {
				t.Error("a verdict is shown on a table that cannot occur")
			}
			if got, _ := d.Find("#play_1").Attr("value"); got != tt.form.Get("play_1") {
				t.Errorf("typed card %q lost, got %q", tt.form.Get("play_1"), got)
			}
		})
	}
}

func TestTake5RefereeRowsEditing(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	d := doc(t, c.get("/referee/take5"))
	if n := d.Find(`[data-testid="row"]`).Length(); n != 5 {
		t.Fatalf("first visit shows %d rows, want 5", n)
	}
	if d.Find(`[data-testid="verdict"]`).Length() != 0 {
		t.Error("first visit shows a verdict")
	}
	form := t5Table([]string{"23", "43"})
	form.Set("op", "addrow")
	rec := c.post("/referee/take5", form)
	if d := doc(t, rec); rec.Code != 200 || d.Find(`[data-testid="row"]`).Length() != 3 {
		t.Fatalf("add a row: status %d, rows %d, want 3", rec.Code, d.Find(`[data-testid="row"]`).Length())
	}
}

// The page names rows 1, 2, … and so do the referee's sentences on it.
func TestTake5RefereeRowNumbersMatchThePage(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	for _, tt := range []struct {
		form url.Values
		want string
	}{
		{url.Values{"op": {"judge"}, "row_1": {"23"}, "row_2": {"43"}, "row_3": {"49"}, "row_4": {"55"}, "row_5": {"80"}, "play_1": {"50"}, "claim_1": {"2"}},
			"the row ending 43 (row 2): it must go on the row ending 49 (row 3)"},
		{url.Values{"op": {"judge"}, "row_1": {"23"}, "row_2": {"43 23"}, "play_1": {"50"}}, "card 1 of row 1"},
		{url.Values{"op": {"judge"}, "row_1": {"10"}, "x2_1": {"1"}, "row_2": {"40"}, "play_1": {"x2"}, "claim_1": {"1"}}, "The row ending 10 (row 1) already holds"},
	} {
		body := c.post("/referee/take5", tt.form).Body.String()
		if !strings.Contains(body, tt.want) {
			t.Errorf("POST %v: the page does not say %q", tt.form, tt.want)
		}
	}
}
