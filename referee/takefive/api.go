package takefive

import (
	"fmt"
	"maps"
	"slices"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// TurnRequest is the body of POST /api/v1/takefive/turn (API.md).
type TurnRequest struct {
	State  *WireState         `json:"state"`
	Player string             `json:"player"`
	Turn   *WireTurn          `json:"turn"`
	Rules  rulebook.JSONRules `json:"rules,omitempty"`
}

// WireState is a round as the API writes it: pieces by name, empty squares,
// the phase ("score", "21", "quinte"), each player's rack by name, and the
// players eliminated from a 21 round.
type WireState struct {
	Pieces     map[string]string `json:"pieces"`
	Empty      []string          `json:"empty"`
	Phase      string            `json:"phase"`
	Racks      map[string][]int  `json:"racks"`
	Eliminated []string          `json:"eliminated"`
}

// WireTurn is the turn: its moves in order.
type WireTurn struct {
	Moves []WireMove `json:"moves"`
}

// WireMove is one move: a piece, its destination, and "see", "take" or
// "none"; value is the token revealed by a take (optional for see, absent
// for none). giveBack (an addition to API.md) asks to return a token that
// could be kept, under the allowVoluntaryReturn house rule.
type WireMove struct {
	Piece    string `json:"piece"`
	To       string `json:"to"`
	Action   string `json:"action"`
	Value    *int   `json:"value,omitempty"`
	GiveBack bool   `json:"giveBack,omitempty"`
}

// TurnResponse is the answer. take is null when no take happened and
// roundWinner null unless the round was won. roundOver and replayRound (added
// to API.md) say that the round ended, and that a 21 round where everyone
// was eliminated is to be replayed.
type TurnResponse struct {
	Legal       bool                     `json:"legal"`
	Violations  []rulebook.WireViolation `json:"violations"`
	Take        *WireTake                `json:"take"`
	RoundWinner *string                  `json:"roundWinner"`
	State       WireState                `json:"state"`
	RoundOver   bool                     `json:"roundOver"`
	ReplayRound bool                     `json:"replayRound"`
}

// WireTake is the take: value and outcome as API.md gives them, plus the
// step, the square, the deciding rule and its reason, and on a penalty in a
// legal turn the player's choices (null otherwise).
type WireTake struct {
	Value   int          `json:"value"`
	Outcome string       `json:"outcome"`
	Step    int          `json:"step"`
	Square  string       `json:"square"`
	Rule    string       `json:"rule"`
	Reason  string       `json:"reason"`
	Penalty *WirePenalty `json:"penalty"`
}

// WirePenalty lists what a penalised player chooses: the token he gives up
// (any of giveUp) and the square it goes to (any of squares).
type WirePenalty struct {
	GiveUp  []int    `json:"giveUp"`
	Squares []string `json:"squares"`
}

// AnswerTurn referees the turn of req, its sentences said by say (in the
// answer's language).
// It returns an *rulebook.InputError, whose Field is the JSON path, for a
// missing or malformed field, an unknown house rule, or a state or move that
// cannot occur; it returns no other error.
func AnswerTurn(req TurnRequest, say rulebook.Speaker) (TurnResponse, error) {
	s, err := rulebook.Resolve(HouseRules, req.Rules)
	if err != nil {
		return TurnResponse{}, err
	}
	st, err := stateFromWire(req.State)
	if err != nil {
		return TurnResponse{}, err
	}
	if req.Player == "" {
		return TurnResponse{}, rulebook.Mistake("player", "takefive.ref.mistake.player.missing")
	}
	if req.Turn == nil || req.Turn.Moves == nil {
		return TurnResponse{}, rulebook.Mistake("turn.moves", "takefive.ref.mistake.moves.missing")
	}
	moves := make([]Move, len(req.Turn.Moves))
	for i, wm := range req.Turn.Moves {
		f := fmt.Sprintf("turn.moves[%d]", i)
		m := Move{GiveBack: wm.GiveBack}
		if m.Piece = Piece(slices.Index(pieceIDs[:], wm.Piece)); !m.Piece.Valid() {
			return TurnResponse{}, rulebook.Mistake(f+".piece", "takefive.ref.mistake.not.piece", "Piece", wm.Piece)
		}
		if m.To, err = ParseSquare(wm.To); err != nil {
			return TurnResponse{}, rulebook.Mistake(f+".to", "takefive.ref.mistake.not.square", "Square", wm.To)
		}
		if m.Action, err = ParseAction(wm.Action); err != nil {
			return TurnResponse{}, rulebook.Mistake(f+".action", "takefive.ref.mistake.not.action", "Action", wm.Action)
		}
		if wm.Value != nil {
			if *wm.Value < MinValue || *wm.Value > MaxValue {
				return TurnResponse{}, rulebook.Mistake(f+".value", "takefive.ref.mistake.not.value", "Value", *wm.Value)
			}
			m.Value = *wm.Value
		}
		moves[i] = m
	}
	v, err := CheckTurn(st, req.Player, moves, s)
	if err != nil {
		return TurnResponse{}, err
	}
	resp := TurnResponse{Legal: v.Legal, Violations: rulebook.WireAll(v.Violations, say), State: stateToWire(v.State)}
	// keep the client's order of eliminated players, the newly eliminated last
	resp.State.Eliminated = append([]string{}, req.State.Eliminated...)
	if me := v.State.Rack(req.Player); v.State.Racks[me].Eliminated && !slices.Contains(req.State.Eliminated, req.Player) {
		resp.State.Eliminated = append(resp.State.Eliminated, req.Player)
	}
	if t := v.Take; t != nil {
		wt := &WireTake{Value: t.Value, Outcome: t.Effect.Outcome.String(), Step: t.Step, Square: t.Square.String(),
			Rule: t.Effect.Rule, Reason: say(t.Effect.Reason)}
		if t.Effect.Outcome == Penalty && v.Legal {
			wt.Penalty = &WirePenalty{GiveUp: slices.Clone(t.Effect.GiveUp), Squares: squareNames(t.Squares)}
			if wt.Penalty.GiveUp == nil {
				wt.Penalty.GiveUp = []int{}
			}
		}
		resp.Take = wt
		resp.RoundOver, resp.ReplayRound = t.Effect.RoundOver, t.Effect.Replay
		if t.Effect.Winner != "" {
			w := t.Effect.Winner
			resp.RoundWinner = &w
		}
	}
	return resp, nil
}

// stateFromWire converts and checks the request's state; racks are ordered
// by player name so that answers do not depend on map order.
func stateFromWire(ws *WireState) (State, error) {
	if ws == nil {
		return State{}, rulebook.Mistake("state", "takefive.ref.mistake.state.missing")
	}
	var st State
	var err error
	if st.Phase, err = ParsePhase(ws.Phase); err != nil {
		return State{}, rulebook.Mistake("state.phase", "takefive.ref.mistake.not.phase", "Phase", ws.Phase)
	}
	for _, name := range slices.Sorted(maps.Keys(ws.Pieces)) {
		if !slices.Contains(pieceIDs[:], name) {
			return State{}, rulebook.Mistake("state.pieces."+name, "takefive.ref.mistake.not.piece", "Piece", name)
		}
	}
	for _, p := range Pieces {
		name, ok := ws.Pieces[p.String()]
		if !ok {
			return State{}, rulebook.Mistake("state.pieces."+p.String(), "takefive.ref.mistake.piece.square.missing", "Piece", p.Name())
		}
		if st.Pieces[p], err = ParseSquare(name); err != nil {
			return State{}, rulebook.Mistake("state.pieces."+p.String(), "takefive.ref.mistake.not.square", "Square", name)
		}
	}
	st.Empty = make([]Square, len(ws.Empty))
	for i, name := range ws.Empty {
		if st.Empty[i], err = ParseSquare(name); err != nil {
			return State{}, rulebook.Mistake(fmt.Sprintf("state.empty[%d]", i), "takefive.ref.mistake.not.square", "Square", name)
		}
	}
	if ws.Racks == nil {
		return State{}, rulebook.Mistake("state.racks", "takefive.ref.mistake.racks.missing")
	}
	players := make([]string, 0, len(ws.Racks))
	for name := range ws.Racks {
		players = append(players, name)
	}
	slices.Sort(players)
	for _, name := range players {
		st.Racks = append(st.Racks, Rack{Player: name, Values: slices.Clone(ws.Racks[name])})
	}
	for i, name := range ws.Eliminated {
		r := st.Rack(name)
		switch {
		case r < 0:
			return State{}, rulebook.Mistake(fmt.Sprintf("state.eliminated[%d]", i), "takefive.ref.mistake.no.rack", "Player", name)
		case st.Racks[r].Eliminated:
			return State{}, rulebook.Mistake(fmt.Sprintf("state.eliminated[%d]", i), "takefive.ref.mistake.eliminated.twice", "Player", name)
		}
		st.Racks[r].Eliminated = true
	}
	return st, nil
}

// stateToWire writes st for the API; Eliminated is left for the caller,
// which keeps the client's order.
func stateToWire(st State) WireState {
	ws := WireState{Pieces: make(map[string]string, NumPieces), Empty: squareNames(st.Empty), Phase: st.Phase.String(),
		Racks: make(map[string][]int, len(st.Racks))}
	for _, p := range Pieces {
		ws.Pieces[p.String()] = st.Pieces[p].String()
	}
	for _, r := range st.Racks {
		vals := slices.Clone(r.Values)
		if vals == nil {
			vals = []int{}
		}
		ws.Racks[r.Player] = vals
	}
	return ws
}

func squareNames(ss []Square) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = s.String()
	}
	return out
}
