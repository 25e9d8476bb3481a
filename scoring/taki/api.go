package taki

import (
	"fmt"

	tk "github.com/tablekeeper/tablekeeper/referee/taki"
	"github.com/tablekeeper/tablekeeper/rulebook"
)

// ScoreRequest is the body of POST /api/v1/taki/score (API.md). A player
// gives either "cards" (the cards left in hand; [] for the winner) or
// "points" typed in directly (an addition to API.md).
type ScoreRequest struct {
	Winner  string             `json:"winner"`
	Players []ScorePlayer      `json:"players"`
	Rules   rulebook.JSONRules `json:"rules,omitempty"`
}

// ScorePlayer is one player of a ScoreRequest.
type ScorePlayer struct {
	Name   string   `json:"name"`
	Cards  []string `json:"cards,omitempty"`
	Points *int     `json:"points,omitempty"`
}

// ScoreResponse answers a ScoreRequest: each player's points, in request
// order. "working" (an addition to API.md) shows how they were reached.
type ScoreResponse struct {
	Players []ScoredPlayer `json:"players"`
}

// ScoredPlayer is one player's round points.
type ScoredPlayer struct {
	Name    string `json:"name"`
	Points  int    `json:"points"`
	Working string `json:"working"`
}

// AnswerScore scores one round. The request becomes an Entry and goes
// through the same validator as the scoresheet's rounds (Entry.score), so
// the API and the pages refuse the same tables. It returns an
// *rulebook.InputError whose Field is the JSON path of the mistake for an
// unknown house rule, a missing or repeated name, a winner who is not a
// player, an unknown card, both cards and points for one player, or any
// table that cannot exist (see Sheet.Score).
func AnswerScore(req ScoreRequest, _ rulebook.Speaker) (ScoreResponse, error) {
	set, err := rulebook.Resolve(tk.HouseRules, req.Rules)
	if err != nil {
		return ScoreResponse{}, err
	}
	if err := checkPlayers("players", len(req.Players)); err != nil {
		return ScoreResponse{}, err
	}
	e, err := req.entry()
	if err != nil {
		return ScoreResponse{}, err
	}
	points, working, err := e.score(set, "players")
	if err != nil {
		return ScoreResponse{}, err
	}
	out := ScoreResponse{Players: make([]ScoredPlayer, len(points))}
	for i := range points {
		out.Players[i] = ScoredPlayer{Name: req.Players[i].Name, Points: points[i], Working: working[i]}
	}
	return out, nil
}

// entry is the request as the scoresheet would store it: the winner by
// seat, each player by his cards or his typed points.
func (req ScoreRequest) entry() (Entry, error) {
	e := Entry{Winner: -1, Seats: make([]Seat, len(req.Players))}
	names := map[string]bool{}
	for i, p := range req.Players {
		f := fmt.Sprintf("players[%d]", i)
		if p.Name == "" {
			return e, rulebook.SeatMistake(i, f+".name", "taki.mistake.every.player.needs.name")
		}
		if names[p.Name] {
			return e, rulebook.SeatMistake(i, f+".name", "taki.mistake.two.players.called", "Name", p.Name)
		}
		names[p.Name] = true
		switch {
		case p.Points != nil:
			e.Seats[i] = Seat{Mode: ModePoints, Points: *p.Points, Cards: p.Cards}
		case p.Name == req.Winner && len(p.Cards) == 0:
			e.Seats[i] = WentOut()
		default:
			e.Seats[i] = Holding(p.Cards...)
		}
		if p.Name == req.Winner {
			e.Winner = i
		}
	}
	if e.Winner < 0 {
		return e, rulebook.Mistake("winner", "taki.mistake.winner.not.among.players", "Winner", req.Winner)
	}
	return e, nil
}
