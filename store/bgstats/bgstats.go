// Package bgstats reads and writes the JSON files of BG Stats, the score
// app many groups log their plays in (issues 18 and 31): its backup export
// and its Play file, as far as tablekeeper can carry them.
//
// The file's shape (read off real exports, app 4.6 to 6.14, iOS and
// Android; see the team's BGSTATS.md): top level "games" [{id, uuid, name,
// bggName, bggId, highestWins, noPoints, cooperative}], "players" [{id,
// uuid, name, isAnonymous}], "locations" [{id, uuid, name}], "plays"
// [{uuid, gameRefId, playDate "YYYY-MM-DD hh:mm:ss" (local time, no zone),
// locationRefId, durationMin, ignored, usesTeams, manualWinner,
// scoringSetting, comments, playerScores [{playerRefId, score (a string
// such as "42", "", "3+6+2", "66-11-12", "12.5", or a number, or null),
// winner, rank, seatOrder, startPlayer, team}]}]. A Play file adds "about".
// Other parts (groups, tags, challenges, userInfo) are skipped on reading.
//
// A play becomes a "final scores only" match: one round whose entry is
// FinalEntry (or NoScoresEntry) and whose points are the final scores; the
// places BG Stats gave are kept when they are not the totals' order.
package bgstats

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// File is a BG Stats export or Play file, as far as it is read or written here.
type File struct {
	About     string     `json:"about,omitempty"`
	Games     []Game     `json:"games"`
	Players   []Player   `json:"players"`
	Locations []Location `json:"locations"`
	Plays     []Play     `json:"plays"`
	UserInfo  *UserInfo  `json:"userInfo,omitempty"`
}

// UserInfo is who the file is of: its own player (meRefId, a player's
// id). A backup's cloud e-mail address is never read.
type UserInfo struct {
	MeRefID int64 `json:"meRefId"`
}

// PlayFileAbout is what our BG Stats file says it is, as the Play file
// BG Stats reads back begins ("This is a Play file that can be read by
// Board Game Stats…").
const PlayFileAbout = "This is a Play file that can be read by Board Game Stats. Written by tablekeeper."

// Game is a game of the file.
type Game struct {
	ID          int64  `json:"id"`
	UUID        string `json:"uuid,omitempty"`
	Name        string `json:"name"`
	BGGName     string `json:"bggName,omitempty"`
	BGGID       int64  `json:"bggId"`
	HighestWins bool   `json:"highestWins"`
	NoPoints    bool   `json:"noPoints"`
	Cooperative bool   `json:"cooperative"`
	IsExpansion Bit    `json:"isExpansion,omitempty"`
}

// Player is a player of the file.
type Player struct {
	ID          int64  `json:"id"`
	UUID        string `json:"uuid,omitempty"`
	Name        string `json:"name"`
	IsAnonymous bool   `json:"isAnonymous"`
}

// Location is where plays were played.
type Location struct {
	ID   int64  `json:"id"`
	UUID string `json:"uuid,omitempty"`
	Name string `json:"name"`
}

// Play is one logged play.
type Play struct {
	UUID          string `json:"uuid,omitempty"`
	GameRefID     int64  `json:"gameRefId"`
	PlayDate      string `json:"playDate"` // "2006-01-02 15:04:05", local time
	EntryDate     string `json:"entryDate,omitempty"`
	LocationRefID int64  `json:"locationRefId,omitempty"`
	DurationMin   int    `json:"durationMin"`
	Ignored       bool   `json:"ignored"`
	UsesTeams     bool   `json:"usesTeams"`
	ManualWinner  bool   `json:"manualWinner"`
	Scoring       int    `json:"scoringSetting"`
	BGGID         int64  `json:"bggId,omitempty"`
	Comments      string `json:"comments,omitempty"`
	Board         Text   `json:"board,omitempty"` // the variant or board played
	// ExpansionPlays are the expansions played: games of the file.
	ExpansionPlays []ExpansionPlay `json:"expansionPlays,omitempty"`
	PlayerScores   []Score         `json:"playerScores"`
}

// ExpansionPlay is an expansion played with a play: a game of the file.
type ExpansionPlay struct {
	GameRefID int64 `json:"gameRefId"`
	BGGID     int64 `json:"bggId,omitempty"`
}

// Score is a player's result in a play.
type Score struct {
	PlayerRefID int64 `json:"playerRefId"`
	Score       Text  `json:"score"` // "42", "", a sum as typed: "3+20+5", "66-11-12"
	Winner      bool  `json:"winner"`
	StartPlayer bool  `json:"startPlayer"`
	Rank        int   `json:"rank"`
	SeatOrder   int   `json:"seatOrder"`
	Team        Text  `json:"team,omitempty"`
	NewPlayer   Flag  `json:"newPlayer"` // his first play of the game
	Role        Text  `json:"role,omitempty"`
}

// Text is a JSON value read as text: a string as it is, a number as
// written, null as "" (BG Stats writes a score as a string, a few files
// as a number).
type Text string

// UnmarshalJSON reads a string, a number or null.
func (t *Text) UnmarshalJSON(b []byte) error {
	switch {
	case string(b) == "null":
		*t = ""
		return nil
	case len(b) >= 2 && b[0] == '"' && bytes.IndexByte(b, '\\') < 0 && utf8.Valid(b):
		*t = Text(b[1 : len(b)-1]) // a plain string, as most are: not decoded again
		return nil
	case len(b) > 0 && b[0] == '"':
		var s string
		err := json.Unmarshal(b, &s)
		*t = Text(s)
		return err
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*t = Text(n)
	return nil
}

// Flag is a yes or no as files write it: true or false, or a number (0
// no), or null (no); written true or false.
type Flag bool

// UnmarshalJSON reads true, false, a number or null.
func (f *Flag) UnmarshalJSON(b []byte) error {
	switch s := string(b); s {
	case "true":
		*f = true
	case "false", "null":
		*f = false
	default:
		var n float64
		if err := json.Unmarshal(b, &n); err != nil {
			return err
		}
		*f = n != 0
	}
	return nil
}

// Bit is a Flag BG Stats writes as 1 or 0 (a game's isExpansion).
type Bit bool

// UnmarshalJSON reads what Flag reads.
func (b *Bit) UnmarshalJSON(data []byte) error { return (*Flag)(b).UnmarshalJSON(data) }

// MarshalJSON writes 1 or 0.
func (b Bit) MarshalJSON() ([]byte, error) {
	if b {
		return []byte("1"), nil
	}
	return []byte("0"), nil
}

// FinalEntry is the entry of the one round of a match imported with final
// scores only: there were no rounds to keep.
var FinalEntry = json.RawMessage(`{"final":true}`)

// NoScoresEntry is the entry of the one round of a match imported from a
// play with no scores (a winner or ranks only): its points are zeros and
// its places are the match's (store.PlayMeta.Places).
var NoScoresEntry = json.RawMessage(`{"final":true,"noScores":true}`)

type finalEntry struct {
	Final    bool `json:"final"`
	NoScores bool `json:"noScores"`
}

// IsFinal reports whether a round's entry is FinalEntry or NoScoresEntry.
// A game's entry (no "final" in any case, no escape) is answered without
// decoding it: the scoresheet asks it of every round.
func IsFinal(entry json.RawMessage) bool {
	if !mayBeFinal(entry) {
		return false
	}
	var v finalEntry
	return json.Unmarshal(entry, &v) == nil && v.Final
}

// IsNoScores reports whether a round's entry is NoScoresEntry.
func IsNoScores(entry json.RawMessage) bool {
	if !mayBeFinal(entry) {
		return false
	}
	var v finalEntry
	return json.Unmarshal(entry, &v) == nil && v.Final && v.NoScores
}

// mayBeFinal reports whether entry holds "final" in any case, or an escape
// that could spell it.
func mayBeFinal(entry []byte) bool {
	for i := 0; i < len(entry); i++ {
		switch entry[i] {
		case '\\':
			return true
		case 'f', 'F':
			if i+5 <= len(entry) && strings.EqualFold(string(entry[i:i+5]), "final") {
				return true
			}
		}
	}
	return false
}

// notOurs are BoardGameGeek ids that BG Stats files give names of ours:
// "Take 5" is most often 6 nimmt! (432), which is not our Take 5!.
var notOurs = map[int64]bool{432: true}

// Names are the games BG Stats knows as ours, as the games declare them:
// each name (normalised, see norm) and BoardGameGeek id to our game's id,
// and the name and BoardGameGeek id our export gives each game.
type Names struct {
	ids    map[string]string
	bgg    map[int64]string
	export map[string]string
	bggOf  map[string]int64
}

// GameNames are one game's names in BG Stats files: Export is written by
// our export, Known (Export among them) are read by an import, in English
// and French, names that name no other game; BGGID is the game's
// BoardGameGeek id, 0 when it has none known.
type GameNames struct {
	ID     string
	Export string
	Known  []string
	BGGID  int64
}

// NewNames is the names of games.
func NewNames(games ...GameNames) Names {
	n := Names{ids: map[string]string{}, bgg: map[int64]string{}, export: map[string]string{}, bggOf: map[string]int64{}}
	for _, g := range games {
		for _, k := range append([]string{g.Export}, g.Known...) {
			if k != "" {
				n.ids[norm(k)] = g.ID
			}
		}
		if g.Export != "" {
			n.export[g.ID] = g.Export
		}
		if g.BGGID > 0 {
			n.bgg[g.BGGID] = g.ID
			n.bggOf[g.ID] = g.BGGID
		}
	}
	return n
}

// GameID is our game for a BG Stats game, by its BoardGameGeek id, then
// its name or its BoardGameGeek name; "" when it is none of ours or not
// unambiguously. It is what an import proposes before the group chooses.
func (n Names) GameID(g Game) string {
	if id := n.bgg[g.BGGID]; id != "" {
		return id
	}
	if notOurs[g.BGGID] {
		return ""
	}
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

// BGGID is game id's BoardGameGeek id, 0 when none is known.
func (n Names) BGGID(id string) int64 { return n.bggOf[id] }

// GameKey is how a group remembers what a file's game was taken as: its
// BoardGameGeek id, or its name (case and spaces aside).
func GameKey(g Game) string {
	if g.BGGID > 0 {
		return "bgg:" + itoa(g.BGGID)
	}
	return "name:" + norm(g.Name)
}

func norm(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

// NameKey is a name as names are compared (case and spaces aside): a
// player's name and a game's.
func NameKey(s string) string { return norm(s) }
