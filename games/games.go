// Package games is the one list of the games the app offers. Each game
// lives in its own package (games/<game>: its web adapter and views, beside
// its engines in referee/<game> and scoring/<game>) and declares everything
// it offers on its value; the generic code reads it from this list.
package games

import (
	"github.com/tablekeeper/tablekeeper/games/fivecrowns"
	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/games/take5"
	"github.com/tablekeeper/tablekeeper/games/takefive"
	"github.com/tablekeeper/tablekeeper/games/taki"
)

// All is every game, in menu order. Adding a game is adding its value here.
func All() []kit.Game {
	return []kit.Game{
		fivecrowns.FiveCrowns{},
		take5.Take5{},
		taki.Taki{},
		takefive.TakeFive{},
	}
}
