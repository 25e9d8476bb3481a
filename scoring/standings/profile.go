package standings

import (
	"cmp"
	"slices"
	"time"
)

// Appearance is one match from one player's point of view.
type Appearance struct {
	MatchID  int64
	Game     string
	PlayedAt time.Time
	Place    int
	Players  int // how many played the match
	Total    int
	Win      bool // Place == 1, shared or not
}

// Extremes are a player's best and worst totals in one game, each the first
// time it was reached, in whole matches only (see Match.Partial). Best
// follows the game's side (lowest for Five Crowns). After one whole match
// both are that match.
type Extremes struct {
	Game  string
	Best  Appearance
	Worst Appearance
}

// Profile is what a player's page shows over a filter.
type Profile struct {
	Player        int64
	Played        int          // every match, ranked or not (Match.Outcome)
	Wins          int          // ranked matches finished first
	Together      Together     // the matches not ranked: won or lost together, no winner
	Form          []Appearance // the last Options.FormLength matches, most recent first
	Extremes      []Extremes   // one per game played in a whole match, sorted by game key
	LongestStreak Streak       // Length 0 when the player has not won
	CurrentStreak int          // wins in a row up to the player's latest match
	Rivals        []Versus     // from the player's side, one per opponent, by opponent id
	// ToughestRival is the opponent who most often finished ahead (and at
	// least as often as behind), among
	// those met at least Options.MinTogether times (ties: met more often,
	// then lower id); nil when no one qualifies.
	ToughestRival *Versus
}

// PlayerProfile returns player's profile over the matches f selects. A
// player with no match in the filter gets a profile with zero counts and
// empty lists.
//
// Returns an error wrapping ErrInvalidMatch if a selected match is invalid.
func PlayerProfile(matches []Match, f Filter, player int64, o Options) (Profile, error) {
	sel, err := selectMatches(matches, f)
	if err != nil {
		return Profile{}, err
	}
	p := Profile{Player: player, LongestStreak: Streak{Player: player}}
	var apps []Appearance
	var mine []Match
	byGame := map[string]*Extremes{}
	for _, m := range sel {
		for _, r := range m.Results {
			if r.Player != player {
				continue
			}
			a := Appearance{MatchID: m.ID, Game: m.Game, PlayedAt: m.PlayedAt, Place: r.Place,
				Players: len(m.Results), Total: r.Total, Win: r.Place == 1}
			apps = append(apps, a)
			mine = append(mine, m)
			p.Played++
			if a.Win {
				p.Wins++
			}
			switch e := byGame[m.Game]; {
			case m.Partial || r.Left:
			case e == nil:
				byGame[m.Game] = &Extremes{Game: m.Game, Best: a, Worst: a}
			case better(a.Total, e.Best.Total, m.LowWins):
				e.Best = a
			case better(e.Worst.Total, a.Total, m.LowWins):
				e.Worst = a
			}
		}
	}

	others, err := unranked(matches, f)
	if err != nil {
		return Profile{}, err
	}
	for _, m := range others {
		for _, r := range m.Results {
			if r.Player == player {
				p.Together.add(m.Outcome)
				p.Played++
			}
		}
	}

	n := o.FormLength
	if n <= 0 {
		n = 5
	}
	p.Form = make([]Appearance, 0, n)
	for i := len(apps) - 1; i >= 0 && len(p.Form) < n; i-- {
		p.Form = append(p.Form, apps[i])
	}
	p.Extremes = make([]Extremes, 0, len(byGame))
	for _, e := range byGame {
		p.Extremes = append(p.Extremes, *e)
	}
	slices.SortFunc(p.Extremes, func(a, b Extremes) int { return cmp.Compare(a.Game, b.Game) })

	longest, current := streaks(mine)
	if s, ok := longest[player]; ok {
		p.LongestStreak = s
	}
	p.CurrentStreak = current[player].Length

	p.Rivals = []Versus{}
	for _, v := range headToHead(mine) {
		switch player {
		case v.Player:
			p.Rivals = append(p.Rivals, v)
		case v.Opponent:
			p.Rivals = append(p.Rivals, v.flip())
		}
	}
	slices.SortFunc(p.Rivals, func(a, b Versus) int { return cmp.Compare(a.Opponent, b.Opponent) })
	p.ToughestRival = toughestRival(p.Rivals, o.MinTogether)
	return p, nil
}
