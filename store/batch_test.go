package store

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// Saves queued behind the write lock share one commit, and each still gets
// its own answer: the saves go through, a save of a round another phone
// saved first in the same batch is a conflict, a save whose game panics
// panics on its own goroutine, a save whose phone went away midway leaves
// nothing, and none of these disturbs the others. Every answered round is
// stored, with the totals the SQL sums.
func TestQueuedSavesShareACommit(t *testing.T) {
	if onPG {
		t.Skip("PostgreSQL commits each save in its own SERIALIZABLE transaction (commitPG)")
	}
	f := newFixture(t)
	ctx := context.Background()
	ids := []int64{f.players[0].ID, f.players[1].ID, f.players[2].ID}
	matches := []int64{f.match}
	for range 11 {
		m, err := f.s.CreateMatch(ctx, f.g.Group.ID, NewMatch{Game: "fivecrowns", Players: ids,
			Rules: map[string]string{}, Options: map[string]string{"startRound": "1"}})
		if err != nil {
			t.Fatal(err)
		}
		matches = append(matches, m)
	}
	// Round 1 of the last match is saved first, so that its round 2 below
	// has rounds to see.
	if _, _, err := f.s.addRound(ctx, matches[11], RoundWrite{Number: 1, Entry: raw("{}"), Points: []int{1, 1, 1}}); err != nil {
		t.Fatal(err)
	}

	type result struct {
		round  Round
		rounds []Round
		err    error
		panic  any
	}
	type save struct {
		match int64
		ctx   context.Context
		w     RoundWrite
		key   string
		plan  func(w RoundWrite, read []Round) RoundWrite // nil: w as it is
	}
	gone, cancel := context.WithCancel(ctx)
	saves := []save{{match: matches[0], ctx: ctx, w: RoundWrite{Number: 1, Entry: raw(`{"n":0}`), Points: []int{0, 4, 9}}}} // the leader
	for i := 1; i <= 8; i++ {
		saves = append(saves, save{match: matches[i], ctx: ctx, w: RoundWrite{Number: 1, Entry: raw(fmt.Sprintf(`{"n":%d}`, i)),
			Points: []int{i, 0, -i}, Author: "Ben"}, key: fmt.Sprintf("1.k%d", i)})
	}
	saves = append(saves,
		// the same round of match 1 from another phone: a conflict
		save{match: matches[1], ctx: ctx, w: RoundWrite{Number: 1, Entry: raw("{}"), Points: []int{5, 5, 5}}, key: "1.other"},
		// the same form posted twice: answered with the round saved
		save{match: matches[2], ctx: ctx, w: RoundWrite{Number: 1, Entry: raw(`{"n":2}`), Points: []int{2, 0, -2}}, key: "1.k2"},
		// a game's bug
		save{match: matches[9], ctx: ctx, w: RoundWrite{Number: 1, Entry: raw("{}"), Points: []int{1, 2, 3}},
			plan: func(RoundWrite, []Round) RoundWrite { panic("a game's bug") }},
		// the phone goes away while its save runs
		save{match: matches[10], ctx: gone, w: RoundWrite{Number: 1, Entry: raw("{}"), Points: []int{1, 2, 3}},
			plan: func(w RoundWrite, _ []Round) RoundWrite { cancel(); return w }},
		// after a save that finishes nothing, one that decides on the
		// match as the batch's transaction reads it
		save{match: matches[11], ctx: ctx, w: RoundWrite{Entry: raw("{}"), Points: []int{3, 0, 7}},
			plan: func(w RoundWrite, read []Round) RoundWrite {
				w.Number = len(read) + 1
				w.Finished = w.Number == 2
				return w
			}},
	)

	f.s.wmu.Lock() // another write in progress: the saves queue behind it
	results := make([]result, len(saves))
	var wg sync.WaitGroup
	for i, sv := range saves {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { results[i].panic = recover() }()
			_, r, rounds, err := f.s.ChangeRound(sv.ctx, f.g.Group, sv.match, sv.key, func(_ Match, read []Round) RoundWrite {
				w := sv.w
				w.Kind = WriteAdd
				if sv.plan != nil {
					w = sv.plan(w, read)
				}
				return w
			})
			results[i] = result{round: r, rounds: rounds, err: err}
		}()
		// queued in this order: the first leads, and took a batch holding
		// only itself (it waits for the lock), the others wait for it
		waitQueued(t, f.s, i)
	}
	f.s.wmu.Unlock()
	wg.Wait()

	if c, n := f.s.queue.commits.Load(), f.s.queue.saves.Load(); c != 1 || n != int64(len(saves)-1) {
		t.Errorf("%d shared commits holding %d saves, want 1 holding %d", c, n, len(saves)-1)
	}
	for i := 0; i <= 8; i++ {
		if r := results[i]; r.err != nil || r.panic != nil || r.round.ID == 0 {
			t.Errorf("save %d: %+v", i, r)
		}
	}
	if r := results[9]; !errors.Is(r.err, ErrConflict) {
		t.Errorf("the other phone's round 1: %v, want a conflict", r.err)
	}
	if r := results[10]; r.err != nil || r.round.ID != results[2].round.ID {
		t.Errorf("the repeated post: %+v, want the round saved first (%d)", r, results[2].round.ID)
	}
	if r := results[11]; panicValue(r.panic) != "a game's bug" || r.err != nil {
		t.Errorf("the panicking save: panic %v, error %v", r.panic, r.err)
	} else if !strings.Contains(string(r.panic.(*savePanic).stack), "TestQueuedSavesShareACommit") {
		t.Errorf("the panic raised again lost where the game raised it:\n%s", r.panic.(*savePanic).stack)
	}
	if r := results[12]; r.err == nil || !errors.Is(r.err, context.Canceled) {
		t.Errorf("the save whose phone went away: %v, want its cancellation", r.err)
	}
	if r := results[13]; r.err != nil || len(r.rounds) != 2 {
		t.Errorf("round 2 of the last match: %+v", r)
	}
	for i, m := range matches {
		stored, err := f.s.Rounds(ctx, m)
		if err != nil {
			t.Fatal(err)
		}
		want := 1
		switch i {
		case 9, 10:
			want = 0
		case 11:
			want = 2
		}
		if len(stored) != want {
			t.Errorf("match %d holds %d rounds, want %d", i, len(stored), want)
		}
		for _, r := range results {
			if r.err == nil && r.panic == nil && len(r.rounds) > 0 && r.rounds[0].MatchID == m && !reflect.DeepEqual(timeless(r.rounds), timeless(stored)) {
				t.Errorf("match %d: a save answered %+v, the store holds %+v", i, r.rounds, stored)
			}
		}
		got, err := f.s.Match(ctx, f.g.Group.ID, m)
		if err != nil {
			t.Fatal(err)
		}
		sums := referenceTotals(t, f.s, m)
		for seat, st := range got.Seats {
			if int64(st.Total) != sums[seat] {
				t.Errorf("match %d seat %d: total %d, the SQL sum %d", i, seat, st.Total, sums[seat])
			}
		}
		if finished := got.Finished(); finished != (i == 11) {
			t.Errorf("match %d finished: %v", i, finished)
		}
	}
	// The write connection is out of every transaction: the next save goes through.
	if _, _, err := f.s.addRound(ctx, matches[9], RoundWrite{Number: 1, Entry: raw("{}"), Points: []int{1, 2, 3}}); err != nil {
		t.Fatalf("the next save: %v", err)
	}
}

// waitQueued waits until save i (counted from 0) is in s's queue behind the
// first, which leads: the first took a batch holding only itself (it waits
// for the write lock), the others wait to share the next.
func waitQueued(t *testing.T, s *Store, i int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(time.Millisecond) {
		s.queue.mu.Lock()
		lead, n := s.queue.leading, len(s.queue.waiting)
		s.queue.mu.Unlock()
		if lead && n == i {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("save %d: %d queued", i, n)
		}
	}
}

// timeless is rounds without the moment each was saved, which a round read
// with its match (MatchSheet, ChangeRound) does not carry.
func timeless(rounds []Round) []Round {
	out := slices.Clone(rounds)
	for i := range out {
		out[i].CreatedAt = time.Time{}
	}
	return out
}

// Saves of one match queued behind the write lock share a commit, and each
// is decided on the match as the shared transaction holds it: the second of
// the batch is given the round the first just saved, and saves the next.
// (A plan given rounds read apart from the transaction, which cannot see
// the batch's writes before its commit, would save the same round twice.)
func TestQueuedSaveRoundsDecideOnTheBatchesWrites(t *testing.T) {
	if onPG {
		t.Skip("PostgreSQL commits each save in its own SERIALIZABLE transaction (commitPG)")
	}
	f := newFixture(t)
	ctx := context.Background()
	const n = 3 // the first leads a batch of its own (it waits for the lock); the others share the next
	given := make([][]Round, n)
	saved := make([]Round, n)
	errs := make([]error, n)
	f.s.wmu.Lock() // another write in progress: the saves queue behind it
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, saved[i], _, errs[i] = f.s.ChangeRound(ctx, f.g.Group, f.match, fmt.Sprintf("phone%d", i), func(_ Match, read []Round) RoundWrite {
				given[i] = read
				return RoundWrite{Kind: WriteAdd, Number: len(read) + 1, Entry: raw("{}"), Points: []int{i, 1, 2}}
			})
		}()
		waitQueued(t, f.s, i)
	}
	f.s.wmu.Unlock()
	wg.Wait()
	if c := f.s.queue.commits.Load(); c != 1 {
		t.Fatalf("%d shared commits, want 1 (saves 2 and 3)", c)
	}
	for i := range n {
		if errs[i] != nil || saved[i].Number != i+1 || len(given[i]) != i {
			t.Errorf("save %d: %v, saved round %d after being given %d rounds; want round %d after %d", i, errs[i], saved[i].Number, len(given[i]), i+1, i)
		}
	}
	if len(given[2]) == 2 && given[2][1].ID != saved[1].ID {
		t.Errorf("the batch's second save was not given the round its first saved")
	}
}

// panicValue is what a save panicked with, out of the savePanic the store
// raises it in.
func panicValue(p any) any {
	if sp, ok := p.(*savePanic); ok {
		return sp.value
	}
	return p
}

// A shared commit that itself panics (not one of its saves: runSaved holds
// those) answers none of its saves as saved: each raises the panic on its
// own goroutine, none of their rounds is stored, no save is left waiting,
// and the write lock and the queue serve the next save. Here the batch
// panics on a save queued without a context (commitBatch asks it first).
func TestQueuedBatchThatPanicsAnswersNoneAsSaved(t *testing.T) {
	if onPG {
		t.Skip("PostgreSQL commits each save in its own SERIALIZABLE transaction (commitPG)")
	}
	f := newFixture(t)
	ctx := context.Background()
	ids := []int64{f.players[0].ID, f.players[1].ID, f.players[2].ID}
	matches := []int64{f.match}
	for range 3 {
		m, err := f.s.CreateMatch(ctx, f.g.Group.ID, NewMatch{Game: "fivecrowns", Players: ids,
			Rules: map[string]string{}, Options: map[string]string{"startRound": "1"}})
		if err != nil {
			t.Fatal(err)
		}
		matches = append(matches, m)
	}
	ctxs := []context.Context{ctx, ctx, nil, ctx} // the first commits alone; the others share the next commit
	type result struct {
		err   error
		panic any
	}
	results := make([]result, len(ctxs))
	f.s.wmu.Lock()
	var wg sync.WaitGroup
	for i, c := range ctxs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { results[i].panic = recover() }()
			_, _, err := f.s.addRound(c, matches[i], RoundWrite{Number: 1, Entry: raw("{}"), Points: []int{1, 2, 3}})
			results[i].err = err
		}()
		waitQueued(t, f.s, i)
	}
	f.s.wmu.Unlock()
	wg.Wait()

	if r := results[0]; r.err != nil || r.panic != nil {
		t.Errorf("the save committed alone: %+v", r)
	}
	for i, r := range results[1:] {
		if r.panic == nil || r.err != nil {
			t.Errorf("save %d of the batch that panicked: %+v, want its panic", i+1, r)
		}
	}
	for i, m := range matches {
		rounds, err := f.s.Rounds(ctx, m)
		if err != nil {
			t.Fatal(err)
		}
		if want := map[bool]int{true: 1}[i == 0]; len(rounds) != want {
			t.Errorf("match %d holds %d rounds, want %d", i, len(rounds), want)
		}
	}
	if _, _, err := f.s.addRound(ctx, matches[1], RoundWrite{Number: 1, Entry: raw("{}"), Points: []int{1, 2, 3}}); err != nil {
		t.Fatalf("the next save: %v", err)
	}
}
