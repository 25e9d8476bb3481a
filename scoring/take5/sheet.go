package take5

import (
	"encoding/json"

	rt "github.com/tablekeeper/tablekeeper/referee/take5"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
)

// Sheet is Take 5! on the scoresheet (scoring.Game): one round is one deal,
// scored from each seat's tally, and the match lasts as many deals as the
// group wants, until a deal is saved as the last one (the sheet plays a
// single game; a tally over several is the app's, RULES.md §1.2).
type Sheet struct{}

var _ scoring.Game = Sheet{}

func (Sheet) ID() string                           { return "take5" }
func (Sheet) Seats() (int, int)                    { return rt.MinPlayers, rt.MaxPlayers }
func (Sheet) HouseRules() []rulebook.HouseRule     { return rt.HouseRules }
func (Sheet) LowWins() bool                        { return false }
func (Sheet) setup(m scoring.Match) (Setup, error) { return setupAt("seats", m.Seats) }

// CheckOptions has no option to read: the deal follows from the number of
// players, which must be one the sheet deals for. "end" records how the
// match ends, so a stored match always has an options map.
func (g Sheet) CheckOptions(seats int, _ map[string]string) (map[string]string, error) {
	if _, err := setupAt("seats", seats); err != nil {
		return nil, err
	}
	return map[string]string{"end": "declared"}, nil
}

// Score checks a deal at the match's table (checkDeal, the check the API's
// scorer makes, with fields "seats[i].<key>"; and, the whole table being
// there, that someone took a row, T5-R7) and returns each seat's score.
func (g Sheet) Score(m scoring.Match, _ []scoring.Round, raw json.RawMessage) ([]int, error) {
	e, err := DecodeEntry(raw)
	if err != nil {
		return nil, err
	}
	s, err := g.setup(m)
	if err != nil {
		return nil, err
	}
	if len(e.Seats) != m.Seats {
		return nil, rulebook.Mistake("seats", "take5.mistake.give.one.line.per", "Seats", m.Seats, "Lines", len(e.Seats))
	}
	if err := checkDeal("seats", s, e.Seats); err != nil {
		return nil, err
	}
	if noRowTaken(e.Seats) {
		return nil, rulebook.Mistake("seats", "take5.mistake.no.player.took.row")
	}
	points := make([]int, len(e.Seats))
	for i, t := range e.Seats {
		points[i] = Score(t)
	}
	return points, nil
}

// Progress: the highest total leads; the match ends with the deal marked as
// the last. There is no dealer to track (the youngest starts each game).
func (g Sheet) Progress(m scoring.Match, rounds []scoring.Round) scoring.Progress {
	finished := false
	if n := len(rounds); n > 0 {
		e, err := DecodeEntry(rounds[n-1].Entry)
		finished = err == nil && e.Last
	}
	return scoring.Tally(m.Seats, rounds, false, finished)
}
