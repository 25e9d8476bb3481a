package takefive

import (
	"errors"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// A refusal reads the same in English and in French through the message
// files as the players have always read it, a piece or a phase named in
// the reader's language and a piece that begins a sentence capitalised.
func TestRefusalsReadInBothLanguages(t *testing.T) {
	base := func() State {
		return State{Pieces: Start, Phase: Score, Racks: []Rack{
			{Player: "Alfred", Values: []int{8, 9, 7, 5}}, {Player: "Paul", Values: []int{7, 8, 3, 5}}}}
	}
	for _, tt := range []struct {
		name   string
		edit   func(*State)
		en, fr string
	}{
		{"a piece off the board", func(st *State) { st.Pieces[Rook] = Square(-1) },
			"The rook is off the board: every piece stands on a square a1…f6.",
			"La tour est hors du damier : chaque pièce est sur une case a1…f6."},
		{"two pieces on a square", func(st *State) { st.Pieces[Rook] = st.Pieces[BlackBishop] },
			"The black bishop and the rook are both on " + Start[BlackBishop].String() + ", but a square holds one piece at most.",
			"Le fou noir et la tour sont tous les deux sur " + Start[BlackBishop].String() + ", or une case ne porte qu'une pièce."},
		{"a pair in the score phase", func(st *State) { st.Racks[1].Values = []int{7, 7} },
			"Paul holds two 7s, which the score phase does not allow.",
			"Paul a deux 7, ce que la phase « score » ne permet pas."},
		{"a quinte misfit", func(st *State) { st.Phase = Quinte; st.Racks[0].Values = []int{1, 6} },
			"Alfred's tokens 1, 6 cannot be part of one quinte.",
			"Les pions 1, 6 d'Alfred ne peuvent faire partie d'une même quinte."},
		{"one player", func(st *State) { st.Racks = st.Racks[:1] },
			"Take Five is played by 2 to 4 players, not 1.",
			"Take Five se joue de 2 à 4 joueurs, pas 1."},
	} {
		st := base()
		tt.edit(&st)
		if st.Empty == nil {
			n := 0
			for _, r := range st.Racks {
				n += len(r.Values)
			}
			st.Empty = squares(t, strings.Join(emptyList[:n], " "))
		}
		var ie *rulebook.InputError
		if err := CheckState(st, defaults); !errors.As(err, &ie) {
			t.Errorf("%s: CheckState = %v, want an input error", tt.name, err)
			continue
		}
		if got := says(ie); got.EN != tt.en || got.FR != tt.fr {
			t.Errorf("%s: says\n %q\n %q\nwant\n %q\n %q", tt.name, got.EN, got.FR, tt.en, tt.fr)
		}
	}
	for _, tt := range []struct{ name, body, en, fr string }{
		{"an unknown piece", `{"player": "Paul", "state": {"pieces": {"rook": "a1", "knight": "b1", "black-bishop": "c1", "white-bishop": "d1"}, "empty": [], "phase": "score", "racks": {"Paul": [], "Alfred": []}}, "turn": {"moves": [{"piece": "queen", "to": "a2", "action": "none"}]}}`,
			`"queen" is not a piece (rook, knight, black-bishop, white-bishop).`,
			"« queen » n'est pas une pièce (rook, knight, black-bishop, white-bishop)."},
		{"a piece's square missing", `{"player": "Paul", "state": {"pieces": {"rook": "a1", "knight": "b1", "black-bishop": "c1"}, "empty": [], "phase": "score", "racks": {"Paul": [], "Alfred": []}}, "turn": {"moves": []}}`,
			"The white bishop's square is missing.",
			"La case de la pièce « fou blanc » manque."},
	} {
		var ie *rulebook.InputError
		if _, err := AnswerTurn(decode(t, tt.body), in("en")); !errors.As(err, &ie) {
			t.Errorf("%s: AnswerTurn = %v, want an input error", tt.name, err)
			continue
		}
		if got := says(ie); got.EN != tt.en || got.FR != tt.fr {
			t.Errorf("%s: says\n %q\n %q\nwant\n %q\n %q", tt.name, got.EN, got.FR, tt.en, tt.fr)
		}
	}
}
