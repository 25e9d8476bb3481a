// Package auditstates reads every registered game's page states (each game's
// kit.Auditor) into pagestates' plain data, for the page audit's command
// and its test alike; pagestates itself imports no app package.
package auditstates

import (
	"github.com/tablekeeper/tablekeeper/games"
	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/internal/pagestates"
)

// All is every game's page states, in the games' order.
func All() []pagestates.Game {
	var out []pagestates.Game
	for _, g := range games.All() {
		a, ok := g.(kit.Auditor)
		if !ok {
			continue
		}
		s := a.AuditStates()
		pg := pagestates.Game{ID: g.ID(), Name: g.Name("en"), Seats: s.Seats, Options: s.Options, French: s.French,
			Rounds: s.Rounds, JustSaved: s.JustSaved, Correction: s.Correction, Invalid: s.Invalid,
			FinishedSeats: s.FinishedSeats, FinishedOptions: s.FinishedOptions, Finished: s.Finished}
		_, pg.HasReferee = g.(kit.RefereePage)
		for _, f := range s.Empty {
			pg.Empty = append(pg.Empty, pagestates.Form(f))
		}
		for _, f := range s.Referee {
			pg.Referee = append(pg.Referee, pagestates.Form(f))
		}
		out = append(out, pg)
	}
	return out
}
