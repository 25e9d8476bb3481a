// Package bgstats reads and writes the JSON backup of BG Stats, the score
// app many groups log their plays in (issue 18), as far as tablekeeper can
// carry it: who played which of our games when, with what final score.
//
// The file's shape (from public descriptions of the export): top level
// "games" [{id, name, bggName, bggId}], "players" [{id, name}], "plays"
// [{playDate "YYYY-MM-DD HH:MM:SS", gameRefId, uuid, ignored, playerScores
// [{playerRefId, score (a string, may be "3+20+5"), winner, startPlayer,
// rank, seatOrder}]}]. Other fields are ignored on reading.
//
// A play becomes a "final scores only" match: one round whose entry is
// FinalEntry and whose points are the final scores, so the totals are the
// scores, the match is finished at the play's date, and the standings count
// it like any other (places from the totals, as the game orders them).
package bgstats

import (
	"encoding/json"
	"strings"
)

// File is a BG Stats export, as far as it is read or written here.
type File struct {
	Games   []Game   `json:"games"`
	Players []Player `json:"players"`
	Plays   []Play   `json:"plays"`
}

// Game is a game of the file.
type Game struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	BGGName string `json:"bggName,omitempty"`
	BGGID   int64  `json:"bggId,omitempty"`
}

// Player is a player of the file.
type Player struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Play is one logged play.
type Play struct {
	PlayDate     string  `json:"playDate"` // "2006-01-02 15:04:05", local time
	GameRefID    int64   `json:"gameRefId"`
	UUID         string  `json:"uuid,omitempty"`
	Ignored      bool    `json:"ignored,omitempty"`
	PlayerScores []Score `json:"playerScores"`
}

// Score is a player's result in a play.
type Score struct {
	PlayerRefID int64  `json:"playerRefId"`
	Score       string `json:"score"` // "42", or a sum as typed: "3+20+5"
	Winner      bool   `json:"winner"`
	StartPlayer bool   `json:"startPlayer,omitempty"`
	Rank        int    `json:"rank,omitempty"`
	SeatOrder   int    `json:"seatOrder,omitempty"`
}

// FinalEntry is the entry of the one round of a match imported with final
// scores only: there were no rounds to keep.
var FinalEntry = json.RawMessage(`{"final":true}`)

// IsFinal reports whether a round's entry is FinalEntry.
func IsFinal(entry json.RawMessage) bool {
	var v struct {
		Final bool `json:"final"`
	}
	return json.Unmarshal(entry, &v) == nil && v.Final
}

// Names are the games BG Stats knows as ours, as the games declare them:
// each name (normalised, see norm) to our game's id, and the name our
// export gives each game, one that maps back to it.
type Names struct {
	ids    map[string]string
	export map[string]string
}

// GameNames are one game's names in BG Stats files: Export is written by
// our export, Known (Export among them) are read by an import, in English
// and French, names that name no other game.
type GameNames struct {
	ID     string
	Export string
	Known  []string
}

// NewNames is the names of games.
func NewNames(games ...GameNames) Names {
	n := Names{ids: map[string]string{}, export: map[string]string{}}
	for _, g := range games {
		for _, k := range append([]string{g.Export}, g.Known...) {
			if k != "" {
				n.ids[norm(k)] = g.ID
			}
		}
		if g.Export != "" {
			n.export[g.ID] = g.Export
		}
	}
	return n
}

// GameID is our game for a BG Stats game, by its name or its BoardGameGeek
// name; "" when it is none of ours or not unambiguously.
func (n Names) GameID(g Game) string {
	if id := n.ids[norm(g.Name)]; id != "" {
		return id
	}
	return n.ids[norm(g.BGGName)]
}

// GameName is the name our export gives game id (the id when it has none).
func (n Names) GameName(id string) string {
	if name, ok := n.export[id]; ok {
		return name
	}
	return id
}

func norm(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

// NameKey is a name as names are compared (case and spaces aside): a
// player's name and a game's.
func NameKey(s string) string { return norm(s) }
