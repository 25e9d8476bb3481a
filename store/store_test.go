package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

func newTestStore(t *testing.T) *Store {
	t.Helper()
	s, err := Open(context.Background(), testDB(t))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	// On PostgreSQL writes run concurrently (no write lock): the clock has its own.
	var mu sync.Mutex
	clock := time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)
	s.Now = func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		clock = clock.Add(time.Second)
		return clock
	}
	return s
}

// fixture is a group with three players and one Five Crowns match.
type fixture struct {
	s       *Store
	g       CreatedGroup
	players []Player
	match   int64
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	ctx := context.Background()
	s := newTestStore(t)
	g, err := s.CreateGroup(ctx, "Jeudi soir", "Ana", "")
	if err != nil {
		t.Fatal(err)
	}
	f := fixture{s: s, g: g}
	var ids []int64
	for _, n := range []string{"Ana", "Ben", "Chloé"} {
		p, err := s.AddPlayer(ctx, g.Group.ID, n)
		if errors.Is(err, ErrNameTaken) { // Ana, the group's creator, is its first player
			ps, _ := s.Players(ctx, g.Group.ID)
			p, err = ps[0], nil
		}
		if err != nil {
			t.Fatal(err)
		}
		f.players = append(f.players, p)
		ids = append(ids, p.ID)
	}
	f.match, err = s.CreateMatch(ctx, g.Group.ID, NewMatch{Game: "fivecrowns", Players: ids,
		Rules: map[string]string{"runsWrap": "false"}, Options: map[string]string{"startRound": "1"}})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestOpenTwiceKeepsData(t *testing.T) {
	ctx := context.Background()
	path := testDB(t)
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := s.CreateGroup(ctx, "G", "me", "")
	s.Close()
	s, err = Open(ctx, path) // migrations already applied: must be a no-op
	if err != nil {
		t.Fatalf("second Open: %v", err)
	}
	defer s.Close()
	if _, err := s.GroupBySlug(ctx, g.Group.Slug); err != nil {
		t.Errorf("GroupBySlug after reopen: %v", err)
	}
}

func TestMembership(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	slug := f.g.Group.Slug
	if _, m, err := f.s.Membership(ctx, slug, f.g.SessionToken); err != nil || !m.IsAdmin {
		t.Fatalf("creator membership = %+v, %v; want admin", m, err)
	}
	if _, _, err := f.s.Membership(ctx, slug, "stranger"); !errors.Is(err, ErrNotFound) {
		t.Errorf("stranger membership err = %v, want ErrNotFound", err)
	}
	tok, err := f.s.Join(ctx, slug, f.g.Group.InviteToken, "Ben", "")
	if err != nil {
		t.Fatalf("Join: %v", err)
	}
	if _, m, err := f.s.Membership(ctx, slug, tok); err != nil || m.IsAdmin || m.Display != "Ben" {
		t.Errorf("joined membership = %+v, %v; want Ben, not admin", m, err)
	}
	if _, err := f.s.RotateInvite(ctx, f.g.Group.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.Join(ctx, slug, f.g.Group.InviteToken, "Late", ""); !errors.Is(err, ErrNotFound) {
		t.Errorf("Join with a rotated invite err = %v, want ErrNotFound", err)
	}
	if _, err := f.s.ClaimAdmin(ctx, slug, "wrong", ""); !errors.Is(err, ErrNotFound) {
		t.Errorf("ClaimAdmin(wrong) err = %v, want ErrNotFound", err)
	}
	if _, err := f.s.ClaimAdmin(ctx, slug, f.g.AdminToken, tok); err != nil {
		t.Errorf("ClaimAdmin(right) err = %v", err)
	}
}

func TestRoundLifecycle(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	// Every save, a repeated one too, also returns the match's rounds as
	// stored (read with the match, without the moment each was saved).
	add := func(n int, pts []int, key string) (Round, error) {
		r, rounds, err := f.s.addRound(ctx, f.match, RoundWrite{Number: n, Entry: raw(map[string]any{"typed": pts}), Points: pts, Author: "Ana"}, key)
		if err == nil {
			if stored, _ := f.s.Rounds(ctx, f.match); !reflect.DeepEqual(timeless(rounds), timeless(stored)) {
				t.Errorf("round %d: the save returned rounds %+v, the match has %+v", n, rounds, stored)
			}
		}
		return r, err
	}
	r1, err := add(1, []int{0, 12, 30}, "k1")
	if err != nil {
		t.Fatal(err)
	}
	if again, err := add(1, []int{0, 12, 30}, "k1"); err != nil || again.ID != r1.ID {
		t.Errorf("repeated post = %+v, %v; want the same round %d applied once", again, err, r1.ID)
	}
	if _, err := add(1, []int{5, 0, 0}, "other-phone"); !errors.Is(err, ErrConflict) {
		t.Errorf("second save of round 1 err = %v, want ErrConflict", err)
	}
	if _, err := add(3, []int{5, 0, 0}, "k3"); !errors.Is(err, ErrInvalid) {
		t.Errorf("saving round 3 before 2 err = %v, want ErrInvalid", err)
	}
	r2, _ := add(2, []int{7, 0, 4}, "k2")
	wantTotals(t, f, 7, 12, 34)

	if _, err := f.s.editRound(ctx, f.match, r1.ID, 1, RoundWrite{Entry: raw("{}"), Points: []int{0, 20, 30}, Author: "Ben"}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.editRound(ctx, f.match, r1.ID, 1, RoundWrite{Entry: raw("{}"), Points: []int{1, 1, 1}, Author: "Chloé"}); !errors.Is(err, ErrConflict) {
		t.Errorf("edit from a stale version err = %v, want ErrConflict", err)
	}
	wantTotals(t, f, 7, 20, 34)
	hist, _ := f.s.History(ctx, r1.ID)
	if len(hist) != 2 || hist[0].Kind != "created" || hist[1].Kind != "edited" || hist[1].Author != "Ben" || hist[1].Points[1] != 20 || hist[0].Points[1] != 12 {
		t.Errorf("History(round 1) = %+v; want created 12 by Ana then edited 20 by Ben", hist)
	}

	if err := f.s.undoRound(ctx, f.match, r1.ID, "Ana"); !errors.Is(err, ErrConflict) {
		t.Errorf("undo of a round that is not the last err = %v, want ErrConflict", err)
	}
	if err := f.s.undoRound(ctx, f.match, r2.ID, "Ana"); err != nil {
		t.Fatal(err)
	}
	wantTotals(t, f, 0, 20, 30)
	if _, err := add(2, []int{1, 0, 2}, "k2b"); err != nil {
		t.Errorf("re-entering round 2 after its undo: %v", err)
	}
	rounds, _ := f.s.Rounds(ctx, f.match)
	if len(rounds) != 3 || !rounds[1].Undone() {
		t.Errorf("Rounds = %d rounds (undone kept: %v), want 3 with the undone one kept", len(rounds), len(rounds) > 1 && rounds[1].Undone())
	}
}

func wantTotals(t *testing.T, f fixture, want ...int) {
	t.Helper()
	m, err := f.s.Match(context.Background(), f.g.Group.ID, f.match)
	if err != nil {
		t.Fatal(err)
	}
	for i, st := range m.Seats {
		if st.Total != want[i] {
			t.Errorf("total of seat %d (%s) = %d, want %d", i, st.Name, st.Total, want[i])
		}
	}
}

func TestConcurrentWritersQueue(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for i := 0; i < 40; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			// Everyone races for the next round; losers see a conflict, never "database is locked".
			for n := 1; n <= 11; n++ {
				_, _, err := f.s.addRound(ctx, f.match, RoundWrite{Number: n, Entry: raw("{}"), Points: []int{0, 1, 2}, Author: "x"})
				if err != nil && !errors.Is(err, ErrConflict) {
					errs <- err
					return
				}
			}
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("concurrent AddRound: %v", err)
	}
	wantTotals(t, f, 0, 11, 22)
}

func TestOtherGroupCannotReach(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	other, _ := f.s.CreateGroup(ctx, "Other", "Zed", "")
	if _, err := f.s.Match(ctx, other.Group.ID, f.match); !errors.Is(err, ErrNotFound) {
		t.Errorf("Match from another group err = %v, want ErrNotFound", err)
	}
	if err := f.s.RenamePlayer(ctx, other.Group.ID, f.players[0].ID, "X"); !errors.Is(err, ErrNotFound) {
		t.Errorf("RenamePlayer from another group err = %v, want ErrNotFound", err)
	}
	if _, err := f.s.CreateMatch(ctx, other.Group.ID, NewMatch{Game: "fivecrowns", Players: []int64{f.players[0].ID}}); !errors.Is(err, ErrInvalid) {
		t.Errorf("CreateMatch with another group's player err = %v, want ErrInvalid", err)
	}
}

func TestBackup(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	path := filepath.Join(t.TempDir(), "backup.db")
	if onPG {
		// PostgreSQL is backed up with its own tools: the refusal says so.
		if err := f.s.Backup(ctx, path); !errors.Is(err, ErrBackupPG) || !strings.Contains(err.Error(), "pg_dump") {
			t.Fatalf("Backup on PostgreSQL = %v, want ErrBackupPG naming pg_dump", err)
		}
		return
	}
	if err := f.s.Backup(ctx, path); err != nil {
		t.Fatal(err)
	}
	b, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if ok, err := b.IntegrityCheck(ctx); err != nil || ok != "ok" {
		t.Errorf("IntegrityCheck(backup) = %q, %v", ok, err)
	}
	if _, err := b.GroupBySlug(ctx, f.g.Group.Slug); err != nil {
		t.Errorf("backup lacks the group: %v", err)
	}
}

func TestRulingsAreKeptWithTheMatch(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	if _, err := f.s.AddRuling(ctx, Ruling{MatchID: f.match, Form: "row_1=23", Legal: false, Summary: "50 goes on the row ending 49.",
		Rules: []string{"take5.forced-row"}, Author: "Ben"}); err != nil {
		t.Fatal(err)
	}
	rs, err := f.s.Rulings(ctx, f.match)
	if err != nil || len(rs) != 1 || rs[0].Legal || rs[0].Rules[0] != "take5.forced-row" || rs[0].Author != "Ben" || rs[0].Form != "row_1=23" {
		t.Errorf("Rulings = %+v, %v", rs, err)
	}
}

// Correcting a round of a finished match keeps the moment it finished: the
// standings date a match by it, and a typo fixed later must not move it.
func TestCorrectionKeepsTheFinishTime(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	r, _, err := f.s.addRound(ctx, f.match, RoundWrite{Number: 1, Entry: raw("{}"), Points: []int{0, 1, 2}, Finished: true})
	if err != nil {
		t.Fatal(err)
	}
	m, _ := f.s.Match(ctx, f.g.Group.ID, f.match)
	first := *m.FinishedAt
	if _, err := f.s.editRound(ctx, f.match, r.ID, 1, RoundWrite{Entry: raw("{}"), Points: []int{0, 5, 2}, Finished: true}); err != nil {
		t.Fatal(err)
	}
	m, _ = f.s.Match(ctx, f.g.Group.ID, f.match)
	if m.FinishedAt == nil || !m.FinishedAt.Equal(first) {
		t.Errorf("FinishedAt after a correction = %v, want %v", m.FinishedAt, first)
	}
}

// Whether a match is over is decided inside the write, on the rounds as
// stored: a correction racing the last round cannot leave it unfinished.
func TestFinishedIsDecidedOnTheStoredRounds(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	// The plan decides on the rounds the transaction reads: over after three.
	threeRounds := func(w RoundWrite) func(Match, []Round) RoundWrite {
		return func(_ Match, read []Round) RoundWrite {
			live := len(read)
			if w.Kind == WriteAdd {
				live++
			}
			w.Finished = live >= 3
			return w
		}
	}
	var first Round
	for n := 1; n <= 2; n++ {
		_, r, _, err := f.s.ChangeRound(ctx, f.g.Group, f.match, "", threeRounds(RoundWrite{Kind: WriteAdd, Number: n, Entry: raw("{}"), Points: []int{0, 1, 1}}))
		if err != nil {
			t.Fatal(err)
		}
		if n == 1 {
			first = r
		}
	}
	// Phone A saves round 3 (the last); phone B's correction of round 1 was
	// prepared before it and lands after: it must not reopen the match.
	if _, _, _, err := f.s.ChangeRound(ctx, f.g.Group, f.match, "", threeRounds(RoundWrite{Kind: WriteAdd, Number: 3, Entry: raw("{}"), Points: []int{0, 1, 1}})); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := f.s.ChangeRound(ctx, f.g.Group, f.match, "", threeRounds(RoundWrite{Kind: WriteEdit, Round: first.ID, Version: 1, Entry: raw("{}"), Points: []int{0, 2, 2}})); err != nil {
		t.Fatal(err)
	}
	if m, _ := f.s.Match(ctx, f.g.Group.ID, f.match); !m.Finished() {
		t.Error("a correction decided on stale rounds reopened a finished match")
	}
}

// A save whose request is cancelled midway (the phone went away) leaves
// nothing behind, and the next save goes through: the write connection is
// never left inside a transaction.
func TestCancelledWriteRollsBackWhole(t *testing.T) {
	f := newFixture(t)
	ctx, cancel := context.WithCancel(context.Background())
	_, _, _, err := f.s.ChangeRound(ctx, f.g.Group, f.match, "", func(Match, []Round) RoundWrite {
		cancel()
		return RoundWrite{Kind: WriteAdd, Number: 1, Entry: raw("{}"), Points: []int{1, 2, 3}}
	})
	if err == nil {
		t.Fatal("a save cancelled inside its transaction reported success")
	}
	if rounds, _ := f.s.Rounds(context.Background(), f.match); len(rounds) != 0 {
		t.Errorf("the cancelled save left %d rounds", len(rounds))
	}
	if _, _, err := f.s.addRound(context.Background(), f.match, RoundWrite{Number: 1, Entry: raw("{}"), Points: []int{1, 2, 3}}); err != nil {
		t.Fatalf("the next save: %v", err)
	}
	m, _ := f.s.Match(context.Background(), f.g.Group.ID, f.match)
	if m.Seats[1].Total != 2 {
		t.Errorf("totals after the next save: %+v", m.Seats)
	}
}

// A query the store cannot keep prepared (past the bound on kept statements,
// or one SQLite refuses) still runs, or fails with SQLite's error.
func TestQueriesPastTheStatementBound(t *testing.T) {
	s := newTestStore(t)
	ctx := context.Background()
	if _, err := s.query(ctx, "SELEC nonsense"); err == nil {
		t.Error("a malformed query gave no error")
	}
	if onPG {
		// pgx keeps each connection's statements itself: no bound of ours.
		var n int
		if err := s.queryRow(ctx, "SELECT 40 + $1", 2).Scan(&n); err != nil || n != 42 {
			t.Errorf("a query: %d, %v", n, err)
		}
		return
	}
	for i := 0; len(s.stmts.m) < maxStmts; i++ {
		s.prep(fmt.Sprintf("SELECT %d", i), 0)
	}
	var n int
	if err := s.queryRow(ctx, "SELECT 40 + 2").Scan(&n); err != nil || n != 42 {
		t.Errorf("a query past the bound: %d, %v", n, err)
	}
	if err := s.tx(ctx, func(tx *txn) error {
		for i := 0; len(s.wst) < maxStmts; i++ {
			tx.stmt(ctx, fmt.Sprintf("SELECT %d", i), 0)
		}
		return tx.QueryRowContext(ctx, "SELECT 6 * 7").Scan(&n)
	}); err != nil || n != 42 {
		t.Errorf("a write-side query past the bound: %d, %v", n, err)
	}
}

// Neither a request cancelled before its save starts nor a panic inside a
// save leaves the write connection inside a transaction: the next save goes
// through.
func TestWriteConnectionSurvivesCancelAndPanic(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	gone, cancel := context.WithCancel(ctx)
	cancel()
	if _, _, err := f.s.addRound(gone, f.match, RoundWrite{Number: 1, Entry: raw("{}"), Points: []int{1, 2, 3}}); err == nil {
		t.Error("a save with a cancelled request reported success")
	}
	func() {
		defer func() { recover() }()
		f.s.ChangeRound(ctx, f.g.Group, f.match, "", func(Match, []Round) RoundWrite { panic("a game's bug") })
	}()
	if rounds, _ := f.s.Rounds(ctx, f.match); len(rounds) != 0 {
		t.Errorf("the panicking save left %d rounds", len(rounds))
	}
	if _, _, err := f.s.addRound(ctx, f.match, RoundWrite{Number: 1, Entry: raw("{}"), Points: []int{1, 2, 3}}); err != nil {
		t.Fatalf("the next save: %v", err)
	}
	if err := f.s.Close(); err != nil || f.s.Close() != nil {
		t.Error("closing twice should be harmless")
	}
}
