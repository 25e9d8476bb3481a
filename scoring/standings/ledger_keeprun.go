package standings

import (
	"encoding/binary"
	"math"
	"time"
)

// A run's folded state in the kept form (ledger_kept.go): everything a
// page reads of it, exactly (the ratings as their bits), so that a run read
// back answers as the run that was kept. Its checkpoints are not kept: a
// change before the run's last match folds it again from the matches.

// keptWriter appends the kept form's values.
type keptWriter []byte

func (w *keptWriter) uint(v uint64) { *w = binary.AppendUvarint(*w, v) }
func (w *keptWriter) int(v int64)   { *w = binary.AppendVarint(*w, v) }
func (w *keptWriter) bool(v bool) {
	b := byte(0)
	if v {
		b = 1
	}
	*w = append(*w, b)
}
func (w *keptWriter) float(v float64) { *w = binary.LittleEndian.AppendUint64(*w, math.Float64bits(v)) }
func (w *keptWriter) text(s string)   { w.uint(uint64(len(s))); *w = append(*w, s...) }
func (w *keptWriter) bytes(b []byte)  { w.uint(uint64(len(b))); *w = append(*w, b...) }

// time keeps an instant (the runs' times are UTC, or midnights in the
// options' location, given back by the reader).
func (w *keptWriter) time(t time.Time) {
	w.bool(t.IsZero())
	if !t.IsZero() {
		w.int(t.Unix())
		w.uint(uint64(t.Nanosecond()))
	}
}

func (d *keptReader) float() float64 {
	if len(d.data)-d.off < 8 {
		d.fail()
		return 0
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(d.data[d.off:]))
	d.off += 8
	return v
}

func (d *keptReader) bool() bool { return d.byte() != 0 }

func (d *keptReader) time() time.Time {
	if d.bool() {
		return time.Time{}
	}
	sec, nsec := d.varint(), d.uvarint()
	if nsec >= uint64(time.Second) {
		d.fail()
		return time.Time{}
	}
	return time.Unix(sec, int64(nsec)).UTC()
}

func (d *keptReader) bytes() []byte {
	n := d.uvarint()
	if n > uint64(len(d.data)-d.off) {
		d.fail()
		return nil
	}
	b := d.data[d.off : d.off+int(n) : d.off+int(n)]
	d.off += int(n)
	return b
}

// count reads a length, no larger than the bytes left (each item takes
// one at least): a damaged form cannot ask for more memory than it holds.
func (d *keptReader) count() int {
	n := d.uvarint()
	if n > uint64(len(d.data)-d.off) {
		d.fail()
		return 0
	}
	return int(n)
}

func (w *keptWriter) filter(f Filter) {
	w.text(f.Game)
	w.time(f.From)
	w.time(f.To)
}

func (d *keptReader) filter() Filter { return Filter{Game: d.text(), From: d.time(), To: d.time()} }

func (w *keptWriter) appearance(a Appearance) {
	w.int(a.MatchID)
	w.text(a.Game)
	w.time(a.PlayedAt)
	w.int(int64(a.Place))
	w.int(int64(a.Players))
	w.int(int64(a.Total))
	w.bool(a.Win)
}

func (d *keptReader) appearance() Appearance {
	return Appearance{MatchID: d.varint(), Game: d.text(), PlayedAt: d.time(), Place: int(d.varint()),
		Players: int(d.varint()), Total: int(d.varint()), Win: d.bool()}
}

func (w *keptWriter) streak(s Streak) {
	w.int(int64(s.Length))
	w.int(s.First)
	w.int(s.Last)
	w.time(s.Ended)
}

func (d *keptReader) streak(player int64) Streak {
	return Streak{Player: player, Length: int(d.varint()), First: d.varint(), Last: d.varint(), Ended: d.time()}
}

func (w *keptWriter) feat(f Feat) {
	w.int(f.Player)
	w.int(f.MatchID)
	w.time(f.PlayedAt)
	w.int(int64(f.Value))
}

func (d *keptReader) feat() Feat {
	return Feat{Player: d.varint(), MatchID: d.varint(), PlayedAt: d.time(), Value: int(d.varint())}
}

// appendRun writes a run's state; the run is clean (neither stale nor
// dirty) and without error.
func appendRun(buf []byte, r *run) []byte {
	w := keptWriter(buf)
	w.uint(uint64(r.n))
	w.int(r.last.ID)
	w.time(r.last.PlayedAt)
	w.bool(r.points)
	w.uint(uint64(len(r.nights)))
	prev := int64(0)
	for _, n := range r.nights {
		w.int(n - prev)
		prev = n
	}
	w.uint(uint64(len(r.lowWins)))
	for g, lw := range r.lowWins {
		w.text(g)
		w.bool(lw)
	}
	w.uint(uint64(len(r.players)))
	for id, p := range r.players {
		w.int(id)
		w.uint(uint64(p.played))
		w.uint(uint64(p.wins))
		w.int(int64(p.places))
		w.int(int64(p.points))
		w.uint(uint64(p.together.Won))
		w.uint(uint64(p.together.Lost))
		w.uint(uint64(p.together.NoWinner))
		w.float(p.beforeNight)
		w.int(int64(p.lastNight.year))
		w.uint(uint64(p.lastNight.month))
		w.uint(uint64(p.lastNight.day))
		w.float(p.rating.Mu)
		w.float(p.rating.Sigma)
		w.float(p.bestBefore)
		// The series, one point per night played: its night as the
		// index of the run's night, from the previous point's.
		w.uint(uint64(len(p.series)))
		night := 0
		for _, pt := range p.series {
			for night < len(r.nights) && r.nights[night] != pt.Night.Unix() {
				night++
			}
			w.uint(uint64(night))
			w.float(pt.Rating.Mu)
			w.float(pt.Rating.Sigma)
			w.float(pt.Ordinal)
			w.uint(uint64(pt.Played))
		}
		w.uint(uint64(len(p.nightBits)))
		for _, b := range p.nightBits {
			w.uint(b)
		}
		w.uint(uint64(len(p.form)))
		for _, a := range p.form {
			w.appearance(a)
		}
		w.uint(uint64(len(p.extremes)))
		for _, e := range p.extremes {
			w.text(e.Game)
			w.appearance(e.Best)
			w.appearance(e.Worst)
		}
		w.streak(p.longest)
		w.streak(p.current)
		w.uint(uint64(len(p.versus)))
		for opp, v := range p.versus {
			w.int(opp)
			w.uint(uint64(v.Together))
			w.uint(uint64(v.Ahead))
			w.uint(uint64(v.Behind))
			w.uint(uint64(v.Level))
		}
	}
	w.uint(uint64(len(r.games)))
	for _, g := range r.games {
		w.text(g.Game)
		w.bool(g.LowWins)
		w.feat(g.BestTotal)
		w.bool(g.BestRound != nil)
		if g.BestRound != nil {
			w.feat(*g.BestRound)
		}
	}
	return w
}

// readRun reads a run written by appendRun for filter f, computing with o;
// nil when the form is damaged.
func readRun(data []byte, f Filter, o Options) *run {
	d := keptReader{data: data}
	r := &run{f: f, o: o}
	r.reset()
	r.n = d.count()
	r.last = Match{ID: d.varint(), PlayedAt: d.time()}
	r.points = d.bool()
	r.nights = make([]int64, d.count())
	prev := int64(0)
	for i := range r.nights {
		prev += d.varint()
		r.nights[i] = prev
	}
	for range d.count() {
		g := d.text()
		r.lowWins[g] = d.bool()
	}
	loc := o.Location
	if loc == nil {
		loc = time.UTC
	}
	for range d.count() {
		id := d.varint()
		p := &playerState{extremes: map[string]*Extremes{}, versus: map[int64]*Versus{}}
		p.played, p.wins, p.places, p.points = int(d.uvarint()), int(d.uvarint()), int(d.varint()), int(d.varint())
		p.together = Together{Won: int(d.uvarint()), Lost: int(d.uvarint()), NoWinner: int(d.uvarint())}
		p.beforeNight = d.float()
		p.lastNight = night{year: int(d.varint()), month: time.Month(d.uvarint()), day: int(d.uvarint())}
		p.rating = Rating{Mu: d.float(), Sigma: d.float()}
		p.bestBefore = d.float()
		p.series = make([]Point, d.count())
		for i := range p.series {
			night := d.uvarint()
			if night >= uint64(len(r.nights)) {
				d.fail()
				return nil
			}
			p.series[i] = Point{Night: time.Unix(r.nights[night], 0).In(loc), Rating: Rating{Mu: d.float(), Sigma: d.float()},
				Ordinal: d.float(), Played: int(d.uvarint())}
		}
		p.nightBits = make([]uint64, d.count())
		for i := range p.nightBits {
			p.nightBits[i] = d.uvarint()
		}
		p.form = make([]Appearance, d.count())
		for i := range p.form {
			p.form[i] = d.appearance()
		}
		for range d.count() {
			e := &Extremes{Game: d.text(), Best: d.appearance(), Worst: d.appearance()}
			p.extremes[e.Game] = e
		}
		p.longest, p.current = d.streak(id), d.streak(id)
		for range d.count() {
			opp := d.varint()
			p.versus[opp] = &Versus{Player: id, Opponent: opp, Together: int(d.uvarint()), Ahead: int(d.uvarint()),
				Behind: int(d.uvarint()), Level: int(d.uvarint())}
		}
		if d.err != nil {
			return nil
		}
		r.players[id] = p
	}
	for range d.count() {
		g := &GameRecords{Game: d.text(), LowWins: d.bool(), BestTotal: d.feat()}
		if d.bool() {
			b := d.feat()
			g.BestRound = &b
		}
		r.games[g.Game] = g
	}
	if d.err != nil || d.off != len(data) {
		return nil
	}
	return r
}
