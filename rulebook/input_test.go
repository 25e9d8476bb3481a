package rulebook

import (
	"errors"
	"testing"
)

// An input error says whose it is: the seat an engine gives (NoSeat for the
// round's own), kept when the error is said of another field (its path is
// never read for a seat) and given by a seat loop to every mistake of a
// check.
func TestInputErrorSeat(t *testing.T) {
	tests := []struct {
		name string
		err  *InputError
		want int
	}{
		{"the round's", Mistake("round", "x.mistake.round"), NoSeat},
		{"a player's", SeatMistake(2, "seats[2].points", "x.mistake.points"), 2},
		{"said of another field", SeatMistake(1, "leftover[3]", "x.mistake.card").At("rack"), 1},
		{"said of a player's field", Mistake("leftover[3]", "x.mistake.card").At("seats[4].cards[3]"), NoSeat},
	}
	for _, tt := range tests {
		if tt.err.Seat != tt.want {
			t.Errorf("%s: seat %d, want %d", tt.name, tt.err.Seat, tt.want)
		}
	}
	joined := OfSeat(5, errors.Join(Mistake("points", "x.mistake.a"), errors.New("not an input error"), Mistake("cards", "x.mistake.b")))
	seats := []int{}
	for _, err := range joined.(interface{ Unwrap() []error }).Unwrap() {
		var ie *InputError
		if errors.As(err, &ie) {
			seats = append(seats, ie.Seat)
		}
	}
	if len(seats) != 2 || seats[0] != 5 || seats[1] != 5 {
		t.Errorf("OfSeat(5, joined): seats %v, want [5 5]", seats)
	}
	if OfSeat(1, nil) != nil {
		t.Error("OfSeat(1, nil) is not nil")
	}
	if ie := Mistake("round", "x.mistake.round", "Round", 12); ie.Msg.ID != "x.mistake.round" || len(ie.Msg.Args) != 2 || !ie.Says() {
		t.Errorf("Mistake: %+v", ie)
	}
}
