package standings

import (
	"cmp"
	"slices"
)

// Row is one player's line in the standings table.
type Row struct {
	Player         int64
	Played         int     // every match played, ranked or not (Match.Outcome)
	Wins           int     // ranked matches finished first, a shared first included
	WinRate        float64 // Wins / ranked matches played, between 0 and 1
	AvgPlace       float64 // mean finishing place in ranked matches, 1 is best
	PointsPerMatch float64 // mean total of ranked matches; shown only when Table.Points
	// Together is the record of the matches not ranked: co-operative
	// matches won or lost together, and matches with no winner.
	Together Together
	Rating   Rating  // after the last match in the filter
	Ordinal  float64 // Rating.Ordinal(), the displayed rating
	// Change is Ordinal minus the ordinal the player had before their most
	// recent game night: what that night did to the rating.
	Change      float64
	Provisional bool // fewer than Options.MinMatches matches in the filter
}

// Table is the standings for one filter.
type Table struct {
	// Points tells whether PointsPerMatch means something: the filter is one
	// game and every one of its matches has points.
	Points      bool
	Ranked      []Row // players with enough matches, best first
	Provisional []Row // players still below Options.MinMatches, same order
}

// Standings computes the table over the matches f selects. Ratings start
// fresh at the filter's start: a season is rated on its own matches, a game
// on its own matches, and all games together as one sequence in the order
// played. Rows are sorted by ordinal (highest first), then wins (most
// first), then player id.
//
// Returns an error wrapping ErrInvalidMatch if a selected match is invalid.
func Standings(matches []Match, f Filter, o Options) (Table, error) {
	sel, err := selectMatches(matches, f)
	if err != nil {
		return Table{}, err
	}
	tallies := map[int64]*tally{}
	ratings, err := replay(sel, o, func(m Match, before, _ []Rating) {
		n := o.nightOf(m.PlayedAt)
		for i, r := range m.Results {
			t := tallies[r.Player]
			if t == nil {
				t = &tally{}
				tallies[r.Player] = t
			}
			if t.played == 0 || t.lastNight != n {
				t.lastNight, t.beforeNight = n, before[i].Ordinal()
			}
			t.played++
			t.places += r.Place
			t.points += r.Total
			if r.Place == 1 {
				t.wins++
			}
		}
	})
	if err != nil {
		return Table{}, err
	}
	others, err := unranked(matches, f)
	if err != nil {
		return Table{}, err
	}
	for _, m := range others {
		for _, r := range m.Results {
			t := tallies[r.Player]
			if t == nil {
				t = &tally{}
				tallies[r.Player] = t
			}
			t.together.add(m.Outcome)
		}
	}

	tb := Table{Points: f.Game != "" && len(sel) > 0}
	for _, m := range sel {
		if !m.HasPoints {
			tb.Points = false
		}
	}
	for p, t := range tallies {
		rt, ok := ratings[p]
		if !ok {
			rt = o.model().New() // unranked matches only
		}
		tb.add(t.row(p, rt, o.MinMatches))
	}
	sortRows(tb.Ranked)
	sortRows(tb.Provisional)
	if tb.Ranked == nil {
		tb.Ranked = []Row{}
	}
	if tb.Provisional == nil {
		tb.Provisional = []Row{}
	}
	return tb, nil
}

func sortRows(rows []Row) {
	slices.SortFunc(rows, func(a, b Row) int {
		if c := cmp.Compare(b.Ordinal, a.Ordinal); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Wins, a.Wins); c != 0 {
			return c
		}
		return cmp.Compare(a.Player, b.Player)
	})
}

// replay rates the matches in order, starting every player at the model's
// new rating, and calls visit (when not nil) with each match and its
// players' ratings before and after it, in the order of m.Results. It
// returns the final ratings.
func replay(sel []Match, o Options, visit func(m Match, before, after []Rating)) (map[int64]Rating, error) {
	model := o.model()
	ratings := map[int64]Rating{}
	var before []Rating
	places := make([]int, 0, 8)
	for _, m := range sel {
		before = before[:0]
		places = places[:0]
		for _, r := range m.Results {
			rt, ok := ratings[r.Player]
			if !ok {
				rt = model.New()
			}
			before = append(before, rt)
			places = append(places, r.Place)
		}
		after, err := model.Rate(before, places)
		if err != nil {
			return nil, err
		}
		for i, r := range m.Results {
			ratings[r.Player] = after[i]
		}
		if visit != nil {
			visit(m, before, after)
		}
	}
	return ratings, nil
}

// tally is what a standings row counts of one player: the full replay and
// the ledger keep one each, and both make their row with row.
type tally struct {
	played, wins, places, points int // of ranked matches
	together                     Together
	beforeNight                  float64 // the rating before the player's last game night
	lastNight                    night
}

// row is the standings row of a player with this tally and rating.
func (t tally) row(player int64, rt Rating, minMatches int) Row {
	row := Row{
		Player:      player,
		Played:      t.played + t.together.Played(),
		Wins:        t.wins,
		Together:    t.together,
		Rating:      rt,
		Ordinal:     rt.Ordinal(),
		Change:      rt.Ordinal() - t.beforeNight,
		Provisional: t.played < minMatches,
	}
	if t.played > 0 {
		n := float64(t.played)
		row.WinRate, row.AvgPlace, row.PointsPerMatch = float64(t.wins)/n, float64(t.places)/n, float64(t.points)/n
	}
	return row
}

// add files a row as ranked or provisional; a table without points shows
// none per match.
func (tb *Table) add(row Row) {
	if !tb.Points {
		row.PointsPerMatch = 0
	}
	if row.Provisional {
		tb.Provisional = append(tb.Provisional, row)
	} else {
		tb.Ranked = append(tb.Ranked, row)
	}
}
