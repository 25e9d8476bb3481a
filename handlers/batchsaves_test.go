package handlers

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// Eight members save the rounds of their own matches at once: the saves
// queue behind the write lock and share commits, each decided by its own
// request's plan, sometimes run by another request (the one that leads the
// commit). Every phone is answered with its own save: "Round N saved", the
// banner naming this member, its points in the sheet; and every match holds
// exactly what its phone sent.
func TestSavesAtOnceEachAnswerTheirOwn(t *testing.T) {
	app := newTestApp(t)
	ana := app.client()
	slug := ana.group("Club")
	ids := ana.players(slug, "Ana", "Ben", "Chloé")
	invite := strings.TrimPrefix(doc(t, ana.get("/g/"+slug)).Find(`[data-testid=invite-url]`).Text(), "http://tk.test")
	const members, rounds = 8, 6
	phones := []*client{ana}
	for i := 1; i < members; i++ {
		c := app.client()
		if rec := c.post(invite, url.Values{"display": {fmt.Sprintf("Phone %d", i)}}); rec.Code != http.StatusSeeOther {
			t.Fatalf("phone %d joins: status %d", i, rec.Code)
		}
		phones = append(phones, c)
	}
	matches := make([]string, members)
	for i := range phones {
		matches[i] = fcMatch(t, ana, slug, ids, "1")
		phones[i].htmx = true
	}
	points := func(phone, round int) string { return fmt.Sprint(3 + phone*7 + round) } // no two alike
	problems := make([][]string, members)
	var wg sync.WaitGroup
	for i, c := range phones {
		wg.Add(1)
		go func() {
			defer wg.Done()
			name := "Ana"
			if i > 0 {
				name = fmt.Sprintf("Phone %d", i)
			}
			for r := 1; r <= rounds; r++ {
				rec := c.post(matches[i]+"/rounds", url.Values{"op": {"save"}, "submitKey": {fmt.Sprintf("%d.p%d", r, i)},
					"mode_0": {"out"}, "mode_1": {"points"}, "points_1": {points(i, r)}, "mode_2": {"points"}, "points_2": {"0"}})
				body := rec.Body.String()
				switch {
				case rec.Code != http.StatusOK:
					problems[i] = append(problems[i], fmt.Sprintf("round %d: status %d", r, rec.Code))
				case !strings.Contains(body, fmt.Sprintf("Round %d saved", r)):
					problems[i] = append(problems[i], fmt.Sprintf("round %d: the answer does not say it was saved", r))
				case !strings.Contains(body, fmt.Sprintf(`data-savedby="%s saved round %d: Ana 0, Ben %s`, name, r, points(i, r))):
					problems[i] = append(problems[i], fmt.Sprintf("round %d: the banner does not name %s and the points sent", r, name))
				}
			}
		}()
	}
	wg.Wait()
	for i, p := range problems {
		for _, s := range p {
			t.Errorf("phone %d, %s", i, s)
		}
	}
	for i, m := range matches {
		stored := matchOf(t, app, slug, m)
		want := 0
		for r := 1; r <= rounds; r++ {
			want += 3 + i*7 + r
		}
		if stored.Seats[1].Total != want || stored.Seats[0].Total != 0 {
			t.Errorf("match of phone %d: totals %d and %d, want 0 and %d", i, stored.Seats[0].Total, stored.Seats[1].Total, want)
		}
	}
}
