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

	// "Show the scores" redraws with the working of the seed's example 4, saves nothing.
	rec := c.post(m+"/rounds", t5Deal("calc", false, [5]string{"5", "3", "1", "1", "1"}, [5]string{"2", "9", "", "2", ""}))
	if rec.Code != http.StatusOK {
		t.Fatalf("calc: status %d, want 200", rec.Code)
	}
	d := doc(t, rec)
	want := []string{"(5 − 3 + 5) × 2 − 10 = 4", "(2 − 9) × 4 = −28"}
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
		{"deal 1", t5Deal("save", false, [5]string{"5", "3", "1", "1", "1"}, [5]string{"2", "9", "", "2", ""}), http.StatusSeeOther, "4|−28", ""},
		{"red missing saves nothing", t5Deal("save", false, [5]string{"5", "", "", "", ""}, [5]string{"1", "1", "", "", ""}), http.StatusUnprocessableEntity, "4|−28", ""},
		{"three specials in hand saves nothing", t5Deal("save", false, [5]string{"5", "0", "", "", "3"}, [5]string{"1", "1", "", "", ""}), http.StatusUnprocessableEntity, "4|−28", ""},
		{"seven x2 in the deal saves nothing", t5Deal("save", true, [5]string{"0", "0", "", "4", ""}, [5]string{"0", "0", "", "3", ""}), http.StatusUnprocessableEntity, "4|−28", ""},
		{"deal 2", t5Deal("save", false, [5]string{"0", "0", "", "", "2"}, [5]string{"10", "2", "1", "", ""}), http.StatusSeeOther, "−16|−15", ""},
		{"last deal", t5Deal("save", true, [5]string{"8", "0", "", "", ""}, [5]string{"3", "3", "", "", ""}), http.StatusSeeOther, "−8|−15", "Paul"},
		{"no deal after the last", t5Deal("save", false, [5]string{"1", "0", "", "", ""}, [5]string{"1", "0", "", "", ""}), http.StatusConflict, "−8|−15", "Paul"},
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
			if d.Find(`[aria-invalid="true"]`).Length() == 0 && st.name != "seven x2 in the deal saves nothing" {
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
	if rec := c.post(m+"/rounds", t5Deal("save", true, [5]string{"3", "0", "", "", ""}, [5]string{"1", "0", "", "", ""}, [5]string{"0", "0", "", "", ""})); rec.Code != http.StatusSeeOther {
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
	form := t5Deal("save", false, [5]string{"3", "0", "", "", ""}, [5]string{"1", "0", "", "", ""}, [5]string{"0", "0", "", "", ""})
	form.Set("version", "1")
	if rec := c.post(strings.TrimSuffix(edit, "/edit"), form); rec.Code != http.StatusSeeOther {
		t.Fatalf("correct: status %d\n%s", rec.Code, rec.Body)
	}
	d = doc(t, c.get(m))
	if d.Find(`[data-testid="winner"]`).Length() != 0 || d.Find(`[data-testid="round-form"]`).Length() != 1 {
		t.Fatal("untick on correction: match still finished")
	}
	if rec := c.post(m+"/rounds", t5Deal("save", true, [5]string{"0", "5", "", "", ""}, [5]string{"4", "0", "", "", ""}, [5]string{"0", "0", "", "", ""})); rec.Code != http.StatusSeeOther {
		t.Fatalf("save 2: %d", rec.Code)
	}
	d = doc(t, c.get(m))
	if got := t5Texts(d, `[data-testid="winner"]`); len(got) != 1 || !strings.Contains(got[0], "Ben") {
		t.Fatalf("winner %q, want Ben (5 against −2 and 0)", got)
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
