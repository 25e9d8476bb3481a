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
			return rulebook.Mistake(fmt.Sprintf("state.empty[%d]", i), "takefive.ref.mistake.square.unknown")
		}
		if slices.Contains(st.Empty[:i], sq) {
			return rulebook.Mistake(fmt.Sprintf("state.empty[%d]", i), "takefive.ref.mistake.empty.twice", "Square", sq)
		}
	}
	if n := len(st.Racks); n < 2 || n > 4 {
		return rulebook.Mistake("state.racks", "takefive.ref.mistake.players.count", "Players", n)
	}
	var copies [10]int
	tokens, standing := 0, 0
	for ri, r := range st.Racks {
		if r.Player == "" {
			return rulebook.Mistake("state.racks", "takefive.ref.mistake.player.no.name")
		}
		if slices.ContainsFunc(st.Racks[:ri], func(o Rack) bool { return o.Player == r.Player }) {
			return rulebook.Mistake(rackField(r.Player, -1), "takefive.ref.mistake.player.twice")
		}
		if len(r.Values) > 5 {
			return rulebook.Mistake(rackField(r.Player, 5), "takefive.ref.mistake.rack.too.full", "Player", r.Player, "Tokens", len(r.Values))
		}
		for i, v := range r.Values {
			if v < MinValue || v > MaxValue {
				return rulebook.Mistake(rackField(r.Player, i), "takefive.ref.mistake.not.value", "Value", v)
			}
			if copies[v]++; copies[v] > 4 {
				return rulebook.Mistake(rackField(r.Player, i), "takefive.ref.mistake.value.fifth", "Value", v)
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
		return rulebook.Mistake("state.empty", "takefive.ref.mistake.empty.more.than.tokens", "Empty", len(st.Empty), "Tokens", tokens)
	}
	if len(st.Empty) < tokens {
		return rulebook.Mistake("state.empty", "takefive.ref.mistake.tokens.more.than.empty", "Tokens", tokens, "Empty", len(st.Empty))
	}
	if st.Phase == TwentyOne {
		last := s.Get(HouseLastStandingWins) != "false"
		if standing == 0 || (standing == 1 && last) {
			return rulebook.Mistake("state.eliminated", "takefive.ref.mistake.round.over.eliminated")
		}
	}
	return nil
}

// checkRack says whether one rack can stand in the middle of a round of ph.
func checkRack(ph Phase, r Rack) error {
	f := rackField(r.Player, -1)
	if r.Eliminated && ph != TwentyOne {
		return rulebook.Mistake("state.eliminated", "takefive.ref.mistake.eliminated.not.21", "Player", r.Player)
	}
	switch ph {
	case TwentyOne:
		total, n := sum(r.Values), len(r.Values)
		out := total > 21 || (n == 5 && total < 21)
		switch {
		case total == 21:
			return rulebook.Mistake(f, "takefive.ref.mistake.rack.won.21", "Player", r.Player)
		case out && !r.Eliminated:
			return rulebook.Mistake(f, "takefive.ref.mistake.rack.should.be.out", "Player", r.Player, "Total", total, "Tokens", n)
		case !out && r.Eliminated:
			return rulebook.Mistake("state.eliminated", "takefive.ref.mistake.rack.not.out", "Player", r.Player, "Total", total, "Tokens", n)
		}
	default:
		for i, v := range r.Values {
			if slices.Contains(r.Values[:i], v) {
				return rulebook.Mistake(rackField(r.Player, i), "takefive.ref.mistake.rack.pair", "Player", r.Player, "Value", v, "Phase", ph.Name())
			}
		}
		if len(r.Values) == 5 {
			return rulebook.Mistake(f, "takefive.ref.mistake.rack.won.five", "Player", r.Player)
		}
		if ph == Quinte && len(r.Values) > 0 && slices.Max(r.Values)-slices.Min(r.Values) > 4 {
			return rulebook.Mistake(f, "takefive.ref.mistake.rack.no.quinte", "Player", r.Player, "Values", list(r.Values, ", "))
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
