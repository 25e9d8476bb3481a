package handlers

import (
	"encoding/json"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store"
)

// The games' side of the pages is declared in games/kit; the handlers call
// them through these names.
type (
	Game        = kit.Game
	Played      = kit.Played
	RoundCtx    = kit.RoundCtx
	RoundPost   = kit.RoundPost
	OptionsCtx  = kit.OptionsCtx
	RefereePage = kit.RefereePage
	RefereeCtx  = kit.RefereeCtx
	Ruling      = kit.Ruling
)

// progress is where a match stands, as its game decides.
func progress(g Game, m store.Match, played Played) scoring.Progress {
	if finalOnly(played) {
		return finalProgress(g, played.Points[0], m.Play.Places)
	}
	return g.Progress(kit.EngineMatch(g, m), kit.EngineRounds(played)).Adjust(g.LowWins(), leftSeats(m), m.EndedEarly())
}

// Scored is a valid round, ready to store.
type Scored struct {
	Entry  json.RawMessage
	Points []int
}

// leaders returns the seats with the best total (lowest when lowWins): the
// first places as scoring.Places ranks them, so the sheet, the group's list
// and the standings never disagree on who is ahead.
func leaders(totals []int, lowWins bool) []int {
	return scoring.Progress{Places: scoring.Places(totals, lowWins)}.Leaders()
}
