package handlers

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// People come and go, through the forms: a guest seated in a Five Crowns
// express match, a player who leaves after its first round (the next form
// does not ask for him, he is ranked last although his total is the best),
// a TAKI match where a player leaves and the round without him is accepted,
// then ended now: marked ended early on the sheet and in the history, it
// sets no record; the standings leave the guest out.
func TestPeopleComeAndGo(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("G")
	ids := c.players(slug, "Ana", "Ben", "Cleo")
	form := url.Values{"game": {"fivecrowns"}, "firstDealer": {"1"}, "startRound": {"10"}, "guest": {"Gus"}}
	for i, id := range ids {
		form.Set(fmt.Sprintf("seat_%d", id), fmt.Sprint(i+1))
	}
	rec := c.post("/g/"+slug+"/matches", form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start match with a guest: status %d\n%s", rec.Code, doc(t, rec).Find(".error").Text())
	}
	fc := rec.Header().Get("Location")
	d := doc(t, c.get(fc))
	if got := texts(d, "[data-testid=scoreboard-player] .sb-name"); strings.Join(got, ",") != "Ana,Ben,Cleo,Gus" {
		t.Fatalf("seated = %v, want Ana, Ben, Cleo and the guest Gus", got)
	}
	if n := d.Find("[data-testid=player-leaves]").Length(); n != 4 {
		t.Errorf("%d player-leaves buttons, want one per seat", n)
	}
	if d.Find("[data-testid=end-match]").Length() != 0 {
		t.Errorf("a match without a round offers to end it now")
	}
	save := func(match string, f url.Values, want int) {
		t.Helper()
		f.Set("op", "save")
		if rec := c.post(match+"/rounds", f); rec.Code != want {
			t.Fatalf("save %v: status %d, want %d\n%s", f, rec.Code, want, doc(t, rec).Find(".error").Text())
		}
	}
	// Round 10: Ana out, Ben 20, Cleo 30, Gus 40.
	save(fc, url.Values{"mode_0": {"out"}, "mode_1": {"points"}, "points_1": {"20"}, "mode_2": {"points"}, "points_2": {"30"}, "mode_3": {"points"}, "points_3": {"40"}}, http.StatusSeeOther)
	stale := doc(t, c.get(fc)).Find("[data-testid=round-form] [name=submitKey]").AttrOr("value", "")
	if rec := c.post(fc+"/leave", url.Values{"seat": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("Ben leaves: status %d", rec.Code)
	}
	// A form drawn before Ben left reads its fields seat by seat: refused, nothing saved.
	if rec := c.post(fc+"/rounds", url.Values{"op": {"save"}, "submitKey": {stale}, "mode_0": {"out"}, "mode_1": {"points"}, "points_1": {"3"},
		"mode_2": {"points"}, "points_2": {"4"}, "mode_3": {"points"}, "points_3": {"5"}}); rec.Code != http.StatusConflict {
		t.Errorf("a form drawn before Ben left: status %d, want 409", rec.Code)
	}
	if rec := c.post(fc+"/leave", url.Values{"seat": {"1"}}); rec.Code != http.StatusConflict {
		t.Errorf("Ben leaves twice: status %d, want 409", rec.Code)
	}
	d = doc(t, c.get(fc))
	if got := d.Find("[data-testid=left-note]").Text(); !strings.Contains(got, "Ben left after Round 10") {
		t.Errorf("sheet note = %q, want Ben left after round 10", got)
	}
	if got := texts(d, "[data-testid=player-leaves]"); len(got) != 3 || strings.Contains(strings.Join(got, ","), "Ben") {
		t.Errorf("leave buttons after Ben left = %v", got)
	}
	if got := d.Find("[data-testid=round-form]").Text(); strings.Contains(got, "Ben") {
		t.Errorf("the round form still asks for Ben: %q", got)
	}
	if d.Find("[data-testid=player-returns]").Length() != 1 {
		t.Errorf("no way back for Ben while no round was played without him")
	}
	// Round 11, without Ben: Ana 50, Cleo out, Gus 5. The match is over.
	save(fc, url.Values{"mode_0": {"points"}, "points_0": {"50"}, "mode_1": {"out"}, "mode_2": {"points"}, "points_2": {"5"}}, http.StatusSeeOther)
	d = doc(t, c.get(fc))
	var order []string
	d.Find("[data-testid=result-player]").Each(func(_ int, s *goquerySelection) {
		order = append(order, s.AttrOr("data-player", "")+"="+s.AttrOr("data-total", "")+"#"+s.AttrOr("data-rank", ""))
	})
	// Ben's 20 is the lowest total, but he left: after everyone who stayed.
	if strings.Join(order, " ") != "Cleo=30#1 Gus=45#2 Ana=50#3 Ben=20#4" {
		t.Errorf("result = %v, want Cleo, Gus, Ana, then Ben who left", order)
	}
	if w := d.Find("[data-testid=winner]").Text(); !strings.Contains(w, "Cleo") || strings.Contains(w, "Ben") {
		t.Errorf("winner = %q, want Cleo", w)
	}

	// TAKI, 3 rounds: Cleo leaves after round 1; round 2 without her is
	// accepted; then the match is ended now.
	tk := takiMatch(t, c, slug, []string{"Ana", "Ben", "Cleo"}, url.Values{"end": {"rounds"}, "rounds": {"3"}})
	save(tk, url.Values{"winner": {"0"}, "cards_1": {"R7"}, "cards_2": {"B3 G4"}}, http.StatusSeeOther)
	if rec := c.post(tk+"/leave", url.Values{"seat": {"2"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("Cleo leaves: status %d", rec.Code)
	}
	save(tk, url.Values{"winner": {"1"}, "cards_0": {"R5"}}, http.StatusSeeOther)
	if rec := c.post(tk+"/return", url.Values{"seat": {"2"}}); rec.Code != http.StatusConflict {
		t.Errorf("Cleo comes back after a round without her: status %d, want 409", rec.Code)
	}
	d = doc(t, c.get(tk))
	if got := d.Find("[data-testid=scoreboard-player][data-player=Cleo]").AttrOr("data-total", ""); got != "-7" {
		t.Errorf("Cleo's total = %q, want −7: her round after leaving counts 0", got)
	}
	if rec := c.post(tk+"/end", nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("end the match now: status %d", rec.Code)
	}
	d = doc(t, c.get(tk))
	if d.Find("[data-testid=ended-early]").Length() != 1 || d.Find("[data-testid=round-form]").Length() != 0 {
		t.Errorf("an ended match: note %q, round form %d", d.Find("[data-testid=ended-early]").Text(), d.Find("[data-testid=round-form]").Length())
	}
	if got := texts(d, "[data-testid=result-player] .r-name"); strings.Join(got, ",") != "Ana,Ben,Cleo" {
		t.Errorf("ended match ranking = %v, want Ana (100−5), Ben, then Cleo who left", got)
	}
	if rec := c.post(tk+"/end", nil); rec.Code != http.StatusConflict {
		t.Errorf("ending an ended match: status %d, want 409", rec.Code)
	}
	group := doc(t, c.get("/g/"+slug)).Text()
	if !strings.Contains(group, "ended early") {
		t.Errorf("the history does not say the TAKI match ended early")
	}
	st := doc(t, c.get("/g/"+slug+"/standings"))
	if strings.Contains(st.Find("main").Text(), "Gus") {
		t.Errorf("the standings show the guest Gus")
	}
	if !strings.Contains(st.Find("main").Text(), "Ben") {
		t.Errorf("the standings leave out Ben, who left a match")
	}
	if recs := doc(t, c.get("/g/"+slug+"/records")).Find("[data-testid=record-game]").Text(); strings.Contains(recs, "TAKI") {
		t.Errorf("the early-ended TAKI match set records: %q", recs)
	}
	// The admin adds the guest to the group: the standings count him.
	var gus int64
	ps, _ := app.store.Players(t.Context(), mustGroupID(t, app, slug))
	for _, p := range ps {
		if p.Name == "Gus" && p.Guest {
			gus = p.ID
		}
	}
	roster := doc(t, c.get("/g/"+slug+"/players"))
	if roster.Find("[data-testid=player][data-player=Gus]").Length() != 0 || roster.Find("[data-testid=guest][data-player=Gus] [data-testid=admit-guest]").Length() != 1 {
		t.Errorf("the players page: Gus on the roster, or not offered to the admin as a guest to add")
	}
	if rec := c.post(fmt.Sprintf("/g/%s/players/%d/admit", slug, gus), nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("admit the guest: status %d", rec.Code)
	}
	if !strings.Contains(doc(t, c.get("/g/"+slug+"/standings")).Find("main").Text(), "Gus") {
		t.Errorf("Gus, added to the group, is not in the standings")
	}
	if rec := c.post(fmt.Sprintf("/g/%s/players/%d/admit", slug, gus), nil); rec.Code != http.StatusNotFound {
		t.Errorf("admitting a player who is no guest: status %d, want 404", rec.Code)
	}
	// The roster does not offer a guest for a new match.
	tk2 := takiMatch(t, c, slug, []string{"Ana", "Ben"}, url.Values{"end": {"rounds"}, "rounds": {"1"}, "guest": {"Hugo"}})
	_ = tk2
	if doc(t, c.get("/g/"+slug+"/matches/new?game=taki")).Find("[data-testid=play-Hugo]").Length() != 0 {
		t.Errorf("the guest is offered as a roster player")
	}
}

// A player who leaves a whole match that then runs its course: his total
// (a few rounds, the lowest in Five Crowns) is no record, and he is
// placed last in the standings' match.
func TestLeaverSetsNoRecord(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("G")
	ids := c.players(slug, "Ana", "Ben")
	ids = append(ids, c.players(slug, "Cleo")...)
	fc := fcMatch(t, c, slug, ids, "1")
	save := func(f url.Values) {
		t.Helper()
		f.Set("op", "save")
		if rec := c.post(fc+"/rounds", f); rec.Code != http.StatusSeeOther {
			t.Fatalf("save %v: status %d\n%s", f, rec.Code, doc(t, rec).Find(".error").Text())
		}
	}
	save(url.Values{"mode_0": {"points"}, "points_0": {"9"}, "mode_1": {"out"}, "mode_2": {"points"}, "points_2": {"8"}})
	if rec := c.post(fc+"/leave", url.Values{"seat": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("Ben leaves: status %d", rec.Code)
	}
	for r := 2; r <= 11; r++ {
		save(url.Values{"mode_0": {"out"}, "mode_1": {"points"}, "points_1": {"10"}})
	}
	d := doc(t, c.get(fc))
	if got := texts(d, "[data-testid=result-player] .r-name"); strings.Join(got, ",") != "Ana,Cleo,Ben" {
		t.Errorf("result = %v, want Ana, Cleo, then Ben who left (with 0)", got)
	}
	recs := doc(t, c.get("/g/"+slug+"/records")).Find("[data-testid=record-game]").Text()
	if !strings.Contains(recs, "Lowest total 9") || strings.Contains(recs, "Ben") {
		t.Errorf("records = %q, want Ana's 9 as the lowest total, nothing of Ben's", recs)
	}
}
