package custom

import "github.com/tablekeeper/tablekeeper/games/kit"

// Form is the round form of a group's other game.
type Form struct {
	Frame  kit.Frame
	Kind   string // store.KindRounds, KindFinal, KindWinner or KindRanking
	Coop   bool   // a co-operative game: one tick, won together or not
	Won    bool   // co-operative: won together
	Seats  []SeatField
	CanEnd bool // points per round: the round may be marked the last
	Open   bool // nothing else ends the match
	Last   bool
	Error  string
}

// SeatField is one player's line: points or a place as typed, or won.
type SeatField struct {
	Name  string
	Value string
	Won   bool
	Error string
}
