// Package scoring holds what every game's scoresheet engine shares: the one
// interface a game's scorer satisfies (Game), the match and rounds it is asked
// about, and where a match stands (Progress). Each game implements Game in its
// own package, scoring/<game>, next to its round entry type; the web layer,
// the JSON API, the store's import and the load generator all go through it,
// so a round is checked and scored in one place.
package scoring

import (
	"encoding/json"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// Game is a game's scoresheet rules. Implementations are pure: no I/O, no
// clock, and every error about the input is a *rulebook.InputError naming the
// field at fault.
type Game interface {
	// ID is the game's URL and storage id: lower case letters and digits.
	ID() string
	// Seats is how many players a match may seat.
	Seats() (min, max int)
	// HouseRules declares the switches a group may set.
	HouseRules() []rulebook.HouseRule
	// LowWins reports whether the lowest total wins (Five Crowns).
	LowWins() bool
	// CheckOptions validates a new match's options for a table of seats
	// players and returns them cleaned (every option the game reads, at its
	// default when absent).
	CheckOptions(seats int, options map[string]string) (map[string]string, error)
	// Score checks the entry of the round played after before (a new round,
	// or the correction of round len(before)+1) and returns each seat's
	// points. It is the one validator of a round: the scoresheet, the JSON
	// API and the import all call it.
	Score(m Match, before []Round, entry json.RawMessage) ([]int, error)
	// Progress says where the match stands after its live rounds.
	Progress(m Match, rounds []Round) Progress
}

// Match is what a match fixes before its first round.
type Match struct {
	Seats   int               // players seated, in seat order 0…Seats−1
	Options map[string]string // as returned by CheckOptions
	Rules   rulebook.Settings // the house rules in force (see rulebook.ResolveKnown)
	// AwayFrom is, seat by seat, the first round (1-based) the seat's
	// player no longer plays, 0 while he stays; nil when nobody left. A
	// turn that passes round the table (the deal, who starts) passes over
	// the seats away from that round (PassedTo).
	AwayFrom []int
}

// Round is one live round: its entry in stored form and the points it gave.
type Round struct {
	Entry  json.RawMessage
	Points []int
}

// Progress is where a match stands after its live rounds.
type Progress struct {
	Totals   []int // each seat's total
	Places   []int // each seat's place (1 = ahead; equal totals share a place)
	Finished bool
	Winners  []int // the seats placed first once finished; several on a tie
	// Dealer is the seat dealing (or starting) the next round, −1 when the
	// game has none or the match is over.
	Dealer int
}

// Leaders are the seats currently placed first.
func (p Progress) Leaders() []int {
	var out []int
	for i, place := range p.Places {
		if place == 1 {
			out = append(out, i)
		}
	}
	return out
}

// Points lists the points of the rounds, in order.
func Points(rounds []Round) [][]int {
	out := make([][]int, len(rounds))
	for i, r := range rounds {
		out[i] = r.Points
	}
	return out
}

// Totals adds each seat's points over the rounds; a round shorter than
// seats counts 0 for the missing seats.
func Totals(seats int, rounds []Round) []int {
	out := make([]int, seats)
	for _, r := range rounds {
		for i := 0; i < seats && i < len(r.Points); i++ {
			out[i] += r.Points[i]
		}
	}
	return out
}

// Tally is the Progress of a match decided by its totals alone: every game
// calls it with its own rule for the end, so who is ahead and who won is
// decided here once.
func Tally(seats int, rounds []Round, lowWins, finished bool) Progress {
	p := Progress{Totals: Totals(seats, rounds), Dealer: -1, Finished: finished}
	p.Places = Places(p.Totals, lowWins)
	if finished {
		p.Winners = p.Leaders()
	}
	return p
}

// Places returns each player's finishing place from the match totals, in
// standard competition ranking: equal totals share a place and the next
// place skips as many as shared it (1, 2, 2, 4). With lowWins the lowest
// total finishes first (Five Crowns); otherwise the highest does. The result
// is in the order of totals; an empty input gives an empty result.
func Places(totals []int, lowWins bool) []int {
	places := make([]int, len(totals))
	for i, ti := range totals {
		ahead := 0
		for _, tj := range totals {
			if (lowWins && tj < ti) || (!lowWins && tj > ti) {
				ahead++
			}
		}
		places[i] = ahead + 1
	}
	return places
}
