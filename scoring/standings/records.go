package standings

import (
	"cmp"
	"slices"
	"time"
)

// Feat is one record-holding performance.
type Feat struct {
	Player   int64
	MatchID  int64 // for a streak, the match that completed it
	PlayedAt time.Time
	Value    int // a total, a round's points, or a streak's length
}

// GameRecords are the group's records in one game: best results only, on
// the game's side (for a lowest-wins game the best total is the lowest), set
// in whole matches (see Match.Partial).
type GameRecords struct {
	Game      string
	LowWins   bool
	BestTotal Feat
	BestRound *Feat // nil when no whole match of the game recorded rounds
}

// Records are the group's records over a filter.
type Records struct {
	Games         []GameRecords // one per game played, sorted by game key
	LongestStreak *Feat         // longest winning streak; nil when no one has won
}

// GroupRecords returns the records over the matches f selects. A record
// belongs to whoever set it first: a later equal value does not take it
// (within one match, the lower player id holds it). A partial match (an
// express match, a match ended early) sets no total or round record, and a
// game played only in partial matches has none; the winning streak counts
// every match won, as the standings do.
//
// Returns an error wrapping ErrInvalidMatch if a selected match is invalid.
func GroupRecords(matches []Match, f Filter) (Records, error) {
	sel, err := selectMatches(matches, f)
	if err != nil {
		return Records{}, err
	}
	games := map[string]*GameRecords{}
	for _, m := range sel {
		if m.Partial {
			continue
		}
		for _, r := range m.Results {
			if r.Left { // his total is not a whole match's
				continue
			}
			games[m.Game] = setRecords(games[m.Game], m, r)
		}
	}
	var out Records
	out.Games = make([]GameRecords, 0, len(games))
	for _, g := range games {
		out.Games = append(out.Games, *g)
	}
	slices.SortFunc(out.Games, func(a, b GameRecords) int { return cmp.Compare(a.Game, b.Game) })

	longest, _ := streaks(sel)
	for _, s := range longest {
		if s.Length == 0 {
			continue
		}
		r := out.LongestStreak
		if r == nil || s.Length > r.Value ||
			(s.Length == r.Value && (s.Ended.Before(r.PlayedAt) ||
				(s.Ended.Equal(r.PlayedAt) && s.Player < r.Player))) {
			out.LongestStreak = &Feat{Player: s.Player, MatchID: s.Last, PlayedAt: s.Ended, Value: s.Length}
		}
	}
	return out, nil
}

// setRecords returns g (a new one when nil) after r's part in the whole
// match m: its total and each of its rounds.
func setRecords(g *GameRecords, m Match, r Result) *GameRecords {
	feat := Feat{Player: r.Player, MatchID: m.ID, PlayedAt: m.PlayedAt, Value: r.Total}
	if g == nil {
		g = &GameRecords{Game: m.Game, LowWins: m.LowWins, BestTotal: feat}
	}
	g.BestTotal = keep(g.BestTotal, feat, m.LowWins)
	for _, pts := range r.Rounds {
		feat.Value = pts
		if g.BestRound == nil {
			g.BestRound = &Feat{}
			*g.BestRound = feat
		}
		*g.BestRound = keep(*g.BestRound, feat, m.LowWins)
	}
	return g
}

// keep returns the record holder after challenger's performance, where
// lowWins says which side is the record: a strictly better value takes it,
// and so does an equal value in the same match by a lower player id.
func keep(holder, challenger Feat, lowWins bool) Feat {
	if better(challenger.Value, holder.Value, lowWins) {
		return challenger
	}
	if challenger.Value == holder.Value && challenger.MatchID == holder.MatchID &&
		challenger.PlayedAt.Equal(holder.PlayedAt) && challenger.Player < holder.Player {
		return challenger
	}
	return holder
}
