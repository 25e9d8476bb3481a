package taki

import (
	"errors"
	"slices"
	"testing"

	tk "github.com/tablekeeper/tablekeeper/referee/taki"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
)

// fields is the field of every mistake in err, in order.
func fields(err error) []string {
	var out []string
	errs := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	}
	for _, e := range errs {
		var ie *rulebook.InputError
		if errors.As(e, &ie) {
			out = append(out, ie.Field)
		}
	}
	return out
}

// Every seat of a round is checked: a round with a mistake on each seat
// says them all in one answer, one per seat. The API still answers with
// the first (errors.As), the one it answered with when it stopped there.
func TestScoreSaysEveryMistake(t *testing.T) {
	m := scoring.Match{Seats: 4, Options: map[string]string{OptEnd: EndRounds, OptRounds: "5"}, Rules: rulebook.ResolveKnown(tk.HouseRules, nil)}
	for _, tt := range []struct {
		name  string
		seats int
		e     Entry
		want  []string
	}{
		{"every seat wrong", 4, Entry{Winner: 0, Seats: []Seat{Holding("R7"), Holding("X9"), Lost(5), Holding()}},
			// an unreadable seat first, then the points, each in seat order
			[]string{"seats[1].cards[0]", "seats[0]", "seats[2].points", "seats[3].cards"}},
		{"a third red 7 and a blank loser", 3, Entry{Winner: 2, Seats: []Seat{Holding("R7", "R7"), Holding("R7"), WentOut()}},
			[]string{"seats[1].cards[0]"}},
		{"2 players: the winner holds a card, the loser lost nothing", 2, Entry{Winner: 1, Seats: []Seat{Lost(0), Holding("B3")}},
			[]string{"seats[0].points", "seats[1]"}},
		{"both cards and points, and a mode unknown", 3, Entry{Winner: 0, Seats: []Seat{WentOut(), {Mode: ModePoints, Points: -5, Cards: []string{"R1"}}, {Mode: "guess"}}},
			[]string{"seats[1]", "seats[2].mode"}},
	} {
		m.Seats = tt.seats
		_, err := Sheet{}.Score(m, nil, tt.e.Encode())
		if got := fields(err); !slices.Equal(got, tt.want) {
			t.Errorf("%s: mistakes on %v, want %v (%v)", tt.name, got, tt.want, err)
		}
	}
	// Each mistake is its player's, an unreadable card too (the card's own
	// check knows no seat): the page writes it on his line.
	m.Seats = 4
	_, err := Sheet{}.Score(m, nil, Entry{Winner: 0, Seats: []Seat{Holding("R7"), Holding("X9"), Lost(5), Holding()}}.Encode())
	var seats []int
	for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
		var ie *rulebook.InputError
		if errors.As(e, &ie) {
			seats = append(seats, ie.Seat)
		}
	}
	if !slices.Equal(seats, []int{1, 0, 2, 3}) {
		t.Errorf("the mistakes are the seats %v, want [1 0 2 3]", seats)
	}
	// The API: the same round by name, every mistake joined, the first the one answered.
	req := ScoreRequest{Winner: "Ana", Players: []ScorePlayer{{Name: "Ana", Cards: []string{"R7"}}, {Name: "Ben", Cards: []string{"X9"}},
		{Name: "Cleo", Points: ptr(5)}, {Name: "Dan", Cards: []string{}}}}
	_, err = AnswerScore(req, nil)
	if got := fields(err); !slices.Equal(got, []string{"players[1].cards[0]", "players[0]", "players[2].points", "players[3].cards"}) {
		t.Errorf("the API's mistakes: %v", got)
	}
	var first *rulebook.InputError
	if !errors.As(err, &first) || first.Field != "players[1].cards[0]" {
		t.Errorf("the API answers with %v, want the unknown card first", first)
	}
}

func ptr(n int) *int { return &n }
