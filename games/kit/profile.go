package kit

import (
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/views"
)

// Profile is what a game declares about itself for the generic pages and
// tools, which read it from the game's value and never name a game.
type Profile struct {
	// Icon is the symbol the game is known by, drawn on its colour (the
	// class .g-<id> in static/app.css).
	Icon string
	// FirstDealer is the new-match option that says who deals (or starts)
	// the first round, as a seat counted from 1; "" when the game has none.
	// The new-match page asks it next to each player.
	FirstDealer string
	// DealerDeals says that FirstDealer's seat deals the first round and the
	// seat after it starts (else FirstDealer's seat starts): who BG Stats is
	// told started a match recorded here.
	DealerDeals bool
	// BGStats is how BG Stats names the game; a game it cannot name is
	// neither imported nor exported under a name of ours.
	BGStats BGStatsNames
	// Counts is what a match's totals count: points (the zero value), the
	// rounds each player won, or places only. Only points are averaged on
	// the standings and set records.
	Counts Counts
	// Deals says the game's rounds are deals: the scoresheet names its rows
	// "Deal" ("Donne"), not "Round" ("Manche").
	Deals bool
}

// Counts is what a game's totals count.
type Counts int

const (
	// CountsPoints: a total is points (most games).
	CountsPoints Counts = iota
	// CountsRoundsWon: a total is the number of rounds won (Take Five).
	CountsRoundsWon
	// CountsPlaces: a match is written as places only (a group's game
	// won by a ranking); its totals only rank the players.
	CountsPlaces
)

// BGStatsNames are a game's names in BG Stats files.
type BGStatsNames struct {
	// Export is the name our export writes; it must be among Known.
	Export string
	// Known are the names (as a player or BoardGameGeek writes them, any
	// case) an import takes for this game: names no other game has.
	Known []string
	// BGGID is the game's BoardGameGeek id, 0 when none is known: an
	// import takes a file's game with this id as this one, whatever its name.
	BGGID int64
}

// Variants is a game with a shorter variant than the whole game (Five
// Crowns' express match, started at a later round): only a whole match
// sets records. A game without one plays whole matches only.
type Variants interface {
	Whole(scoring.Match) bool
}

// Together is a game whose players may win or lose together (a group's
// co-operative game): Together says whether it is one, and whether a
// finished match with these totals was won.
type Together interface {
	Together(totals []int) (coop, won bool)
}

// Endpoint is one of a game's JSON endpoints, POST /api/<game>/<Path>:
// the handlers read the body strictly into New() and answer with Call.
type Endpoint struct {
	Path string
	New  func() any // a pointer to a new request
	Call func(req any, lang string) (any, error)
}

// API is what a game with JSON endpoints provides (see docs/API.md).
type API interface {
	Endpoints() []Endpoint
}

// Answer makes an endpoint of an engine's Answer function, which says its
// sentences in the answer's language with the speaker it is given.
func Answer[Req, Resp any](path string, fn func(Req, rulebook.Speaker) (Resp, error)) Endpoint {
	return Endpoint{Path: path, New: func() any { return new(Req) },
		Call: func(req any, lang string) (any, error) { return fn(*req.(*Req), views.Messages().Speaker(lang)) }}
}
