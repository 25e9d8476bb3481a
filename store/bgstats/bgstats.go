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

// names maps a game's name, normalised (see norm), to our game's id: the
// names in English and French under which the game is known and that name
// no other game. "Take 5" (and "Take 5!", "6 nimmt!", "Take Five") are
// left out: in BG Stats they are most often 6 nimmt!, which is not ours.
// Our own export writes the names in GameName, which map back.
var names = map[string]string{
	"five crowns":             "fivecrowns",
	"5 crowns":                "fivecrowns",
	"les cinq rois":           "fivecrowns",
	"five crowns (5 rois)":    "fivecrowns",
	"taki":                    "taki",
	"take 5! (kramer)":        "take5",
	"take five (tablekeeper)": "takefive",
}

// GameName is the name our export gives a game: one that maps back to it.
var GameName = map[string]string{
	"fivecrowns": "Five Crowns",
	"taki":       "TAKI",
	"take5":      "Take 5! (Kramer)",
	"takefive":   "Take Five (tablekeeper)",
}

// GameID is our game for a BG Stats game, by its name or its BoardGameGeek
// name; "" when it is none of ours or not unambiguously.
func GameID(g Game) string {
	if id := names[norm(g.Name)]; id != "" {
		return id
	}
	return names[norm(g.BGGName)]
}

func norm(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

// NameKey is a name as names are compared (case and spaces aside): a
// player's name and a game's.
func NameKey(s string) string { return norm(s) }
