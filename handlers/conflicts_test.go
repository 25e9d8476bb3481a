package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
)

// Every 409 of the round form's, a correction's, an undo's and the lines'
// routes says why in a word (X-TK-Conflict; the lines' JSON "reason" too),
// so that a phone whose kept round is refused for good tells its player
// the true reason (issue 37), not always "another phone saved it first".
func TestConflictsSayWhy(t *testing.T) {
	three := func(key string) url.Values { // a Five Crowns round of Ana (out), Ben and Chloé
		return url.Values{"op": {"save"}, "submitKey": {key}, "mode_0": {"out"}, "mode_1": {"points"}, "points_1": {"5"}, "mode_2": {"points"}, "points_2": {"9"}}
	}
	save := func(t *testing.T, lt linesTable, key string) {
		t.Helper()
		if rec := lt.ana.post(lt.match+"/rounds", three(key)); rec.Code != http.StatusSeeOther {
			t.Fatalf("Ana saves %s: status %d", key, rec.Code)
		}
	}
	firstRound := func(t *testing.T, lt linesTable) string {
		t.Helper()
		rounds, err := lt.app.store.Rounds(context.Background(), lt.id)
		if err != nil || len(rounds) == 0 {
			t.Fatalf("rounds: %v %v", rounds, err)
		}
		return itoa(rounds[0].ID)
	}
	correction := func(version string) url.Values {
		f := three("")
		f.Del("submitKey")
		f.Set("version", version)
		return f
	}
	lineJSON := func(lt linesTable, form url.Values) *httptest.ResponseRecorder {
		req := httptestRequest(http.MethodPost, lt.match+"/lines", form)
		req.Header.Set("Accept", "application/json")
		for _, ck := range lt.ben.cookies {
			req.AddCookie(ck)
		}
		return serveReq(lt.app, req)
	}
	for _, c := range []struct {
		name string
		// meanwhile is what another phone did; post is Ben's post that meets it.
		meanwhile func(t *testing.T, lt linesTable)
		post      func(t *testing.T, lt linesTable) *httptest.ResponseRecorder
		want      string
	}{
		{"another phone saved the round first", func(t *testing.T, lt linesTable) { save(t, lt, "1.a") },
			func(t *testing.T, lt linesTable) *httptest.ResponseRecorder {
				return lt.ben.post(lt.match+"/rounds", three("1.b"))
			}, "saved"},
		{"the match ended meanwhile", func(t *testing.T, lt linesTable) {
			save(t, lt, "1.a")
			if err := lt.app.store.EndMatchEarly(context.Background(), lt.group, lt.id); err != nil {
				t.Fatal(err)
			}
		}, func(t *testing.T, lt linesTable) *httptest.ResponseRecorder {
			return lt.ben.post(lt.match+"/rounds", three("2.b"))
		}, "finished"},
		{"a player left meanwhile", func(t *testing.T, lt linesTable) {
			save(t, lt, "1.a")
			if _, err := lt.app.store.LeaveMatch(context.Background(), lt.group, lt.id, 2, "Ana", 2); err != nil {
				t.Fatal(err)
			}
		}, func(t *testing.T, lt linesTable) *httptest.ResponseRecorder {
			return lt.ben.post(lt.match+"/rounds", three("2.b"))
		}, "seats"},
		{"a round taken back: the form's round no longer comes next", func(t *testing.T, lt linesTable) {
			save(t, lt, "1.a")
			if rec := lt.ana.post(lt.match+"/undo", url.Values{"round": {firstRound(t, lt)}}); rec.Code != http.StatusSeeOther {
				t.Fatalf("undo: %d", rec.Code)
			}
		}, func(t *testing.T, lt linesTable) *httptest.ResponseRecorder {
			return lt.ben.post(lt.match+"/rounds", three("2.b"))
		}, "undone"},
		{"another phone corrected the round first", func(t *testing.T, lt linesTable) {
			save(t, lt, "1.a")
			if rec := lt.ana.post(lt.match+"/rounds/"+firstRound(t, lt), correction("1")); rec.Code != http.StatusSeeOther {
				t.Fatalf("Ana's correction: %d", rec.Code)
			}
		}, func(t *testing.T, lt linesTable) *httptest.ResponseRecorder {
			f := correction("1")
			f.Set("points_1", "30")
			return lt.ben.post(lt.match+"/rounds/"+firstRound(t, lt), f)
		}, "edited"},
		{"an undo of a round no longer the last", func(t *testing.T, lt linesTable) { save(t, lt, "1.a"); save(t, lt, "2.a") },
			func(t *testing.T, lt linesTable) *httptest.ResponseRecorder {
				return lt.ben.post(lt.match+"/undo", url.Values{"round": {firstRound(t, lt)}})
			}, "notlast"},
		{"another member sent this player's line", func(t *testing.T, lt linesTable) { lt.send(lt.ana, "1.a", "2", url.Values{"points_2": {"9"}}) },
			func(t *testing.T, lt linesTable) *httptest.ResponseRecorder {
				lt.ben.htmx = true
				return lt.ben.post(lt.match+"/lines", url.Values{"submitKey": {"1.b"}, "line": {"2"}, "points_2": {"12"}})
			}, "line"},
		{"another member sent this player's line (JSON)", func(t *testing.T, lt linesTable) { lt.send(lt.ana, "1.a", "2", url.Values{"points_2": {"9"}}) },
			func(t *testing.T, lt linesTable) *httptest.ResponseRecorder {
				return lineJSON(lt, url.Values{"submitKey": {"1.b"}, "line": {"2"}, "points_2": {"12"}})
			}, "line"},
		{"a line of a round another phone saved first (JSON)", func(t *testing.T, lt linesTable) { save(t, lt, "1.a") },
			func(t *testing.T, lt linesTable) *httptest.ResponseRecorder {
				return lineJSON(lt, url.Values{"submitKey": {"1.b"}, "line": {"1"}, "points_1": {"7"}})
			}, "saved"},
		{"a line of a match ended meanwhile", func(t *testing.T, lt linesTable) {
			save(t, lt, "1.a")
			if err := lt.app.store.EndMatchEarly(context.Background(), lt.group, lt.id); err != nil {
				t.Fatal(err)
			}
		}, func(t *testing.T, lt linesTable) *httptest.ResponseRecorder {
			lt.ben.htmx = true
			return lt.ben.post(lt.match+"/lines", url.Values{"submitKey": {"2.b"}, "line": {"1"}, "points_1": {"7"}})
		}, "finished"},
	} {
		t.Run(c.name, func(t *testing.T) {
			lt := newLinesTable(t)
			c.meanwhile(t, lt)
			rec := c.post(t, lt)
			if rec.Code != http.StatusConflict || rec.Header().Get(conflictHeader) != c.want {
				t.Fatalf("status %d, %s %q; want 409 saying %q", rec.Code, conflictHeader, rec.Header().Get(conflictHeader), c.want)
			}
			var ans struct{ Reason string }
			if json.Unmarshal(rec.Body.Bytes(), &ans) == nil && ans.Reason != c.want {
				t.Errorf("the JSON answer's reason is %q, want %q", ans.Reason, c.want)
			}
		})
	}
}
