package handlers

import (
	"bufio"
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// twoPhones sets up a group with a Five Crowns match and two members.
func twoPhones(t *testing.T) (app *testApp, a, b *client, matchURL string) {
	t.Helper()
	return twoPhonesOf(t, newTestApp(t))
}

// twoPhonesOf is twoPhones on app.
func twoPhonesOf(t *testing.T, app *testApp) (_ *testApp, a, b *client, matchURL string) {
	t.Helper()
	a = app.client()
	slug := a.group("Table")
	ids := a.players(slug, "Ana", "Ben")
	matchURL = fcMatch(t, a, slug, ids, "1")
	g, _ := app.store.GroupBySlug(context.Background(), slug)
	b = app.client()
	if rec := b.post("/join/"+slug+"/"+g.InviteToken, url.Values{"display": {"Ben"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("join: %d", rec.Code)
	}
	return app, a, b, matchURL
}

func roundForm(key string, benPoints string) url.Values {
	return url.Values{"op": {"save"}, "submitKey": {key}, "mode_0": {"out"}, "mode_1": {"points"}, "points_1": {benPoints}}
}

func TestLiveUpdateReachesTheOtherPhone(t *testing.T) {
	app, a, b, matchURL := twoPhones(t)
	srv := httptest.NewServer(app.e)
	defer srv.Close()
	req, _ := http.NewRequest(http.MethodGet, srv.URL+matchURL+"/events", nil)
	for _, ck := range b.cookies {
		req.AddCookie(ck)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("events Content-Type = %q", ct)
	}
	events := make(chan string, 10)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				events <- v
			}
		}
	}()
	first := <-events
	saved := time.Now()
	if rec := a.post(matchURL+"/rounds", roundForm("1.k1", "12")); rec.Code != http.StatusSeeOther {
		t.Fatalf("save: %d", rec.Code)
	}
	select {
	case v := <-events:
		if v == first {
			t.Errorf("event after a save carries the old version %q", v)
		}
		t.Logf("live update %v after the save", time.Since(saved)) // timed by the load generator's "live update"
	case <-time.After(time.Minute): // a deadline, not a measure: without the event the test would hang
		t.Fatal("the watching phone got no event within a minute of the save")
	}
	// The poll fallback answers the same version as the page shows.
	poll := b.get(matchURL + "/events?poll=1").Body.String()
	page := doc(t, b.get(matchURL))
	if v, _ := page.Find("#scores").Attr("data-version"); v != poll {
		t.Errorf("poll version %q, page version %q", poll, v)
	}
}

func TestSimultaneousSavesGiveOneConflict(t *testing.T) {
	app, a, b, matchURL := twoPhones(t)
	var wg sync.WaitGroup
	codes := make([]int, 2)
	bodies := make([]string, 2)
	for i, c := range []*client{a, b} {
		wg.Add(1)
		go func(i int, c *client) {
			defer wg.Done()
			rec := c.post(matchURL+"/rounds", roundForm([]string{"1.phoneA", "1.phoneB"}[i], []string{"10", "20"}[i]))
			codes[i], bodies[i] = rec.Code, rec.Body.String()
		}(i, c)
	}
	wg.Wait()
	wins, conflicts := 0, 0
	for i, code := range codes {
		switch code {
		case http.StatusSeeOther:
			wins++
		case http.StatusConflict:
			conflicts++
			if !strings.Contains(bodies[i], "saved round 1 first") {
				t.Errorf("the conflict answer does not say what the other phone saved: %.300s", bodies[i])
			}
		}
	}
	if wins != 1 || conflicts != 1 {
		t.Fatalf("codes %v: want one 303 and one 409", codes)
	}
	rounds, _ := app.store.Rounds(context.Background(), mustInt(strings.TrimPrefix(matchURL[strings.LastIndex(matchURL, "/"):], "/")))
	if len(rounds) != 1 {
		t.Fatalf("%d rounds stored, want 1", len(rounds))
	}
	// The loser deliberately replaces the round with its values: recorded as an edit.
	loser := a
	if codes[0] == http.StatusSeeOther {
		loser = b
	}
	d := doc(t, loser.post(matchURL+"/rounds", roundForm("1.again", "7")))
	action, _ := d.Find("[data-testid=round-form]").Attr("action")
	version, _ := d.Find("[data-testid=round-form] input[name=version]").Attr("value")
	if !strings.Contains(action, "/rounds/") || version != "1" {
		t.Fatalf("the conflict form posts to %q at version %q; want the saved round's correction at version 1", action, version)
	}
	if rec := loser.post(action, url.Values{"op": {"save"}, "version": {version}, "mode_0": {"out"}, "mode_1": {"points"}, "points_1": {"7"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("replace after conflict: %d", rec.Code)
	}
	hist, _ := app.store.History(context.Background(), rounds[0].ID)
	if len(hist) != 2 || hist[1].Kind != "edited" || hist[1].Points[1] != 7 {
		t.Errorf("history after the deliberate replace = %+v", hist)
	}
}

func TestRepeatedPostAppliesOnce(t *testing.T) {
	app, a, _, matchURL := twoPhones(t)
	for i := 0; i < 3; i++ { // a flaky connection sends the same form three times
		rec := a.post(matchURL+"/rounds", roundForm("1.same-key", "12"))
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("post %d: %d", i, rec.Code)
		}
	}
	rounds, _ := app.store.Rounds(context.Background(), mustInt(matchURL[strings.LastIndex(matchURL, "/")+1:]))
	if len(rounds) != 1 {
		t.Errorf("%d rounds stored after the same post three times, want 1", len(rounds))
	}
}
