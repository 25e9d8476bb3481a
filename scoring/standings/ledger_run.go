package standings

import (
	"math/bits"
	"slices"
	"time"
)

// A run is the fold of one filter's matches (see Ledger): this file builds,
// replays, checkpoints and restores runs; ledger_apply.go folds one match
// into a run, ledger_answers.go reads the pages' answers off it.

// filterKey is a Filter as a map key (time.Time holds a location pointer,
// so two equal instants need not compare equal).
type filterKey struct {
	game     string
	from, to int64
	fz, tz   bool
}

func keyOf(f Filter) filterKey {
	return filterKey{game: f.Game, from: f.From.UnixNano(), to: f.To.UnixNano(), fz: f.From.IsZero(), tz: f.To.IsZero()}
}

// run returns the filter's run, built or rebuilt as needed.
func (l *Ledger) run(f Filter) (*run, error) {
	if l.broken != nil {
		return nil, l.broken
	}
	k := keyOf(f)
	r := l.runs[k]
	if kr := l.keptRuns[k]; r == nil && kr != nil {
		r = l.restoreRun(k, kr)
	}
	if r == nil {
		r = &run{f: f, o: l.o, stale: true}
		l.addRun(k, r)
	}
	l.clock++
	r.used = l.clock
	if r.dirty != nil || r.stale { // folded from the matches: read them
		if err := l.load(); err != nil {
			return nil, err
		}
	}
	if r.dirty != nil && !r.stale {
		// The latest checkpoint taken before the first changed match holds
		// only matches that did not change: go on from there.
		i := len(r.checkpoints) - 1
		for i >= 0 && before(r.checkpoints[i].last, *r.dirty) >= 0 {
			i--
		}
		if i < 0 {
			r.stale = true
		} else {
			r.restore(i)
			start, found := slices.BinarySearchFunc(l.matches, r.last, before)
			if found { // it is: a change to it would have been before the checkpoint
				start++
			}
			l.replay(r, start)
		}
	}
	if r.stale {
		r.reset()
		start := 0
		if !f.From.IsZero() {
			start, _ = slices.BinarySearchFunc(l.matches, f.From, func(m Match, t time.Time) int {
				if m.PlayedAt.Before(t) {
					return -1
				}
				return 1
			})
		}
		l.replay(r, start)
	}
	return r, r.err
}

// addRun adds a run, dropping the least recently used when MaxRuns are
// kept.
func (l *Ledger) addRun(k filterKey, r *run) {
	max := l.MaxRuns
	if max <= 0 {
		max = 32
	}
	if len(l.runs) >= max {
		l.evict()
	}
	l.runs[k] = r
}

// replay folds the run's matches from l.matches[start:] on.
func (l *Ledger) replay(r *run, start int) {
	f := r.f
	for _, m := range l.matches[start:] {
		if !f.To.IsZero() && !m.PlayedAt.Before(f.To) {
			break
		}
		if f.Includes(m) {
			l.fold(r, m)
			l.replayed++
		}
	}
}

// fold applies m to r and takes a checkpoint when one is due.
func (l *Ledger) fold(r *run, m Match) {
	r.apply(m)
	every := l.CheckpointEvery
	if every <= 0 {
		every = 500
	}
	if r.err == nil && r.n%every == 0 {
		r.checkpoints = append(r.checkpoints, r.snapshot())
		r.thin(every)
	}
}

func (l *Ledger) evict() {
	var oldest filterKey
	var at uint64
	first := true
	for k, r := range l.runs {
		if first || r.used < at {
			oldest, at, first = k, r.used, false
		}
	}
	delete(l.runs, oldest)
}

// run is the fold of the standings functions over one filter's matches.
type run struct {
	f     Filter
	o     Options
	stale bool   // to be folded again from the filter's first match
	dirty *Match // else, to be folded again from before this match
	used  uint64
	// checkpoints are copies of the state, oldest first, each after its
	// last match folded (every CheckpointEvery matches).
	checkpoints []checkpoint
	err         error
	n           int     // matches folded
	last        Match   // the last match folded
	nights      []int64 // the nights folded, in order, as Unix times of their midnights
	points      bool    // every match folded has points
	lowWins     map[string]bool
	players     map[int64]*playerState
	games       map[string]*GameRecords
}

// playerState is one player's part of a run.
type playerState struct {
	tally
	rating           Rating
	series           []Point
	nightBits        []uint64     // bit k%64 of word k/64: played the run's k-th night
	bestBefore       float64      // the best Ordinal of series but its last point (-Inf: none)
	form             []Appearance // the last FormLength, oldest first
	extremes         map[string]*Extremes
	longest, current Streak
	versus           map[int64]*Versus // from this player's side, by opponent
}

func (r *run) reset() {
	*r = run{f: r.f, o: r.o, used: r.used, points: true, lowWins: map[string]bool{},
		players: map[int64]*playerState{}, games: map[string]*GameRecords{}}
}

// dirtyFrom marks the run to be folded again from m's place on.
func (r *run) dirtyFrom(m Match) {
	if r.dirty == nil || before(m, *r.dirty) < 0 {
		r.dirty = &m
	}
}

// checkpoint is a run's state after its n-th match (last) was folded.
type checkpoint struct {
	n       int
	nights  int // len(run.nights)
	last    Match
	points  bool
	lowWins map[string]bool
	players map[int64]playerCopy
	games   map[string]GameRecords // BestRound pointing at its own copy
}

// playerCopy is a playerState as it was, kept small: its maps as slices of
// values, its rating series by length and last point only. A run only
// appends to a series or replaces its last point, so the live series (the
// run is never behind its checkpoints) still holds the points before the
// last; holding the series itself would keep each checkpoint's old array.
type playerCopy struct {
	state     playerState // without its maps and series; form its own copy
	extremes  []Extremes
	versus    []Versus
	seriesLen int
	lastPoint Point
	bitsLen   int    // len(nightBits): bits are only ever set at the run's last
	lastWord  uint64 // night, so the words before the last one never change
}

func (r *run) snapshot() checkpoint {
	cp := checkpoint{n: r.n, nights: len(r.nights), last: r.last, points: r.points, lowWins: make(map[string]bool, len(r.lowWins)),
		players: make(map[int64]playerCopy, len(r.players)), games: make(map[string]GameRecords, len(r.games))}
	for g, lw := range r.lowWins {
		cp.lowWins[g] = lw
	}
	for id, p := range r.players {
		pc := playerCopy{state: *p, seriesLen: len(p.series), bitsLen: len(p.nightBits),
			extremes: make([]Extremes, 0, len(p.extremes)), versus: make([]Versus, 0, len(p.versus))}
		if pc.seriesLen > 0 { // none: unranked matches only
			pc.lastPoint, pc.lastWord = p.series[pc.seriesLen-1], p.nightBits[pc.bitsLen-1]
		}
		pc.state.form = slices.Clone(p.form)
		pc.state.extremes, pc.state.versus, pc.state.series, pc.state.nightBits = nil, nil, nil, nil
		for _, e := range p.extremes {
			pc.extremes = append(pc.extremes, *e)
		}
		for _, v := range p.versus {
			pc.versus = append(pc.versus, *v)
		}
		cp.players[id] = pc
	}
	for g, rec := range r.games {
		cp.games[g] = cloneRecords(rec)
	}
	return cp
}

// restore brings the run back to its i-th checkpoint, dropping the later
// ones (they hold changed matches).
func (r *run) restore(i int) {
	cp := r.checkpoints[i]
	r.checkpoints = r.checkpoints[:i+1]
	r.dirty, r.err = nil, nil
	r.n, r.last, r.points = cp.n, cp.last, cp.points
	r.nights = r.nights[:cp.nights]
	r.lowWins = make(map[string]bool, len(cp.lowWins))
	for g, lw := range cp.lowWins {
		r.lowWins[g] = lw
	}
	live := r.players
	r.players = make(map[int64]*playerState, len(cp.players))
	for id, pc := range cp.players {
		p := pc.state
		p.form = slices.Clone(pc.state.form)
		p.series = live[id].series[:pc.seriesLen]
		p.nightBits = live[id].nightBits[:pc.bitsLen]
		if pc.seriesLen > 0 {
			p.series[pc.seriesLen-1] = pc.lastPoint
			p.nightBits[pc.bitsLen-1] = pc.lastWord
		}
		p.extremes = make(map[string]*Extremes, len(pc.extremes))
		for _, e := range pc.extremes {
			p.extremes[e.Game] = &e
		}
		p.versus = make(map[int64]*Versus, len(pc.versus))
		for _, v := range pc.versus {
			p.versus[v.Opponent] = &v
		}
		r.players[id] = &p
	}
	r.games = make(map[string]*GameRecords, len(cp.games))
	for g, rec := range cp.games {
		c := cloneRecords(&rec)
		r.games[g] = &c
	}
}

// thin drops the checkpoints no later change will want: with every the
// spacing, one d matches before the newest is kept only when its count is a
// multiple of every × 2^k, 2^k the largest power of two ≤ d/every + 1. A
// change d matches back then replays at most about 2d + 2·every matches,
// and a run of n matches keeps about 2·log2(n/every) checkpoints. The
// rule only tightens as the run grows, so a checkpoint dropped is never
// wanted again.
func (r *run) thin(every int) {
	newest := r.checkpoints[len(r.checkpoints)-1].n
	kept := r.checkpoints[:0]
	for _, cp := range r.checkpoints {
		d := (newest - cp.n) / every
		step := every << (bits.Len(uint(d+1)) - 1)
		if cp.n%step == 0 {
			kept = append(kept, cp)
		}
	}
	clear(r.checkpoints[len(kept):])
	r.checkpoints = kept
}

func cloneRecords(g *GameRecords) GameRecords {
	c := *g
	if g.BestRound != nil {
		b := *g.BestRound
		c.BestRound = &b
	}
	return c
}

func (r *run) formLength() int {
	if r.o.FormLength <= 0 {
		return 5
	}
	return r.o.FormLength
}
