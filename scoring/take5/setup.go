package take5

import (
	rt "github.com/tablekeeper/tablekeeper/referee/take5"
	"github.com/tablekeeper/tablekeeper/rulebook"
)

// Setup is how a deal is laid out for a number of players (the sheet's
// table, RULES.md §1.2, kept in referee/take5): the number cards in each hand, and the cards laid
// in the circle, each starting its own row. Every player also gets one x2
// and one +5. Hands plus circle always fill the rows exactly:
// Players·HandSize + Rows = 5·Rows.
type Setup struct {
	Players  int
	HandSize int // number cards dealt to each player
	Rows     int // cards laid in the circle = rows on the table
}

// SetupFor returns the deal for players. Returns an *rulebook.InputError
// (Field "players") outside 2 to 6 players.
func SetupFor(players int) (Setup, error) { return setupAt("players", players) }

// setupAt is SetupFor with the error on field.
func setupAt(field string, players int) (Setup, error) {
	hand, rows, ok := rt.DealFor(players)
	if !ok {
		return Setup{}, rulebook.Mistake(field, "take5.mistake.take.played.players.not", "MinPlayers", rt.MinPlayers, "MaxPlayers", rt.MaxPlayers, "Players", players)
	}
	return Setup{Players: players, HandSize: hand, Rows: rows}, nil
}

// CardsInPlay is the number cards the deal uses; the rest of the 98 leave
// the game.
func (s Setup) CardsInPlay() int { return s.Players*s.HandSize + s.Rows }
