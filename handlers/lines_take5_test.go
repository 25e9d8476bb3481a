package handlers

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// take5Lines is a Take 5! match of Ana, Ben (his own phone) and Chloé (no phone).
func take5Lines(t *testing.T) linesTable {
	t.Helper()
	return newLinesTableOf(t, func(ana *client, slug string, ids []int64) string {
		form := url.Values{"game": {"take5"}}
		for i, id := range ids {
			form.Set(fmt.Sprintf("seat_%d", id), fmt.Sprint(i+1))
		}
		rec := ana.post("/g/"+slug+"/matches", form)
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("start match: status %d\n%s", rec.Code, rec.Body)
		}
		return rec.Header().Get("Location")
	})
}

// t5Line is row's Take 5! line: green, red, +5, x2, specials in hand.
func t5Line(row int, counts ...string) url.Values {
	line := url.Values{}
	for i, k := range []string{"green", "red", "plus5", "x2", "hand"} {
		if i < len(counts) && counts[i] != "" {
			line.Set(fmt.Sprintf("%s_%d", k, row), counts[i])
		}
	}
	return line
}

// Each Take 5! player sends their own cow heads and specials (issue 37):
// the phone's own line holds its counts and its Send; a line impossible
// alone (a pile no row makes) is refused and not stored; when every line
// is in, the whole table's checks run (here: more "x2" than were dealt),
// the lines are kept and the refusal is shown on the phones next to the
// line at fault; once corrected, the deal is saved with no Save.
func TestTake5LinesSaveTheDeal(t *testing.T) {
	lt := take5Lines(t)
	page := doc(t, lt.ben.get(lt.match))
	own := page.Find("[data-testid=own-line]")
	if who, _ := own.Attr("data-player"); who != "Ben" {
		t.Fatalf("Ben's phone shows as its own line %q", who)
	}
	for _, f := range []string{"green", "red", "plus5", "x2", "hand"} {
		if own.Find("[data-testid="+f+"]").Length() != 1 {
			t.Errorf("Ben's own line has no %s count", f)
		}
	}
	if page.Find("[data-testid=send-line][data-player=Ben]").Length() != 1 {
		t.Fatal("Ben's own line has no Send")
	}
	if n := page.Find("[data-testid=seat][data-player=Ben]").Length(); n != 1 {
		t.Errorf("Ben's row is drawn %d times, want once (moved first, not copied)", n)
	}
	key := page.Find("#round-form [name=submitKey]").AttrOr("value", "")

	lt.ben.htmx = true
	rec := lt.ben.post(lt.match+"/lines", withLine(key, 1, t5Line(1, "1", "0")))
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(doc(t, rec).Text(), "1 green and 0 red cows") {
		t.Fatalf("a pile no row makes, alone: status %d, %q", rec.Code, doc(t, rec).Find("[role=alert]").Text())
	}
	if m, _, _ := lt.app.store.MatchSheet(context.Background(), lt.group, lt.id); len(m.Lines) != 0 {
		t.Fatalf("a refused line was stored: %+v", m.Lines)
	}
	lt.ben.htmx = false

	if code := lt.send(lt.ana, key, "0", t5Line(0, "5", "3", "1", "1", "1")); code != http.StatusSeeOther {
		t.Fatalf("Ana's line: status %d", code)
	}
	if code := lt.send(lt.ben, key, "1", t5Line(1, "3", "20", "", "2")); code != http.StatusSeeOther {
		t.Fatalf("Ben's line: status %d", code)
	}
	if code := lt.send(lt.ben, key, "2", t5Line(2, "10", "2", "", "1")); code != http.StatusUnprocessableEntity {
		t.Fatalf("the last line of a deal with 4 \"x2\" at 3 players (one each): status %d, want 422", code)
	}
	if lt.rounds(t) != 0 {
		t.Fatal("a deal with more x2 than were dealt was saved")
	}
	page = doc(t, lt.ben.get(lt.match))
	if msg := page.Find("[data-testid=line-error]").Text(); !strings.Contains(msg, "x2") {
		t.Fatalf("the phones do not show the specials refused next to a line: %q", msg)
	}
	if page.Find("[data-testid=line-in]").Length() != 3 {
		t.Error("the lines of a refused deal were not kept")
	}
	// Ben counts again, on the form as his phone now draws it: one x2. The deal is saved.
	key = page.Find("#round-form [name=submitKey]").AttrOr("value", "")
	if code := lt.send(lt.ben, key, "1", t5Line(1, "3", "20", "", "1")); code != http.StatusSeeOther || lt.rounds(t) != 1 {
		t.Fatalf("Ben's corrected line: status %d, %d deals", code, lt.rounds(t))
	}
	rs, _ := lt.app.store.Rounds(context.Background(), lt.id)
	if got := fmt.Sprint(rs[0].Points); got != "[4 -34 16]" {
		t.Errorf("the deal saved from the lines scores %s", got)
	}
}

// withLine is a line post: the form's key, the row and its fields.
func withLine(key string, row int, line url.Values) url.Values {
	form := url.Values{"submitKey": {key}, "line": {fmt.Sprint(row)}}
	for k, v := range line {
		form[k] = v
	}
	return form
}

// A Take 5! deal has no best score while its lines are not all in (the
// lines awaited are not 0 cows), nor while the lines in are refused (issue
// 37): before, a phone showed "Best score of this deal: Ana" with two lines
// of three in, and kept it beside the refusal.
func TestTake5NoBestScoreBeforeTheDealStands(t *testing.T) {
	lt := take5Lines(t)
	key := doc(t, lt.ben.get(lt.match)).Find("#round-form [name=submitKey]").AttrOr("value", "")
	lt.send(lt.ana, key, "0", t5Line(0, "5", "3", "1", "1", "1"))
	lt.send(lt.ben, key, "1", t5Line(1, "3", "20", "", "2"))
	if w := doc(t, lt.ben.get(lt.match)).Find("[data-testid=deal-winner]").Text(); w != "" {
		t.Errorf("with Chloé's line awaited, Ben's phone says %q", w)
	}
	if code := lt.send(lt.ana, key, "2", t5Line(2, "10", "2", "", "1")); code != http.StatusUnprocessableEntity {
		t.Fatalf("the deal with 4 x2 at 3 players: status %d, want 422", code)
	}
	if w := doc(t, lt.ben.get(lt.match)).Find("[data-testid=deal-winner]").Text(); w != "" {
		t.Errorf("with the deal refused, Ben's phone says %q", w)
	}
}

// A Take 5! deal whose lines collected more "x2" than were dealt names
// every player whose count is part of it, each next to their own line with
// their own count, and says the rule once (issue 37): before, only the
// last line read (Chloé's 1) was named, not Ben who claimed 2.
func TestTake5TableRefusalNamesEveryCount(t *testing.T) {
	lt := take5Lines(t)
	key := doc(t, lt.ben.get(lt.match)).Find("#round-form [name=submitKey]").AttrOr("value", "")
	lt.send(lt.ana, key, "0", t5Line(0, "5", "3", "1", "1", "1"))
	lt.send(lt.ben, key, "1", t5Line(1, "3", "20", "", "2"))
	if code := lt.send(lt.ana, key, "2", t5Line(2, "10", "2", "", "1")); code != http.StatusUnprocessableEntity {
		t.Fatalf("the deal with 4 x2 at 3 players: status %d, want 422", code)
	}
	page := doc(t, lt.ben.get(lt.match))
	for who, own := range map[string]string{"Ana": "1", "Ben": "2", "Chloé": "1"} {
		msg := page.Find("[data-testid=line-error][data-player=" + who + "]").Text()
		if !strings.Contains(msg, own+" of the 4 “x2” cards collected.") {
			t.Errorf("next to %s's line: %q, want their own %s of the 4 x2 said", who, msg, own)
		}
	}
	box := page.Find("[data-testid=round-refusal]")
	rule := "Each of the 3 players is dealt one “x2”"
	if n := strings.Count(box.Text(), rule); n != 1 {
		t.Errorf("the refusals say the rule %d times, want once: %q", n, box.Text())
	}
	if n := box.Length(); n != 4 {
		t.Errorf("%d refusals, want a short one for each of the 3 players and the rule: %q", n, box.Text())
	}
}

// A Take 5! deal's history says each line as the form labels its counts
// (issue 37): before, "Ana: sent by Ana (5 3 1 1 1)", values without names.
func TestTake5LineHistoryIsLabelled(t *testing.T) {
	lt := take5Lines(t)
	key := doc(t, lt.ben.get(lt.match)).Find("#round-form [name=submitKey]").AttrOr("value", "")
	lt.send(lt.ana, key, "0", t5Line(0, "5", "3", "1", "1", "1"))
	lt.send(lt.ben, key, "1", t5Line(1, "3", "20", "", "1"))
	lt.send(lt.ben, key, "2", t5Line(2, "10", "2", "0", "1"))
	rs, _ := lt.app.store.Rounds(context.Background(), lt.id)
	if len(rs) != 1 {
		t.Fatalf("%d deals saved from the lines, want 1", len(rs))
	}
	hist := doc(t, lt.ana.get(lt.match+"/rounds/"+itoa(rs[0].ID)+"/history")).Find("[data-testid=round-lines]").Text()
	for _, want := range []string{
		"Ana: sent by Ana (Green cows 5, Red cows 3, “+5” collected 1, “x2” collected 1, Specials in hand 1)",
		"Chloé: sent by Ben (Green cows 10, Red cows 2, “x2” collected 1)",
	} {
		if !strings.Contains(hist, want) {
			t.Errorf("the deal's history says %q, want %q in it", hist, want)
		}
	}
}

// Take 5!'s cow fields say what to count, on whose pile (issue 37): the
// phone's own line "on your pile", the others "on the pile", in English
// and French. Before, "Green cows" and "Red cows", only a hint above the
// form saying to count each pile's cow heads.
func TestTake5CountFieldsSayWhatToCount(t *testing.T) {
	lt := take5Lines(t)
	label := func(page *goquery.Document, who, kind string) string {
		return strings.Join(strings.Fields(page.Find("[data-testid=seat][data-player="+who+"] label:has([data-testid="+kind+"]) > span").Text()), " ")
	}
	page := doc(t, lt.ben.get(lt.match))
	for _, c := range []struct{ who, kind, want string }{
		{"Ben", "green", "Green cows on your pile"}, {"Ben", "red", "Red cows on your pile"},
		{"Ana", "green", "Green cows on the pile"}, {"Chloé", "red", "Red cows on the pile"},
	} {
		if got := label(page, c.who, c.kind); got != c.want {
			t.Errorf("on Ben's phone, %s's %s field says %q, want %q", c.who, c.kind, got, c.want)
		}
	}
	lt.ben.get("/lang?to=fr&back=/")
	page = doc(t, lt.ben.get(lt.match))
	if got := label(page, "Ben", "green"); got != "Vachettes vertes de votre tas" {
		t.Errorf("in French, Ben's own green field says %q", got)
	}
	if got := label(page, "Ana", "red"); got != "Vachettes rouges du tas" {
		t.Errorf("in French, Ana's red field says %q", got)
	}
}
