package takefive

import (
	"fmt"
	"slices"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// Rack is one player's tokens, in the order taken, and whether he is out of
// a 21 round.
type Rack struct {
	Player     string
	Values     []int
	Eliminated bool
}

// State is a round in progress as the referee needs it (RULES.md §2.3).
type State struct {
	Pieces Position
	// Empty lists the squares whose token has been taken, in the order given.
	// A square not listed holds a face-down token.
	Empty []Square
	Phase Phase
	// Racks holds every player of the round (2 to 4), in a fixed order.
	Racks []Rack
}

// IsEmpty reports whether square sq has no token.
func (st *State) IsEmpty(sq Square) bool { return slices.Contains(st.Empty, sq) }

// Rack returns the index of player's rack, or -1.
func (st *State) Rack(player string) int {
	return slices.IndexFunc(st.Racks, func(r Rack) bool { return r.Player == player })
}

// Fields name the parts of a state in an *rulebook.InputError the way the API
// spells them; CheckState uses these.
func rackField(player string, i int) string {
	if i < 0 {
		return "state.racks." + player
	}
	return fmt.Sprintf("state.racks.%s[%d]", player, i)
}

// CheckState reports the first thing about st that cannot occur in a game,
// as an *rulebook.InputError whose Field is the API's JSON path
// ("state.racks.Paul[2]", "state.empty[1]", "state.eliminated"):
//   - pieces off the board, on one square, or a bishop off its colour;
//   - a square listed empty twice, or as many empty squares as tokens in
//     the racks not holding (every taken token is in a rack and left its
//     square empty);
//   - fewer than 2 or more than 4 players, a player twice or unnamed;
//   - a value outside 1–9, more than 5 tokens, more than 4 copies of a value;
//   - a rack the phase could not have let stand: a duplicate in score or
//     quinte, a quinte misfit, a rack that has already won, a 21 rack that
//     should be eliminated or is eliminated without cause, an elimination
//     outside the 21 phase, or a 21 round already decided by eliminations
//     under settings s.
//
// Returns nil for a possible state.
func CheckState(st State, s rulebook.Settings) error {
	if err := st.Pieces.Check(); err != nil {
		return err
	}
	for i, sq := range st.Empty {
		if !sq.Valid() {
			return rulebook.Invalid(fmt.Sprintf("state.empty[%d]", i), "This is not a square a1…f6.", "Ce n'est pas une case a1…f6.")
		}
		if slices.Contains(st.Empty[:i], sq) {
			return rulebook.Invalid(fmt.Sprintf("state.empty[%d]", i),
				fmt.Sprintf("%s is listed empty twice.", sq), fmt.Sprintf("%s est déclarée vide deux fois.", sq))
		}
	}
	if n := len(st.Racks); n < 2 || n > 4 {
		return rulebook.Invalid("state.racks", fmt.Sprintf("Take Five is played by 2 to 4 players, not %d.", n),
			fmt.Sprintf("Take Five se joue de 2 à 4 joueurs, pas %d.", n))
	}
	var copies [10]int
	tokens, standing := 0, 0
	for ri, r := range st.Racks {
		if r.Player == "" {
			return rulebook.Invalid("state.racks", "A player has no name.", "Un joueur n'a pas de nom.")
		}
		if slices.ContainsFunc(st.Racks[:ri], func(o Rack) bool { return o.Player == r.Player }) {
			return rulebook.Invalid(rackField(r.Player, -1), "A player appears twice.", "Un joueur apparaît deux fois.")
		}
		if len(r.Values) > 5 {
			return rulebook.Invalid(rackField(r.Player, 5), fmt.Sprintf("%s holds %d tokens; a rack holds at most 5.", r.Player, len(r.Values)),
				fmt.Sprintf("%s a %d pions ; un tableau en reçoit 5 au plus.", r.Player, len(r.Values)))
		}
		for i, v := range r.Values {
			if v < MinValue || v > MaxValue {
				return rulebook.Invalid(rackField(r.Player, i), fmt.Sprintf("%d is not a token value (1 to 9).", v),
					fmt.Sprintf("%d n'est pas la valeur d'un pion (1 à 9).", v))
			}
			if copies[v]++; copies[v] > 4 {
				return rulebook.Invalid(rackField(r.Player, i), fmt.Sprintf("This is a fifth %d, but the game has only four tokens of each value.", v),
					fmt.Sprintf("C'est un cinquième %d, mais le jeu n'a que quatre pions de chaque valeur.", v))
			}
		}
		tokens += len(r.Values)
		if err := checkRack(st.Phase, r); err != nil {
			return err
		}
		if !r.Eliminated {
			standing++
		}
	}
	// Every token is on its square or in a rack (an eliminated player's
	// too; a given-up token goes back onto an empty square), so the empty
	// squares are exactly the tokens the racks hold.
	if len(st.Empty) > tokens {
		return rulebook.Invalid("state.empty", fmt.Sprintf("%d squares are empty but the racks hold only %d tokens: every taken token is in a rack.", len(st.Empty), tokens),
			fmt.Sprintf("%d cases sont vides mais les tableaux n'ont que %d pions : chaque pion pris est dans un tableau.", len(st.Empty), tokens))
	}
	if len(st.Empty) < tokens {
		return rulebook.Invalid("state.empty", fmt.Sprintf("The racks hold %d tokens but only %d squares are empty: every token taken leaves its square empty.", tokens, len(st.Empty)),
			fmt.Sprintf("Les tableaux ont %d pions mais seules %d cases sont vides : chaque pion pris laisse sa case vide.", tokens, len(st.Empty)))
	}
	if st.Phase == TwentyOne {
		last := s.Get(HouseLastStandingWins) != "false"
		if standing == 0 || (standing == 1 && last) {
			return rulebook.Invalid("state.eliminated", "The round is already over: not enough players are left in it.",
				"La manche est déjà finie : il n'y reste plus assez de joueurs.")
		}
	}
	return nil
}

// checkRack says whether one rack can stand in the middle of a round of ph.
func checkRack(ph Phase, r Rack) error {
	f := rackField(r.Player, -1)
	if r.Eliminated && ph != TwentyOne {
		return rulebook.Invalid("state.eliminated", fmt.Sprintf("%s is eliminated, but only the 21 phase eliminates players.", r.Player),
			fmt.Sprintf("%s est éliminé, mais seule la phase « 21 » élimine des joueurs.", r.Player))
	}
	switch ph {
	case TwentyOne:
		total, n := sum(r.Values), len(r.Values)
		out := total > 21 || (n == 5 && total < 21)
		switch {
		case total == 21:
			return rulebook.Invalid(f, fmt.Sprintf("%s's tokens already make 21: the round is won.", r.Player),
				fmt.Sprintf("Les pions de %s font déjà 21 : la manche est gagnée.", r.Player))
		case out && !r.Eliminated:
			return rulebook.Invalid(f, fmt.Sprintf("%s's tokens make %d with %d tokens: he should be eliminated.", r.Player, total, n),
				fmt.Sprintf("Les pions de %s font %d avec %d pions : il devrait être éliminé.", r.Player, total, n))
		case !out && r.Eliminated:
			return rulebook.Invalid("state.eliminated", fmt.Sprintf("%s is listed eliminated, but his tokens make %d with %d tokens.", r.Player, total, n),
				fmt.Sprintf("%s est déclaré éliminé, mais ses pions font %d avec %d pions.", r.Player, total, n))
		}
	default:
		for i, v := range r.Values {
			if slices.Contains(r.Values[:i], v) {
				return rulebook.Invalid(rackField(r.Player, i), fmt.Sprintf("%s holds two %ds, which %s does not allow.", r.Player, v, ph.Name().EN),
					fmt.Sprintf("%s a deux %d, ce que %s ne permet pas.", r.Player, v, ph.Name().FR))
			}
		}
		if len(r.Values) == 5 {
			return rulebook.Invalid(f, fmt.Sprintf("%s already holds five tokens: the round is over.", r.Player),
				fmt.Sprintf("%s a déjà cinq pions : la manche est finie.", r.Player))
		}
		if ph == Quinte && len(r.Values) > 0 && slices.Max(r.Values)-slices.Min(r.Values) > 4 {
			return rulebook.Invalid(f, fmt.Sprintf("%s's tokens %s cannot be part of one quinte.", r.Player, list(r.Values, ", ")),
				fmt.Sprintf("Les pions %s de %s ne peuvent faire partie d'une même quinte.", list(r.Values, ", "), r.Player))
		}
	}
	return nil
}

// PenaltySquares lists where a given-up token may be laid (PENALTY, TF-A6),
// in square order: the empty squares with no piece on them, or, when there is
// none, the empty squares under a piece. pos and empty describe the board
// after the turn, with the penalised token back on its square.
func PenaltySquares(pos Position, empty []Square) []Square {
	free, under := []Square{}, []Square{}
	for _, sq := range empty {
		if _, ok := pos.On(sq); ok {
			under = append(under, sq)
		} else {
			free = append(free, sq)
		}
	}
	if len(free) == 0 {
		free = under
	}
	slices.Sort(free)
	return free
}
