package taki

import (
	"fmt"
	"strconv"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// TurnRequest is the body of POST /api/v1/taki/turn (API.md).
type TurnRequest struct {
	State WireState          `json:"state"`
	Hand  []string           `json:"hand,omitempty"`
	Turn  WireTurn           `json:"turn"`
	Rules rulebook.JSONRules `json:"rules,omitempty"`
}

// WireState is the table as API.md writes it. SilentOneCard and Opening are
// additions (see State); they are omitted from answers when empty.
type WireState struct {
	Players       int     `json:"players"`
	Current       int     `json:"current"`
	Direction     string  `json:"direction"`
	Top           string  `json:"top"`
	Color         *string `json:"color"`
	PendingDraw   int     `json:"pendingDraw"`
	OpenTaki      *string `json:"openTaki"`
	SilentOneCard []int   `json:"silentOneCard,omitempty"`
	Opening       bool    `json:"opening,omitempty"`
}

// WireTurn is the turn as API.md writes it; CallTaki is an addition: the
// player says «Taki» as this turn leaves him one card.
type WireTurn struct {
	Draw      bool         `json:"draw,omitempty"`
	Play      []string     `json:"play,omitempty"`
	Color     string       `json:"color,omitempty"`
	CloseTaki bool         `json:"closeTaki,omitempty"`
	PassHands string       `json:"passHands,omitempty"`
	Counter   *WireCounter `json:"counter,omitempty"`
	CallTaki  bool         `json:"callTaki,omitempty"`
}

// WireCounter is another player's +3 counter.
type WireCounter struct {
	Player int      `json:"player"`
	Play   []string `json:"play"`
}

// TurnResponse answers a TurnRequest. HandsPassed ("left", "right" or null)
// and Penalized (who drew for not saying «Taki») are additions to API.md.
type TurnResponse struct {
	Legal       bool                     `json:"legal"`
	Violations  []rulebook.WireViolation `json:"violations"`
	Next        int                      `json:"next"`
	Direction   string                   `json:"direction"`
	Draws       map[string]int           `json:"draws"`
	Skipped     []int                    `json:"skipped"`
	HandsPassed *string                  `json:"handsPassed"`
	Penalized   []int                    `json:"penalized"`
	State       WireState                `json:"state"`
	RoundOver   bool                     `json:"roundOver"`
}

// AnswerTurn judges one turn. It returns an *rulebook.InputError whose Field
// is the JSON path of the mistake for an unknown house rule, a malformed
// field (direction, colour, side, card) or an impossible state or turn (see
// Judge). Its sentences are said by say, in the answer's language.
func AnswerTurn(req TurnRequest, say rulebook.Speaker) (TurnResponse, error) {
	j, err := JudgeRequest(req)
	if err != nil {
		return TurnResponse{}, err
	}
	r := j.Result
	out := TurnResponse{Legal: r.Legal, Violations: rulebook.WireAll(r.Violations, say), Next: r.Next,
		Direction: r.Direction.String(), Draws: map[string]int{}, Skipped: r.Skipped, Penalized: r.Penalized,
		State: encodeState(r.State), RoundOver: r.RoundOver}
	for p, n := range r.Draws {
		out.Draws[strconv.Itoa(p)] = n
	}
	if r.HandsPassed != NoSide {
		side := r.HandsPassed.String()
		out.HandsPassed = &side
	}
	return out, nil
}

// Judged is a TurnRequest read and judged: the table, hand, turn and house
// rules as the engine understood them, and its verdict.
type Judged struct {
	State  State
	Hand   []Card // nil when the request gave none
	Turn   Turn
	Rules  rulebook.Settings
	Result Result
}

// JudgeRequest reads a TurnRequest and judges it. It is the one way a
// described turn is judged: AnswerTurn writes its verdict for the API, and
// the referee page, which builds the same request from its form, draws it.
// Errors are AnswerTurn's.
func JudgeRequest(req TurnRequest) (Judged, error) {
	set, err := rulebook.Resolve(HouseRules, req.Rules)
	if err != nil {
		return Judged{}, err
	}
	s, err := req.State.decode()
	if err != nil {
		return Judged{}, err
	}
	var hand []Card
	if req.Hand != nil {
		if len(req.Hand) > DeckSize {
			return Judged{}, rulebook.Mistake("hand", "taki.mistake.more.cards.than.deck")
		}
		hand = make([]Card, len(req.Hand))
		for i, x := range req.Hand {
			if hand[i], err = parseAt(x, fmt.Sprintf("hand[%d]", i)); err != nil {
				return Judged{}, err
			}
		}
	}
	t, err := req.Turn.decode()
	if err != nil {
		return Judged{}, err
	}
	r, err := Judge(s, hand, t, set)
	if err != nil {
		return Judged{}, err
	}
	return Judged{State: s, Hand: hand, Turn: t, Rules: set, Result: r}, nil
}

func (w WireState) decode() (State, error) {
	s := State{Players: w.Players, Current: w.Current, PendingDraw: w.PendingDraw, SilentOneCard: w.SilentOneCard, Opening: w.Opening}
	switch w.Direction {
	case "cw":
		s.Direction = Clockwise
	case "ccw":
		s.Direction = CounterClockwise
	default:
		return s, rulebook.Mistake("state.direction", "taki.mistake.direction.cw.ccw")
	}
	if w.Top == "" {
		return s, rulebook.Mistake("state.top", "taki.mistake.top.card.missing")
	}
	var err error
	if s.Top, err = parseAt(w.Top, "state.top"); err != nil {
		return s, err
	}
	s.Colour = s.Top.Colour // may be omitted under a coloured card
	if w.Color != nil {
		c, ok := ParseColour(*w.Color)
		if !ok {
			return s, rulebook.Mistake("state.color", "taki.mistake.colour")
		}
		s.Colour = c
	}
	if w.OpenTaki != nil {
		c, ok := ParseColour(*w.OpenTaki)
		if !ok {
			return s, rulebook.Mistake("state.openTaki", "taki.mistake.open.taki.colour.null")
		}
		s.OpenTaki = c
	}
	if len(s.SilentOneCard) > MaxPlayers {
		return s, rulebook.Mistake("state.silentOneCard", "taki.mistake.more.silent.players.than")
	}
	return s, nil
}

func (w WireTurn) decode() (Turn, error) {
	t := Turn{Draw: w.Draw, CloseTaki: w.CloseTaki, CallTaki: w.CallTaki}
	if len(w.Play) > DeckSize {
		return t, rulebook.Mistake("turn.play", "taki.mistake.more.cards.than.deck")
	}
	for i, x := range w.Play {
		c, err := parseAt(x, fmt.Sprintf("turn.play[%d]", i))
		if err != nil {
			return t, err
		}
		t.Play = append(t.Play, c)
	}
	if w.Color != "" {
		c, ok := ParseColour(w.Color)
		if !ok {
			return t, rulebook.Mistake("turn.color", "taki.mistake.colour")
		}
		t.Colour = c
	}
	switch w.PassHands {
	case "":
	case "left":
		t.PassHands = Left
	case "right":
		t.PassHands = Right
	default:
		return t, rulebook.Mistake("turn.passHands", "taki.mistake.hands.go.left.right")
	}
	if w.Counter != nil {
		t.Counter = &Counter{Player: w.Counter.Player}
		for i, x := range w.Counter.Play {
			if i >= 2 {
				return t, rulebook.Mistake("turn.counter.play", "taki.mistake.counter.two.cards.plus")
			}
			c, err := parseAt(x, fmt.Sprintf("turn.counter.play[%d]", i))
			if err != nil {
				return t, err
			}
			t.Counter.Play = append(t.Counter.Play, c)
		}
	}
	return t, nil
}

func encodeState(s State) WireState {
	w := WireState{Players: s.Players, Current: s.Current, Direction: s.Direction.String(), Top: s.Top.String(),
		PendingDraw: s.PendingDraw, SilentOneCard: s.SilentOneCard, Opening: s.Opening}
	if s.Colour != NoColour {
		c := s.Colour.Letter()
		w.Color = &c
	}
	if s.OpenTaki != NoColour {
		c := s.OpenTaki.Letter()
		w.OpenTaki = &c
	}
	return w
}
