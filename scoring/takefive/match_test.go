package takefive

import (
	"errors"
	"slices"
	"testing"

	tf "github.com/tablekeeper/tablekeeper/referee/takefive"
	"github.com/tablekeeper/tablekeeper/rulebook"
)

func TestPhaseOf(t *testing.T) {
	want := []tf.Phase{tf.Score, tf.TwentyOne, tf.Quinte, tf.Score, tf.TwentyOne, tf.Quinte, tf.Score}
	for i, w := range want {
		if got := PhaseOf(i); got != w {
			t.Errorf("PhaseOf(%d) = %v, want %v", i, got, w)
		}
	}
}

func TestStarter(t *testing.T) {
	tests := []struct {
		name                     string
		players, starter, winner int
		want                     int
	}{
		{"left of the winner", 4, 0, 2, 3},
		{"left of the last seat is seat 0", 4, 1, 3, 0},
		{"two players: the loser starts", 2, 0, 0, 1},
		{"the winner started", 3, 1, 1, 2},
		{"no winner: play passes on from the starter", 3, 2, NoWinner, 0},
	}
	for _, tt := range tests {
		if got := Starter(tt.players, tt.starter, tt.winner); got != tt.want {
			t.Errorf("%s: Starter(%d, %d, %d) = %d, want %d", tt.name, tt.players, tt.starter, tt.winner, got, tt.want)
		}
	}
}

func TestWinner(t *testing.T) {
	tests := []struct {
		markers  []int
		want     int
		finished bool
	}{
		{[]int{0, 0}, NoWinner, false},
		{[]int{2, 2, 2, 2}, NoWinner, false},
		{[]int{2, 3, 2, 1}, 1, true},
		{[]int{3, 0}, 0, true},
	}
	for _, tt := range tests {
		if got, fin := Winner(tt.markers); got != tt.want || fin != tt.finished {
			t.Errorf("Winner(%v) = %d, %v, want %d, %v", tt.markers, got, fin, tt.want, tt.finished)
		}
	}
}

func TestPlay(t *testing.T) {
	defaults := rulebook.Defaults(tf.HouseRules)
	noWinner, _ := rulebook.Resolve(tf.HouseRules, map[string]string{tf.HouseAllEliminated: tf.AllEliminatedNoWinner})
	tests := []struct {
		name         string
		players      int
		first        int
		winners      []int
		s            rulebook.Settings
		wantPhases   []tf.Phase
		wantStarters []int
		wantMarkers  []int
		wantWinner   int
		wantNext     tf.Phase
	}{
		{"a new match", 3, 1, nil, defaults, []tf.Phase{}, []int{}, []int{0, 0, 0}, NoWinner, tf.Score},
		{"the longest 4-player match: 9 rounds, 9 markers", 4, 0, []int{0, 1, 2, 3, 0, 1, 2, 3, 0}, defaults,
			[]tf.Phase{tf.Score, tf.TwentyOne, tf.Quinte, tf.Score, tf.TwentyOne, tf.Quinte, tf.Score, tf.TwentyOne, tf.Quinte},
			[]int{0, 1, 2, 3, 0, 1, 2, 3, 0}, []int{3, 2, 2, 2}, 0, tf.Score},
		{"2 players, three straight wins", 2, 1, []int{0, 0, 0}, defaults,
			[]tf.Phase{tf.Score, tf.TwentyOne, tf.Quinte}, []int{1, 1, 1}, []int{3, 0}, 0, tf.Score},
		{"everyone eliminated at 21: replayed (default)", 2, 0, []int{1, NoWinner, 1}, defaults,
			[]tf.Phase{tf.Score, tf.TwentyOne, tf.TwentyOne}, []int{0, 0, 1}, []int{0, 2}, NoWinner, tf.Quinte},
		{"everyone eliminated at 21: no winner, on to the quinte", 2, 0, []int{1, NoWinner, 1}, noWinner,
			[]tf.Phase{tf.Score, tf.TwentyOne, tf.Quinte}, []int{0, 0, 1}, []int{0, 2}, NoWinner, tf.Score},
	}
	for _, tt := range tests {
		sh, err := Play(tt.players, tt.first, tt.winners, tt.s)
		if err != nil {
			t.Fatalf("%s: Play: %v", tt.name, err)
		}
		var phases []tf.Phase
		var starters []int
		for _, r := range sh.Rounds {
			phases, starters = append(phases, r.Phase), append(starters, r.Starter)
		}
		if !slices.Equal(phases, tt.wantPhases) && len(phases)+len(tt.wantPhases) > 0 {
			t.Errorf("%s: Play phases = %v, want %v", tt.name, phases, tt.wantPhases)
		}
		if !slices.Equal(starters, tt.wantStarters) && len(starters)+len(tt.wantStarters) > 0 {
			t.Errorf("%s: Play starters = %v, want %v", tt.name, starters, tt.wantStarters)
		}
		if !slices.Equal(sh.Markers, tt.wantMarkers) || sh.Winner != tt.wantWinner || sh.Finished != (tt.wantWinner != NoWinner) {
			t.Errorf("%s: Play markers = %v winner %d finished %v, want %v winner %d", tt.name, sh.Markers, sh.Winner, sh.Finished, tt.wantMarkers, tt.wantWinner)
		}
		if !sh.Finished && sh.NextPhase != tt.wantNext {
			t.Errorf("%s: Play next phase = %v, want %v", tt.name, sh.NextPhase, tt.wantNext)
		}
		total := 0
		for _, m := range sh.Markers {
			total += m
		}
		if total > 9 {
			t.Errorf("%s: %d markers handed out, the game has 9", tt.name, total)
		}
	}
}

func TestPlayRejects(t *testing.T) {
	defaults := rulebook.Defaults(tf.HouseRules)
	tests := []struct {
		name      string
		players   int
		first     int
		winners   []int
		wantField string
	}{
		{"one player", 1, 0, nil, "players"},
		{"five players", 5, 0, nil, "players"},
		{"no such starter", 2, 2, nil, "firstStarter"},
		{"no such winner", 3, 0, []int{3}, "winners[0]"},
		{"a score round always has a winner", 3, 0, []int{NoWinner}, "winners[0]"},
		{"a round after the match is won", 2, 0, []int{0, 0, 0, 1}, "winners[3]"},
	}
	for _, tt := range tests {
		_, err := Play(tt.players, tt.first, tt.winners, defaults)
		var ie *rulebook.InputError
		if !errors.As(err, &ie) || ie.Field != tt.wantField {
			t.Errorf("%s: Play(%d, %d, %v) error = %v, want field %q", tt.name, tt.players, tt.first, tt.winners, err, tt.wantField)
		}
	}
}

func TestCheckWinningRack(t *testing.T) {
	tests := []struct {
		phase tf.Phase
		rack  []int
		want  bool
	}{
		{tf.Score, []int{7, 8, 3, 5, 9}, true},
		{tf.Score, []int{7, 8, 3, 5}, false},
		{tf.Score, []int{7, 8, 3, 5, 8}, false},
		{tf.TwentyOne, []int{9, 8, 4}, true},
		{tf.TwentyOne, []int{1, 1, 1, 9, 9}, true},
		{tf.TwentyOne, []int{9, 8, 5}, false},
		{tf.TwentyOne, []int{2, 3, 4, 5, 6}, false},
		{tf.TwentyOne, []int{9, 9, 1, 1, 1}, true},
		{tf.TwentyOne, []int{4, 4, 4, 4, 4, 1}, false},
		{tf.Quinte, []int{3, 4, 5, 6, 7}, true},
		{tf.Quinte, []int{7, 5, 3, 6, 4}, true},
		{tf.Quinte, []int{5, 6, 7, 8, 9}, true},
		{tf.Quinte, []int{3, 5, 6, 7, 8}, false},
		{tf.Quinte, []int{3, 4, 5, 6}, false},
		{tf.Quinte, []int{3, 4, 5, 5, 6}, false},
		{tf.Score, []int{0, 8, 3, 5, 9}, false},
	}
	for _, tt := range tests {
		got, msg := CheckWinningRack(tt.phase, tt.rack)
		if why := said(msg); got != tt.want || !why.IsSentence() {
			t.Errorf("CheckWinningRack(%v, %v) = %v (%q / %q), want %v", tt.phase, tt.rack, got, why.EN, why.FR, tt.want)
		}
	}
}

// Why a rack wins or not reads word for word in English and French, the
// phase named in the reader's language.
func TestCheckWinningRackSays(t *testing.T) {
	for _, tt := range []struct {
		phase  tf.Phase
		rack   []int
		en, fr string
	}{
		{tf.Quinte, []int{7, 5, 3, 6, 4}, "These tokens win the quinte phase.", "Ces pions gagnent la phase « quinte »."},
		{tf.TwentyOne, []int{9, 8, 5}, "A 21 round is won with three to five tokens adding up to exactly 21; these 3 tokens make 22.",
			"Une manche « 21 » se gagne avec trois à cinq pions qui font exactement 21 ; ces 3 pions font 22."},
		{tf.Score, []int{0, 8, 3, 5, 9}, "0 is not a token value (1 to 9).", "0 n'est pas la valeur d'un pion (1 à 9)."},
	} {
		_, msg := CheckWinningRack(tt.phase, tt.rack)
		if why := said(msg); why.EN != tt.en || why.FR != tt.fr {
			t.Errorf("CheckWinningRack(%v, %v) says %q / %q, want %q / %q", tt.phase, tt.rack, why.EN, why.FR, tt.en, tt.fr)
		}
	}
}

func BenchmarkPlay(b *testing.B) {
	s := rulebook.Defaults(tf.HouseRules)
	w := []int{0, 1, 2, 3, 0, 1, 2, 3, 0}
	for b.Loop() {
		_, _ = Play(4, 0, w, s)
	}
}

func BenchmarkCheckWinningRack(b *testing.B) {
	for b.Loop() {
		_, _ = CheckWinningRack(tf.Quinte, []int{7, 5, 3, 6, 4})
	}
}
