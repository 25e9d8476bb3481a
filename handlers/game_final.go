package handlers

import (
	"fmt"

	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store/bgstats"
)

// A match imported from BG Stats has one round that holds its final scores
// only (see kit.FinalScores).

// checkFinal checks a final-scores round as an import finds it (rounds:
// the match's live rounds, final the one being checked): it must be the
// match's only live round and hold a score for every seat. Its points are
// the scores as typed in BG Stats: no engine can score them again.
func checkFinal(rounds, seats int, points []int) bool {
	return rounds == 1 && len(points) == seats
}

// checkTable checks a final-scores match's table against the game's
// number of players (its only option a BG Stats play can satisfy).
func checkTable(g Game, seats int) error {
	lo, hi := g.Seats()
	if seats < lo || seats > hi {
		return rulebook.Invalid("seats", fmt.Sprintf("This game is played by %d to %d players.", lo, hi),
			fmt.Sprintf("Ce jeu se joue de %d à %d joueurs.", lo, hi))
	}
	return nil
}

// finalOnly reports whether a match's live rounds are one final-scores
// round: the match is over, whatever its game would say of one round.
func finalOnly(played Played) bool {
	return len(played.Entries) == 1 && bgstats.IsFinal(played.Entries[0])
}

// finalProgress is where a final-scores match stands: finished, placed by
// the places the play kept (a winner picked by hand, a winner or ranks
// only), else by its scores as its game orders them (the standings place
// it so too).
func finalProgress(g Game, totals, places []int) scoring.Progress {
	if len(places) != len(totals) {
		places = scoring.Places(totals, g.LowWins())
	}
	p := scoring.Progress{Totals: totals, Places: places, Finished: true, Dealer: -1}
	p.Winners = p.Leaders()
	return p
}
