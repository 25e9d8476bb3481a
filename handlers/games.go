package handlers

import (
	"github.com/tablekeeper/tablekeeper/games/take5"
	"github.com/tablekeeper/tablekeeper/games/takefive"
	"github.com/tablekeeper/tablekeeper/games/taki"
)

// AllGames is the one list of games the app offers, in menu order. Adding a
// game is adding its value here (and its own files).
func AllGames() []Game {
	return []Game{
		FiveCrowns{},
		take5.Take5{},
		taki.Taki{},
		takefive.TakeFive{},
	}
}
