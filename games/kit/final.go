package kit

import (
	"context"
	"encoding/json"

	"github.com/tablekeeper/tablekeeper/store/bgstats"
	"github.com/tablekeeper/tablekeeper/views"
)

// A match imported from BG Stats has one round that holds its final scores
// only: its entry is bgstats.FinalEntry, which no game's entry form can
// read. FinalScores and FinalRound are how every game names such a round
// (each game's Detail and RoundLabel ask them first).

// FinalScores names entry when it is a final-scores round.
func FinalScores(ctx context.Context, entry json.RawMessage) (string, bool) {
	if !bgstats.IsFinal(entry) {
		return "", false
	}
	if bgstats.IsNoScores(entry) {
		return views.T(ctx, "bgstats.noscores"), true
	}
	return views.T(ctx, "bgstats.final"), true
}

// FinalRound names round number (1-based) of played when it is a
// final-scores round, which is only ever a match's one live round
// (checkFinal): a sheet's other rounds are not decoded to ask.
func FinalRound(ctx context.Context, played Played, number int) (string, bool) {
	if number != 1 || len(played.Entries) != 1 {
		return "", false
	}
	return FinalScores(ctx, played.Entries[number-1])
}
