package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/tablekeeper/tablekeeper/internal/pgtest"
)

// linesTable is a Five Crowns match of Ana (the group's creator), Ben (joined
// from his own phone) and Chloé (no phone): the form's submit key of the
// first round and the two phones.
type linesTable struct {
	app      *testApp
	ana, ben *client
	match    string
	id       int64
	group    int64
}

func newLinesTable(t *testing.T) linesTable {
	t.Helper()
	return newLinesTableOf(t, func(ana *client, slug string, ids []int64) string { return fcMatch(t, ana, slug, ids, "3") })
}

// newLinesTableOf is a lines table whose match start starts.
func newLinesTableOf(t *testing.T, start func(ana *client, slug string, ids []int64) string) linesTable {
	t.Helper()
	app := newTestApp(t)
	ana := app.client()
	slug := ana.group("Jeudi soir")
	ids := ana.players(slug, "Ana", "Ben", "Chloé")
	match := start(ana, slug, ids)
	invite := strings.TrimPrefix(doc(t, ana.get("/g/"+slug)).Find(`[data-testid=invite-url]`).Text(), "http://tk.test")
	ben := app.client()
	if rec := ben.post(invite, url.Values{"display": {"Ben"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("join: status %d", rec.Code)
	}
	g, err := app.store.GroupBySlug(context.Background(), slug)
	if err != nil {
		t.Fatal(err)
	}
	return linesTable{app: app, ana: ana, ben: ben, match: match, id: mustInt(match[strings.LastIndex(match, "/")+1:]), group: g.ID}
}

// send posts row's line from who's phone, the round form holding fields.
func (lt linesTable) send(who *client, key string, row string, fields url.Values) int {
	form := url.Values{"submitKey": {key}, "line": {row}}
	for k, v := range fields {
		form[k] = v
	}
	return who.post(lt.match+"/lines", form).Code
}

func (lt linesTable) rounds(t *testing.T) int {
	t.Helper()
	rs, err := lt.app.store.Rounds(context.Background(), lt.id)
	if err != nil {
		t.Fatal(err)
	}
	return len(rs)
}

// Each player sends their own line, a phone sends the line of a player
// without one, and the last line saves the round with no Save tapped; the
// page shows, after a reload, whose line is in and each phone's own line
// first; who sent what is in the round's history.
func TestLinesSaveTheRoundWhenEveryLineIsIn(t *testing.T) {
	lt := newLinesTable(t)
	page := doc(t, lt.ben.get(lt.match))
	if who, _ := page.Find("[data-testid=own-line]").Attr("data-player"); who != "Ben" {
		t.Fatalf("Ben's phone shows as its own line %q", who)
	}
	if page.Find("[data-testid=own-line] [data-testid=points-input]").Length() != 1 || page.Find("[data-testid=send-line][data-player=Ben]").Length() != 1 {
		t.Fatal("Ben's own line has no points field or no send button")
	}
	if n := page.Find("[data-testid=line-awaited]").Length(); n != 3 {
		t.Fatalf("%d lines awaited before any is sent, want 3", n)
	}
	key := page.Find("#round-form [name=submitKey]").AttrOr("value", "")
	if code := lt.send(lt.ana, key, "0", url.Values{"mode_0": {"out"}, "points_1": {"99"}}); code != http.StatusSeeOther {
		t.Fatalf("Ana's line: status %d", code)
	}
	page = doc(t, lt.ben.get(lt.match))
	if page.Find(`[data-testid=line-in][data-player=Ana]`).Length() != 1 || page.Find(`[data-testid=line-awaited][data-player=Ben]`).Length() != 1 {
		t.Fatalf("after Ana's line, Ben's page shows in %q", page.Find("[data-testid=lines]").Text())
	}
	if v := page.Find(`[data-testid=points-input][data-player=Ben]`).AttrOr("value", ""); v != "" {
		t.Fatalf("Ana's phone typed in Ben's row (%q) and it was taken with her line", v)
	}
	if lt.rounds(t) != 0 {
		t.Fatal("a round was saved with one line in")
	}
	if code := lt.send(lt.ben, key, "1", url.Values{"points_1": {"7"}}); code != http.StatusSeeOther {
		t.Fatalf("Ben's line: status %d", code)
	}
	rec := lt.ben.post(lt.match+"/lines", url.Values{"submitKey": {key}, "line": {"2"}, "points_2": {"9"}})
	if rec.Code != http.StatusSeeOther || !strings.Contains(rec.Header().Get("Location"), "saved=1") {
		t.Fatalf("Chloé's line, the last: status %d, to %q", rec.Code, rec.Header().Get("Location"))
	}
	rs, _ := lt.app.store.Rounds(context.Background(), lt.id)
	if len(rs) != 1 || rs[0].Points[0] != 0 || rs[0].Points[1] != 7 || rs[0].Points[2] != 9 {
		t.Fatalf("the round saved: %+v", rs)
	}
	hist := doc(t, lt.ana.get(lt.match+"/rounds/"+itoa(rs[0].ID)+"/history")).Find("[data-testid=round-lines]").Text()
	for _, want := range []string{"Ana: sent by Ana", "Ben: sent by Ben", "Chloé: sent by Ben"} {
		if !strings.Contains(hist, want) {
			t.Errorf("the round's history says %q, want %q in it", hist, want)
		}
	}
	page = doc(t, lt.ana.get(lt.match))
	if page.Find("[data-testid=line-in]").Length() != 0 {
		t.Error("the lines of the saved round still show as in for the next one")
	}
}

// A line another member sent is never overwritten by a different one: the
// later is a 409 showing both values, and nothing changes; the sender
// changes their own freely; a line sent again with its key is applied once.
func TestLineSentByAnotherIsAConflict(t *testing.T) {
	lt := newLinesTable(t)
	key := "1.k"
	if code := lt.send(lt.ana, key, "2", url.Values{"points_2": {"9"}}); code != http.StatusSeeOther {
		t.Fatalf("Ana sends Chloé's line: status %d", code)
	}
	lt.ben.htmx = true
	rec := lt.ben.post(lt.match+"/lines", url.Values{"submitKey": {"1.b"}, "line": {"2"}, "points_2": {"12"}})
	if rec.Code != http.StatusConflict {
		t.Fatalf("Ben sends another line for Chloé: status %d, want 409", rec.Code)
	}
	if msg := doc(t, rec).Text(); !strings.Contains(msg, "Ana already sent Chloé's line: 9. Yours: 12.") {
		t.Fatalf("the conflict does not show both values: %q", msg)
	}
	m, _, err := lt.app.store.MatchSheet(context.Background(), lt.group, lt.id)
	if err != nil || len(m.Lines) != 1 || m.Lines[0].Fields != "points_2=9" {
		t.Fatalf("after the conflict the lines are %+v (%v)", m.Lines, err)
	}
	if code := lt.send(lt.ana, "1.k2", "2", url.Values{"points_2": {"10"}}); code != http.StatusSeeOther {
		t.Fatalf("Ana changes the line she sent: status %d", code)
	}
	if code := lt.send(lt.ana, key, "2", url.Values{"points_2": {"9"}}); code != http.StatusSeeOther {
		t.Fatalf("Ana's first line sent again: status %d", code)
	}
	m, _, _ = lt.app.store.MatchSheet(context.Background(), lt.group, lt.id)
	if len(m.Lines) != 1 || m.Lines[0].Fields != "points_2=10" {
		t.Fatalf("a line sent again with its key was applied again: %+v", m.Lines)
	}
}

// A line the game refuses alone is a 422 naming its field, and is not
// stored; a round the lines make that cannot be (two players out) keeps the
// lines and names, on the phones, the players whose lines cannot stand
// together (both marked out: nothing says which is wrong, as TAKI's two
// winners), next to their lines and not the others'.
func TestLineRefusedAloneAndTheTableRefused(t *testing.T) {
	lt := newLinesTable(t)
	lt.ben.htmx = true
	rec := lt.ben.post(lt.match+"/lines", url.Values{"submitKey": {"1.b"}, "line": {"1"}, "points_1": {"abc"}})
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("a line of text for points: status %d, want 422", rec.Code)
	}
	if doc(t, rec).Find(`[data-testid=points-input][data-player=Ben][aria-invalid=true]`).Length() != 1 {
		t.Error("the refused line's field is not marked")
	}
	if m, _, _ := lt.app.store.MatchSheet(context.Background(), lt.group, lt.id); len(m.Lines) != 0 {
		t.Fatalf("a refused line was stored: %+v", m.Lines)
	}
	lt.ben.htmx = false
	lt.send(lt.ana, "1.a", "0", url.Values{"mode_0": {"out"}})
	lt.send(lt.ben, "1.b", "1", url.Values{"mode_1": {"out"}})
	if code := lt.send(lt.ben, "1.b", "2", url.Values{"points_2": {"9"}}); code != http.StatusUnprocessableEntity {
		t.Fatalf("the last line of a round with two players out: status %d, want 422", code)
	}
	if lt.rounds(t) != 0 {
		t.Fatal("a round with two players out was saved")
	}
	page := doc(t, lt.ben.get(lt.match))
	if page.Find(`[data-testid=own-line] [data-testid=line-error]`).Length() != 1 || page.Find(`[data-testid=line-error]`).Length() != 2 ||
		page.Find(`[data-testid=seat][data-player=Chloé] [data-testid=line-error]`).Length() != 0 {
		t.Fatalf("Ben's phone does not show his line and Ana's refused (and only theirs): %q", page.Find("[data-testid=line-error]").Text())
	}
	if page.Find(`[data-testid=line-in]`).Length() != 3 {
		t.Error("the lines of a refused round were not kept")
	}
	// Ben takes his line back to points: the round is saved.
	if code := lt.send(lt.ben, "1.c", "1", url.Values{"points_1": {"4"}}); code != http.StatusSeeOther || lt.rounds(t) != 1 {
		t.Fatalf("Ben's corrected line: status %d, %d rounds", code, lt.rounds(t))
	}
}

// A client asking for JSON gets what its line came to (docs/API.md).
func TestLineAnswersJSON(t *testing.T) {
	lt := newLinesTable(t)
	form := url.Values{"submitKey": {"1.j"}, "line": {"1"}, "points_1": {"7"}}
	req := httptestRequest(http.MethodPost, lt.match+"/lines", form)
	req.Header.Set("Accept", "application/json")
	for _, ck := range lt.ben.cookies {
		req.AddCookie(ck)
	}
	rec := serveReq(lt.app, req)
	var got lineAnswer
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != http.StatusOK {
		t.Fatalf("status %d, %v: %s", rec.Code, err, rec.Body)
	}
	if got.Status != "stored" || got.Player != "Ben" || strings.Join(got.In, ",") != "Ben" || strings.Join(got.Awaited, ",") != "Ana,Chloé" {
		t.Fatalf("answer %+v", got)
	}
}

// Lines sent at once through two instances on one PostgreSQL database (and
// through one on SQLite) combine into one round: the write transaction
// reads the others' lines.
func TestLinesThroughTwoInstancesCombine(t *testing.T) {
	for _, backend := range []string{"SQLite", "PostgreSQL"} {
		t.Run(backend, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "test.db")
			if backend == "PostgreSQL" {
				db = pgtest.Database(t)
			}
			one := newTestAppAt(t, testGames(), db, nil)
			two := one
			if backend == "PostgreSQL" {
				two = newTestAppAt(t, testGames(), db, nil)
			}
			ana := one.client()
			slug := ana.group("Table")
			ids := ana.players(slug, "Ana", "Ben", "Chloé")
			g, _ := one.store.GroupBySlug(context.Background(), slug)
			ben := two.client()
			if rec := ben.post("/join/"+slug+"/"+g.InviteToken, url.Values{"display": {"Ben"}}); rec.Code != http.StatusSeeOther {
				t.Fatalf("join: %d", rec.Code)
			}
			match := fcMatch(t, ana, slug, ids, "3")
			for round := 1; round <= 5; round++ {
				key := strconv.Itoa(round) + ".k"
				sends := []struct {
					who  *client
					line url.Values
				}{
					{ana, url.Values{"line": {"0"}, "mode_0": {"out"}}},
					{ben, url.Values{"line": {"1"}, "points_1": {strconv.Itoa(round + 2)}}},
					{&client{app: one, cookies: ben.cookies}, url.Values{"line": {"2"}, "points_2": {"9"}}},
				}
				var wg sync.WaitGroup
				codes := make([]int, len(sends))
				for i, s := range sends {
					wg.Add(1)
					go func() {
						defer wg.Done()
						s.line.Set("submitKey", key)
						codes[i] = s.who.post(match+"/lines", s.line).Code
					}()
				}
				wg.Wait()
				for i, c := range codes {
					if c != http.StatusSeeOther {
						t.Fatalf("round %d, line %d: status %d", round, i, c)
					}
				}
				rs, err := one.store.Rounds(context.Background(), mustInt(match[strings.LastIndex(match, "/")+1:]))
				if err != nil || len(rs) != round || rs[round-1].Points[1] != round+2 || rs[round-1].Points[2] != 9 {
					t.Fatalf("after round %d's lines: rounds %+v, %v", round, rs, err)
				}
			}
		})
	}
}

// The keeper's Save still saves a whole round at once, with the lines
// already sent filled in, and takes them.
func TestKeepersSaveHasTheLinesFilledIn(t *testing.T) {
	lt := newLinesTable(t)
	lt.send(lt.ben, "1.b", "1", url.Values{"points_1": {"7"}})
	page := doc(t, lt.ana.get(lt.match))
	if v := page.Find(`[data-testid=points-input][data-player=Ben]`).AttrOr("value", ""); v != "7" {
		t.Fatalf("Ben's line is not filled in on Ana's form: %q", v)
	}
	form := url.Values{"op": {"save"}, "submitKey": {page.Find("#round-form [name=submitKey]").AttrOr("value", "")}}
	page.Find("#round-form input").Each(func(_ int, in *goquery.Selection) {
		name, _ := in.Attr("name")
		if v, ok := in.Attr("value"); ok && name != "" && name != "submitKey" && name != "op" && in.AttrOr("type", "") != "checkbox" && in.AttrOr("type", "") != "radio" {
			form.Set(name, v)
		}
	})
	form.Set("mode_0", "out")
	form.Set("points_2", "9")
	if rec := lt.ana.post(lt.match+"/rounds", form); rec.Code != http.StatusSeeOther {
		t.Fatalf("the keeper's Save: status %d", rec.Code)
	}
	rs, _ := lt.app.store.Rounds(context.Background(), lt.id)
	if len(rs) != 1 || rs[0].Points[1] != 7 {
		t.Fatalf("the keeper saved %+v", rs)
	}
	if m, _, _ := lt.app.store.MatchSheet(context.Background(), lt.group, lt.id); len(m.Lines) != 0 {
		t.Fatalf("the lines are still pending after the keeper's Save: %+v", m.Lines)
	}
}

// A tap on the card picker in one's own line (Five Crowns: the whole hand,
// the solver's points) redraws the form with the line still marked as
// one's own and its Send, and the hand's points in the line: round 3's
// five cards K♠ K♣ K♦ 7♥ and the K♥ tapped meld four kings and keep 7.
func TestPickerTapKeepsTheOwnLine(t *testing.T) {
	lt := newLinesTable(t)
	lt.ben.htmx = true
	rec := lt.ben.post(lt.match+"/rounds", url.Values{"submitKey": {"1.b"}, "pick": {"1"}, "cards_1": {"KS KC KD 7H"}, "tap": {"KH"}})
	if rec.Code != http.StatusOK {
		t.Fatalf("a picker tap: status %d", rec.Code)
	}
	page := doc(t, rec)
	if page.Find(`[data-testid=own-line][data-player=Ben]`).Length() != 1 || page.Find(`[data-testid=send-line][data-player=Ben]`).Length() != 1 {
		t.Fatal("after a picker tap the form lost Ben's own line or its Send")
	}
	if v := page.Find(`[data-testid=own-line] [data-testid=points-input]`).AttrOr("value", ""); v != "7" || page.Find(`[data-testid=own-line] [data-testid=meld]`).Length() != 1 {
		t.Errorf("Ben's hand after tapping the king of hearts shows %q points and %d melds, want 7 and the four kings", v, page.Find(`[data-testid=own-line] [data-testid=meld]`).Length())
	}
}

// The phone's own line says so in words, "Your line" ("Votre ligne"),
// beside its player's name in every game (issue 37), and no other row does.
func TestOwnLineIsLabelled(t *testing.T) {
	for _, c := range []struct {
		game  string
		table func(*testing.T) linesTable
	}{{"fivecrowns", newLinesTable}, {"take5", take5Lines}, {"takefive", takeFiveLines}} {
		lt := c.table(t)
		for lang, want := range map[string]string{"en": "Your line", "fr": "Votre ligne"} {
			req := httptestRequest(http.MethodGet, lt.match, nil)
			req.Header.Set("Accept-Language", lang)
			for _, ck := range lt.ben.cookies {
				req.AddCookie(ck)
			}
			page := doc(t, serveReq(lt.app, req))
			own := page.Find("[data-testid=own-line] [data-testid=own-line-label]")
			if all := page.Find("[data-testid=own-line-label]").Length(); own.Length() != 1 || all != 1 || strings.TrimSpace(own.Text()) != want {
				t.Errorf("%s, %s: the own line's label reads %q (%d in the line, %d on the page), want %q once", c.game, lang, own.Text(), own.Length(), all, want)
			}
		}
	}
}
