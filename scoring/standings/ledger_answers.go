package standings

import (
	"cmp"
	"math"
	"slices"
)

// Count is the number of matches f selects.
func (l *Ledger) Count(f Filter) (int, error) {
	r, err := l.run(f)
	if err != nil {
		return 0, err
	}
	return r.n, nil
}

// Standings is Standings(matches, f, o) over the held matches.
func (l *Ledger) Standings(f Filter) (Table, error) {
	r, err := l.run(f)
	if err != nil {
		return Table{}, err
	}
	ranked := false // a ranked match folded (r.n counts the others too)
	for _, p := range r.players {
		ranked = ranked || p.played > 0
	}
	tb := Table{Points: f.Game != "" && ranked && r.points, Ranked: []Row{}, Provisional: []Row{}}
	for id, p := range r.players {
		tb.add(p.row(id, p.rating, r.o.MinMatches))
	}
	sortRows(tb.Ranked)
	sortRows(tb.Provisional)
	return tb, nil
}

// History is History(matches, f, o) over the held matches, for the
// players keep selects (nil: everyone). The points are the ledger's own, not
// copies (ten years of a group's nights are 2.5 MB): read them before the
// ledger next changes, and never write to them.
func (l *Ledger) History(f Filter, keep func(int64) bool) ([]Series, error) {
	r, err := l.run(f)
	if err != nil {
		return nil, err
	}
	out := make([]Series, 0, len(r.players))
	for id, p := range r.players {
		if (keep == nil || keep(id)) && len(p.series) > 0 {
			out = append(out, Series{Player: id, Points: p.series[:len(p.series):len(p.series)]})
		}
	}
	slices.SortFunc(out, func(a, b Series) int { return cmp.Compare(a.Player, b.Player) })
	return out, nil
}

// PlayerNights is one player's part of a rating chart: its History points,
// a bit for each night of the filter it played (bit k%64 of Bits[k/64] for
// the k-th night; words past the last are 0) and the best Ordinal of its
// points.
type PlayerNights struct {
	Player int64
	Points []Point
	Bits   []uint64
	Best   float64
}

// Nights is what a chart of History(f) for the players keep selects needs,
// the nights kept as matches are folded rather than read from the points per
// request: the nights of the filter's matches, in order, as Unix times of
// their midnights, and each kept player's PlayerNights, by id. The slices
// are the ledger's own, as History's.
func (l *Ledger) Nights(f Filter, keep func(int64) bool) ([]int64, []PlayerNights, error) {
	r, err := l.run(f)
	if err != nil {
		return nil, nil, err
	}
	out := make([]PlayerNights, 0, len(r.players))
	for id, p := range r.players {
		if (keep == nil || keep(id)) && len(p.series) > 0 {
			best := maxRating(p.bestBefore, p.series[len(p.series)-1].Ordinal)
			out = append(out, PlayerNights{Player: id, Points: p.series[:len(p.series):len(p.series)],
				Bits: p.nightBits[:len(p.nightBits):len(p.nightBits)], Best: best})
		}
	}
	slices.SortFunc(out, func(a, b PlayerNights) int { return cmp.Compare(a.Player, b.Player) })
	return r.nights[:len(r.nights):len(r.nights)], out, nil
}

// maxRating is math.Max for ratings (never NaN), without the call.
func maxRating(a, b float64) float64 {
	if b > a || b == a && !math.Signbit(b) {
		return b
	}
	return a
}

// PlayerProfile is PlayerProfile(matches, f, player, o) over the held
// matches.
func (l *Ledger) PlayerProfile(f Filter, player int64) (Profile, error) {
	r, err := l.run(f)
	if err != nil {
		return Profile{}, err
	}
	n := r.formLength()
	pr := Profile{Player: player, LongestStreak: Streak{Player: player}, Form: make([]Appearance, 0, n),
		Extremes: []Extremes{}, Rivals: []Versus{}}
	p := r.players[player]
	if p == nil {
		return pr, nil
	}
	pr.Played, pr.Wins, pr.Together = p.played+p.together.Played(), p.wins, p.together
	for i := len(p.form) - 1; i >= 0; i-- {
		pr.Form = append(pr.Form, p.form[i])
	}
	for _, e := range p.extremes {
		pr.Extremes = append(pr.Extremes, *e)
	}
	slices.SortFunc(pr.Extremes, func(a, b Extremes) int { return cmp.Compare(a.Game, b.Game) })
	pr.LongestStreak = p.longest
	pr.CurrentStreak = p.current.Length
	for _, v := range p.versus {
		pr.Rivals = append(pr.Rivals, *v)
	}
	slices.SortFunc(pr.Rivals, func(a, b Versus) int { return cmp.Compare(a.Opponent, b.Opponent) })
	pr.ToughestRival = toughestRival(pr.Rivals, r.o.MinTogether)
	return pr, nil
}

// GroupRecords is GroupRecords(matches, f) over the held matches.
func (l *Ledger) GroupRecords(f Filter) (Records, error) {
	r, err := l.run(f)
	if err != nil {
		return Records{}, err
	}
	var out Records
	out.Games = make([]GameRecords, 0, len(r.games))
	for _, g := range r.games {
		c := *g
		if g.BestRound != nil {
			b := *g.BestRound
			c.BestRound = &b
		}
		out.Games = append(out.Games, c)
	}
	slices.SortFunc(out.Games, func(a, b GameRecords) int { return cmp.Compare(a.Game, b.Game) })
	for _, p := range r.players {
		s := p.longest
		if s.Length == 0 {
			continue
		}
		rec := out.LongestStreak
		if rec == nil || s.Length > rec.Value ||
			(s.Length == rec.Value && (s.Ended.Before(rec.PlayedAt) ||
				(s.Ended.Equal(rec.PlayedAt) && s.Player < rec.Player))) {
			out.LongestStreak = &Feat{Player: s.Player, MatchID: s.Last, PlayedAt: s.Ended, Value: s.Length}
		}
	}
	return out, nil
}
