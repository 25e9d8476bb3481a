package standings

import (
	"reflect"
	"testing"
)

// partialFixture is the fixture with two partial Five Crowns matches in the
// autumn: a 3-round express match whose totals are far below any whole
// match's (Ben's 6 would be the lowest total, his 0 the best round), and a
// TAKI match ended early, the only match of a game played nowhere else.
func partialFixture() []Match {
	express := played(9, "fivecrowns", at(10, 3, 20, 0), []int64{ben, ann}, []int{6, 12})
	express.Partial = true
	express.Results[0].Rounds = []int{0, 3, 3}
	express.Results[1].Rounds = []int{4, 4, 4}
	early := played(10, "gamex", at(10, 4, 20, 0), []int64{cat, dan}, []int{40, 10})
	early.Partial = true
	return append(fixture(), express, early)
}

// A partial match sets no record: the records over the season are those
// without it, and a game played only in partial matches has none. It still
// counts in the standings (the express match is Ben's win).
func TestPartialMatchesSetNoRecords(t *testing.T) {
	with, err := GroupRecords(partialFixture(), autumn)
	if err != nil {
		t.Fatal(err)
	}
	without, err := GroupRecords(fixture(), autumn)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(with.Games, without.Games) {
		t.Errorf("records with partial matches =\n%+v\nwant those without them\n%+v", with.Games, without.Games)
	}
	for _, g := range with.Games {
		if g.BestTotal.MatchID == 9 || g.BestTotal.MatchID == 10 || (g.BestRound != nil && g.BestRound.MatchID == 9) {
			t.Errorf("%s: a partial match holds a record: %+v", g.Game, g)
		}
	}
	table, err := Standings(partialFixture(), autumn, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range append(table.Ranked, table.Provisional...) {
		if r.Player == ben && r.Wins != 3 {
			t.Errorf("Ben's wins = %d, want 3 (the express match counts in the standings)", r.Wins)
		}
	}
}

// The ledger agrees: the same partial matches folded one by one set no
// record either.
func TestLedgerPartialMatchesSetNoRecords(t *testing.T) {
	l := NewLedger(DefaultOptions())
	for _, m := range partialFixture() {
		l.Put(m)
	}
	got, err := l.GroupRecords(autumn)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := GroupRecords(fixture(), autumn)
	if !reflect.DeepEqual(got.Games, want.Games) {
		t.Errorf("ledger records =\n%+v\nwant\n%+v", got.Games, want.Games)
	}
}

// A player's best and worst come from whole matches only: Ben's express 6
// is not his best Five Crowns total.
func TestPartialMatchesSetNoPersonalBest(t *testing.T) {
	for _, name := range []string{"replay", "ledger"} {
		var p Profile
		var err error
		if name == "replay" {
			p, err = PlayerProfile(partialFixture(), autumn, ben, DefaultOptions())
		} else {
			l := NewLedger(DefaultOptions())
			for _, m := range partialFixture() {
				l.Put(m)
			}
			p, err = l.PlayerProfile(autumn, ben)
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range p.Extremes {
			if e.Game == "fivecrowns" && (e.Best.Total != 25 || e.Worst.Total != 45) {
				t.Errorf("%s: Ben's Five Crowns best/worst = %d/%d, want 25/45 (whole matches only)", name, e.Best.Total, e.Worst.Total)
			}
		}
		if p.Played != 6 {
			t.Errorf("%s: Ben played %d, want 6 (the express match counts)", name, p.Played)
		}
	}
}

// A match the ledger holds as whole that becomes partial (ended early, put
// again) gives up its records.
func TestLedgerMatchBecomesPartial(t *testing.T) {
	l := NewLedger(DefaultOptions())
	all := partialFixture()
	express := all[len(all)-2]
	express.Partial = false
	for _, m := range all[:len(all)-2] {
		l.Put(m)
	}
	l.Put(express)
	got, err := l.GroupRecords(autumn)
	if err != nil {
		t.Fatal(err)
	}
	if got.Games[0].BestTotal.MatchID != 9 {
		t.Fatalf("whole, the 6 should be the lowest total: %+v", got.Games[0])
	}
	express.Partial = true
	l.Put(express)
	got, _ = l.GroupRecords(autumn)
	want, _ := GroupRecords(fixture(), autumn)
	if !reflect.DeepEqual(got.Games, want.Games) {
		t.Errorf("after the match became partial, records =\n%+v\nwant\n%+v", got.Games, want.Games)
	}
}
