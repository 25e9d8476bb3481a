package bgstats

import (
	"encoding/json"
	"strings"
	"time"
)

// The one-play link BG Stats documents ("Push plays to BG Stats from other
// apps or websites", bgstatsapp.com): bgstats://app.bgstatsapp.com/
// createPlay.html?data= and the play as URL-encoded JSON. BG Stats opens
// its import dialog, matches the game by BoardGameGeek id and name and the
// players by name, and saves the play.

// SourceName is how the links name the app that sends the play.
const SourceName = "tablekeeper"

// LinkPlay is the play a link carries: SourceName and SourcePlayID (the
// play's uuid, the one the BG Stats export gives it) let BG Stats know a
// play sent twice.
type LinkPlay struct {
	SourceName   string       `json:"sourceName"`
	SourcePlayID string       `json:"sourcePlayId"`
	Board        string       `json:"board,omitempty"`
	DurationMin  int          `json:"durationMin,omitempty"`
	Comments     string       `json:"comments,omitempty"`
	Game         LinkGame     `json:"game"`
	Location     string       `json:"location,omitempty"`
	PlayDate     string       `json:"playDate"` // "2006-01-02 15:04:05", local time
	Players      []LinkPlayer `json:"players"`
}

// LinkGame is the play's game.
type LinkGame struct {
	BGGID        int64  `json:"bggId,omitempty"`
	HighestWins  bool   `json:"highestWins"`
	Name         string `json:"name"`
	NoPoints     bool   `json:"noPoints"`
	SourceGameID string `json:"sourceGameId"`
}

// LinkPlayer is one player of the play; Score is "" for a seat without a
// score (a play without scores, a seat the play did not score), else the
// score as kept ("12", "4.5"); Rank is 0 for none (lost together, no result).
type LinkPlayer struct {
	StartPlayer    bool        `json:"startPlayer"`
	Name           string      `json:"name"`
	Rank           int         `json:"rank,omitempty"`
	Score          json.Number `json:"score,omitempty"`
	SourcePlayerID string      `json:"sourcePlayerId"`
	Winner         bool        `json:"winner"`
	Role           string      `json:"role,omitempty"`
	Team           string      `json:"team,omitempty"`
}

// PlayURL is the link that hands p to BG Stats.
func PlayURL(p LinkPlay) string {
	b, _ := json.Marshal(p) // plain values: cannot fail
	return "bgstats://app.bgstatsapp.com/createPlay.html?data=" + EncodeURIComponent(string(b))
}

// EncodeURIComponent escapes s as JavaScript's encodeURIComponent does:
// every byte of its UTF-8 but A-Z a-z 0-9 - _ . ! ~ * ' ( ) as %XX (a
// space is %20, never "+", which a standard decoder reads as a plus).
func EncodeURIComponent(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s) * 2)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// PlayUUID is the uuid a match is known by in BG Stats, as the export
// writes it (uuidOf): the BG Stats play's it was imported from, else one
// made from the group's creation time, the match's and its game.
func PlayUUID(group, created time.Time, game, imported string) string {
	if imported != "" {
		return imported
	}
	return matchUUID(group.UTC().Format(storeTime), created.UTC().Format(storeTime), game)
}
