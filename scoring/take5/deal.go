package take5

import (
	"fmt"
	"strings"

	"github.com/tablekeeper/tablekeeper/referee"
	rt "github.com/tablekeeper/tablekeeper/referee/take5"
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
// list may hold the whole table or only some players (up to MaxPlayers).
//
// Returns an *referee.InputError, Field "players[i]…", for no players, more
// than MaxPlayers, an empty or repeated name, a tally no deal can produce
// (Tally.Check), or totals over the list that the deck cannot hold: more
// than 6 x2 or 6 +5 cards, or more cows than MaxCardsInPlay cards carry.
func Deal(players []Player) ([]Result, []string, error) {
	if len(players) == 0 {
		return nil, nil, referee.Invalid("players", "Give at least one player.", "Indiquez au moins un joueur.")
	}
	if len(players) > rt.MaxPlayers {
		return nil, nil, referee.Invalid("players",
			fmt.Sprintf("Take 5! seats at most %d players, not %d.", rt.MaxPlayers, len(players)),
			fmt.Sprintf("Take 5! se joue à %d joueurs au plus, pas %d.", rt.MaxPlayers, len(players)))
	}
	seen := make(map[string]bool, len(players))
	var sum Tally
	for i, p := range players {
		at := fmt.Sprintf("players[%d]", i)
		name := strings.TrimSpace(p.Name)
		if name == "" {
			return nil, nil, referee.Invalid(at+".name", "Every player needs a name.", "Chaque joueur doit avoir un nom.")
		}
		if seen[name] {
			return nil, nil, referee.Invalid(at+".name",
				fmt.Sprintf("The name %q appears twice.", name),
				fmt.Sprintf("Le nom « %s » apparaît deux fois.", name))
		}
		seen[name] = true
		if err := p.Check(at); err != nil {
			return nil, nil, err
		}
		sum.Green += p.Green
		sum.Red += p.Red
		sum.Plus5 += p.Plus5
		sum.X2 += p.X2
		switch {
		case sum.X2 > MaxX2:
			return nil, nil, referee.Invalid(at+".x2",
				fmt.Sprintf("The players have collected %d x2 cards between them, but there are only %d.", sum.X2, MaxX2),
				fmt.Sprintf("Les joueurs ont ramassé %d cartes « x2 » à eux tous, mais il n'y en a que %d.", sum.X2, MaxX2))
		case sum.Plus5 > MaxPlus5:
			return nil, nil, referee.Invalid(at+".plus5",
				fmt.Sprintf("The players have collected %d +5 cards between them, but there are only %d.", sum.Plus5, MaxPlus5),
				fmt.Sprintf("Les joueurs ont ramassé %d cartes « +5 » à eux tous, mais il n'y en a que %d.", sum.Plus5, MaxPlus5))
		case sum.Green > MaxGreen || sum.Red > MaxRed || cardsNeeded(sum.Green, sum.Red) > MaxCardsInPlay:
			field := at + ".green"
			if sum.Green <= MaxGreen && p.Red > 0 {
				field = at + ".red"
			}
			return nil, nil, tooManyCows(field, sum.Green, sum.Red, cardsNeeded(sum.Green, sum.Red))
		}
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
