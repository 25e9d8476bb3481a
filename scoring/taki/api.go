package taki

import (
	"fmt"

	"github.com/tablekeeper/tablekeeper/referee"
	tk "github.com/tablekeeper/tablekeeper/referee/taki"
)

// ScoreRequest is the body of POST /api/v1/taki/score (API.md). A player
// gives either "cards" (the cards left in hand; [] for the winner) or
// "points" typed in directly (an addition to API.md).
type ScoreRequest struct {
	Winner  string            `json:"winner"`
	Players []ScorePlayer     `json:"players"`
	Rules   referee.JSONRules `json:"rules,omitempty"`
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

// AnswerScore scores one round. It returns an *referee.InputError whose Field
// is the JSON path of the mistake for an unknown house rule, a missing or
// repeated name, a winner who is not a player, an unknown card, both cards
// and points for one player, or any impossible hand (see RoundPoints).
func AnswerScore(req ScoreRequest, lang string) (ScoreResponse, error) {
	set, err := referee.Resolve(tk.HouseRules, req.Rules)
	if err != nil {
		return ScoreResponse{}, err
	}
	if len(req.Players) < 2 || len(req.Players) > 10 {
		return ScoreResponse{}, referee.Invalid("players", "A TAKI round has 2 to 10 players.", "Une manche de TAKI se joue de 2 à 10 joueurs.")
	}
	winner := -1
	names := map[string]bool{}
	hands := make([]Hand, len(req.Players))
	for i, p := range req.Players {
		f := fmt.Sprintf("players[%d]", i)
		if p.Name == "" {
			return ScoreResponse{}, referee.Invalid(f+".name", "Every player needs a name.", "Chaque joueur doit avoir un nom.")
		}
		if names[p.Name] {
			return ScoreResponse{}, referee.Invalid(f+".name", fmt.Sprintf("Two players are called %q.", p.Name),
				fmt.Sprintf("Deux joueurs s'appellent « %s ».", p.Name))
		}
		names[p.Name] = true
		if p.Name == req.Winner {
			winner = i
		}
		if p.Points != nil && len(p.Cards) > 0 {
			return ScoreResponse{}, referee.Invalid(f, "Give either the cards left in hand or the points, not both.",
				"Indiquez soit les cartes restées en main, soit les points, pas les deux.")
		}
		if len(p.Cards) > tk.DeckSize {
			return ScoreResponse{}, referee.Invalid(f+".cards", "There are more cards than the deck holds.", "Il y a plus de cartes que n'en contient le paquet.")
		}
		hands[i].Typed = p.Points
		for j, s := range p.Cards {
			c, err := tk.ParseCard(s)
			if err != nil {
				ie := err.(*referee.InputError)
				ie.Field = fmt.Sprintf("%s.cards[%d]", f, j)
				return ScoreResponse{}, ie
			}
			hands[i].Cards = append(hands[i].Cards, c)
		}
	}
	if winner < 0 {
		return ScoreResponse{}, referee.Invalid("winner", fmt.Sprintf("The winner %q is not among the players.", req.Winner),
			fmt.Sprintf("Le vainqueur « %s » ne fait pas partie des joueurs.", req.Winner))
	}
	points, working, err := RoundPoints(hands, winner, set.Int(tk.HRPlus2ScoresAs))
	if err != nil {
		return ScoreResponse{}, err
	}
	out := ScoreResponse{Players: make([]ScoredPlayer, len(points))}
	for i := range points {
		out.Players[i] = ScoredPlayer{Name: req.Players[i].Name, Points: points[i], Working: working[i]}
	}
	return out, nil
}
