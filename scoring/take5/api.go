package take5

import (
	"fmt"

	rt "github.com/tablekeeper/tablekeeper/referee/take5"
	"github.com/tablekeeper/tablekeeper/rulebook"
)

// ScoreRequest is the body of POST /api/v1/take5/score (API.md):
//
//	{"players": [{"name": "Paul", "green": 5, "red": 3, "plus5": 1, "x2": 1, "specialsInHand": 1}]}
//
// green and red are required; plus5, x2 and specialsInHand default to 0.
// tableSize (optional, an addition to API.md) is the number of players at
// the table when players lists only some of them; without it the list is
// the table (at least 2).
type ScoreRequest struct {
	Players   []ScorePlayer      `json:"players"`
	TableSize *int               `json:"tableSize,omitempty"`
	Rules     rulebook.JSONRules `json:"rules,omitempty"`
}

// ScorePlayer is one player's totals in a ScoreRequest.
type ScorePlayer struct {
	Name           string `json:"name"`
	Green          *int   `json:"green"`
	Red            *int   `json:"red"`
	Plus5          *int   `json:"plus5"`
	X2             *int   `json:"x2"`
	SpecialsInHand *int   `json:"specialsInHand"`
}

// ScoreResponse answers a ScoreRequest:
//
//	{"players": [{"name": "Paul", "score": 4, "working": "(5 − 3 + 5) × 2 − 10 = 4"}], "winners": ["Paul"]}
type ScoreResponse struct {
	Players []ScoreLine `json:"players"`
	Winners []string    `json:"winners"`
}

// ScoreLine is one player's score and its working, in request order.
type ScoreLine struct {
	Name    string `json:"name"`
	Score   int    `json:"score"`
	Working string `json:"working"`
}

// AnswerScore scores a deal for the API. It says no sentence (the working
// is written in numbers): its speaker is unused, but kept for the shape
// every Answer function shares.
// Returns an *rulebook.InputError naming the field at fault for a missing
// "players", "name", "green" or "red", an unknown house rule (the Take 5!
// toggles are accepted, so a group can send one snapshot to every
// endpoint), a tableSize outside 2 to 6, or totals no deal of the table can
// produce (see Deal).
func AnswerScore(req ScoreRequest, _ rulebook.Speaker) (ScoreResponse, error) {
	if _, err := rulebook.Resolve(rt.HouseRules, req.Rules); err != nil {
		return ScoreResponse{}, err
	}
	if req.Players == nil {
		return ScoreResponse{}, rulebook.Mistake("players", "take5.mistake.list.players.missing")
	}
	players := make([]Player, 0, len(req.Players))
	for i, p := range req.Players {
		at := fmt.Sprintf("players[%d]", i)
		for _, f := range []struct {
			key    string
			colour rulebook.Msg
			v      *int
		}{{"green", rulebook.Say("take5.colour.green"), p.Green}, {"red", rulebook.Say("take5.colour.red"), p.Red}} {
			if f.v == nil {
				return ScoreResponse{}, rulebook.SeatMistake(i, at+"."+f.key, "take5.mistake.number.cows.collected.missing", "Colour", f.colour)
			}
		}
		players = append(players, Player{Name: p.Name, Tally: Tally{
			Green: *p.Green, Red: *p.Red,
			Plus5: orZero(p.Plus5), X2: orZero(p.X2), SpecialsInHand: orZero(p.SpecialsInHand),
		}})
	}
	if req.TableSize != nil { // 0 given is a table of none, not "the list"
		if _, err := setupAt("tableSize", *req.TableSize); err != nil {
			return ScoreResponse{}, err
		}
	}
	results, winners, err := Deal(orZero(req.TableSize), players)
	if err != nil {
		return ScoreResponse{}, err
	}
	resp := ScoreResponse{Players: make([]ScoreLine, len(results)), Winners: winners}
	for i, r := range results {
		resp.Players[i] = ScoreLine{Name: r.Name, Score: r.Score, Working: r.Working}
	}
	return resp, nil
}

func orZero(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}
