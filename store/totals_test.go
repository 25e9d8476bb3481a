package store

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// referenceTotals is what the totals statement computed in SQL before the
// totals were summed in Go (dialect.totals, up to 2026-11-24): each seat's
// sum over the live rounds' JSON points, saturated at the integer range.
func referenceTotals(t *testing.T, s *Store, matchID int64) []int64 {
	t.Helper()
	q := `SELECT CAST((SELECT TOTAL(json_extract(r.points, '$[' || mp.seat || ']')) FROM rounds r
		WHERE r.match_id = mp.match_id AND r.undone_at IS NULL) AS INTEGER) FROM match_players mp WHERE mp.match_id = $1 ORDER BY mp.seat`
	if s.d.pg {
		q = `SELECT (SELECT LEAST(GREATEST(COALESCE(SUM((r.points::jsonb ->> mp.seat::int)::numeric), 0),
			-9223372036854775808), 9223372036854775807)::bigint FROM rounds r
		WHERE r.match_id = mp.match_id AND r.undone_at IS NULL) FROM match_players mp WHERE mp.match_id = $1 ORDER BY mp.seat`
	}
	rows, err := s.db.QueryContext(context.Background(), q, matchID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

// The totals a save, a correction or an undo writes are the sum the SQL
// statement used to compute, on random histories (both databases: the suite
// runs on each).
func TestTotalsEqualTheSQLSum(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	rng := rand.New(rand.NewPCG(19, 4))
	point := func() int {
		switch rng.IntN(10) {
		case 0:
			return rng.IntN(1<<41) - 1<<40 // far beyond any game, still exact in a float
		case 1:
			return 0
		default:
			return rng.IntN(250) - 50
		}
	}
	points := func() []int { return []int{point(), point(), point()} }
	var live []Round
	kinds := map[string]int{}
	for step := 0; step < 300; step++ {
		var err error
		switch k := rng.IntN(10); {
		case k < 5: // a save, which sometimes finishes the match
			var r Round
			r, _, err = f.s.addRound(ctx, f.match, RoundWrite{Number: len(live) + 1, Entry: raw("{}"), Points: points(), Finished: rng.IntN(8) == 0})
			if errors.Is(err, ErrInvalid) { // finished: undo to reopen it
				kinds["refused"]++
				err = nil
				break
			}
			live = append(live, r)
			kinds["add"]++
		case k < 8 && len(live) > 0: // a correction, in a finished match too
			i := rng.IntN(len(live))
			live[i], err = f.s.editRound(ctx, f.match, live[i].ID, live[i].Version, RoundWrite{Entry: raw("{}"), Points: points(), Finished: rng.IntN(3) == 0})
			kinds["edit"]++
		case len(live) > 0:
			err = f.s.undoRound(ctx, f.match, live[len(live)-1].ID, "Ana")
			live = live[:len(live)-1]
			kinds["undo"]++
		}
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		m, err := f.s.Match(ctx, f.g.Group.ID, f.match)
		if err != nil {
			t.Fatal(err)
		}
		want := referenceTotals(t, f.s, f.match)
		for seat, st := range m.Seats {
			if int64(st.Total) != want[seat] {
				t.Fatalf("step %d: seat %d total %d, the SQL sum %d", step, seat, st.Total, want[seat])
			}
		}
	}
	if kinds["add"] < 50 || kinds["edit"] < 30 || kinds["undo"] < 20 || kinds["refused"] == 0 {
		t.Errorf("the random history missed a kind of write: %v", kinds)
	}
}

func TestTotalsOfSaturate(t *testing.T) {
	r := func(p ...int) Round { return Round{Points: p} }
	undone := r(1000, 1000)
	undone.UndoneAt = new(undone.CreatedAt)
	for _, c := range []struct {
		rounds []Round
		want   []int64
	}{
		{nil, []int64{}},
		{[]Round{r(1, -2), r(3), undone, r(0, 0, 7)}, []int64{4, -2, 7}},
		{[]Round{r(math.MaxInt64), r(1)}, []int64{math.MaxInt64}},
		{[]Round{r(math.MinInt64), r(-1)}, []int64{math.MinInt64}},
		{[]Round{r(math.MaxInt64), r(math.MaxInt64), r(math.MinInt64), r(math.MinInt64)}, []int64{-2}}, // exact on the way
		{[]Round{r(math.MaxInt64), r(5), r(-10)}, []int64{math.MaxInt64 - 5}},
		{[]Round{r(math.MinInt64), r(math.MinInt64), r(math.MinInt64)}, []int64{math.MinInt64}},
	} {
		if got := totalsOf(c.rounds); len(got) != len(c.want) || (len(got) > 0 && !equal(got, c.want)) {
			t.Errorf("totalsOf(%v) = %v, want %v", c.rounds, got, c.want)
		}
		if got, want := totalsJSON(c.want), jsonOf(c.want); got != want {
			t.Errorf("totalsJSON(%v) = %s, want %s", c.want, got, want)
		}
	}
}

func equal(a, b []int64) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func jsonOf(v []int64) string { return mustJSON(v) }

// ChangeRound decides on the match as it stands when its write begins: other
// phones' writes just before it (corrections, undos, saves) are in what its
// plan is given, and its answer is exactly the rounds the store then holds,
// with the totals the SQL sums.
func TestChangeRoundDecidesOnTheMatchAsItStands(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	rng := rand.New(rand.NewPCG(19, 5))
	points := func() []int { return []int{rng.IntN(60), rng.IntN(60) - 10, 0} }
	stale := 0
	for step := 0; step < 150; step++ {
		live := liveOf(t, f)
		// Sometimes another phone writes just before this save.
		switch k := rng.IntN(6); {
		case k == 0 && len(live) > 0:
			i := rng.IntN(len(live))
			if _, err := f.s.editRound(ctx, f.match, live[i].ID, live[i].Version, RoundWrite{Entry: raw("{}"), Points: points()}); err != nil {
				t.Fatal(err)
			}
			stale++
		case k == 1 && len(live) > 1:
			if err := f.s.undoRound(ctx, f.match, live[len(live)-1].ID, "Ben"); err != nil {
				t.Fatal(err)
			}
			stale++
		case k == 2:
			if _, _, err := f.s.addRound(ctx, f.match, RoundWrite{Number: len(live) + 1, Entry: raw("{}"), Points: points()}); err != nil {
				t.Fatal(err)
			}
			stale++
		}
		before, err := f.s.Rounds(ctx, f.match)
		if err != nil {
			t.Fatal(err)
		}
		var given []Round
		m, got, rounds, err := f.s.ChangeRound(ctx, f.g.Group, f.match, fmt.Sprintf("k%d", step), func(_ Match, read []Round) RoundWrite {
			given = read
			n := 0
			for _, r := range read {
				if !r.Undone() {
					n++
				}
			}
			return RoundWrite{Kind: WriteAdd, Number: n + 1, Entry: raw(`{"n":1}`), Points: points()}
		})
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		if m.ID != f.match || !reflect.DeepEqual(timeless(given), timeless(before)) {
			t.Fatalf("step %d: the plan was given %+v, the store held %+v", step, given, before)
		}
		want, err := f.s.Rounds(ctx, f.match)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(timeless(rounds), timeless(want)) {
			t.Fatalf("step %d: the save answered\n%+v\nthe store holds\n%+v", step, rounds, want)
		}
		if i := slices.IndexFunc(want, func(r Round) bool { return r.ID == got.ID }); i < 0 || !reflect.DeepEqual(want[i], got) {
			t.Fatalf("step %d: the round saved %+v is not the store's %+v", step, got, want)
		}
		if len(live) > 3 && rng.IntN(3) == 0 { // undo a few, so that new rounds come between undone ones
			for i := 0; i < 2; i++ {
				cur := liveOf(t, f)
				if len(cur) < 2 {
					break
				}
				if err := f.s.undoRound(ctx, f.match, cur[len(cur)-1].ID, "Ana"); err != nil {
					t.Fatal(err)
				}
			}
		}
		m, err = f.s.Match(ctx, f.g.Group.ID, f.match)
		if err != nil {
			t.Fatal(err)
		}
		sums := referenceTotals(t, f.s, f.match)
		for seat, st := range m.Seats {
			if int64(st.Total) != sums[seat] {
				t.Fatalf("step %d: seat %d total %d, the SQL sum %d", step, seat, st.Total, sums[seat])
			}
		}
	}
	if stale < 40 {
		t.Errorf("%d saves came just after another write: want more", stale)
	}
}

// liveOf is the fixture match's live rounds, by number.
func liveOf(t *testing.T, f fixture) []Round {
	t.Helper()
	all, err := f.s.Rounds(context.Background(), f.match)
	if err != nil {
		t.Fatal(err)
	}
	var live []Round
	for _, r := range all {
		if !r.Undone() {
			live = append(live, r)
		}
	}
	return live
}

// A plan that calls for no write leaves the match as it was and hands back
// what was read; a repeated form is answered with the round
// it saved, nothing written again; a match of another group, or a deleted
// one, is not found and its plan never asked.
func TestChangeRoundWithoutWrite(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	if _, _, err := f.s.addRound(ctx, f.match, RoundWrite{Number: 1, Entry: raw(`{}`), Points: []int{1, 2, 3}}); err != nil {
		t.Fatal(err)
	}
	m, _, rounds, err := f.s.ChangeRound(ctx, f.g.Group, f.match, "", func(Match, []Round) RoundWrite { return RoundWrite{} })
	if err != nil || m.ID != f.match || len(rounds) != 1 || rounds[0].Points[2] != 3 {
		t.Fatalf("a refused plan: %v, match %d, rounds %+v", err, m.ID, rounds)
	}
	if got := liveOf(t, f); len(got) != 1 {
		t.Fatalf("a refused plan wrote: %+v", got)
	}
	plan := func(_ Match, read []Round) RoundWrite {
		return RoundWrite{Kind: WriteAdd, Number: len(read) + 1, Entry: raw(`{}`), Points: []int{4, 5, 6}}
	}
	_, first, _, err := f.s.ChangeRound(ctx, f.g.Group, f.match, "2.same", plan)
	if err != nil {
		t.Fatal(err)
	}
	_, again, rounds, err := f.s.ChangeRound(ctx, f.g.Group, f.match, "2.same", plan) // decided as round 3, posted with round 2's form
	if err != nil || again.ID != first.ID || len(rounds) != 2 || len(liveOf(t, f)) != 2 {
		t.Fatalf("the repeated form: %v, round %d (first %d), %d rounds answered, %d stored", err, again.ID, first.ID, len(rounds), len(liveOf(t, f)))
	}
	if err := f.s.DeleteMatch(ctx, f.g.Group.ID, f.match, "Ana"); err != nil {
		t.Fatal(err)
	}
	asked := false
	if _, _, _, err := f.s.ChangeRound(ctx, f.g.Group, f.match, "", func(Match, []Round) RoundWrite { asked = true; return plan(Match{}, nil) }); !errors.Is(err, ErrNotFound) || asked {
		t.Errorf("a deleted match: %v, plan asked %v", err, asked)
	}
	other, err := f.s.CreateGroup(ctx, "Other", "Zoé", "")
	if err != nil {
		t.Fatal(err)
	}
	asked = false
	_, _, _, err = f.s.ChangeRound(ctx, other.Group, f.match, "", func(Match, []Round) RoundWrite { asked = true; return plan(Match{}, nil) })
	if !errors.Is(err, ErrNotFound) || asked {
		t.Errorf("another group's match: %v, plan asked %v", err, asked)
	}
}

// The totals statement writes each seat exactly the number given for it,
// the extremes of the integer range included, and 0 to a seat past the
// last number given (on SQLite the numbers travel as fixed-width text:
// totalsFixed).
func TestSetTotalsWritesEveryNumber(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	for _, totals := range [][]int64{
		{0, 0, 0},
		{7, -12, 305},
		{math.MaxInt64, math.MinInt64, -1},
		{-9_000_000_000_000_000_000, 1, 9_000_000_000_000_000_000},
		{42},               // seats 2 and 3 have no rounds yet: 0
		{1, 2, 3, 4, 5, 6}, // more numbers than seats: the rest ignored
		{},
	} {
		err := f.s.tx(ctx, func(tx *txn) error {
			tx.wroteMatch(ctx, f.match)
			_, err := tx.ExecContext(ctx, f.s.d.setTotals(), f.s.d.totalsArg(totals), f.match)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		m, err := f.s.Match(ctx, f.g.Group.ID, f.match)
		if err != nil {
			t.Fatal(err)
		}
		for seat, st := range m.Seats {
			var want int64
			if seat < len(totals) {
				want = totals[seat]
			}
			if int64(st.Total) != want {
				t.Errorf("totals %v: seat %d holds %d, want %d", totals, seat, st.Total, want)
			}
		}
	}
	if got := totalsFixed([]int64{-5, math.MinInt64}); got != "                  -5-9223372036854775808" {
		t.Errorf("totalsFixed = %q", got)
	}
}
