package take5

import (
	"fmt"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// PlayRequest is the body of POST /api/v1/take5/play (API.md):
//
//	{"rows": [{"cards": [23]}, {"cards": [49], "x2": true}],
//	 "play": [{"card": 35}, {"card": 50, "row": 1}, {"special": "+5", "row": 0}]}
//
// rows go clockwise and are named by their index here. handSizes is an
// addition to API.md, optional: the number cards in each player's hand
// before the turn (specials not counted, the current player's including
// the cards he lays); when given, the capacity invariant T5-R7 is checked.
type PlayRequest struct {
	Rows      []WireRow          `json:"rows"`
	Play      []WirePlay         `json:"play"`
	HandSizes []int              `json:"handSizes,omitempty"`
	Rules     rulebook.JSONRules `json:"rules,omitempty"`
}

// WireRow is a row as a request gives it: its number cards in the order
// laid, and the specials under it.
type WireRow struct {
	Cards []int `json:"cards"`
	X2    bool  `json:"x2"`
	Plus5 bool  `json:"plus5"`
}

// WirePlay is one card laid: {"card": 50, "row": 2} (row optional, the row
// claimed) or {"special": "+5", "row": 4} (row required).
type WirePlay struct {
	Card    *int    `json:"card,omitempty"`
	Special *string `json:"special,omitempty"`
	Row     *int    `json:"row,omitempty"`
}

// PlayResponse answers a PlayRequest. When a card is illegal, steps,
// pickups and rows describe the turn just before it.
type PlayResponse struct {
	Legal             bool                     `json:"legal"`
	Violations        []rulebook.WireViolation `json:"violations"`
	Steps             []WireStep               `json:"steps"`
	Pickups           []WirePickup             `json:"pickups"`
	Rows              []WireRowLeft            `json:"rows"`
	TurnEndsAfterStep *int                     `json:"turnEndsAfterStep"`
}

// WireStep is where one card went: {"card": 35, "row": 0, "pickup": false}
// or {"special": "+5", "row": 4, "pickup": false}.
type WireStep struct {
	Card    int    `json:"card,omitempty"`
	Special string `json:"special,omitempty"`
	Row     int    `json:"row"`
	Pickup  bool   `json:"pickup"`
}

// WirePickup is a row taken: {"row": 3, "cards": [55, 56, 57, 58, 60], "x2": false, "plus5": false}.
type WirePickup struct {
	Row   int   `json:"row"`
	Cards []int `json:"cards"`
	X2    bool  `json:"x2"`
	Plus5 bool  `json:"plus5"`
}

// WireRowLeft is a row still on the table, with its index in the request.
type WireRowLeft struct {
	Index int   `json:"index"`
	Cards []int `json:"cards"`
	X2    bool  `json:"x2"`
	Plus5 bool  `json:"plus5"`
}

// AnswerPlay referees one turn for the API, its sentences said by say (in
// the answer's language): Judge's verdict in the API's shape. An illegal turn is a 200
// answer: legal false, with its violations.
func AnswerPlay(req PlayRequest, say rulebook.Speaker) (PlayResponse, error) {
	turn, _, err := Judge(req)
	if err != nil {
		return PlayResponse{}, err
	}
	return toWire(turn, say), nil
}

// Judge reads a described turn and referees it, with the settings it was
// judged under. It is the one way a turn is judged: the API answers with it
// and the referee page draws its verdict from it. Returns an
// *rulebook.InputError naming the JSON path of the mistake for an unknown
// house rule, a missing "rows", "rows[i].cards" or "play", a play that is
// not a card (see PlayTurn), a table that cannot occur (Circle.Validate,
// with handSizes when given), or a card left with no row.
func Judge(req PlayRequest) (Turn, rulebook.Settings, error) {
	settings, err := rulebook.Resolve(HouseRules, req.Rules)
	if err != nil {
		return Turn{}, nil, err
	}
	if req.Rows == nil {
		return Turn{}, nil, rulebook.Mistake("rows", "take5.ref.mistake.rows.missing")
	}
	rows := make([]Row, len(req.Rows))
	for i, r := range req.Rows {
		if r.Cards == nil {
			return Turn{}, nil, rulebook.Mistake(fmt.Sprintf("rows[%d].cards", i), "take5.ref.mistake.row.cards.missing")
		}
		rows[i] = Row{Cards: r.Cards, X2: r.X2, Plus5: r.Plus5}
	}
	if req.Play == nil {
		return Turn{}, nil, rulebook.Mistake("play", "take5.ref.mistake.play.missing")
	}
	plays := make([]Play, len(req.Play))
	for i, p := range req.Play {
		if plays[i], err = fromWire(i, p); err != nil {
			return Turn{}, nil, err
		}
	}
	turn, err := playTurn(NewCircle(rows), plays, req.HandSizes, settings)
	return turn, settings, err
}

// fromWire reads play i, rejecting a number or special that does not exist.
func fromWire(i int, p WirePlay) (Play, error) {
	var out Play
	if p.Card != nil {
		if err := checkCard(fmt.Sprintf("play[%d].card", i), *p.Card); err != nil {
			return out, err
		}
		out.Card = *p.Card
	}
	if p.Special != nil {
		s := Special(*p.Special)
		if !s.Valid() {
			return out, rulebook.Mistake(fmt.Sprintf("play[%d].special", i), "take5.ref.mistake.no.such.special", "Special", *p.Special)
		}
		out.Special = s
	}
	if p.Row != nil {
		out.Row, out.Claimed = *p.Row, true
	}
	return out, nil
}

func toWire(t Turn, say rulebook.Speaker) PlayResponse {
	resp := PlayResponse{
		Legal:      t.Legal,
		Violations: rulebook.WireAll(t.Violations, say),
		Steps:      make([]WireStep, len(t.Steps)),
		Pickups:    make([]WirePickup, len(t.Pickups)),
		Rows:       make([]WireRowLeft, len(t.Rows)),
	}
	for i, s := range t.Steps {
		resp.Steps[i] = WireStep{Card: s.Card, Special: string(s.Special), Row: s.Row, Pickup: s.Pickup}
	}
	for i, p := range t.Pickups {
		resp.Pickups[i] = WirePickup{Row: p.Row, Cards: p.Cards, X2: p.X2, Plus5: p.Plus5}
	}
	for i, r := range t.Rows {
		resp.Rows[i] = WireRowLeft{Index: r.Index, Cards: r.Cards, X2: r.X2, Plus5: r.Plus5}
	}
	if t.TurnEndsAfterStep != NoEnd {
		end := t.TurnEndsAfterStep
		resp.TurnEndsAfterStep = &end
	}
	return resp
}
