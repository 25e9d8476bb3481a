package handlers

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/scoring/standings"
	"github.com/tablekeeper/tablekeeper/store"
)

// The kept ledger, brought up to date through the store's change numbers
// after matches finish, rounds are corrected or undone (and the match
// finished again), matches are deleted and seasons come and go, answers
// exactly what the full replay of the stored history answers.
func TestLedgerFollowsTheStore(t *testing.T) {
	names := []string{"Ana", "Ben", "Cy", "Dee", "Eli", "Fay"}
	f := newStandingsFixture(t, names...)
	ctx := context.Background()
	st := f.app.store
	rng := rand.New(rand.NewPCG(19, 7))
	games := []string{"fivecrowns", "take5", "taki", "takefive"}
	start := time.Date(2026, 1, 1, 19, 0, 0, 0, time.UTC)
	var ids []int64
	finished := map[int64]bool{}
	latest := start
	o := f.app.srv.standingsOptions()
	filters := []standings.Filter{{}, {Game: "fivecrowns"}, {Game: "takefive"},
		{From: start.AddDate(0, 0, 10), To: start.AddDate(0, 0, 30)}, {Game: "taki", From: start.AddDate(0, 0, 20)}}
	for step := range 120 {
		switch k := rng.IntN(10); {
		case k < 5 || len(ids) == 0: // a match finishes, mostly the latest, sometimes dated in the past
			at := latest.Add(time.Duration(rng.IntN(30)) * time.Hour)
			if rng.IntN(4) == 0 {
				at = start.Add(time.Duration(rng.IntN(40*24)) * time.Hour)
			}
			if at.After(latest) {
				latest = at
			}
			seats := rng.Perm(len(names))[:2+rng.IntN(3)]
			var who []string
			for _, i := range seats {
				who = append(who, names[i])
			}
			rounds := make([][]int, 1+rng.IntN(3))
			for r := range rounds {
				rounds[r] = make([]int, len(who))
				for i := range who {
					rounds[r][i] = rng.IntN(9)
				}
			}
			id := f.play(games[rng.IntN(len(games))], at, who, rounds...)
			ids = append(ids, id)
			finished[id] = true
		case k < 7: // a round of a match corrected
			id := ids[rng.IntN(len(ids))]
			rs, err := st.Rounds(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			live := []store.Round{}
			for _, r := range rs {
				if r.UndoneAt == nil {
					live = append(live, r)
				}
			}
			if len(live) == 0 {
				continue
			}
			r := live[rng.IntN(len(live))]
			pts := make([]int, len(r.Points))
			for i := range pts {
				pts[i] = rng.IntN(9)
			}
			if _, err := st.EditRound(ctx, id, r.ID, r.Version, store.RoundWrite{Entry: map[string]any{"points": pts}, Points: pts,
				Author: "test", Finished: finished[id]}); err != nil {
				t.Fatal(err)
			}
		case k < 8: // the last round undone, sometimes finished again
			id := ids[rng.IntN(len(ids))]
			rs, _ := st.Rounds(ctx, id)
			var last *store.Round
			for i := range rs {
				if rs[i].UndoneAt == nil {
					last = &rs[i]
				}
			}
			if last == nil {
				continue
			}
			if err := st.UndoLastRound(ctx, id, last.ID, "test"); err != nil {
				t.Fatal(err)
			}
			finished[id] = false
			if rng.IntN(2) == 0 {
				if _, _, err := st.AddRound(ctx, id, store.RoundWrite{Number: last.Number, Entry: map[string]any{"points": last.Points},
					Points: last.Points, Author: "test", Finished: true}); err != nil {
					t.Fatal(err)
				}
				finished[id] = true
			}
		case k < 9: // a match deleted
			i := rng.IntN(len(ids))
			if err := st.DeleteMatch(ctx, f.gid, ids[i]); err != nil {
				t.Fatal(err)
			}
			ids = append(ids[:i], ids[i+1:]...)
		default: // a season added or deleted changes no match
			se, err := st.AddSeason(ctx, f.gid, "S", start, start.AddDate(0, 1, 0))
			if err != nil {
				t.Fatal(err)
			}
			if rng.IntN(2) == 0 {
				if err := st.DeleteSeason(ctx, f.gid, se.ID); err != nil {
					t.Fatal(err)
				}
			}
		}
		if step%3 != 0 {
			continue
		}
		all, err := f.app.srv.playedMatches(ctx, f.gid, true)
		if err != nil {
			t.Fatal(err)
		}
		err = f.app.srv.withLedger(ctx, f.gid, func(l *standings.Ledger) error {
			for _, fl := range filters {
				want, _ := standings.Standings(all, fl, o)
				got, _ := l.Standings(fl)
				if !reflect.DeepEqual(want, got) {
					t.Fatalf("step %d filter %+v: standings\n got %+v\nwant %+v", step, fl, got, want)
				}
				wh, _ := standings.History(all, fl, o)
				gh, _ := l.History(fl, nil)
				if !reflect.DeepEqual(wh, gh) {
					t.Fatalf("step %d filter %+v: history differs", step, fl)
				}
				wr, _ := standings.GroupRecords(all, fl)
				gr, _ := l.GroupRecords(fl)
				if !reflect.DeepEqual(wr, gr) {
					t.Fatalf("step %d filter %+v: records\n got %+v\nwant %+v", step, fl, gr, wr)
				}
				for _, n := range names {
					wp, _ := standings.PlayerProfile(all, fl, f.ids[n], o)
					gp, _ := l.PlayerProfile(fl, f.ids[n])
					if !reflect.DeepEqual(wp, gp) {
						t.Fatalf("step %d filter %+v: profile of %s\n got %+v\nwant %+v", step, fl, n, gp, wp)
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
