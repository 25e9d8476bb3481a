package take5

import (
	"fmt"
	"strings"

	rt "github.com/tablekeeper/tablekeeper/referee/take5"
	"github.com/tablekeeper/tablekeeper/rulebook"
)

// Player is one named line of a deal's scoresheet.
type Player struct {
	Name string
	Tally
}

// Result is one player's score for a deal, with the working to show.
type Result struct {
	Name    string
	Score   int
	Working string
}

// Deal scores every player of one deal and names the winners: the highest
// score wins, and a tie shares the win (the sheet is silent, T5-A7). The
// list holds the whole table or only some players of a table of table
// players; table 0 takes the list as the whole table (at least MinPlayers:
// one line alone is part of a table).
//
// Returns an *rulebook.InputError for no players, more than the table (Field
// "players"), a table outside 2 to 6 players (Field "tableSize"), an empty
// or repeated name ("players[i].name"), or tallies no deal of that table
// can end with (checkDeal, "players[i].<key>").
func Deal(table int, players []Player) ([]Result, []string, error) {
	if len(players) == 0 {
		return nil, nil, rulebook.Mistake("players", "take5.mistake.give.least.one.player")
	}
	field := "tableSize"
	if table == 0 {
		table, field = max(len(players), rt.MinPlayers), "players"
	}
	s, err := setupAt(field, table)
	if err != nil {
		return nil, nil, err
	}
	if len(players) > table {
		return nil, nil, rulebook.Mistake("players", "take5.mistake.list.players.but.table", "Players", len(players), "Table", table)
	}
	seen := make(map[string]bool, len(players))
	tallies := make([]Tally, len(players))
	for i, p := range players {
		name := strings.TrimSpace(p.Name)
		if name == "" {
			return nil, nil, rulebook.SeatMistake(i, fmt.Sprintf("players[%d].name", i), "take5.mistake.every.player.needs.name")
		}
		if seen[name] {
			return nil, nil, rulebook.SeatMistake(i, fmt.Sprintf("players[%d].name", i), "take5.mistake.name.appears.twice", "Name", name)
		}
		seen[name] = true
		tallies[i] = p.Tally
	}
	if err := checkDeal("players", s, tallies); err != nil {
		return nil, nil, err
	}
	out := make([]Result, len(players))
	for i, p := range players {
		out[i] = Result{Name: strings.TrimSpace(p.Name), Score: Score(p.Tally), Working: Working(p.Tally)}
	}
	return out, Winners(out), nil
}

// Winners returns the names with the highest score, in the order given; all
// of them when tied, none (an empty list) for no results.
func Winners(results []Result) []string {
	winners := []string{}
	if len(results) == 0 {
		return winners
	}
	top := results[0].Score
	for _, r := range results[1:] {
		top = max(top, r.Score)
	}
	for _, r := range results {
		if r.Score == top {
			winners = append(winners, r.Name)
		}
	}
	return winners
}
