package bgstats

import (
	"encoding/json"
	"net/url"
)

// The one-play link BG Stats documents ("Push plays to BG Stats from other
// apps or websites", bgstatsapp.com): bgstats://app.bgstatsapp.com/
// createPlay.html?data= and the play as URL-encoded JSON. BG Stats opens
// its import dialog, matches the game by BoardGameGeek id and name and the
// players by name, and saves the play.

// LinkPlay is the play a link carries.
type LinkPlay struct {
	DurationMin int          `json:"durationMin,omitempty"`
	Comments    string       `json:"comments,omitempty"`
	Game        LinkGame     `json:"game"`
	Location    string       `json:"location,omitempty"`
	PlayDate    string       `json:"playDate"` // "2006-01-02 15:04:05", local time
	Players     []LinkPlayer `json:"players"`
}

// LinkGame is the play's game.
type LinkGame struct {
	BGGID        int64  `json:"bggId,omitempty"`
	HighestWins  bool   `json:"highestWins"`
	Name         string `json:"name"`
	NoPoints     bool   `json:"noPoints"`
	SourceGameID string `json:"sourceGameId"`
}

// LinkPlayer is one player of the play; Score is nil for a play without scores.
type LinkPlayer struct {
	StartPlayer    bool   `json:"startPlayer"`
	Name           string `json:"name"`
	Rank           int    `json:"rank"`
	Score          *int   `json:"score,omitempty"`
	SourcePlayerID string `json:"sourcePlayerId"`
	Winner         bool   `json:"winner"`
}

// PlayURL is the link that hands p to BG Stats.
func PlayURL(p LinkPlay) string {
	b, _ := json.Marshal(p) // plain values: cannot fail
	return "bgstats://app.bgstatsapp.com/createPlay.html?data=" + url.QueryEscape(string(b))
}
