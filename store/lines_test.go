package store

import (
	"context"
	"testing"
)

// A line is stored with who sent it, sent again with its key it is applied
// once, it shows in the sheet (and its version), and when the plan saves
// the round the lines stay with it (who sent what) and leave the sheet.
func TestSendLineStoresOnceAndStaysWithTheRound(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	send := func(seat int, key, fields string, complete bool) (Match, Round, bool) {
		t.Helper()
		m, saved, _, repeat, err := f.s.SendLine(ctx, f.g.Group, f.match, key, func(m Match, _ []Round) LineWrite {
			w := LineWrite{Store: true, Line: Line{Number: 1, Seat: seat, Fields: fields, Sender: 7, Author: "Ana"}}
			if complete {
				w.Round = RoundWrite{Kind: WriteAdd, Number: 1, Entry: raw(`{}`), Points: []int{1, 2, 3}, Author: "Ana"}
			}
			return w
		})
		if err != nil {
			t.Fatal(err)
		}
		return m, saved, repeat
	}
	m0, _, _ := f.s.MatchSheet(ctx, f.g.Group.ID, f.match)
	m, _, repeat := send(0, "k0", "points_0=5", false)
	if repeat || len(m.Lines) != 1 || m.Lines[0].Fields != "points_0=5" || m.Lines[0].Author != "Ana" || m.Lines[0].Sender != 7 {
		t.Fatalf("first line: repeat %v, lines %+v", repeat, m.Lines)
	}
	read, rounds, _ := f.s.MatchSheet(ctx, f.g.Group.ID, f.match)
	if len(read.Lines) != 1 || read.Lines[0].Key != "k0" || SheetVersion(read, rounds) == SheetVersion(m0, nil) {
		t.Fatalf("the sheet reads lines %+v, version %q (before %q)", read.Lines, SheetVersion(read, rounds), SheetVersion(m0, nil))
	}
	if _, _, repeat = send(0, "k0", "points_0=9", false); !repeat {
		t.Fatal("a line sent again with its key was applied again")
	}
	m, _, _ = send(0, "k1", "points_0=6", false)
	if len(m.Lines) != 1 || m.Lines[0].Fields != "points_0=6" || m.Lines[0].Version != 2 {
		t.Fatalf("a changed line: %+v", m.Lines)
	}
	m, saved, _ := send(1, "k2", "points_1=4", true)
	if saved.ID == 0 || len(m.Lines) != 0 {
		t.Fatalf("the last line: round %+v, lines left %+v", saved, m.Lines)
	}
	kept, err := f.s.RoundLines(ctx, saved.ID)
	if err != nil || len(kept) != 2 || kept[0].Fields != "points_0=6" || kept[1].Seat != 1 {
		t.Fatalf("the round's lines: %+v, %v", kept, err)
	}
	read, _, _ = f.s.MatchSheet(ctx, f.g.Group.ID, f.match)
	if len(read.Lines) != 0 {
		t.Fatalf("lines still pending after the round: %+v", read.Lines)
	}
	// A keeper's Save takes the lines sent meanwhile.
	send(2, "k3", "points_2=1", false)
	_, r, _, err := f.s.ChangeRound(ctx, f.g.Group, f.match, "save2", func(Match, []Round) RoundWrite {
		return RoundWrite{Kind: WriteAdd, Number: 2, Entry: raw(`{}`), Points: []int{0, 0, 1}, Author: "Ben"}
	})
	if err != nil {
		t.Fatal(err)
	}
	if kept, _ := f.s.RoundLines(ctx, r.ID); len(kept) != 1 || kept[0].Seat != 2 {
		t.Fatalf("the keeper's round took lines %+v", kept)
	}
}

// Who sent what goes with the group's export, and comes back with its import.
func TestRoundLinesExportAndImportAgain(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	if _, _, _, _, err := f.s.SendLine(ctx, f.g.Group, f.match, "k", func(Match, []Round) LineWrite {
		return LineWrite{Store: true, Line: Line{Number: 1, Seat: 1, Fields: "points_1=4", Sender: 3, Author: "Ben"},
			Round: RoundWrite{Kind: WriteAdd, Number: 1, Entry: raw(`{}`), Points: []int{0, 4, 5}, Author: "Ben"}}
	}); err != nil {
		t.Fatal(err)
	}
	ex, err := f.s.ExportGroup(ctx, f.g.Group.ID)
	if err != nil {
		t.Fatal(err)
	}
	lines := ex.Matches[0].Rounds[0].Lines
	if len(lines) != 1 || lines[0].Seat != 1 || lines[0].Fields != "points_1=4" || lines[0].Author != "Ben" {
		t.Fatalf("the export's lines: %+v", lines)
	}
	g, err := f.s.ImportGroup(ctx, ex, "Ana", "")
	if err != nil {
		t.Fatal(err)
	}
	again, err := f.s.ExportGroup(ctx, g.Group.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := again.Matches[0].Rounds[0].Lines; len(got) != 1 || got[0] != lines[0] {
		t.Fatalf("imported again, the lines are %+v, want %+v", got, lines)
	}
}

// A line is a row of the round form as the table stood when it was sent:
// when a player leaves or comes back the rows move, so the lines sent
// before are no longer pending (each player sends theirs again), and none
// is read as another player's.
func TestLinesEndWhenTheTableChanges(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	send := func(seat int, key string) {
		t.Helper()
		if _, _, _, _, err := f.s.SendLine(ctx, f.g.Group, f.match, key, func(Match, []Round) LineWrite {
			return LineWrite{Store: true, Line: Line{Number: 1, Seat: seat, Fields: "points_0=5", Sender: 7, Author: "Ana"}}
		}); err != nil {
			t.Fatal(err)
		}
	}
	pending := func() int {
		t.Helper()
		m, _, err := f.s.MatchSheet(ctx, f.g.Group.ID, f.match)
		if err != nil {
			t.Fatal(err)
		}
		return len(m.Lines)
	}
	send(0, "a")
	send(2, "c")
	if _, err := f.s.LeaveMatch(ctx, f.g.Group.ID, f.match, 1, "Ana", 2); err != nil {
		t.Fatal(err)
	}
	if n := pending(); n != 0 {
		t.Fatalf("%d lines still pending after Ben left", n)
	}
	send(0, "a2")
	if err := f.s.ReturnToMatch(ctx, f.g.Group.ID, f.match, 1); err != nil {
		t.Fatal(err)
	}
	if n := pending(); n != 0 {
		t.Fatalf("%d lines still pending after Ben came back", n)
	}
}
