package standings

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"time"
)

// Ledger keeps one group's standings up to date as its matches change, so
// that a page asks for what it shows without replaying the past.
//
// It holds the group's finished matches in the order played and, per
// filter asked for (a season and a game), a run: the fold of Standings,
// History, PlayerProfile and GroupRecords over that filter's matches, kept
// as per-player state (rating, tallies, nights, form, extremes, streaks,
// head-to-head) and per-game records. A match that finishes after every
// match of a run is folded into it in O(players²); any other change to a
// run's matches (a correction, an undo, a deletion, a match dated inside
// it) marks the run dirty from that match, and the next time it is asked
// for it is replayed from the last checkpoint before the change: a run
// keeps a copy of its state every CheckpointEvery matches folded (a few KB
// per player, the rating series by length only, as it only grows), so a
// correction last week replays last week, not ten years. Runs that are not asked for cost
// nothing: a season added is a new run built on first use, a season deleted
// is a run no longer asked for, dropped when MaxRuns is passed.
//
// The answers are identical to the functions that replay (Standings,
// History, PlayerProfile, GroupRecords), which stay the reference; the
// ledger's tests compare the two on random histories. A Ledger is not safe
// for concurrent use.
type Ledger struct {
	o       Options
	matches []Match           // valid or not, ordered by PlayedAt then ID
	byID    map[int64]instant // when each held match was played: its place in matches
	games   map[string]int    // matches per game
	runs    map[filterKey]*run
	clock   uint64 // for dropping the least recently used run
	// MaxRuns bounds the runs kept; 0 means 32.
	MaxRuns int
	// CheckpointEvery is how many matches a run folds between two copies of
	// its state (fewer kept further back, see thin); 0 means 500 (~3 ms of
	// replay, ~50 KB a copy for 20 players).
	CheckpointEvery int
	// replayed counts the matches folded again by replays (for the tests).
	replayed int
}

// NewLedger returns an empty ledger computing with o.
func NewLedger(o Options) *Ledger {
	return &Ledger{o: o, byID: map[int64]instant{}, games: map[string]int{}, runs: map[filterKey]*run{}}
}

// Len is the number of matches held.
func (l *Ledger) Len() int { return len(l.matches) }

// Games reports whether any held match is of each game.
func (l *Ledger) Games() map[string]bool {
	out := make(map[string]bool, len(l.games))
	for g, n := range l.games {
		if n > 0 {
			out[g] = true
		}
	}
	return out
}

func before(a, b Match) int {
	if c := a.PlayedAt.Compare(b.PlayedAt); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}

// Put adds a finished match or replaces the one with the same ID. Rounds
// are kept only as their extremes (all the records read of them).
func (l *Ledger) Put(m Match) {
	m = compact(m)
	old, had := l.held(m.ID)
	if had {
		if sameMatch(old, m) {
			return
		}
		l.drop(old)
	}
	l.byID[m.ID] = instantOf(m.PlayedAt)
	l.games[m.Game]++
	i, _ := slices.BinarySearchFunc(l.matches, m, before)
	l.matches = slices.Insert(l.matches, i, m)
	for _, r := range l.runs {
		switch {
		case r.stale:
		case had && r.f.Includes(old):
			r.dirtyFrom(old)
			if r.f.Includes(m) {
				r.dirtyFrom(m)
			}
		case !r.f.Includes(m):
		case r.dirty == nil && (r.n == 0 || before(r.last, m) < 0):
			l.fold(r, m)
		default:
			r.dirtyFrom(m)
		}
	}
}

// Remove forgets a match (deleted, or no longer finished). Unknown IDs are
// ignored.
func (l *Ledger) Remove(id int64) {
	old, had := l.held(id)
	if !had {
		return
	}
	l.drop(old)
	for _, r := range l.runs {
		if r.f.Includes(old) {
			r.dirtyFrom(old)
		}
	}
}

// instant is a time without its location: 12 bytes and no pointer, where a
// Match kept by ID was 80 bytes (a 10,000-match group's index took 2.7 MB).
type instant struct {
	sec  int64
	nsec int32
}

func instantOf(t time.Time) instant { return instant{t.Unix(), int32(t.Nanosecond())} }

// held returns the held match with this ID, found in matches by when it was
// played.
func (l *Ledger) held(id int64) (Match, bool) {
	at, ok := l.byID[id]
	if !ok {
		return Match{}, false
	}
	i, found := slices.BinarySearchFunc(l.matches, Match{ID: id, PlayedAt: time.Unix(at.sec, int64(at.nsec))}, before)
	if !found {
		panic(fmt.Sprintf("standings: match %d is indexed but not held", id)) // Put and drop keep both
	}
	return l.matches[i], true
}

func (l *Ledger) drop(m Match) {
	delete(l.byID, m.ID)
	l.games[m.Game]--
	if i, ok := slices.BinarySearchFunc(l.matches, m, before); ok {
		l.matches = slices.Delete(l.matches, i, i+1)
	}
}

// compact keeps of each result's rounds the highest and the lowest: a
// record is the first strictly better value, or an equal one by a lower
// player in the same match, so within one player's match only the extremes
// can take it.
func compact(m Match) Match {
	res := make([]Result, len(m.Results))
	copy(res, m.Results)
	for i, r := range res {
		if len(r.Rounds) == 0 {
			res[i].Rounds = nil
			continue
		}
		hi, lo := slices.Max(r.Rounds), slices.Min(r.Rounds)
		res[i].Rounds = []int{hi, lo}
	}
	m.Results = res
	return m
}

func sameMatch(a, b Match) bool {
	if a.ID != b.ID || a.Game != b.Game || !a.PlayedAt.Equal(b.PlayedAt) || a.LowWins != b.LowWins ||
		a.HasPoints != b.HasPoints || len(a.Results) != len(b.Results) {
		return false
	}
	for i, r := range a.Results {
		s := b.Results[i]
		if r.Player != s.Player || r.Total != s.Total || r.Place != s.Place || !slices.Equal(r.Rounds, s.Rounds) {
			return false
		}
	}
	return true
}

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
	k := keyOf(f)
	r := l.runs[k]
	if r == nil {
		max := l.MaxRuns
		if max <= 0 {
			max = 32
		}
		if len(l.runs) >= max {
			l.evict()
		}
		r = &run{f: f, o: l.o, stale: true}
		l.runs[k] = r
	}
	l.clock++
	r.used = l.clock
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
	games   map[string]GameRecords // BestRound and WorstRound pointing at their own copies
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
		pc := playerCopy{state: *p, seriesLen: len(p.series), lastPoint: p.series[len(p.series)-1],
			bitsLen: len(p.nightBits), lastWord: p.nightBits[len(p.nightBits)-1],
			extremes: make([]Extremes, 0, len(p.extremes)), versus: make([]Versus, 0, len(p.versus))}
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
		p.series[pc.seriesLen-1] = pc.lastPoint
		p.nightBits = live[id].nightBits[:pc.bitsLen]
		p.nightBits[pc.bitsLen-1] = pc.lastWord
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
		b, w := *g.BestRound, *g.WorstRound
		c.BestRound, c.WorstRound = &b, &w
	}
	return c
}

func (r *run) formLength() int {
	if r.o.FormLength <= 0 {
		return 5
	}
	return r.o.FormLength
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
		p := r.players[res.Player]
		if p == nil {
			p = &playerState{rating: model.New(), extremes: map[string]*Extremes{}, versus: map[int64]*Versus{},
				longest: Streak{Player: res.Player}, current: Streak{Player: res.Player}, bestBefore: math.Inf(-1)}
			r.players[res.Player] = p
		}
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
	g := r.games[m.Game]
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
		// Records.
		feat := Feat{Player: res.Player, MatchID: m.ID, PlayedAt: m.PlayedAt, Value: res.Total}
		if g == nil {
			g = &GameRecords{Game: m.Game, LowWins: m.LowWins, BestTotal: feat, WorstTotal: feat}
			r.games[m.Game] = g
		}
		g.BestTotal = keep(g.BestTotal, feat, m.LowWins)
		g.WorstTotal = keep(g.WorstTotal, feat, !m.LowWins)
		for _, pts := range res.Rounds {
			feat.Value = pts
			if g.BestRound == nil {
				g.BestRound, g.WorstRound = &Feat{}, &Feat{}
				*g.BestRound, *g.WorstRound = feat, feat
			}
			*g.BestRound = keep(*g.BestRound, feat, m.LowWins)
			*g.WorstRound = keep(*g.WorstRound, feat, !m.LowWins)
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
	tb := Table{Points: f.Game != "" && r.n > 0 && r.points, Ranked: []Row{}, Provisional: []Row{}}
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
		if keep == nil || keep(id) {
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
	pr.Played, pr.Wins = p.played, p.wins
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
			b, w := *g.BestRound, *g.WorstRound
			c.BestRound, c.WorstRound = &b, &w
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
