package standings

import (
	"cmp"
	"slices"
	"time"
)

// Point is a player's rating at the end of one game night.
type Point struct {
	Night   time.Time // the night's date, midnight in Options.Location
	Rating  Rating    // after the player's last match that night
	Ordinal float64   // Rating.Ordinal()
	Played  int       // the player's matches in the filter so far
}

// Series is one player's rating over the filter, for a chart.
type Series struct {
	Player int64
	Points []Point // one per night the player played, oldest first
}

// History returns every player's rating after each game night they played,
// rated as Standings rates (fresh at the filter's start). Series are sorted
// by player id.
//
// Returns an error wrapping ErrInvalidMatch if a selected match is invalid.
func History(matches []Match, f Filter, o Options) ([]Series, error) {
	sel, err := selectMatches(matches, f)
	if err != nil {
		return nil, err
	}
	series := map[int64]*Series{}
	_, err = replay(sel, o, func(m Match, _, after []Rating) {
		n := o.nightTime(o.nightOf(m.PlayedAt))
		for i, r := range m.Results {
			s := series[r.Player]
			if s == nil {
				s = &Series{Player: r.Player}
				series[r.Player] = s
			}
			pt := Point{Night: n, Rating: after[i], Ordinal: after[i].Ordinal(), Played: 1}
			if k := len(s.Points) - 1; k >= 0 {
				pt.Played += s.Points[k].Played
				if s.Points[k].Night.Equal(n) {
					s.Points[k] = pt
					continue
				}
			}
			s.Points = append(s.Points, pt)
		}
	})
	if err != nil {
		return nil, err
	}
	out := make([]Series, 0, len(series))
	for _, s := range series {
		out = append(out, *s)
	}
	slices.SortFunc(out, func(a, b Series) int { return cmp.Compare(a.Player, b.Player) })
	return out, nil
}
