package handlers

import (
	"strconv"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/store/bgstats"
)

// Winner-only and places matches show places, not invented points (issue
// 38): decided here once for the sheet, its chart and the CSV.

// placesOnly reports whether a match of g is written as places, not
// points: its game counts places (a group's game won by the winner or a
// ranking, whose totals are the players each beat), or it is a play
// without scores (a winner or ranks only, whose totals are zeros). Its
// places are shown where points would be, and no total or running chart.
func placesOnly(g Game, noScores bool) bool {
	return noScores || g != nil && g.Profile().Counts == kit.CountsPlaces
}

// playedNoScores reports whether a match holds no scores: a BG Stats play
// without any, kept so or read from its one final round.
func playedNoScores(m store.Match, live Played) bool {
	return m.Play.NoScores || finalOnly(live) && bgstats.IsNoScores(live.Entries[0])
}

// placeTexts are places as a sheet or an export writes them ("2", "4", "1",
// "3"); all empty for a match its places do not rank (result: won or lost
// together, nobody won, no result).
func placeTexts(places []int, result string) []string {
	out := make([]string, len(places))
	for i, p := range places {
		if result == "" && p > 0 {
			out[i] = strconv.Itoa(p)
		}
	}
	return out
}

// roundPlaces are a places match's round's places, from the points the
// round gave each seat (the players it beat, see custom.PlacePoints).
func roundPlaces(points []int) []string {
	return placeTexts(scoring.Places(points, false), "")
}
