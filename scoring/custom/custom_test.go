package custom

import (
	"slices"
	"testing"

	"github.com/tablekeeper/tablekeeper/scoring"
)

func rounds(g Game, m scoring.Match, entries ...Entry) ([]scoring.Round, error) {
	var out []scoring.Round
	for _, e := range entries {
		pts, err := g.Score(m, out, e.Encode())
		if err != nil {
			return out, err
		}
		out = append(out, scoring.Round{Entry: e.Encode(), Points: pts})
	}
	return out, nil
}

// Quibbo: the lowest wins, the match ends when a player reaches 100, and no
// round follows.
func TestLowestWinsEndsAtTarget(t *testing.T) {
	g := Game{Def{ID: "custom-1", Kind: Rounds, LowWins: true, Target: 100}}
	m := scoring.Match{Seats: 3}
	rs, err := rounds(g, m, Entry{Points: []int{40, 20, 30}}, Entry{Points: []int{50, -5, 10}})
	if err != nil {
		t.Fatal(err)
	}
	if p := g.Progress(m, rs); p.Finished || !slices.Equal(p.Places, []int{3, 1, 2}) {
		t.Errorf("at 90/15/40: %+v, want in progress, Ben first", p)
	}
	rs, _ = rounds(g, m, Entry{Points: []int{40, 20, 30}}, Entry{Points: []int{50, -5, 10}}, Entry{Points: []int{10, 0, 0}})
	if p := g.Progress(m, rs); !p.Finished || !slices.Equal(p.Winners, []int{1}) {
		t.Errorf("at 100: %+v, want over, seat 1 wins", p)
	}
	if _, err := g.Score(m, rs, Entry{Points: []int{1, 1, 1}}.Encode()); err == nil {
		t.Error("a round after the end was taken")
	}
	if _, err := g.Score(m, nil, Entry{Points: []int{1, 1}}.Encode()); err == nil {
		t.Error("a round missing a player was taken")
	}
}

// Open-ended: only a round marked the last ends it.
func TestOpenEndsByHand(t *testing.T) {
	g := Game{Def{ID: "custom-1", Kind: Rounds}}
	m := scoring.Match{Seats: 2}
	rs, _ := rounds(g, m, Entry{Points: []int{500, 0}}, Entry{Points: []int{1, 2}})
	if g.Progress(m, rs).Finished {
		t.Error("an open match ended without a last round")
	}
	rs, _ = rounds(g, m, Entry{Points: []int{500, 0}}, Entry{Points: []int{1, 2}, Last: true})
	if p := g.Progress(m, rs); !p.Finished || !slices.Equal(p.Winners, []int{0}) {
		t.Errorf("after the last round: %+v", p)
	}
}

// Places: a ranking gives each the number behind him; a tie shares a place;
// the winner only needs someone first; one result ends the match.
func TestPlaces(t *testing.T) {
	m := scoring.Match{Seats: 4}
	rank := Game{Def{ID: "custom-2", Kind: Ranking}}
	pts, err := rank.Score(m, nil, Entry{Places: []int{2, 1, 2, 4}}.Encode())
	if err != nil || !slices.Equal(pts, []int{1, 3, 1, 0}) {
		t.Fatalf("ranking 2,1,2,4 = %v, %v; want 1,3,1,0", pts, err)
	}
	p := rank.Progress(m, []scoring.Round{{Points: pts}})
	if !p.Finished || !slices.Equal(p.Places, []int{2, 1, 2, 4}) || !rank.NoPoints() {
		t.Errorf("progress %+v, want over with the places given", p)
	}
	win := Game{Def{ID: "custom-3", Kind: Winner}}
	if _, err := win.Score(m, nil, Entry{Places: []int{2, 2, 2, 2}}.Encode()); err == nil {
		t.Error("a result without a winner was taken")
	}
	if _, err := rank.Score(m, nil, Entry{Places: []int{1, 5, 2, 3}}.Encode()); err == nil {
		t.Error("place 5 of 4 was taken")
	}
}

// A co-operative game is won or lost by everyone together: one seat won
// and another lost is refused; the totals say which it was (Together).
func TestCoopWonOrLostTogether(t *testing.T) {
	g := Game{Def{ID: "custom-1", Kind: Winner, Coop: true}}
	m := scoring.Match{Seats: 3}
	if _, err := rounds(g, m, Entry{Places: []int{1, 2, 1}}); err == nil {
		t.Error("a co-op round with one seat lost was taken")
	}
	for _, c := range []struct {
		places []int
		won    bool
	}{{[]int{1, 1, 1}, true}, {[]int{2, 2, 2}, false}} {
		rs, err := rounds(g, m, Entry{Places: c.places})
		if err != nil {
			t.Fatal(err)
		}
		if got := Together(scoring.Totals(3, rs)); got != c.won {
			t.Errorf("places %v: won %v, want %v", c.places, got, c.won)
		}
	}
}
