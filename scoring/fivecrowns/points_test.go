package fivecrowns

import (
	"errors"
	"testing"

	fc "github.com/tablekeeper/tablekeeper/referee/fivecrowns"
	"github.com/tablekeeper/tablekeeper/rulebook"
)

// «Les cartes qu'il n'a pas pu poser sont comptabilisées comme points de
// pénalité»: no card is worth less than 3, a joker 50.
func TestCheckTypedPoints(t *testing.T) {
	tests := []struct {
		round, points int
		ok            bool
	}{
		{1, 0, true}, {1, 1, false}, {1, 2, false}, {1, 3, true},
		{1, 150, true}, {1, 151, false}, {11, 650, true}, {11, 651, false}, {4, -3, false},
	}
	for _, tt := range tests {
		err := CheckTypedPoints("seats[1].points", tt.round, tt.points)
		var ie *rulebook.InputError
		if tt.ok != (err == nil) || (err != nil && (!errors.As(err, &ie) || ie.Field != "seats[1].points" || !ie.Says())) {
			t.Errorf("CheckTypedPoints(round %d, %d) = %v, want ok=%v", tt.round, tt.points, err, tt.ok)
		}
	}
}

func TestLeftoverPoints(t *testing.T) {
	cards, _ := fc.ParseCards("x", []string{"JK", "7H", "KC", "4*"})
	if p, err := LeftoverPoints(5, cards); err != nil || p != 87 {
		t.Errorf("LeftoverPoints(TV-FC-4) = %d, %v, want 87", p, err)
	}
	if p, err := LeftoverPoints(3, nil); err != nil || p != 0 {
		t.Errorf("LeftoverPoints(nothing left) = %d, %v, want 0", p, err)
	}
	if _, err := LeftoverPoints(1, append(cards, cards...)); err == nil {
		t.Errorf("LeftoverPoints accepts 8 cards left in round 1")
	}
}
