package fivecrowns

import (
	"errors"
	"fmt"

	fc "github.com/tablekeeper/tablekeeper/referee/fivecrowns"
	"github.com/tablekeeper/tablekeeper/rulebook"
)

// ScoreRequest is the body of POST /api/v1/fivecrowns/score: one round's
// points. Each player gives exactly one of leftover (his unmelded cards),
// wentOut (true for the player who went out) or hand (his cards at the end of
// the round, scored at their minimum penalty).
type ScoreRequest struct {
	Round   int                `json:"round"`
	Players []ScorePlayer      `json:"players"`
	Rules   rulebook.JSONRules `json:"rules,omitempty"`
}

// ScorePlayer is one player's entry in a ScoreRequest. A nil Leftover or
// Hand means the field was absent; [] is an empty leftover (0 points).
type ScorePlayer struct {
	Name     string   `json:"name"`
	Leftover []string `json:"leftover,omitempty"`
	WentOut  bool     `json:"wentOut,omitempty"`
	Hand     []string `json:"hand,omitempty"`
}

// ScoreResponse answers a ScoreRequest, players in request order.
type ScoreResponse struct {
	Players []ScoredPlayer `json:"players"`
}

// ScoredPlayer is one player's points for the round.
type ScoredPlayer struct {
	Name   string `json:"name"`
	Points int    `json:"points"`
}

// AnswerScore scores one round: the request becomes the scoresheet's
// Entry and ScoreRound, the one validator of a round, decides. It returns an
// *rulebook.InputError (and no other error) for a player who gives none or
// several of leftover/wentOut/hand, an unknown house rule, and everything
// ScoreRound refuses (2 to 7 players, nobody at 0, impossible cards…), with
// Field the JSON path, e.g. "players[1].leftover[2]".
func AnswerScore(req ScoreRequest, _ rulebook.Speaker) (ScoreResponse, error) {
	settings, err := rulebook.Resolve(fc.HouseRules, req.Rules)
	if err != nil {
		return ScoreResponse{}, err
	}
	e, err := req.Entry()
	if err != nil {
		return ScoreResponse{}, err
	}
	points, err := ScoreRound(e, fc.OptionsFrom(settings))
	if err != nil {
		return ScoreResponse{}, req.field(err)
	}
	resp := ScoreResponse{Players: make([]ScoredPlayer, len(req.Players))}
	for i, p := range req.Players {
		resp.Players[i] = ScoredPlayer{Name: p.Name, Points: points[i]}
	}
	return resp, nil
}

// Entry is the request as the scoresheet would store it: leftover is the
// cards mode, wentOut the out mode, hand the whole-hand mode.
func (req ScoreRequest) Entry() (Entry, error) {
	e := Entry{Round: req.Round, Seats: make([]Seat, len(req.Players))}
	for i, p := range req.Players {
		forms := 0
		for _, given := range []bool{p.Leftover != nil, p.WentOut, p.Hand != nil} {
			if given {
				forms++
			}
		}
		if forms != 1 {
			return Entry{}, rulebook.SeatMistake(i, fmt.Sprintf("players[%d]", i), "fivecrowns.mistake.give.exactly.one.leftover")
		}
		switch {
		case p.WentOut:
			e.Seats[i] = WentOut()
		case p.Leftover != nil:
			e.Seats[i] = Leftover(p.Leftover...)
		default:
			e.Seats[i] = WholeHand(p.Hand...)
		}
	}
	return e, nil
}

// field names an error of the entry by the request's JSON path:
// "seats[1].cards[2]" is "players[1].leftover[2]" (or .hand), a seat's mode
// is the player, "seats" is "players".
func (req ScoreRequest) field(err error) error {
	if j, ok := err.(interface{ Unwrap() []error }); ok { // several mistakes: each named so
		var out []error
		for _, e := range j.Unwrap() {
			out = append(out, req.field(e))
		}
		return errors.Join(out...)
	}
	ie, ok := err.(*rulebook.InputError)
	if !ok {
		return err
	}
	out := *ie
	var i int
	var rest string
	if n, _ := fmt.Sscanf(ie.Field, "seats[%d]%s", &i, &rest); n >= 1 && i >= 0 && i < len(req.Players) {
		at := fmt.Sprintf("players[%d]", i)
		switch r, _ := cutPrefix(rest, ".cards"); {
		case rest == ".mode" || rest == "":
			out.Field = at
		case req.Players[i].Hand != nil:
			out.Field = at + ".hand" + r
		default:
			out.Field = at + ".leftover" + r
		}
	} else if ie.Field == "seats" {
		out.Field = "players"
	}
	return &out
}
