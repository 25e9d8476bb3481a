package store

import (
	"context"
	"errors"
	"testing"
)

// A group's other games: numbered within the group, a name once in any
// case, found again by BoardGameGeek id or name, and gone with the group.
func TestGroupGames(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	gid := f.g.Group.ID
	sky, err := f.s.AddGroupGame(ctx, GroupGame{GroupID: gid, Name: " Quibbo ", BGGID: 990018, Kind: KindRounds, LowWins: true, Target: 100})
	if err != nil || sky.Num != 1 || sky.ID() != "custom-1" || sky.Name != "Quibbo" {
		t.Fatalf("add Quibbo: %+v, %v", sky, err)
	}
	if _, err := f.s.AddGroupGame(ctx, GroupGame{GroupID: gid, Name: "QUIBBO", Kind: KindFinal}); !errors.Is(err, ErrNameTaken) {
		t.Errorf("a second Quibbo: %v, want ErrNameTaken", err)
	}
	for _, bad := range []GroupGame{
		{GroupID: gid, Name: "", Kind: KindRounds},
		{GroupID: gid, Name: "Dixit", Kind: "chess"},
		{GroupID: gid, Name: "Dixit", Kind: KindWinner, Target: 10},
		{GroupID: gid, Name: "Dixit", Kind: KindRounds, Rounds: -1},
	} {
		if _, err := f.s.AddGroupGame(ctx, bad); !errors.Is(err, ErrInvalid) {
			t.Errorf("add %+v: %v, want ErrInvalid", bad, err)
		}
	}
	for _, want := range []GroupGame{{Name: "Quibbo Deluxe", BGGID: 990018}, {Name: "quibbo"}} {
		want.GroupID, want.Kind = gid, KindFinal
		got, created, err := f.s.FindOrAddGroupGame(ctx, want)
		if err != nil || created || got.Num != 1 || !got.LowWins || got.Target != 100 {
			t.Errorf("find %+v: %+v created %v, %v; want Quibbo as stored", want, got, created, err)
		}
	}
	dix, created, err := f.s.FindOrAddGroupGame(ctx, GroupGame{GroupID: gid, Name: "Dixit", Kind: KindRanking})
	if err != nil || !created || dix.Num != 2 {
		t.Fatalf("add Dixit: %+v created %v, %v", dix, created, err)
	}
	list, err := f.s.GroupGames(ctx, gid)
	if err != nil || len(list) != 2 || list[0].Name != "Quibbo" || list[1].Kind != KindRanking {
		t.Errorf("GroupGames = %+v, %v", list, err)
	}
	if n, ok := GroupGameNum("custom-2"); !ok || n != 2 {
		t.Errorf("GroupGameNum(custom-2) = %d, %v", n, ok)
	}
	for _, id := range []string{"custom-0", "custom-02", "custom-x", "fivecrowns", "custom-"} {
		if _, ok := GroupGameNum(id); ok {
			t.Errorf("GroupGameNum(%q) took it", id)
		}
	}
}
