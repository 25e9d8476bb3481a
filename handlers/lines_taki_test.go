package handlers

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// takiLines is a TAKI match of Ana, Ben (his own phone) and Chloé (no phone).
func takiLines(t *testing.T) linesTable {
	t.Helper()
	return newLinesTableOf(t, func(ana *client, slug string, ids []int64) string {
		form := url.Values{"game": {"taki"}, "end": {"rounds"}, "rounds": {"5"}}
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

// Two TAKI players each send Won from their own phone (issue 37): a round
// has one winner, so the lines cannot stand together whatever the others
// send. Both claimants are named, next to their own lines, on every phone;
// each phone shows its own player's Won as sent; nothing is saved until
// one of them changes their line. Before, the lines were merged into one
// form whose first winner won: Ben was told to tap the cards of his hand,
// Ana was not named, and Ben's own Won showed unselected.
func TestTakiTwoWinnersNamedOnTheirLines(t *testing.T) {
	lt := takiLines(t)
	key := doc(t, lt.ben.get(lt.match)).Find("#round-form [name=submitKey]").AttrOr("value", "")
	if code := lt.send(lt.ana, key, "0", url.Values{"winner": {"0"}}); code != http.StatusSeeOther {
		t.Fatalf("Ana's Won: status %d", code)
	}
	req := httptestRequest(http.MethodPost, lt.match+"/lines", url.Values{"submitKey": {key}, "line": {"1"}, "winner": {"1"}})
	req.Header.Set("Accept", "application/json")
	for _, ck := range lt.ben.cookies {
		req.AddCookie(ck)
	}
	rec := serveReq(lt.app, req)
	var got lineAnswer
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("Ben's Won after Ana's: status %d, %v: %s", rec.Code, err, rec.Body)
	}
	var named []string
	for _, m := range got.Mistakes {
		named = append(named, m.Player+" "+m.Field)
	}
	if got.Status != "refused" || strings.Join(named, ", ") != "Ana winner, Ben winner" || !strings.Contains(got.Message, "whatever the others send") {
		t.Errorf("Ben's Won after Ana's answers %+v, want both winners named, the lines kept", got)
	}
	if code := lt.send(lt.ana, key, "2", url.Values{"points_2": {"12"}}); code != http.StatusUnprocessableEntity {
		t.Fatalf("Chloé's line, the last, with two winners in: status %d, want 422", code)
	}
	if lt.rounds(t) != 0 {
		t.Fatal("a round with two winners was saved")
	}
	for _, p := range []struct {
		who   string
		phone *client
		own   string
	}{{"Ana", lt.ana, "0"}, {"Ben", lt.ben, "1"}} {
		page := doc(t, p.phone.get(lt.match))
		errs := page.Find("[data-testid=line-error]")
		if errs.Length() != 2 {
			t.Errorf("%s's phone shows %d lines refused (%q), want Ana's and Ben's", p.who, errs.Length(), errs.Text())
		}
		for who, other := range map[string]string{"Ana": "Ben", "Ben": "Ana"} {
			msg := page.Find("[data-testid=line-error][data-player=" + who + "]").Text()
			if !strings.Contains(msg, other+" also sent Won") || strings.Contains(msg, "Tap the cards") {
				t.Errorf("%s's phone, next to %s's line: %q, want %s named as the other winner", p.who, who, msg, other)
			}
		}
		if v := page.Find("[data-testid=own-line] [data-testid=winner-radio][checked]").AttrOr("value", ""); v != p.own {
			t.Errorf("%s's phone: the own line's Won checked is %q, want their own (%s)", p.who, v, p.own)
		}
	}
	// Ben did not win after all: his points, and the round is saved.
	if code := lt.send(lt.ben, "1.again", "1", url.Values{"points_1": {"7"}}); code != http.StatusSeeOther || lt.rounds(t) != 1 {
		t.Fatalf("Ben's line changed to his points: status %d, %d rounds", code, lt.rounds(t))
	}
}
