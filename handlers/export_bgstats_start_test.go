package handlers

import "testing"

// The BG Stats export says who started a match recorded here from the
// game's first-dealer option, as the game's profile declares it: in Five
// Crowns the seat after the dealer starts, in Take Five the first starter
// does; a game without the option, or a seat out of range, says no one.
func TestBGStatsStartSeatFromProfile(t *testing.T) {
	s := &Server{byID: map[string]Game{}}
	for _, g := range testGames() {
		s.byID[g.ID()] = g
	}
	for _, c := range []struct {
		game string
		opts map[string]string
		want int
	}{
		{"fivecrowns", map[string]string{"firstDealer": "2"}, 2},
		{"fivecrowns", map[string]string{"firstDealer": "3"}, 0},
		{"takefive", map[string]string{"firstStarter": "2"}, 1},
		{"taki", map[string]string{"firstDealer": "2"}, -1},
		{"fivecrowns", map[string]string{"firstDealer": "4"}, -1},
		{"nogame", map[string]string{"firstDealer": "1"}, -1},
	} {
		if got := s.bgstatsGame(c.game).StartSeat(c.opts, 3); got != c.want {
			t.Errorf("%s %v: start seat %d, want %d", c.game, c.opts, got, c.want)
		}
	}
}
