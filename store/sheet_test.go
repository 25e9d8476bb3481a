package store

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"
)

// MatchSheet reads in one statement what Match and Rounds read in three
// (but when each round was entered): the same match, seats in seat order
// and rounds in order (undone, edited and re-entered ones, a finished match,
// a ruling), and ErrNotFound for another group's match, a deleted one and
// one that does not exist.
func TestMatchSheetReadsWhatMatchAndRoundsRead(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	same := func(when string, id int64) {
		t.Helper()
		m, rounds, err := f.s.MatchSheet(ctx, f.g.Group.ID, id)
		if err != nil {
			t.Fatalf("%s: MatchSheet: %v", when, err)
		}
		wantM, err := f.s.Match(ctx, f.g.Group.ID, id)
		if err != nil {
			t.Fatal(err)
		}
		wantR, err := f.s.Rounds(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(m, wantM) {
			t.Errorf("%s: MatchSheet's match = %+v, Match reads %+v", when, m, wantM)
		}
		for i := range wantR {
			wantR[i].CreatedAt = time.Time{} // not read by MatchSheet
		}
		if !reflect.DeepEqual(rounds, wantR) {
			t.Errorf("%s: MatchSheet's rounds = %+v, Rounds reads %+v", when, rounds, wantR)
		}
	}
	same("no round yet", f.match)
	add := func(n int, pts []int, finished bool) Round {
		t.Helper()
		r, _, err := f.s.addRound(ctx, f.match, RoundWrite{Number: n, Entry: raw(map[string]any{"typed": pts, "note": "Zoé & <b>"}),
			Points: pts, Author: "Ana", Finished: finished})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	r1 := add(1, []int{0, 12, -30}, false)
	r2 := add(2, []int{7, 0, 4}, false)
	same("two rounds", f.match)
	if err := f.s.undoRound(ctx, f.match, r2.ID, "Ben"); err != nil {
		t.Fatal(err)
	}
	add(2, []int{1, 0, 2}, false)
	if _, err := f.s.editRound(ctx, f.match, r1.ID, 1, RoundWrite{Entry: raw("{}"), Points: []int{0, 20, 30}, Author: "Ben"}); err != nil {
		t.Fatal(err)
	}
	for n := 3; n <= 11; n++ {
		add(n, []int{n, 2 * n, 0}, n == 11)
	}
	if _, err := f.s.AddRuling(ctx, Ruling{MatchID: f.match, Form: "x=1", Summary: "s", Rules: []string{"r"}, Author: "Ben"}); err != nil {
		t.Fatal(err)
	}
	same("finished, an undone round, an edited one, a ruling", f.match)
	if m, rounds, _ := f.s.MatchSheet(ctx, f.g.Group.ID, f.match); !m.Finished() || m.Rulings != 1 || len(m.Seats) != 3 ||
		m.Seats[2].Name != "Chloé" || len(rounds) != 12 || !rounds[1].Undone() || rounds[2].Number != 2 || rounds[2].Undone() {
		t.Errorf("MatchSheet = %+v with %d rounds: want finished, 1 ruling, Chloé third, round 2's undone row kept", m, len(rounds))
	}

	other, _ := f.s.CreateGroup(ctx, "Other", "Zed", "")
	if _, _, err := f.s.MatchSheet(ctx, other.Group.ID, f.match); !errors.Is(err, ErrNotFound) {
		t.Errorf("MatchSheet from another group err = %v, want ErrNotFound", err)
	}
	if _, _, err := f.s.MatchSheet(ctx, f.g.Group.ID, f.match+1000); !errors.Is(err, ErrNotFound) {
		t.Errorf("MatchSheet of no match err = %v, want ErrNotFound", err)
	}
	if err := f.s.DeleteMatch(ctx, f.g.Group.ID, f.match, "Ana"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.s.MatchSheet(ctx, f.g.Group.ID, f.match); !errors.Is(err, ErrNotFound) {
		t.Errorf("MatchSheet of a deleted match err = %v, want ErrNotFound", err)
	}
}

// parseTime reads what time.Parse reads: the store's own times, and texts
// that are not quite one (other lengths, letters, out-of-range fields,
// 29 February of leap and common years).
func TestParseTimeIsTimeParse(t *testing.T) {
	texts := []string{"2026-11-24T03:09:17.123Z", "2024-02-29T23:59:59.999Z", "2025-02-29T00:00:00.000Z",
		"0001-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z", "2026-13-01T00:00:00.000Z", "2026-00-10T00:00:00.000Z",
		"2026-04-31T00:00:00.000Z", "2026-11-24T24:00:00.000Z", "2026-11-24T03:60:17.123Z", "2026-11-24T03:09:60.123Z",
		"2026-11-24T03:09:17.12xZ", "2026-11-24 03:09:17.123Z", "2026-11-24T03:09:17.123", "", "garbage", "2026-11-24T03:09:17Z"}
	for d := time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC); d.Year() < 2029; d = d.Add(37*time.Hour + 11*time.Minute + 7*time.Second + 3*time.Millisecond) {
		texts = append(texts, d.Format(timeFormat))
	}
	for _, v := range texts {
		if got, want := parseTime(v), parseTimeSlowly(v); !got.Equal(want) || got.Location() != want.Location() {
			t.Errorf("parseTime(%q) = %v, time.Parse reads %v", v, got, want)
		}
	}
}

// Rows that come out of order (the database promises none) are put in
// order: seats by their number, rounds by number and then id, an undone
// round before the one entered again in its place.
func TestMatchSheetOrdersWhatComesUnordered(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 11))
	for trial := range 200 {
		n := 1 + rng.IntN(8)
		var seats []Seat
		var nos []int64
		for i := range n {
			seats, nos = append(seats, Seat{Name: fmt.Sprint("P", i)}), append(nos, int64(i))
		}
		var rounds []Round
		id := int64(1)
		for num := 1; num <= 1+rng.IntN(12); num++ {
			for range 1 + rng.IntN(3) { // a round undone and entered again, sometimes twice
				rounds = append(rounds, Round{ID: id, Number: num})
				id++
			}
		}
		wantSeats, wantRounds := slices.Clone(seats), slices.Clone(rounds)
		perm := rng.Perm(n)
		shuffled, shuffledNos := make([]Seat, n), make([]int64, n)
		for i, j := range perm {
			shuffled[i], shuffledNos[i] = seats[j], nos[j]
		}
		rng.Shuffle(len(rounds), func(i, j int) { rounds[i], rounds[j] = rounds[j], rounds[i] })
		sortRounds(rounds)
		if got := sortSeats(shuffled, shuffledNos); !reflect.DeepEqual(got, wantSeats) || !reflect.DeepEqual(rounds, wantRounds) {
			t.Fatalf("trial %d: seats %v rounds %v, want %v %v", trial, got, rounds, wantSeats, wantRounds)
		}
	}
}
