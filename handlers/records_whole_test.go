package handlers

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/store"
)

// playWith is standingsFixture.play with the match's game options.
func (f *standingsFixture) playWith(game string, options map[string]string, seats []string, rounds ...[]int) int64 {
	f.t.Helper()
	ctx := context.Background()
	var ids []int64
	for _, n := range seats {
		ids = append(ids, f.ids[n])
	}
	mid, err := f.app.store.CreateMatch(ctx, f.gid, store.NewMatch{Game: game, Players: ids, Rules: map[string]string{}, Options: options})
	if err != nil {
		f.t.Fatal(err)
	}
	for i, pts := range rounds {
		writeRound(f.t, f.app.store, f.slug, mid, store.RoundWrite{Kind: store.WriteAdd, Number: i + 1, Entry: pointsEntry(pts), Points: pts,
			Author: "test", Finished: i == len(rounds)-1})
	}
	f.app.wrote()
	return mid
}

// Records are best results only, from whole matches: a 3-round express
// Five Crowns match (from round 9) counts in the standings but sets no
// record and no personal best; nobody "holds" a worst total or round; and
// after one whole match a player's best and worst are not the same number
// twice.
func TestRecordsBestOnlyFromWholeMatches(t *testing.T) {
	f := newStandingsFixture(t, "Ana", "Ben")
	ab := []string{"Ana", "Ben"}
	whole := map[string]string{"startRound": "1", "firstDealer": "0"}
	// A whole match: Ana 40, Ben 60; Ana's round of 0 is the best round,
	// Ben's 30 the worst.
	f.playWith("fivecrowns", whole, ab, []int{0, 30}, []int{40, 30})
	// The express match: far lower totals (Ben 3), but only three rounds.
	f.playWith("fivecrowns", map[string]string{"startRound": "9", "firstDealer": "0"}, ab, []int{2, 0}, []int{3, 1}, []int{4, 2})

	base := "/g/" + f.slug
	ana := doc(t, f.c.get(fmt.Sprintf("%s/players/%d", base, f.ids["Ana"])))
	if got := ana.Find("[data-testid=player-played]").Text(); got != "2" {
		t.Errorf("Ana played %q, want 2 (the express match counts in the standings)", got)
	}
	held := ana.Find("[data-testid=player-records]").Text()
	for _, want := range []string{"Five Crowns: lowest total 40", "Five Crowns: best round (fewest points) 0"} {
		if !strings.Contains(held, want) {
			t.Errorf("Ana's records held = %q, want %q", held, want)
		}
	}
	// Ana's best Five Crowns total is the whole match's 40, not the
	// express 9; with one whole match there is no worst yet.
	cells := ana.Find("[data-testid=player-games] tbody td")
	if best, worst := strings.Fields(cells.Eq(1).Text()), strings.TrimSpace(cells.Eq(2).Text()); len(best) == 0 || best[0] != "40" || worst != "—" {
		t.Errorf("Ana's Five Crowns best, worst = %q, %q; want 40 and —", cells.Eq(1).Text(), worst)
	}
	// Ben holds only a worst total, a worst round and the express match's
	// lowest total: no record at all.
	ben := doc(t, f.c.get(fmt.Sprintf("%s/players/%d", base, f.ids["Ben"])))
	if n := ben.Find("[data-testid=player-records]").Length(); n != 0 {
		t.Errorf("Ben holds records: %q, want none (worst results and express matches are no records)", ben.Find("[data-testid=player-records]").Text())
	}
	recs := doc(t, f.c.get(base+"/records")).Find("[data-testid=record-game]")
	if got := recs.Find("[data-testid=record-value]"); got.Length() != 2 || got.Eq(0).Text() != "40" || got.Eq(1).Text() != "0" {
		t.Errorf("records page = %q, want only the lowest total 40 and the best round 0", recs.Text())
	}
	for _, no := range []string{"Highest", "highest", "Worst", "worst", "Ben"} {
		if strings.Contains(recs.Text(), no) {
			t.Errorf("records page shows %q: %q", no, recs.Text())
		}
	}

	// A second whole match gives Ana a worst total beside her best.
	f.playWith("fivecrowns", whole, ab, []int{50, 10}, []int{20, 10})
	cells = doc(t, f.c.get(fmt.Sprintf("%s/players/%d", base, f.ids["Ana"]))).Find("[data-testid=player-games] tbody td")
	if best, worst := strings.Fields(cells.Eq(1).Text()), strings.Fields(cells.Eq(2).Text()); len(best) == 0 || len(worst) == 0 || best[0] != "40" || worst[0] != "70" {
		t.Errorf("after two whole matches Ana's best, worst = %q, %q; want 40, 70", cells.Eq(1).Text(), cells.Eq(2).Text())
	}
}
