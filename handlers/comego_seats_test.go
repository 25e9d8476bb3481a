package handlers

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Seat-numbered options after a departure: the deal, and who starts, pass
// over the player who left and go on from whoever had them last; the
// round's strip, the scoreboard's mark and the referee opened from the
// match all name the same player, never the one who left.
func TestSeatsPassOverALeaver(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("S")
	ids := c.players(slug, "Ana", "Ben", "Cleo", "Dan")
	start := func(game string, opts url.Values) string {
		t.Helper()
		form := url.Values{"game": {game}}
		for i, id := range ids {
			form.Set(fmt.Sprintf("seat_%d", id), fmt.Sprint(i+1))
		}
		for k, v := range opts {
			form[k] = v
		}
		rec := c.post("/g/"+slug+"/matches", form)
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("start %s: status %d", game, rec.Code)
		}
		return rec.Header().Get("Location")
	}
	save := func(match string, f url.Values) {
		t.Helper()
		f.Set("op", "save")
		if rec := c.post(match+"/rounds", f); rec.Code != http.StatusSeeOther {
			t.Fatalf("save %v: status %d %q", f, rec.Code, refusals(doc(t, rec)))
		}
	}
	leave := func(match string, seat int) {
		t.Helper()
		if rec := c.post(match+"/leave", url.Values{"seat": {fmt.Sprint(seat)}}); rec.Code != http.StatusSeeOther {
			t.Fatalf("seat %d leaves: status %d", seat, rec.Code)
		}
	}
	marked := func(match string) string {
		return doc(t, c.get(match)).Find("[data-testid=scoreboard-player]:has([data-testid=scoreboard-dealer])").AttrOr("data-player", "")
	}
	strip := func(match, id string) string {
		return strings.TrimSpace(doc(t, c.get(match)).Find("[data-testid=" + id + "]").Text())
	}

	// Five Crowns, Dan (seat 4) deals first: Dan, Ana; Ben leaves after
	// round 2. Round 3 would have been Ben's deal: Cleo deals (Dan starts),
	// then Dan (not Cleo again; Ana starts), then Ana.
	fc := start("fivecrowns", url.Values{"firstDealer": {"4"}, "startRound": {"1"}})
	four := url.Values{"mode_0": {"out"}, "points_1": {"10"}, "points_2": {"20"}, "points_3": {"30"}}
	for _, want := range []string{"Dan", "Ana"} {
		if got := strip(fc, "fc-dealer"); got != want {
			t.Errorf("Five Crowns before Ben left: %q deals, want %s", got, want)
		}
		save(fc, four)
	}
	leave(fc, 1)
	for r, want := range [][2]string{{"Cleo", "Dan"}, {"Dan", "Ana"}, {"Ana", "Cleo"}, {"Cleo", "Dan"}} {
		if got := strip(fc, "fc-dealer") + "/" + strip(fc, "fc-starter"); got != want[0]+"/"+want[1] {
			t.Errorf("Five Crowns round %d, Ben gone: dealer/starter %q, want %s/%s", r+3, got, want[0], want[1])
		}
		if got := marked(fc); got != want[0] {
			t.Errorf("Five Crowns round %d: the scoreboard marks %q as dealing, want %s", r+3, got, want[0])
		}
		rec := c.get(fc + "/referee")
		if who := rec.Header().Get("Location"); !strings.Contains(who, "who="+want[1]) || strings.Contains(who, "seat=Ben") {
			t.Errorf("Five Crowns round %d: the referee opens on %q, want %s's hand and no Ben", r+3, who, want[1])
		}
		save(fc, url.Values{"mode_0": {"out"}, "points_1": {"10"}, "points_2": {"20"}})
	}

	// Take Five, Ana starts; Ana wins round 1 (Ben would start round 2),
	// then Ben leaves: Cleo starts it.
	tf := start("takefive", url.Values{"firstStarter": {"1"}})
	save(tf, url.Values{"winner": {"0"}})
	leave(tf, 1)
	if got := strip(tf, "tf-starter"); got != "Cleo" {
		t.Errorf("Take Five round 2, Ben gone: %q starts, want Cleo (left of Ana, passing over Ben)", got)
	}
	if got := marked(tf); got != "Cleo" {
		t.Errorf("Take Five round 2: the scoreboard marks %q, want Cleo", got)
	}

	// Take Five, Cleo starts; Ben leaves before round 1, which Ana wins:
	// the round records that Cleo started it, as its strip said.
	tf3 := start("takefive", url.Values{"firstStarter": {"3"}})
	leave(tf3, 1)
	if got := strip(tf3, "tf-starter"); got != "Cleo" {
		t.Errorf("Take Five round 1, Ben gone before it: %q starts, want Cleo", got)
	}
	save(tf3, url.Values{"winner": {"0"}})
	tf3rounds, err := app.store.Rounds(t.Context(), mustInt(tf3[strings.LastIndex(tf3, "/")+1:]))
	if err != nil || len(tf3rounds) != 1 {
		t.Fatalf("rounds %v, %v", tf3rounds, err)
	}
	if h := doc(t, c.get(tf3+"/rounds/"+itoa(tf3rounds[0].ID)+"/history")).Text(); !strings.Contains(h, "Cleo started") {
		t.Errorf("Take Five round 1's history does not say Cleo started: %q", h)
	}

	// Take Five: Ana wins the score round, Ben the 21; Ben leaves. Round 3
	// is the quinte at the table of three left: its form says so, and a
	// quinte wins it.
	tf2 := start("takefive", url.Values{"firstStarter": {"1"}})
	save(tf2, url.Values{"winner": {"0"}})
	save(tf2, url.Values{"winner": {"1"}})
	leave(tf2, 1)
	d := doc(t, c.get(tf2))
	if title := d.Find("[data-testid=round-form] h2").Text(); !strings.Contains(title, "quinte") {
		t.Errorf("Take Five round 3 after Ben (who won the 21) left: the form reads %q, want the quinte", title)
	}
	if got := strip(tf2, "tf-starter"); got != "Cleo" {
		t.Errorf("Take Five round 3: %q starts, want Cleo (left of Ben, who left)", got)
	}
	save(tf2, url.Values{"winner": {"1"}, "rack": {"3 4 5 6 7"}}) // Cleo, the form's second row now

	// The TAKI referee opened after Ben left offers the three still there.
	tk := start("taki", url.Values{"end": {"rounds"}, "rounds": {"3"}})
	save(tk, url.Values{"winner": {"0"}, "cards_1": {"R7"}, "cards_2": {"B3"}, "cards_3": {"G4"}})
	leave(tk, 1)
	if to := c.get(tk + "/referee").Header().Get("Location"); !strings.Contains(to, "players=3") || strings.Contains(to, "=Ben") {
		t.Errorf("the TAKI referee after Ben left opens on %q, want the 3 players still there", to)
	}

	// The Take 5! referee opened after Ben left lays the rows of a deal at
	// three players (9), not four (12).
	t5m := start("take5", nil)
	save(t5m, url.Values{"green_0": {"5"}, "red_0": {"0"}})
	leave(t5m, 1)
	if to := c.get(t5m + "/referee").Header().Get("Location"); !strings.Contains(to, "row_9=") || strings.Contains(to, "row_10=") {
		t.Errorf("the Take 5! referee after Ben left opens on %q, want the 9 rows of a 3-player deal", to)
	}

	// On the sheet, Ben's rounds after he left say he was not there, not 0
	// (a Five Crowns 0 is a player who went out).
	rows := doc(t, c.get(fc)).Find("[data-testid=round-row]")
	if got := strings.TrimSpace(rows.Eq(2).Find("td").Eq(2).Text()); !strings.HasPrefix(got, "—") {
		t.Errorf("Ben's cell in round 3, after he left: %q, want —", got)
	}
	if got := strings.TrimSpace(rows.Eq(1).Find("td").Eq(2).Text()); got != "10" {
		t.Errorf("Ben's cell in round 2, before he left: %q, want 10", got)
	}

	// The form's rows keep their players' colours: Cleo's row is hers on
	// the scoreboard.
	sheet := doc(t, c.get(fc))
	colour := strings.Fields(sheet.Find("[data-testid=scoreboard-player][data-player=Cleo]").AttrOr("class", ""))[0]
	if cls := sheet.Find("[data-testid=round-form] [data-testid=seat][data-player=Cleo]").AttrOr("class", ""); !strings.Contains(" "+cls+" ", " "+colour+" ") {
		t.Errorf("Cleo's row in the form after Ben left has class %q, want her colour %s", cls, colour)
	}

	// A departure undone with its only round: Ben, who deals first, leaves
	// after round 1, then round 1 is undone, so he plays it again; the strip
	// and the scoreboard both say he deals it.
	fc2 := start("fivecrowns", url.Values{"firstDealer": {"2"}, "startRound": {"1"}})
	save(fc2, four)
	leave(fc2, 1)
	rounds, err := app.store.Rounds(t.Context(), mustInt(fc2[strings.LastIndex(fc2, "/")+1:]))
	if err != nil || len(rounds) != 1 {
		t.Fatalf("rounds %v, %v", rounds, err)
	}
	if rec := c.post(fc2+"/undo", url.Values{"round": {itoa(rounds[0].ID)}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("undo: status %d", rec.Code)
	}
	if got, mark := strip(fc2, "fc-dealer"), marked(fc2); got != "Ben" || mark != "Ben" {
		t.Errorf("round 1 again after Ben's departure was undone with it: the strip says %q deals, the scoreboard marks %q; want Ben", got, mark)
	}
}
