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

// The kept ledger follows the store: random writes through the store (matches
// finished now or dated in the past, rounds corrected, last rounds undone and
// the match finished again, matches deleted), and after each few the
// ledger's standings, history, records and profiles equal a full replay of
// the stored history (playedMatches, the reference), with checkpoints a few
// matches apart so corrections replay from one.
func TestLedgerFollowsTheStore(t *testing.T) {
	names := []string{"Ana", "Ben", "Chloé", "Dev", "Eli"}
	f := newStandingsFixture(t, names...)
	ctx := context.Background()
	srv := f.app.srv
	rng := rand.New(rand.NewPCG(19, 3))
	games := []string{"fivecrowns", "taki", "take5", "takefive"}
	start := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	latest := start
	o := srv.standingsOptions()
	filters := []standings.Filter{{}, {Game: "fivecrowns"}, {Game: "take5"},
		{From: start.AddDate(0, 0, 10), To: start.AddDate(0, 0, 30)}, {From: start.AddDate(0, 0, 20)}}
	var open, finished []int64 // matches undone (open again) and finished
	first := true
	check := func(step int) {
		t.Helper()
		all, err := srv.playedMatches(ctx, f.gid, true)
		if err != nil {
			t.Fatal(err)
		}
		err = srv.withLedger(ctx, f.gid, func(l *standings.Ledger) error {
			if first {
				l.CheckpointEvery, first = 3, false
			}
			for _, fl := range filters {
				want, werr := standings.Standings(all, fl, o)
				got, gerr := l.Standings(fl)
				if (werr == nil) != (gerr == nil) || !reflect.DeepEqual(want, got) {
					t.Fatalf("step %d, filter %+v: standings\n got %+v\nwant %+v", step, fl, got, want)
				}
				wh, _ := standings.History(all, fl, o)
				gh, _ := l.History(fl, nil)
				wr, _ := standings.GroupRecords(all, fl)
				gr, _ := l.GroupRecords(fl)
				if !reflect.DeepEqual(wh, gh) || !reflect.DeepEqual(wr, gr) {
					t.Fatalf("step %d, filter %+v: history or records differ", step, fl)
				}
				for _, n := range names {
					wp, _ := standings.PlayerProfile(all, fl, f.ids[n], o)
					gp, _ := l.PlayerProfile(fl, f.ids[n])
					if !reflect.DeepEqual(wp, gp) {
						t.Fatalf("step %d, filter %+v, %s: profile\n got %+v\nwant %+v", step, fl, n, gp, wp)
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	points := func(seats int) []int {
		p := make([]int, seats)
		for i := range p {
			p[i] = rng.IntN(60)
		}
		return p
	}
	pick := func(ids []int64) (int64, []int64) {
		i := rng.IntN(len(ids))
		id := ids[i]
		return id, append(ids[:i:i], ids[i+1:]...)
	}
	for step := range 160 {
		switch k := rng.IntN(10); {
		case k < 5 || len(finished) == 0: // a match finishes: mostly the latest, sometimes dated in the past
			at := latest.Add(time.Duration(1+rng.IntN(30)) * time.Hour)
			if rng.IntN(4) == 0 {
				at = start.Add(time.Duration(rng.Int64N(int64(latest.Sub(start)) + 1)))
			} else {
				latest = at
			}
			perm := rng.Perm(len(names))[:2+rng.IntN(3)]
			var seats []string
			var rounds [][]int
			for _, i := range perm {
				seats = append(seats, names[i])
			}
			for range 1 + rng.IntN(3) {
				rounds = append(rounds, points(len(seats)))
			}
			finished = append(finished, f.play(games[rng.IntN(len(games))], at, seats, rounds...))
		case k < 7: // a past round corrected
			id := finished[rng.IntN(len(finished))]
			live := liveRounds(t, f, id)
			r := live[rng.IntN(len(live))]
			writeRound(t, f.app.store, f.slug, id, store.RoundWrite{Kind: store.WriteEdit, Round: r.ID, Version: r.Version, Entry: r.Entry,
				Points: points(len(r.Points)), Author: "test", Finished: true})
		case k < 8: // the last round undone: the match is open again
			var id int64
			id, finished = pick(finished)
			live := liveRounds(t, f, id)
			writeRound(t, f.app.store, f.slug, id, store.RoundWrite{Kind: store.WriteUndo, Round: live[len(live)-1].ID, Author: "test"})
			open = append(open, id)
		case k < 9 && len(open) > 0: // an open match finished again, now
			var id int64
			id, open = pick(open)
			rounds, _ := f.app.store.Rounds(ctx, id)
			latest = latest.Add(time.Hour)
			f.setNow(latest)
			writeRound(t, f.app.store, f.slug, id, store.RoundWrite{Kind: store.WriteAdd, Number: len(liveRounds(t, f, id)) + 1, Entry: rounds[0].Entry,
				Points: points(len(rounds[0].Points)), Author: "test", Finished: true})
			finished = append(finished, id)
		default: // a match deleted
			var id int64
			id, finished = pick(finished)
			if err := f.app.store.DeleteMatch(ctx, f.gid, id, "test"); err != nil {
				t.Fatal(err)
			}
		}
		if step%4 == 0 {
			check(step)
		}
	}
	check(160)
}

func liveRounds(t *testing.T, f *standingsFixture, matchID int64) []store.Round {
	t.Helper()
	rounds, err := f.app.store.Rounds(context.Background(), matchID)
	if err != nil {
		t.Fatal(err)
	}
	var live []store.Round
	for _, r := range rounds {
		if !r.Undone() {
			live = append(live, r)
		}
	}
	return live
}
