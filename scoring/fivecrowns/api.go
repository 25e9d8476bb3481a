package fivecrowns

import (
	"fmt"

	"github.com/tablekeeper/tablekeeper/referee"
	fc "github.com/tablekeeper/tablekeeper/referee/fivecrowns"
)

// ScoreRequest is the body of POST /api/v1/fivecrowns/score: one round's
// points. Each player gives exactly one of leftover (his unmelded cards),
// wentOut (true for the player who went out) or hand (his cards at the end of
// the round, scored at their minimum penalty).
type ScoreRequest struct {
	Round   int               `json:"round"`
	Players []ScorePlayer     `json:"players"`
	Rules   referee.JSONRules `json:"rules,omitempty"`
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

// AnswerScore scores one round. It returns an *referee.InputError (and no
// other error) when the round is not 1…11, there are no players, a player
// gives none or several of leftover/wentOut/hand, a card is unknown, a hand
// or leftover has a wrong number of cards for the round, the cards of all
// players together hold a suited card more than twice or more than six
// jokers, or a house rule is unknown. Field names the JSON path, e.g.
// "players[1].leftover[2]".
func AnswerScore(req ScoreRequest, lang string) (ScoreResponse, error) {
	settings, err := referee.Resolve(fc.HouseRules, req.Rules)
	if err != nil {
		return ScoreResponse{}, err
	}
	if err := CheckRound(req.Round); err != nil {
		return ScoreResponse{}, err
	}
	if len(req.Players) == 0 {
		return ScoreResponse{}, referee.Invalid("players", "Give at least one player.", "Indiquez au moins un joueur.")
	}
	opts := fc.OptionsFrom(settings)
	var supply fc.Supply
	resp := ScoreResponse{Players: make([]ScoredPlayer, 0, len(req.Players))}
	for i, p := range req.Players {
		at := fmt.Sprintf("players[%d]", i)
		forms := 0
		for _, given := range []bool{p.Leftover != nil, p.WentOut, p.Hand != nil} {
			if given {
				forms++
			}
		}
		if forms != 1 {
			return ScoreResponse{}, referee.Invalid(at,
				"Give exactly one of leftover (the unmelded cards), wentOut (true) or hand.",
				"Indiquez une seule des données leftover (cartes non posées), wentOut (true) ou hand.")
		}
		points := WentOutPoints
		switch {
		case p.Leftover != nil:
			cards, err := fc.ParseCards(at+".leftover", p.Leftover)
			if err != nil {
				return ScoreResponse{}, err
			}
			if err := supply.Take(at+".leftover", cards); err != nil {
				return ScoreResponse{}, err
			}
			if points, err = LeftoverPoints(req.Round, cards); err != nil {
				return ScoreResponse{}, prefix(at, err)
			}
		case p.Hand != nil:
			cards, err := fc.ParseCards(at+".hand", p.Hand)
			if err != nil {
				return ScoreResponse{}, err
			}
			if err := supply.Take(at+".hand", cards); err != nil {
				return ScoreResponse{}, err
			}
			if err := fc.CheckHandSize(at+".hand", req.Round, len(cards)); err != nil {
				return ScoreResponse{}, err
			}
			points = fc.Solve(req.Round, cards, opts).Penalty
		}
		resp.Players = append(resp.Players, ScoredPlayer{Name: p.Name, Points: points})
	}
	return resp, nil
}

// prefix moves an InputError's field under at ("leftover" → "players[0].leftover").
func prefix(at string, err error) error {
	if ie, ok := err.(*referee.InputError); ok && ie.Field != "round" {
		return &referee.InputError{Field: at + "." + ie.Field, Message: ie.Message}
	}
	return err
}
