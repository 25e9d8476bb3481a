package standings

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"time"
)

// Result is one player's outcome in a match.
type Result struct {
	Player int64
	Total  int // final total: points, or round wins in Take Five
	Place  int // 1 is first; shared places repeat (1, 2, 2, 4), see scoring.Places
	// Rounds optionally holds the points the player scored in each round,
	// for the round records; nil when the caller does not track them.
	Rounds []int
	// Left is a player who left the match before its end: placed after
	// those who stayed, his total is not a whole match's and sets no
	// record or personal best.
	Left bool
}

// Match is one finished match as the standings see it.
type Match struct {
	ID        int64
	Game      string // the game's key, its ID
	PlayedAt  time.Time
	LowWins   bool // the lowest total finishes first (Five Crowns)
	HasPoints bool // totals are points worth averaging (not Take Five's round wins)
	// Partial is a match that is not the whole game: an express variant or
	// a match ended early. It counts in the tables, ratings and streaks
	// like any other, but sets no record (GroupRecords) and no personal
	// best or worst (Profile.Extremes).
	Partial bool
	// Outcome is how the match ended when its places do not rank its
	// players (a co-operative match, nobody won, no result): such a match
	// counts in each player's matches played and its own record, not in
	// wins, places, ratings, streaks, records or head-to-head.
	Outcome Outcome
	Results []Result
}

// Outcome is how a match ended.
type Outcome uint8

// The outcomes of a match.
const (
	Ranked       Outcome = iota // the places rank the players
	WonTogether                 // won by the players together (a co-operative or solo game)
	LostTogether                // lost by the players together
	NoWinner                    // played with no winner: nobody won, or no result was recorded
)

// Together is a player's record in the matches not ranked (Match.Outcome).
type Together struct {
	Won, Lost, NoWinner int
}

// Played is the matches the record counts.
func (t Together) Played() int { return t.Won + t.Lost + t.NoWinner }

// add counts one more match of outcome o.
func (t *Together) add(o Outcome) {
	switch o {
	case WonTogether:
		t.Won++
	case LostTogether:
		t.Lost++
	case NoWinner:
		t.NoWinner++
	}
}

// unranked is the matches f selects that are not ranked, validated.
func unranked(matches []Match, f Filter) ([]Match, error) {
	var out []Match
	for _, m := range matches {
		if m.Outcome == Ranked || !f.Includes(m) {
			continue
		}
		if err := validate(m); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// Filter selects the matches a table is computed over.
type Filter struct {
	Game string    // one game's key, or "" for all games together
	From time.Time // first instant included; zero: since the beginning
	To   time.Time // first instant excluded (the day after a season's last day); zero: until now
}

// Includes reports whether the filter selects m.
func (f Filter) Includes(m Match) bool {
	if f.Game != "" && m.Game != f.Game {
		return false
	}
	if !f.From.IsZero() && m.PlayedAt.Before(f.From) {
		return false
	}
	if !f.To.IsZero() && !m.PlayedAt.Before(f.To) {
		return false
	}
	return true
}

// Options tune the computations. DefaultOptions gives the product's values.
type Options struct {
	Model       Model          // rating parameters; the zero Model means DefaultModel
	MinMatches  int            // players with fewer matches in the filter are provisional
	MinTogether int            // matches together before an opponent can be a toughest rival
	FormLength  int            // how many recent matches a profile's form shows
	Location    *time.Location // where game nights are dated; nil means UTC
	// NightEnds is the time of day before which a match still belongs to the
	// previous evening's game night, so a night that runs past midnight is
	// one night.
	NightEnds time.Duration
}

// DefaultOptions returns the product's settings: the default model, 5
// matches before a player is ranked, 3 matches together before a rival
// counts, a form of 5 matches, and nights dated in UTC ending at 06:00.
func DefaultOptions() Options {
	return Options{Model: DefaultModel(), MinMatches: 5, MinTogether: 3, FormLength: 5, NightEnds: 6 * time.Hour}
}

func (o Options) model() Model {
	if o.Model == (Model{}) {
		return DefaultModel()
	}
	return o.Model
}

// night is a game night's calendar date.
type night struct {
	year  int
	month time.Month
	day   int
}

func (o Options) nightOf(t time.Time) night {
	loc := o.Location
	if loc == nil {
		loc = time.UTC
	}
	y, m, d := t.In(loc).Add(-o.NightEnds).Date()
	return night{y, m, d}
}

func (o Options) nightTime(n night) time.Time {
	loc := o.Location
	if loc == nil {
		loc = time.UTC
	}
	return time.Date(n.year, n.month, n.day, 0, 0, 0, 0, loc)
}

// ErrInvalidMatch reports a match that cannot have happened: no results, a
// player listed twice, a place outside 1..players, or a game recorded both
// as lowest-wins and highest-wins.
var ErrInvalidMatch = errors.New("standings: invalid match")

// selectMatches returns the ranked matches f includes (see
// Match.Outcome), validated, in the order they were played (time, then id).
func selectMatches(matches []Match, f Filter) ([]Match, error) {
	sel := make([]Match, 0, len(matches))
	lowWins := map[string]bool{}
	for _, m := range matches {
		if !f.Includes(m) || m.Outcome != Ranked {
			continue
		}
		if err := validate(m); err != nil {
			return nil, err
		}
		if lw, ok := lowWins[m.Game]; ok && lw != m.LowWins {
			return nil, fmt.Errorf("%w: match %d: game %q is recorded both lowest-wins and highest-wins", ErrInvalidMatch, m.ID, m.Game)
		}
		lowWins[m.Game] = m.LowWins
		sel = append(sel, m)
	}
	slices.SortStableFunc(sel, func(a, b Match) int {
		if c := a.PlayedAt.Compare(b.PlayedAt); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return sel, nil
}

func validate(m Match) error {
	n := len(m.Results)
	if n == 0 {
		return fmt.Errorf("%w: match %d has no results", ErrInvalidMatch, m.ID)
	}
	for i, r := range m.Results {
		if m.Outcome == Ranked && (r.Place < 1 || r.Place > n) {
			return fmt.Errorf("%w: match %d: player %d has place %d of %d", ErrInvalidMatch, m.ID, r.Player, r.Place, n)
		}
		for _, s := range m.Results[:i] {
			if s.Player == r.Player {
				return fmt.Errorf("%w: match %d lists player %d twice", ErrInvalidMatch, m.ID, r.Player)
			}
		}
	}
	return nil
}

// better reports whether total a beats total b in a game where lowWins says
// which side wins.
func better(a, b int, lowWins bool) bool {
	if lowWins {
		return a < b
	}
	return a > b
}
