// Package custom is the scoresheet engine of a group's other games: games
// the app knows no rules of, defined by the group (a name, how the game is
// won, what ends a match). It judges no move: it checks that a round is
// written down whole (a number per player, or places) and decides the end of
// a match from the definition alone.
package custom

import (
	"encoding/json"
	"fmt"

	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
)

// How a match of a game is written down.
const (
	Rounds  = "rounds"  // each player's points, round after round
	Final   = "final"   // each player's final score, once
	Winner  = "winner"  // the winner (or the winners, on a tie), once
	Ranking = "ranking" // each player's place, once
)

// MaxSeats is the largest table a group's other game seats.
const MaxSeats = 20

// MaxPoints bounds a typed score, either way.
const MaxPoints = 1_000_000

// Def is a group's other game as its admin defined it.
type Def struct {
	ID      string // the game id its matches carry
	Kind    string // Rounds, Final, Winner or Ranking
	LowWins bool   // with points: the lowest total wins
	Target  int    // with Rounds: the total that ends the match (0: none)
	Rounds  int    // with Rounds: the number of rounds (0: open)
	// Coop: a co-operative game (with Winner): everyone wins or loses
	// together.
	Coop bool
}

// Open reports whether nothing in the definition ends a match: its last
// round is marked by hand.
func (d Def) Open() bool { return d.Kind == Rounds && d.Target == 0 && d.Rounds == 0 }

// Places reports whether matches are written as places (no points).
func (d Def) Places() bool { return d.Kind == Winner || d.Kind == Ranking }

// EntryVersion is the version of the stored Entry.
const EntryVersion = 1

// Entry is one round as stored. With points (Rounds, Final): Points, one
// per seat. With places: Places, one per seat (1 = first; with Winner,
// 1 for the winners and 2 for the others). Last marks the round that ends an
// open match.
type Entry struct {
	V      int   `json:"v"`
	Points []int `json:"points,omitempty"`
	Places []int `json:"places,omitempty"`
	Last   bool  `json:"last,omitempty"`
}

// Encode is the entry's stored form, at the current version.
func (e Entry) Encode() json.RawMessage {
	e.V = EntryVersion
	raw, _ := json.Marshal(e)
	return raw
}

// DecodeEntry reads a stored entry of any version.
func DecodeEntry(raw json.RawMessage) (Entry, error) {
	var e Entry
	if err := json.Unmarshal(raw, &e); err != nil {
		return Entry{}, rulebook.Mistake("entry", "custom.mistake.round.not.round.game")
	}
	v, err := scoring.DecodeVersion(e.V, EntryVersion)
	if err != nil {
		return Entry{}, err
	}
	e.V = v
	return e, nil
}

// Game is the engine of one definition; it satisfies scoring.Game.
type Game struct{ Def Def }

var _ scoring.Game = Game{}

func (g Game) ID() string                     { return g.Def.ID }
func (Game) Seats() (min, max int)            { return 1, MaxSeats }
func (Game) HouseRules() []rulebook.HouseRule { return nil }
func (g Game) LowWins() bool                  { return g.Def.LowWins && !g.Def.Places() }
func (Game) CheckOptions(seats int, _ map[string]string) (map[string]string, error) {
	if seats < 1 || seats > MaxSeats {
		return nil, rulebook.Mistake("players", "custom.mistake.choose.players", "MaxSeats", MaxSeats)
	}
	return map[string]string{}, nil
}

// NoPoints reports whether matches are written as places only (the
// totals then only rank the players: BG Stats's noPoints).
func (g Game) NoPoints() bool { return g.Def.Places() }

// Score checks that the round is written down whole and returns its
// points. Places become points so that totals rank as the places do: a
// seat's points are the number of players placed after it.
func (g Game) Score(m scoring.Match, before []scoring.Round, raw json.RawMessage) ([]int, error) {
	e, err := DecodeEntry(raw)
	if err != nil {
		return nil, err
	}
	if g.over(m, before) {
		return nil, rulebook.Mistake("entry", "custom.mistake.match.over.no.round")
	}
	if g.Def.Coop {
		return togetherPoints(m.Seats, e.Places)
	}
	if g.Def.Places() {
		return placePoints(m.Seats, e.Places, g.Def.Kind == Winner)
	}
	if len(e.Points) != m.Seats {
		return nil, rulebook.Mistake("points", "custom.mistake.write.down.score.every")
	}
	for i, p := range e.Points {
		if p > MaxPoints || p < -MaxPoints {
			return nil, rulebook.SeatMistake(i, fmt.Sprintf("seats[%d].points", i), "custom.mistake.score.between", "MaxPoints", MaxPoints)
		}
	}
	return append([]int(nil), e.Points...), nil
}

// placePoints checks places (each from 1 to seats; with winnerOnly, 1 or 2
// and at least one 1) and turns them into points.
func placePoints(seats int, places []int, winnerOnly bool) ([]int, error) {
	if len(places) != seats {
		return nil, rulebook.Mistake("places", "custom.mistake.give.every.player.place")
	}
	firsts := 0
	for i, p := range places {
		hi := seats
		if winnerOnly {
			hi = 2
		}
		if p < 1 || p > hi {
			return nil, rulebook.SeatMistake(i, fmt.Sprintf("seats[%d].place", i), "custom.mistake.place", "Seats", seats)
		}
		if p == 1 {
			firsts++
		}
	}
	if firsts == 0 {
		return nil, rulebook.Mistake("places", "custom.mistake.choose.who.won")
	}
	return PlacePoints(places), nil
}

// togetherPoints checks a co-operative round (every place 1: won
// together, every place 2: lost together) and turns it into points: 1 each
// when won, 0 when lost (see Together).
func togetherPoints(seats int, places []int) ([]int, error) {
	if len(places) != seats || seats == 0 {
		return nil, rulebook.Mistake("places", "custom.mistake.give.every.player.place")
	}
	points := make([]int, seats)
	for i, p := range places {
		if p != places[0] || p < 1 || p > 2 {
			return nil, rulebook.Mistake("places", "custom.mistake.together")
		}
		if p == 1 {
			points[i] = 1
		}
	}
	return points, nil
}

// Together reports whether a co-operative match with these totals was won
// (by everyone): its totals are 1 each when won, 0 when lost.
func Together(totals []int) bool { return len(totals) > 0 && totals[0] > 0 }

// PlacePoints are the points places give: each seat's is the number of
// seats placed after it (1, 2, 2, 4 give 3, 1, 1, 0), so that totals rank
// as the places do. A play imported as places is stored with these points.
func PlacePoints(places []int) []int {
	points := make([]int, len(places))
	for i, p := range places {
		for _, q := range places {
			if q > p {
				points[i]++
			}
		}
	}
	return points
}

// over reports whether the rounds end the match.
func (g Game) over(m scoring.Match, rounds []scoring.Round) bool {
	if len(rounds) == 0 {
		return false
	}
	if g.Def.Kind != Rounds {
		return true // one round holds the whole match
	}
	if g.Def.Rounds > 0 && len(rounds) >= g.Def.Rounds {
		return true
	}
	if g.Def.Target > 0 {
		for _, t := range scoring.Totals(m.Seats, rounds) {
			if t >= g.Def.Target { // reached, whichever way the game is won
				return true
			}
		}
	}
	for _, r := range rounds {
		if e, err := DecodeEntry(r.Entry); err == nil && e.Last {
			return true
		}
	}
	return false
}

// Progress ranks the totals (the lowest first when the lowest wins) and says
// the match is over once the definition's end is reached or a round was
// marked the last.
func (g Game) Progress(m scoring.Match, rounds []scoring.Round) scoring.Progress {
	return scoring.Tally(m.Seats, rounds, g.LowWins(), g.over(m, rounds))
}
