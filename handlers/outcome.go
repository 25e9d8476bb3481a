package handlers

import (
	"context"
	"strings"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/scoring/standings"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// How a finished match ended when its places do not rank its players is
// decided here, once, for the sheet, the group's list, the standings, the
// player pages and the exports (issue 38).

// matchResult is how a finished match of g ended when its places do not
// rank its players (store.PlayMeta.Result): the result the match keeps (a
// BG Stats play's: won or lost together, nobody won, no result), else,
// for a co-operative game's match recorded here, won or lost together by
// its totals (kit.Together); "" when its places rank the players.
func matchResult(g Game, kept string, totals []int) string {
	if kept != "" {
		return kept
	}
	if t, ok := g.(kit.Together); ok {
		if coop, won := t.Together(totals); coop && won {
			return store.ResultWon
		} else if coop {
			return store.ResultLost
		}
	}
	return ""
}

// resultOf is matchResult for a game of the set (a game it lacks is ranked).
func (gs gameSet) resultOf(game, kept string, totals []int) string {
	if g, ok := gs.get(game); ok {
		return matchResult(g, kept, totals)
	}
	return kept
}

// outcome is a result as the standings count it: won or lost together,
// no winner (nobody won, no result), or ranked ("").
func outcome(result string) standings.Outcome {
	switch result {
	case store.ResultWon:
		return standings.WonTogether
	case store.ResultLost:
		return standings.LostTogether
	case store.ResultNobody, store.ResultNone:
		return standings.NoWinner
	}
	return standings.Ranked
}

// resultText says a result of a match of players for people ("Won
// together"; a solo play is "Won" or "Lost"); "" for a ranked match.
func resultText(ctx context.Context, result string, players int) string {
	switch {
	case result == "":
		return ""
	case players == 1 && (result == store.ResultWon || result == store.ResultLost):
		return views.T(ctx, "result.solo."+result)
	}
	return views.T(ctx, "result."+result)
}

// togetherText is a player's record in the matches not ranked, in words
// ("Together: 3 won, 1 lost · No winner: 2"); "" when there are none.
func togetherText(ctx context.Context, t standings.Together) string {
	var parts []string
	if t.Won+t.Lost > 0 {
		parts = append(parts, views.T(ctx, "result.record", "Won", t.Won, "Lost", t.Lost))
	}
	if t.NoWinner > 0 {
		parts = append(parts, views.T(ctx, "result.nowinner", "N", t.NoWinner))
	}
	return strings.Join(parts, " · ")
}
