package handlers

import (
	"math"
	"math/bits"

	"github.com/tablekeeper/tablekeeper/scoring/standings"
)

// nightGrid is what a rating chart needs of some series (each in order, one
// point a night, as History gives them) without copying their points:
//   - nights: every night any series played, in order and each once, as
//     Unix times (nights are midnights in one location, so seconds tell
//     them apart and give them back);
//   - day: each night's place on a line of days (days nobody played
//     included), and for each series a bit set on the days it played;
//   - best: each series' best rating.
type nightGrid struct {
	nights []int64
	day    []int
	stride int      // words of bits per series
	bits   []uint64 // series i's days are bits[i*stride:(i+1)*stride]
	best   []float64
}

// gridOf reads every point of the series once. Ten years of 20 players are
// 40,000 points: they are read series after series onto a line of days, in
// order in memory (merging the players one by one copied the nights once
// per player, 2.3 MB a page). A span of days far longer than the points
// (dates decades apart) is merged by the series' heads instead, so that no
// request builds a line of centuries.
func gridOf(series []standings.Series) nightGrid {
	g := nightGrid{best: make([]float64, len(series))}
	first, last, points := int64(math.MaxInt64), int64(math.MinInt64), 0
	for i, sr := range series {
		g.best[i] = math.Inf(-1)
		if len(sr.Points) > 0 {
			first, last = min(first, sr.Points[0].Night.Unix()), max(last, sr.Points[len(sr.Points)-1].Night.Unix())
			points += len(sr.Points)
		}
	}
	if points == 0 {
		return g
	}
	if span := dayOf(last, first) + 1; span <= 2*points+4096 {
		g.byDays(series, first, span)
	} else {
		g.byHeads(series)
	}
	return g
}

// count is how many of days [from, to) series i played.
func (g *nightGrid) count(i, from, to int) int {
	w := g.bits[i*g.stride : (i+1)*g.stride]
	n := 0
	for from < to {
		word, lo := from/64, from%64
		hi := min(64, lo+to-from)
		mask := ^uint64(0) >> (64 - (hi - lo)) << lo
		n += bits.OnesCount64(w[word] & mask)
		from += hi - lo
	}
	return n
}

// dayOf is the number of days from the midnight first to the midnight u:
// a day is 86,400 s give or take an hour of summer time, so rounding to the
// nearest day is exact.
func dayOf(u, first int64) int {
	return int((u - first + 12*3600) / 86400)
}

// noteBest is math.Max(g.best[i], o), inlined: ratings are never NaN.
func (g *nightGrid) noteBest(i int, o float64) {
	if o > g.best[i] || o == g.best[i] && !math.Signbit(o) {
		g.best[i] = o
	}
}

// byDays sets each series' bits on a line of every day from first, then
// lists the days someone played.
func (g *nightGrid) byDays(series []standings.Series, first int64, span int) {
	g.stride = (span + 63) / 64
	g.bits = make([]uint64, len(series)*g.stride)
	anyone, at := make([]uint64, g.stride), make([]int64, span)
	for i, sr := range series {
		w := g.bits[i*g.stride : (i+1)*g.stride]
		for _, p := range sr.Points {
			u := p.Night.Unix()
			d := dayOf(u, first)
			w[d/64] |= 1 << (d % 64)
			at[d] = u
			g.noteBest(i, p.Ordinal)
		}
		for k, x := range w {
			anyone[k] |= x
		}
	}
	n := 0
	for _, x := range anyone {
		n += bits.OnesCount64(x)
	}
	g.nights, g.day = make([]int64, 0, n), make([]int, 0, n)
	for k, x := range anyone {
		for ; x != 0; x &= x - 1 {
			d := k*64 + bits.TrailingZeros64(x)
			g.nights, g.day = append(g.nights, at[d]), append(g.day, d)
		}
	}
}

// byHeads merges the series: each next night is the least of their heads;
// the line of days is then the nights themselves.
func (g *nightGrid) byHeads(series []standings.Series) {
	const done = math.MaxInt64
	type head struct {
		at  int
		key int64 // the Unix time of Points[at].Night; done past the end
	}
	heads := make([]head, len(series))
	keyAt := func(sr standings.Series, at int) int64 {
		if at == len(sr.Points) {
			return done
		}
		return sr.Points[at].Night.Unix()
	}
	for i, sr := range series {
		heads[i].key = keyAt(sr, 0)
	}
	played := make([][]int, len(series)) // the nights of each series
	for last := int64(math.MinInt64); ; {
		next := int64(done)
		for i := range heads {
			h := &heads[i]
			for h.key == last {
				g.noteBest(i, series[i].Points[h.at].Ordinal)
				played[i] = append(played[i], len(g.nights)-1)
				h.at++
				h.key = keyAt(series[i], h.at)
			}
			next = min(next, h.key)
		}
		if next == done {
			break
		}
		g.nights, g.day, last = append(g.nights, next), append(g.day, len(g.nights)), next
	}
	g.stride = (len(g.nights) + 63) / 64
	g.bits = make([]uint64, len(series)*g.stride)
	for i, ns := range played {
		for _, n := range ns {
			g.bits[i*g.stride+n/64] |= 1 << (n % 64)
		}
	}
}
