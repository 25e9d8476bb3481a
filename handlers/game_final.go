package handlers

import (
	"context"
	"encoding/json"

	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/store/bgstats"
	"github.com/tablekeeper/tablekeeper/views"
)

// A match imported from BG Stats has one round that holds its final scores
// only, which no game's entry form can read: the handlers answer for it
// (its progress, its label and detail), never its game.

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
		return rulebook.Mistake("seats", "final.mistake.players", "Min", lo, "Max", hi)
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
	p := scoring.Progress{Totals: totals, Places: scoring.FinalPlaces(places, totals, g.LowWins(), nil), Finished: true, Dealer: -1}
	p.Winners = p.Leaders()
	return p
}

// roundLabel names round number (1-based) of a match for people: a
// final-scores round by what it holds, any other as its game names it
// (no game is asked about a round it cannot read).
func roundLabel(ctx context.Context, g Game, m store.Match, played Played, number int) string {
	if s, ok := finalRound(ctx, played, number); ok {
		return s
	}
	return g.RoundLabel(ctx, m, played, number)
}

// roundDetail says in a few words what was entered for a round: a
// final-scores round's words, or its game's.
func roundDetail(ctx context.Context, g Game, m store.Match, entry json.RawMessage) string {
	if s, ok := finalScores(ctx, entry); ok {
		return s
	}
	return g.Detail(ctx, m, entry)
}

// finalScores names entry when it is a final-scores round.
func finalScores(ctx context.Context, entry json.RawMessage) (string, bool) {
	if !bgstats.IsFinal(entry) {
		return "", false
	}
	if bgstats.IsNoScores(entry) {
		return views.T(ctx, "bgstats.noscores"), true
	}
	return views.T(ctx, "bgstats.final"), true
}

// finalRound names round number (1-based) of played when it is a
// final-scores round, which is only ever a match's one live round
// (checkFinal): a sheet's other rounds are not decoded to ask.
func finalRound(ctx context.Context, played Played, number int) (string, bool) {
	if number != 1 || len(played.Entries) != 1 {
		return "", false
	}
	return finalScores(ctx, played.Entries[number-1])
}
