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

// AnswerTurn referees the turn of req in lang ("fr…" French, else English).
// It returns an *rulebook.InputError, whose Field is the JSON path, for a
// missing or malformed field, an unknown house rule, or a state or move that
// cannot occur; it returns no other error.
func AnswerTurn(req TurnRequest, lang string) (TurnResponse, error) {
	s, err := rulebook.Resolve(HouseRules, req.Rules)
	if err != nil {
		return TurnResponse{}, err
	}
	st, err := stateFromWire(req.State)
	if err != nil {
		return TurnResponse{}, err
	}
	if req.Player == "" {
		return TurnResponse{}, rulebook.Invalid("player", "Say whose turn it is.", "Indiquez à qui est le tour.")
	}
	if req.Turn == nil || req.Turn.Moves == nil {
		return TurnResponse{}, rulebook.Invalid("turn.moves", "The moves of the turn are missing.", "Les déplacements du tour manquent.")
	}
	moves := make([]Move, len(req.Turn.Moves))
	for i, wm := range req.Turn.Moves {
		f := fmt.Sprintf("turn.moves[%d]", i)
		m := Move{GiveBack: wm.GiveBack}
		if m.Piece = Piece(slices.Index(pieceIDs[:], wm.Piece)); !m.Piece.Valid() {
			return TurnResponse{}, rulebook.Invalid(f+".piece", fmt.Sprintf("%q is not a piece (rook, knight, black-bishop, white-bishop).", wm.Piece),
				fmt.Sprintf("« %s » n'est pas une pièce (rook, knight, black-bishop, white-bishop).", wm.Piece))
		}
		if m.To, err = ParseSquare(wm.To); err != nil {
			return TurnResponse{}, rulebook.Invalid(f+".to", fmt.Sprintf("%q is not a square a1…f6.", wm.To), fmt.Sprintf("« %s » n'est pas une case a1…f6.", wm.To))
		}
		if m.Action, err = ParseAction(wm.Action); err != nil {
			return TurnResponse{}, rulebook.Invalid(f+".action", fmt.Sprintf("%q is not an action (see, take, none).", wm.Action),
				fmt.Sprintf("« %s » n'est pas une action (see, take, none).", wm.Action))
		}
		if wm.Value != nil {
			if *wm.Value < MinValue || *wm.Value > MaxValue {
				return TurnResponse{}, rulebook.Invalid(f+".value", fmt.Sprintf("%d is not a token value (1 to 9).", *wm.Value),
					fmt.Sprintf("%d n'est pas la valeur d'un pion (1 à 9).", *wm.Value))
			}
			m.Value = *wm.Value
		}
		moves[i] = m
	}
	v, err := CheckTurn(st, req.Player, moves, s)
	if err != nil {
		return TurnResponse{}, err
	}
	resp := TurnResponse{Legal: v.Legal, Violations: rulebook.WireAll(v.Violations, lang), State: stateToWire(v.State)}
	// keep the client's order of eliminated players, the newly eliminated last
	resp.State.Eliminated = append([]string{}, req.State.Eliminated...)
	if me := v.State.Rack(req.Player); v.State.Racks[me].Eliminated && !slices.Contains(req.State.Eliminated, req.Player) {
		resp.State.Eliminated = append(resp.State.Eliminated, req.Player)
	}
	if t := v.Take; t != nil {
		wt := &WireTake{Value: t.Value, Outcome: t.Effect.Outcome.String(), Step: t.Step, Square: t.Square.String(),
			Rule: t.Effect.Rule, Reason: t.Effect.Reason.In(lang)}
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
		return State{}, rulebook.Invalid("state", "The state of the game is missing.", "L'état de la partie manque.")
	}
	var st State
	var err error
	if st.Phase, err = ParsePhase(ws.Phase); err != nil {
		return State{}, rulebook.Invalid("state.phase", fmt.Sprintf("%q is not a phase (score, 21, quinte).", ws.Phase),
			fmt.Sprintf("« %s » n'est pas une phase (score, 21, quinte).", ws.Phase))
	}
	for _, name := range slices.Sorted(maps.Keys(ws.Pieces)) {
		if !slices.Contains(pieceIDs[:], name) {
			return State{}, rulebook.Invalid("state.pieces."+name, fmt.Sprintf("%q is not a piece (rook, knight, black-bishop, white-bishop).", name),
				fmt.Sprintf("« %s » n'est pas une pièce (rook, knight, black-bishop, white-bishop).", name))
		}
	}
	for _, p := range Pieces {
		name, ok := ws.Pieces[p.String()]
		if !ok {
			return State{}, rulebook.Invalid("state.pieces."+p.String(), fmt.Sprintf("The %s's square is missing.", p.Name().EN),
				fmt.Sprintf("La case de la pièce « %s » manque.", p.Name().FR))
		}
		if st.Pieces[p], err = ParseSquare(name); err != nil {
			return State{}, rulebook.Invalid("state.pieces."+p.String(), fmt.Sprintf("%q is not a square a1…f6.", name), fmt.Sprintf("« %s » n'est pas une case a1…f6.", name))
		}
	}
	st.Empty = make([]Square, len(ws.Empty))
	for i, name := range ws.Empty {
		if st.Empty[i], err = ParseSquare(name); err != nil {
			return State{}, rulebook.Invalid(fmt.Sprintf("state.empty[%d]", i), fmt.Sprintf("%q is not a square a1…f6.", name), fmt.Sprintf("« %s » n'est pas une case a1…f6.", name))
		}
	}
	if ws.Racks == nil {
		return State{}, rulebook.Invalid("state.racks", "The players' racks are missing.", "Les tableaux des joueurs manquent.")
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
			return State{}, rulebook.Invalid(fmt.Sprintf("state.eliminated[%d]", i), fmt.Sprintf("%q has no rack on the table: the racks name the players.", name),
				fmt.Sprintf("« %s » n'a pas de tableau : les tableaux nomment les joueurs.", name))
		case st.Racks[r].Eliminated:
			return State{}, rulebook.Invalid(fmt.Sprintf("state.eliminated[%d]", i), fmt.Sprintf("%q is listed twice among the eliminated.", name),
				fmt.Sprintf("« %s » figure deux fois parmi les éliminés.", name))
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
