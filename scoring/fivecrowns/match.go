package fivecrowns

import fc "github.com/tablekeeper/tablekeeper/referee/fivecrowns"

// Player counts of a normal match (the solo variant is played alone).
const (
	MinPlayers = 2
	MaxPlayers = 7
)

// LastRound is the round that ends every match: 11, when 13 cards are dealt
// and kings are wild.
const LastRound = fc.Rounds

// ValidStartRound reports whether a match may start at round start: 1 for the
// full game, a later round for the express variant («par exemple, par la
// sixième manche»), never after round 11.
func ValidStartRound(start int) bool { return start >= 1 && start <= LastRound }

// MatchRounds lists the rounds of a match starting at round start, which
// always ends at round 11: 1…11 for a full match, 6…11 for the seed's express
// example. It returns nil for an invalid start.
func MatchRounds(start int) []int {
	if !ValidStartRound(start) {
		return nil
	}
	out := make([]int, 0, LastRound-start+1)
	for r := start; r <= LastRound; r++ {
		out = append(out, r)
	}
	return out
}

// Seats are numbered 0…players−1 clockwise, so the player on a seat's left
// is the next seat and play goes seat to seat+1.

// Winners returns the indexes of the lowest totals, in index order: the
// lowest total wins («celui qui en a le moins gagne la partie»), and a tie is
// shared (the sheet is silent; RULES.md FC-A8). It returns an empty slice for
// no players.
func Winners(totals []int) []int {
	out := []int{}
	for i, t := range totals {
		switch {
		case len(out) == 0 || t < totals[out[0]]:
			out = append(out[:0], i)
		case t == totals[out[0]]:
			out = append(out, i)
		}
	}
	return out
}
