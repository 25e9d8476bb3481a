package standings

import (
	"fmt"
	"math"
)

// player is the run's state of a player, a new one the first time.
func (r *run) player(id int64) *playerState {
	p := r.players[id]
	if p == nil {
		p = &playerState{rating: r.o.model().New(), extremes: map[string]*Extremes{}, versus: map[int64]*Versus{},
			longest: Streak{Player: id}, current: Streak{Player: id}, bestBefore: math.Inf(-1)}
		r.players[id] = p
	}
	return p
}

// apply folds one more match, played after every match folded so far. It
// does what replay's callers do, in the same order.
func (r *run) apply(m Match) {
	if r.err != nil {
		return
	}
	if err := validate(m); err != nil {
		r.err = err
		return
	}
	if m.Outcome != Ranked { // counted in plays and its own record only
		r.n++
		r.last = m
		for _, res := range m.Results {
			r.player(res.Player).together.add(m.Outcome)
		}
		return
	}
	if lw, ok := r.lowWins[m.Game]; ok && lw != m.LowWins {
		r.err = fmt.Errorf("%w: match %d: game %q is recorded both lowest-wins and highest-wins", ErrInvalidMatch, m.ID, m.Game)
		return
	}
	r.lowWins[m.Game] = m.LowWins
	model := r.o.model()
	states := make([]*playerState, len(m.Results))
	before := make([]Rating, len(m.Results))
	places := make([]int, len(m.Results))
	for i, res := range m.Results {
		p := r.player(res.Player)
		states[i], before[i], places[i] = p, p.rating, res.Place
	}
	after, err := model.Rate(before, places)
	if err != nil {
		r.err = err
		return
	}
	r.n++
	r.last = m
	if !m.HasPoints {
		r.points = false
	}
	nt := r.o.nightOf(m.PlayedAt)
	nightAt := r.o.nightTime(nt)
	if key := nightAt.Unix(); len(r.nights) == 0 || r.nights[len(r.nights)-1] != key {
		r.nights = append(r.nights, key)
	}
	ni := len(r.nights) - 1
	for i, res := range m.Results {
		p := states[i]
		p.rating = after[i]
		// Standings' tallies.
		if p.played == 0 || p.lastNight != nt {
			p.lastNight, p.beforeNight = nt, before[i].Ordinal()
		}
		p.played++
		p.places += res.Place
		p.points += res.Total
		if res.Place == 1 {
			p.wins++
		}
		// History's points, one per night.
		pt := Point{Night: nightAt, Rating: after[i], Ordinal: after[i].Ordinal(), Played: p.played}
		if k := len(p.series) - 1; k >= 0 && p.series[k].Night.Equal(nightAt) {
			p.series[k] = pt
		} else {
			if k >= 0 {
				p.bestBefore = maxRating(p.bestBefore, p.series[k].Ordinal)
			}
			p.series = append(p.series, pt)
		}
		for len(p.nightBits) <= ni/64 {
			p.nightBits = append(p.nightBits, 0)
		}
		p.nightBits[ni/64] |= 1 << (ni % 64)
		// The profile's form and extremes.
		a := Appearance{MatchID: m.ID, Game: m.Game, PlayedAt: m.PlayedAt, Place: res.Place,
			Players: len(m.Results), Total: res.Total, Win: res.Place == 1}
		if len(p.form) == r.formLength() {
			p.form = append(p.form[:0], p.form[1:]...)
		}
		p.form = append(p.form, a)
		switch e := p.extremes[m.Game]; {
		case m.Partial || res.Left:
		case e == nil:
			p.extremes[m.Game] = &Extremes{Game: m.Game, Best: a, Worst: a}
		case better(a.Total, e.Best.Total, m.LowWins):
			e.Best = a
		case better(e.Worst.Total, a.Total, m.LowWins):
			e.Worst = a
		}
		// Streaks.
		cur := p.current
		if res.Place != 1 {
			cur = Streak{Player: res.Player}
		} else {
			if cur.Length == 0 {
				cur.First = m.ID
			}
			cur.Player, cur.Length, cur.Last, cur.Ended = res.Player, cur.Length+1, m.ID, m.PlayedAt
		}
		p.current = cur
		if cur.Length > p.longest.Length {
			p.longest = cur
		}
		// Records, from whole matches only.
		if !m.Partial && !res.Left {
			r.games[m.Game] = setRecords(r.games[m.Game], m, res)
		}
	}
	// Head-to-head, both sides.
	for i, ri := range m.Results {
		for j, rj := range m.Results[i+1:] {
			a, b, pa, pb := ri, rj, states[i], states[i+1+j]
			if b.Player < a.Player {
				a, b, pa, pb = b, a, pb, pa
			}
			v := pa.versus[b.Player]
			if v == nil {
				v = &Versus{Player: a.Player, Opponent: b.Player}
				pa.versus[b.Player] = v
				pb.versus[a.Player] = &Versus{Player: b.Player, Opponent: a.Player}
			}
			w := pb.versus[a.Player]
			v.Together++
			w.Together++
			switch {
			case a.Place < b.Place:
				v.Ahead++
				w.Behind++
			case a.Place > b.Place:
				v.Behind++
				w.Ahead++
			default:
				v.Level++
				w.Level++
			}
		}
	}
}
