package takefive

import (
	"fmt"
	"slices"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// Action is what the player does with the token under a piece he has moved
// (TF-T2): «je vois», «je prends», or nothing on an empty square.
type Action int8

// The three actions.
const (
	See Action = iota
	TakeToken
	Nothing
)

var actionIDs = [...]string{"see", "take", "none"}

// String returns the API name: "see", "take" or "none".
func (a Action) String() string {
	if a < 0 || int(a) >= len(actionIDs) {
		return "?"
	}
	return actionIDs[a]
}

// ParseAction reads "see", "take" or "none". Returns an error otherwise.
func ParseAction(name string) (Action, error) {
	if i := slices.Index(actionIDs[:], name); i >= 0 {
		return Action(i), nil
	}
	return -1, fmt.Errorf("takefive: %q is not an action (see, take, none)", name)
}

// Move is one step of a turn: a piece to a square, then an action. Value is
// the token revealed by a take (0 when unknown, allowed only for See).
// GiveBack asks to return a token that could be kept (allowVoluntaryReturn).
type Move struct {
	Piece    Piece
	To       Square
	Action   Action
	Value    int
	GiveBack bool
}

// TakeResult is the take of a turn: at which step, on which square, the
// value, its effect, and on a penalty the squares where the given-up token may
// be laid (PenaltySquares on the board as the turn leaves it).
type TakeResult struct {
	Step    int
	Square  Square
	Value   int
	Effect  Effect
	Squares []Square
}

// Verdict is the referee's answer on a turn. State is the round after the
// moves that were legal (evaluation stops at the first illegal one); Take is
// nil when no take happened.
type Verdict struct {
	Legal      bool
	Violations []rulebook.Violation
	Take       *TakeResult
	State      State
}

// CheckTurn referees player's turn on st under settings s (TF-T1..T3, TF-A1,
// TF-A2, TF-M, TF-P): two different pieces, each move legal on the board as
// the previous one left it, see or take only on a token, nothing only on an
// empty square, at most one take, and the take's effect under the phase.
//
// It returns an *rulebook.InputError when st cannot occur (see CheckState),
// player is not in st, a move names no valid piece or square, or a value is
// impossible (outside 1–9, missing on a take, given for nothing, or a fifth
// copy). Field paths follow the API ("turn.moves[1].value"). st is not
// modified.
func CheckTurn(st State, player string, moves []Move, s rulebook.Settings) (Verdict, error) {
	if err := CheckState(st, s); err != nil {
		return Verdict{}, err
	}
	me := st.Rack(player)
	if me < 0 {
		return Verdict{}, rulebook.Mistake("player", "takefive.ref.mistake.no.rack", "Player", player)
	}
	if err := checkMoves(st, moves); err != nil {
		return Verdict{}, err
	}
	after := State{Pieces: st.Pieces, Empty: slices.Clone(st.Empty), Phase: st.Phase, Racks: slices.Clone(st.Racks)}
	if after.Empty == nil {
		after.Empty = []Square{}
	}
	v := Verdict{State: after}
	fail := func(rule string, step int, why rulebook.Msg) (Verdict, error) {
		v.Violations = append(v.Violations, rulebook.Violation{Rule: rule, Message: why, Step: step})
		return v, nil
	}
	if st.Racks[me].Eliminated {
		return fail(RuleEliminatedTurn, rulebook.NoStep, rulebook.Say("takefive.ref.v.eliminated", "Player", player))
	}
	if len(moves) == 0 {
		return fail(RuleTwoPieces, rulebook.NoStep, rulebook.Say("takefive.ref.v.nomove"))
	}
	for i, m := range moves {
		pos := &v.State.Pieces
		switch {
		case i >= 2:
			return fail(RuleTwoPieces, i, rulebook.Say("takefive.ref.v.third"))
		case i == 1 && m.Piece == moves[0].Piece && s.Get(HouseSamePieceTwice) != "true":
			return fail(RuleTwoPieces, i, rulebook.Say("takefive.ref.v.samepiece", "Piece", m.Piece.The()))
		}
		if bad := CheckMove(*pos, m.Piece, m.To); bad != nil {
			bad.Step = i
			v.Violations = append(v.Violations, *bad)
			return v, nil
		}
		pos[m.Piece] = m.To
		token := !v.State.IsEmpty(m.To)
		switch {
		case m.Action == Nothing && token:
			return fail(RuleAction, i, rulebook.Say("takefive.ref.v.say", "Piece", m.Piece.The(), "Square", m.To))
		case m.Action != Nothing && !token:
			return fail(RuleAction, i, rulebook.Say("takefive.ref.v.gone", "Piece", m.Piece.The(), "Square", m.To))
		case m.Action != TakeToken:
			continue
		case v.Take != nil:
			return fail(RuleOneTake, i, rulebook.Say("takefive.ref.v.onetake", "Player", player, "Value", v.Take.Value))
		}
		tk := Take{Phase: st.Phase, Player: player, Rack: v.State.Racks[me].Values, Opponents: opponents(v.State, me), Value: m.Value}
		eff := TakeEffect(tk, s)
		if m.GiveBack && eff.Outcome != Penalty { // a forced penalty makes the request moot
			if s.Get(HouseVoluntaryReturn) != "true" || st.Phase == TwentyOne {
				return fail(RuleVoluntaryReturn, i, rulebook.Say("takefive.ref.v.giveback", "Player", player, "Value", m.Value,
					"In21", st.Phase == TwentyOne))
			}
			tk.GiveBack = true
			eff = TakeEffect(tk, s)
		}
		v.Take = &TakeResult{Step: i, Square: m.To, Value: m.Value, Effect: eff}
		if eff.Outcome != Penalty {
			v.State.Empty = append(v.State.Empty, m.To)
			v.State.Racks[me] = Rack{Player: player, Values: eff.Rack, Eliminated: eff.Outcome == Eliminated}
		}
	}
	if len(moves) == 1 && othersCanMove(v.State.Pieces, moves[0].Piece) {
		return fail(RuleTwoPieces, rulebook.NoStep, rulebook.Say("takefive.ref.v.onepiece", "Piece", moves[0].Piece.the(),
			"Name", moves[0].Piece.Name()))
	}
	if v.Take != nil && v.Take.Effect.Outcome == Penalty {
		v.Take.Squares = PenaltySquares(v.State.Pieces, v.State.Empty)
	}
	v.Legal = true
	return v, nil
}

// othersCanMove reports whether a piece other than moved has a destination.
func othersCanMove(pos Position, moved Piece) bool {
	for _, p := range Pieces {
		if p != moved && len(Destinations(pos, p)) > 0 {
			return true
		}
	}
	return false
}

func opponents(st State, me int) []Opponent {
	out := make([]Opponent, 0, len(st.Racks)-1)
	for i, r := range st.Racks {
		if i != me {
			out = append(out, Opponent{Name: r.Player, Rack: r.Values, Eliminated: r.Eliminated})
		}
	}
	return out
}

// checkMoves rejects move descriptions that cannot occur. A value named is
// in sight, like the racks: the game has four of each («4 séries de pions
// marqués de 1 à 9») and two moves of a turn reveal two different tokens
// (a piece never ends on the square it left, nor on another piece).
func checkMoves(st State, moves []Move) error {
	var copies [10]int
	for _, r := range st.Racks {
		for _, v := range r.Values {
			copies[v]++
		}
	}
	for i, m := range moves {
		f := fmt.Sprintf("turn.moves[%d]", i)
		switch {
		case !m.Piece.Valid():
			return rulebook.Mistake(f+".piece", "takefive.ref.mistake.piece.unknown")
		case !m.To.Valid():
			return rulebook.Mistake(f+".to", "takefive.ref.mistake.square.unknown")
		case m.Action < See || m.Action > Nothing:
			return rulebook.Mistake(f+".action", "takefive.ref.mistake.action.unknown")
		case m.Action == TakeToken && m.Value == 0:
			return rulebook.Mistake(f+".value", "takefive.ref.mistake.take.value.missing")
		case m.Action == Nothing && m.Value != 0:
			return rulebook.Mistake(f+".value", "takefive.ref.mistake.nothing.value")
		case m.GiveBack && m.Action != TakeToken:
			return rulebook.Mistake(f+".giveBack", "takefive.ref.mistake.give.back.not.taken")
		case m.Value < 0 || m.Value > 9:
			return rulebook.Mistake(f+".value", "takefive.ref.mistake.not.value", "Value", m.Value)
		case m.Value > 0 && copies[m.Value] >= 4:
			return rulebook.Mistake(f+".value", "takefive.ref.mistake.value.all.seen", "Value", m.Value)
		}
		if m.Value > 0 {
			copies[m.Value]++
		}
	}
	return nil
}
