package take5

import (
	"encoding/json"
	"slices"
	"testing"

	rt "github.com/tablekeeper/tablekeeper/referee/take5"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
)

func match(seats int, rules map[string]string) scoring.Match {
	return scoring.Match{Seats: seats, Options: map[string]string{"end": "declared"}, Rules: rulebook.ResolveKnown(rt.HouseRules, rules)}
}

// A row stored before entries had versions decodes as version 1, exactly.
func TestDecodeEntryUnversioned(t *testing.T) {
	old := json.RawMessage(`{"seats":[{"Green":5,"Red":3,"Plus5":1,"X2":1,"SpecialsInHand":1},{"Green":0,"Red":0,"Plus5":0,"X2":0,"SpecialsInHand":2}],"last":true}`)
	e, err := DecodeEntry(old)
	want := NewEntry(true, Tally{5, 3, 1, 1, 1}, Tally{SpecialsInHand: 2})
	if err != nil || e.V != 1 || !e.Last || !slices.Equal(e.Seats, want.Seats) {
		t.Fatalf("DecodeEntry(%s) = %+v, %v, want %+v", old, e, err, want)
	}
	again, err := DecodeEntry(e.Marshal())
	if err != nil || !slices.Equal(again.Seats, e.Seats) || again.Last != e.Last {
		t.Errorf("a stored entry does not read back: %+v, %v", again, err)
	}
	if _, err := DecodeEntry(json.RawMessage(`{"v":2,"seats":[]}`)); err == nil {
		t.Error("an unknown version was read")
	}
	if _, err := DecodeEntry(json.RawMessage(`[1]`)); err == nil {
		t.Error("a list was read as a deal")
	}
}

func TestSheetScore(t *testing.T) {
	g := Sheet{}
	tests := []struct {
		name      string
		seats     int
		rules     map[string]string
		entry     Entry
		want      []int
		wantField string
	}{
		{"the seed's example 4 at two players", 2, nil, NewEntry(false, Tally{5, 3, 1, 1, 1}, Tally{Green: 5, Red: 2}), []int{4, 3}, ""},
		{"the same with pickupEndsTurn on: scoring does not change", 2, map[string]string{"pickupEndsTurn": "true"}, NewEntry(false, Tally{5, 3, 1, 1, 1}, Tally{Green: 5, Red: 2}), []int{4, 3}, ""},
		{"six players, every special collected", 6, nil, NewEntry(true, Tally{Green: 10, X2: 2, Plus5: 2}, Tally{Green: 10, X2: 2, Plus5: 2}, Tally{Green: 10, X2: 2, Plus5: 2}, Tally{}, Tally{}, Tally{}), []int{80, 80, 80, 0, 0, 0}, ""},
		{"issue 14: four players, six x2 (it scored −276)", 4, nil, NewEntry(false, Tally{Green: 10, X2: 2}, Tally{Green: 10, X2: 2}, Tally{Green: 10, X2: 2}, Tally{}), nil, "seats[2].x2"},
		{"a line missing", 3, nil, NewEntry(false, Tally{}, Tally{}), nil, "seats"},
		{"two players, eight rows in the piles", 2, nil, NewEntry(false, Tally{Green: 35}, Tally{Green: 35}), nil, "seats[1].green"},
		{"three specials kept in one hand", 2, nil, NewEntry(false, Tally{SpecialsInHand: 3}, Tally{}), nil, "seats[0].specialsInHand"},
		{"T5-R7: nobody took a row, the whole table given", 3, nil, NewEntry(false, Tally{}, Tally{SpecialsInHand: 2}, Tally{}), nil, "seats"},
		{"the last card's row taken by one player alone", 2, nil, NewEntry(true, Tally{Green: 5}, Tally{SpecialsInHand: 2}), []int{5, -20}, ""},
	}
	for _, tt := range tests {
		got, err := g.Score(match(tt.seats, tt.rules), nil, tt.entry.Marshal())
		checkField(t, tt.name, "Score", tt.entry, err, tt.wantField)
		if tt.wantField == "" && !slices.Equal(got, tt.want) {
			t.Errorf("%s: Score = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestSheetProgressAndOptions(t *testing.T) {
	g := Sheet{}
	m := match(3, nil)
	deal := func(last bool, pts ...int) scoring.Round {
		return scoring.Round{Entry: NewEntry(last, Tally{}, Tally{}, Tally{}).Marshal(), Points: pts}
	}
	p := g.Progress(m, []scoring.Round{deal(false, 4, 10, 10)})
	if p.Finished || !slices.Equal(p.Leaders(), []int{1, 2}) || p.Dealer != -1 {
		t.Errorf("after one deal: %+v, want open, seats 1 and 2 ahead, no dealer", p)
	}
	p = g.Progress(m, []scoring.Round{deal(false, 4, 10, 10), deal(true, 7, 0, 3)})
	if !p.Finished || !slices.Equal(p.Winners, []int{2}) || !slices.Equal(p.Totals, []int{11, 10, 13}) {
		t.Errorf("after the last deal: %+v, want finished and won by seat 2 (13)", p)
	}
	if p := g.Progress(m, nil); p.Finished || len(p.Totals) != 3 {
		t.Errorf("no deal: %+v", p)
	}
	for seats, ok := range map[int]bool{1: false, 2: true, 6: true, 7: false} {
		_, err := g.CheckOptions(seats, nil)
		if (err == nil) != ok {
			t.Errorf("CheckOptions(%d seats) = %v, want ok %v («de joueurs 2 - 6»)", seats, err, ok)
		}
	}
}
