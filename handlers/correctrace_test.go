package handlers

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/tablekeeper/tablekeeper/internal/pgtest"
	"github.com/tablekeeper/tablekeeper/store"
)

// Two phones correct a Take Five match at once: one corrects round 2, a 21
// round that nobody won (so it was played again), to a round Chloé won; the
// other corrects round 3, the 21 round played again, to Chloé winning with
// 6 7 8. Once round 2 has a winner, round 3 is a quinte round, which 6 7 8
// does not win. Whatever the order they meet in, the outcome is one that
// the two corrections made one after the other give: the correction of
// round 3 is judged on round 2 as it stands when it is written, refused
// with the rack's sentence (round 2's correction came first; round 3 is
// left as it was) or saved (it came first). Never a 409 or a 500, and round
// 2 always holds its correction. On SQLite and on PostgreSQL.
func TestRacedCorrectionsAreJudgedOnTheRoundsBefore(t *testing.T) {
	for _, backend := range []string{"SQLite", "PostgreSQL"} {
		t.Run(backend, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "test.db")
			if backend == "PostgreSQL" {
				db = pgtest.Database(t)
			}
			app := newTestAppAt(t, testGames(), db, nil)
			a := app.client()
			slug := a.group("Table")
			ids := a.players(slug, "Ana", "Ben", "Chloé")
			g, _ := app.store.GroupBySlug(context.Background(), slug)
			b := app.client()
			if rec := b.post("/join/"+slug+"/"+g.InviteToken, url.Values{"display": {"Ben"}}); rec.Code != http.StatusSeeOther {
				t.Fatalf("join: %d", rec.Code)
			}
			// The correction of round 3 drawn before round 2's was saved:
			// judged on round 2 as corrected, whichever phone saves it.
			m := raceMatch(t, app, a, slug, ids)
			if rec := a.post(m.r2, m.fix2); rec.Code != http.StatusSeeOther {
				t.Fatalf("round 2 corrected: status %d", rec.Code)
			}
			if rec := b.post(m.r3, m.fix3); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "does not win") {
				t.Errorf("round 3 corrected on a form drawn before round 2's correction: status %d; want 422, the rack does not win", rec.Code)
			}
			m.check(t, app, false)
			// At once, several times: each order the two meet in.
			refused, saved := 0, 0
			for trial := range 12 {
				m := raceMatch(t, app, a, slug, ids)
				var wg sync.WaitGroup
				var fix2, fix3 int
				var said3 string
				start := make(chan struct{})
				wg.Add(2)
				go func() { defer wg.Done(); <-start; fix2 = a.post(m.r2, m.fix2).Code }()
				go func() {
					defer wg.Done()
					<-start
					rec := b.post(m.r3, m.fix3)
					fix3, said3 = rec.Code, rec.Body.String()
				}()
				close(start)
				wg.Wait()
				if fix2 != http.StatusSeeOther {
					t.Errorf("trial %d: round 2's correction: status %d, want 303", trial, fix2)
				}
				switch {
				case fix3 == http.StatusSeeOther:
					saved++
					m.check(t, app, true)
				case fix3 == http.StatusUnprocessableEntity && strings.Contains(said3, "does not win"):
					refused++
					m.check(t, app, false)
				default:
					t.Errorf("trial %d: round 3's correction: status %d; want 303 (saved first) or 422 (refused after round 2's)", trial, fix3)
				}
			}
			t.Logf("%s: round 3's correction refused %d times, saved first %d times", backend, refused, saved)
		})
	}
}

// raced is a Take Five match of three rounds (Ana wins the score round,
// nobody the 21, Ben the 21 played again with 5 7 9) and the corrections
// the race posts: where, and what.
type raced struct {
	id         int64
	r2, r3     string // where each correction is posted
	fix2, fix3 url.Values
}

func raceMatch(t *testing.T, app *testApp, a *client, slug string, ids []int64) raced {
	t.Helper()
	form := url.Values{"game": {"takefive"}, "firstStarter": {"1"}}
	for i, id := range ids {
		form.Set(fmt.Sprintf("seat_%d", id), fmt.Sprint(i+1))
	}
	rec := a.post("/g/"+slug+"/matches", form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start: status %d", rec.Code)
	}
	matchURL := rec.Header().Get("Location")
	for _, r := range []url.Values{{"winner": {"0"}, "rack": {"1 2 3 4 5"}}, {"winner": {"-1"}}, {"winner": {"1"}, "rack": {"5 7 9"}}} {
		r.Set("op", "save")
		if rec := a.post(matchURL+"/rounds", r); rec.Code != http.StatusSeeOther {
			t.Fatalf("save %v: status %d", r, rec.Code)
		}
	}
	id, _ := strconv.ParseInt(matchURL[strings.LastIndex(matchURL, "/")+1:], 10, 64)
	rounds, err := app.store.Rounds(context.Background(), id)
	if err != nil || len(rounds) != 3 {
		t.Fatalf("rounds: %v, %d", err, len(rounds))
	}
	at := func(r store.Round) string { return matchURL + "/rounds/" + strconv.FormatInt(r.ID, 10) }
	return raced{id: id, r2: at(rounds[1]), r3: at(rounds[2]),
		fix2: url.Values{"op": {"save"}, "version": {"1"}, "winner": {"2"}, "rack": {"4 8 9"}},
		fix3: url.Values{"op": {"save"}, "version": {"1"}, "winner": {"2"}, "rack": {"6 7 8"}}}
}

// check says whether the match holds round 2's correction, and round 3's
// when saved (otherwise round 3 as it was).
func (m raced) check(t *testing.T, app *testApp, saved3 bool) {
	t.Helper()
	rounds, err := app.store.Rounds(context.Background(), m.id)
	if err != nil {
		t.Fatal(err)
	}
	if w := winnerOf(rounds[1]); w != 2 || rounds[1].Version != 2 {
		t.Errorf("round 2: winner %d at version %d, want Chloé (2) at version 2", w, rounds[1].Version)
	}
	want, version := 1, 1
	if saved3 {
		want, version = 2, 2
	}
	if w := winnerOf(rounds[2]); w != want || rounds[2].Version != version {
		t.Errorf("round 3: winner %d at version %d, want %d at version %d", w, rounds[2].Version, want, version)
	}
}

func winnerOf(r store.Round) int {
	var e struct{ Winner int }
	if err := json.Unmarshal(r.Entry, &e); err != nil {
		return -9
	}
	return e.Winner
}
