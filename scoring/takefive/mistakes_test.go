package takefive

import (
	"errors"
	"testing"

	tf "github.com/tablekeeper/tablekeeper/referee/takefive"
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

// A round with a wrong winner and a wrong rack says both in one answer,
// the winner first; a 2-player match alike.
func TestScoreSaysWinnerAndRackTogether(t *testing.T) {
	g := Game{}
	for _, tt := range []struct {
		name   string
		seats  int
		before []scoring.Round
		winner int
		rack   []int
		want   []string
	}{
		{"nobody wins a score round, with a rack", 3, nil, NoWinner, []int{9, 8, 7, 6, 5}, []string{"winner", "rack"}},
		{"seat 4 of 3, a rack that wins no score round", 3, nil, 3, []int{9, 9, 7, 6, 5}, []string{"winner", "rack"}},
		{"2 players: seat 3, a 21 rack making 22", 2, won(2, 1), 2, []int{9, 8, 5}, []string{"winner", "rack"}},
		{"2 players: a wrong rack alone", 2, won(2, 1), 0, []int{9, 8, 5}, []string{"rack"}},
		{"after the match is won: that alone", 3, won(3, 2, 2, 2), 0, []int{1}, []string{"winner"}},
	} {
		m := match(tt.seats, 0, nil)
		_, err := g.Score(m, tt.before, Entry{Winner: tt.winner, Rack: tt.rack}.Encode())
		got := fields(err)
		if len(got) != len(tt.want) {
			t.Errorf("%s: mistakes on %v (%v), want %v", tt.name, got, err, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: mistakes on %v, want %v", tt.name, got, tt.want)
			}
		}
	}
}

// The form asks about the rack alone when no winner was chosen.
func TestRackMistake(t *testing.T) {
	g := Game{}
	m := match(3, 0, nil)
	if err := g.RackMistake(m, won(3, 1), []int{9, 8, 5}); fieldOf(err) != "rack" {
		t.Errorf("9 8 5 in a 21 round: %v, want a mistake on rack", err)
	}
	if err := g.RackMistake(m, won(3, 1), []int{9, 8, 4}); err != nil {
		t.Errorf("9 8 4 in a 21 round: %v, want none", err)
	}
	if err := g.RackMistake(m, nil, nil); err != nil {
		t.Errorf("no rack: %v, want none", err)
	}
}

// Who starts passes over a player who left; at the smaller table of a
// later round, a round won by him still counts (the phase moves on) and
// who starts after it is not known there.
func TestStarterAfterALeaver(t *testing.T) {
	g := Game{}
	m := match(3, 0, nil)
	m.AwayFrom = []int{0, 2, 0} // seat 1 left after round 1
	if _, starter, known := g.Next(m, won(3, 0)); starter != 2 || !known {
		t.Errorf("Ana won round 1, Ben left: seat %d starts (%v), want Cleo's 2", starter, known)
	}
	if p := g.Progress(m, won(3, 0)); p.Dealer != 2 {
		t.Errorf("the scoreboard's starter: %d, want 2", p.Dealer)
	}
	// Ben won the 21 (round 2), then left: at the table of Ana and Cleo,
	// round 3 is the quinte.
	seated := match(2, 0, nil)
	before := []scoring.Round{
		{Entry: Entry{Winner: 0}.Encode(), Points: []int{1, 0}},
		{Entry: Entry{Winner: 1}.Encode(), Points: []int{0, 0}}, // Ben's column cut away
	}
	if ph, _, known := g.Next(seated, before); ph != tf.Quinte || known {
		t.Errorf("after a 21 won by a player who left: %s (starter known %v), want quinte, starter unknown", ph, known)
	}
	if _, err := g.Score(seated, before, Entry{Winner: 1, Rack: []int{3, 4, 5, 6, 7}}.Encode()); err != nil {
		t.Errorf("a quinte wins round 3: %v", err)
	}
	// A 21 nobody won is still that, not a round won elsewhere.
	if ph, _, _ := g.Next(match(3, 0, nil), won(3, 0, NoWinner)); ph != tf.TwentyOne {
		t.Errorf("after a 21 replayed: %s, want 21", ph)
	}
}
