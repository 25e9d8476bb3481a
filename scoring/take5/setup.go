package take5

import (
	"fmt"

	"github.com/tablekeeper/tablekeeper/referee"
	rt "github.com/tablekeeper/tablekeeper/referee/take5"
)

// Setup is how a deal is laid out for a number of players (the sheet's
// table, RULES.md §1.2): the number cards in each hand, and the cards laid
// in the circle, each starting its own row. Every player also gets one x2
// and one +5. Hands plus circle always fill the rows exactly:
// Players·HandSize + Rows = 5·Rows.
type Setup struct {
	Players  int
	HandSize int // number cards dealt to each player
	Rows     int // cards laid in the circle = rows on the table
}

var setups = map[int]Setup{
	2: {2, 14, 7},
	3: {3, 12, 9},
	4: {4, 12, 12},
	5: {5, 12, 15},
	6: {6, 10, 15},
}

// SetupFor returns the deal for players. Returns an *referee.InputError
// (Field "players") outside 2 to 6 players.
func SetupFor(players int) (Setup, error) {
	s, ok := setups[players]
	if !ok {
		return Setup{}, referee.Invalid("players",
			fmt.Sprintf("Take 5! is played by %d to %d players, not %d.", rt.MinPlayers, rt.MaxPlayers, players),
			fmt.Sprintf("Take 5! se joue de %d à %d joueurs, pas %d.", rt.MinPlayers, rt.MaxPlayers, players))
	}
	return s, nil
}

// CardsInPlay is the number cards the deal uses; the rest of the 98 leave
// the game.
func (s Setup) CardsInPlay() int { return s.Players*s.HandSize + s.Rows }
