package standings

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"slices"
)

// A whole ledger kept across restarts (issue 40): AppendKept writes it as
// a head and parts, LoadKept reads the head back, at the cost of what a
// first page reads: the head names the parts, and each is read (fetched
// from where it was kept) only when something needs it. A part is the
// folded state of a run a first page reads (the default season's, all
// time), or the matches, needed only when a run is folded again or one not
// kept is asked for, or a match held before the restart changes: a match
// finished since is folded into the kept runs without them, as into any
// run. So a first page after a restart reads the head and one run's state
// and folds only the matches changed since, not 10,000 matches.
//
// The head: the options the runs were folded with, the matches held per
// game, their IDs, and per run its filter, its last match and its part's
// name. The matches' part is AppendMatches' form. The head and each part
// end with their checksum. A form written by AppendMatches alone (form 1)
// is read as before, whole.

// keptLedgerFormat opens the head's form.
const keptLedgerFormat = 3

// matchesPart names the matches' part.
const matchesPart = "matches"

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Kept is a ledger in its kept form: Head, read first, and the Parts it
// names.
type Kept struct {
	Head  []byte
	Parts map[string][]byte
}

// Fetch returns a part of a kept ledger, as kept with the head read; an
// error when it cannot (gone: replaced by a newer one kept since).
type Fetch func(part string) ([]byte, error)

// sealed appends the checksum of b[start:] to b.
func sealed(b []byte, start int) []byte {
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b[start:], castagnoli))
}

// unseal checks b's checksum and returns what it seals.
func unseal(b []byte) ([]byte, error) {
	if len(b) < 4 || crc32.Checksum(b[:len(b)-4], castagnoli) != binary.LittleEndian.Uint32(b[len(b)-4:]) {
		return nil, fmt.Errorf("%w: checksum", ErrKeptMatches)
	}
	return b[:len(b)-4], nil
}

// fetchSealed fetches a part and checks it.
func fetchSealed(fetch Fetch, part string) ([]byte, error) {
	b, err := fetch(part)
	if err != nil {
		return nil, fmt.Errorf("%w: part %q: %w", ErrKeptMatches, part, err)
	}
	return unseal(b)
}

// lazyMatches are a kept ledger's matches not read yet. The ledger's own
// matches, byID, then hold only the matches added since (by Put); games
// counts them all.
type lazyMatches struct {
	fetch Fetch
	baseN int     // how many the kept part holds
	ids   []byte  // the IDs of the matches held when kept, sorted, as deltas
	read  []int64 // ids read, on first need
}

// has reports whether the kept matches held the match.
func (k *lazyMatches) has(id int64) bool {
	if k.read == nil {
		d := keptReader{data: k.ids}
		k.read = make([]int64, 0, k.baseN)
		prev := int64(0)
		for d.off < len(d.data) && d.err == nil {
			prev += int64(d.uvarint())
			k.read = append(k.read, prev)
		}
	}
	_, found := slices.BinarySearch(k.read, id)
	return found
}

// keptRun is a run as kept, not read yet, and the matches to fold into it
// once read (finished after its last, since the restart).
type keptRun struct {
	f     Filter
	part  string
	fetch Fetch
	last  Match // its last match: the kept run's, then the last to fold
	folds []Match
}

// optionsKey names what a kept run was folded with.
func optionsKey(o Options) string {
	loc := "UTC"
	if o.Location != nil {
		loc = o.Location.String()
	}
	return fmt.Sprintf("%v %d %d %d %s %d", o.model(), o.MinMatches, o.MinTogether, o.FormLength, loc, o.NightEnds)
}

// AppendKept returns the whole ledger in its kept form: its matches (read
// first if they were not: the one error), and the runs of filters that
// are up to date (a run still to fold again is left out: it is folded from
// the matches after a restart, as now).
func (l *Ledger) AppendKept(filters []Filter) (Kept, error) {
	if err := l.load(); err != nil {
		return Kept{}, err
	}
	out := Kept{Parts: map[string][]byte{matchesPart: sealed(appendMatches(nil, l.matches), 0)}}
	w := keptWriter{}
	w.uint(keptLedgerFormat)
	w.text(optionsKey(l.o))
	w.uint(uint64(len(l.games)))
	for g, n := range l.games {
		w.text(g)
		w.uint(uint64(n))
	}
	ids := make([]int64, 0, len(l.byID))
	for id := range l.byID {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	packed := keptWriter{}
	prev := int64(0)
	for _, id := range ids {
		packed.uint(uint64(id - prev))
		prev = id
	}
	w.uint(uint64(len(ids)))
	w.bytes(packed)
	var runs []*run
	for _, f := range filters {
		k := keyOf(f)
		r := l.runs[k]
		if kr := l.keptRuns[k]; r == nil && kr != nil {
			r = l.restoreRun(k, kr)
		}
		if r != nil && !r.stale && r.dirty == nil && r.err == nil && !slices.Contains(runs, r) {
			runs = append(runs, r)
		}
	}
	w.uint(uint64(len(runs)))
	for i, r := range runs {
		part := fmt.Sprintf("run %d", i+1)
		w.filter(r.f)
		w.int(r.last.ID)
		w.time(r.last.PlayedAt)
		w.text(part)
		out.Parts[part] = sealed(appendRun(nil, r), 0)
	}
	out.Head = sealed(w, 0)
	return out, nil
}

// LoadKept reads a ledger's head written by AppendKept (or a form written
// by AppendMatches) into l, which must be empty; its parts are fetched when
// first needed. On an error l is left empty. The runs are read only if
// they were folded with l's options.
func (l *Ledger) LoadKept(head []byte, fetch Fetch) error {
	if len(l.matches) != 0 || l.kept != nil {
		return fmt.Errorf("%w: the ledger holds matches already", ErrKeptMatches)
	}
	if v, _ := binary.Uvarint(head); v == keptFormat {
		return l.LoadMatches(head)
	}
	data, err := unseal(head)
	if err != nil {
		return err
	}
	d := keptReader{data: data}
	if d.uvarint() != keptLedgerFormat {
		return fmt.Errorf("%w: not form %d", ErrKeptMatches, keptLedgerFormat)
	}
	sameOptions := d.text() == optionsKey(l.o)
	games := map[string]int{}
	for range d.count() {
		g := d.text()
		games[g] = int(d.uvarint())
	}
	n := d.count()
	ids := d.bytes()
	runs := map[filterKey]*keptRun{}
	for range d.count() {
		kr := &keptRun{f: d.filter(), last: Match{ID: d.varint(), PlayedAt: d.time()}, part: d.text(), fetch: fetch}
		runs[keyOf(kr.f)] = kr
	}
	if d.err != nil || d.off != len(d.data) {
		return fmt.Errorf("%w: its head", ErrKeptMatches)
	}
	l.games = games
	l.kept = &lazyMatches{fetch: fetch, baseN: n, ids: ids}
	l.keptRuns = nil
	if sameOptions {
		l.keptRuns = runs
	}
	for _, r := range l.runs {
		r.stale = true
	}
	return nil
}

// load reads the kept matches not read yet, if any. A failure (gone, or
// a part that does not read) leaves the ledger broken: every answer is
// then that error.
func (l *Ledger) load() error {
	if l.kept == nil || l.broken != nil {
		return l.broken
	}
	km, err := l.MatchesToRead()()
	if err == nil {
		err = l.UseMatches(km)
	}
	if err != nil {
		l.kept, l.broken = nil, err
	}
	return err
}

// KeptMatches are a kept ledger's matches read apart (MatchesToRead).
type KeptMatches struct {
	held heldMatches
	from *lazyMatches
}

// MatchesToRead returns, for a ledger whose kept matches are not read yet,
// a function that reads them: it reads only what was kept, so it may be
// called without holding the ledger (the ledger is not held while they are
// read: 5–7 ms for 10,000), its result then handed to UseMatches. nil when
// there is nothing to read.
func (l *Ledger) MatchesToRead() func() (*KeptMatches, error) {
	k := l.kept
	if k == nil {
		return nil
	}
	return func() (*KeptMatches, error) {
		data, err := fetchSealed(k.fetch, matchesPart)
		if err != nil {
			return nil, err
		}
		held, err := readMatches(data)
		if err == nil && len(held.matches) != k.baseN {
			err = fmt.Errorf("%w: %d matches, not %d", ErrKeptMatches, len(held.matches), k.baseN)
		}
		if err != nil {
			return nil, err
		}
		return &KeptMatches{held: held, from: k}, nil
	}
}

// UseMatches puts kept matches read apart into the ledger, with the
// matches added since, if it still waits for them (else it does nothing).
func (l *Ledger) UseMatches(km *KeptMatches) error {
	if km == nil || l.kept == nil || l.kept != km.from {
		return nil
	}
	held := km.held
	km.held = heldMatches{} // used once: its index becomes the ledger's
	merged := make([]Match, 0, len(held.matches)+len(l.matches))
	i, j := 0, 0
	for i < len(held.matches) || j < len(l.matches) {
		if j == len(l.matches) || i < len(held.matches) && before(held.matches[i], l.matches[j]) < 0 {
			merged = append(merged, held.matches[i])
			i++
		} else {
			merged = append(merged, l.matches[j])
			j++
		}
	}
	for id, at := range l.byID {
		if _, dup := held.byID[id]; dup {
			return fmt.Errorf("%w: match %d held twice", ErrKeptMatches, id)
		}
		held.byID[id] = at
	}
	l.kept, l.matches, l.byID = nil, merged, held.byID
	return nil
}

// heldBefore reads the kept matches when the match is one of them: a
// change to a match held when the ledger was kept needs it where it was.
func (l *Ledger) heldBefore(id int64) {
	if l.kept == nil {
		return
	}
	if _, added := l.byID[id]; !added && l.kept.has(id) {
		l.load()
	}
}

// touchKept notes a change to the kept runs not read yet: a run whose
// match old (if any) changed is dropped (it is folded from the matches when
// asked for); a match m (if any) finished after its last is to be folded
// into it once read, else the run is dropped too.
func (l *Ledger) touchKept(old, m *Match) {
	for k, kr := range l.keptRuns {
		switch {
		case old != nil && kr.f.Includes(*old):
			delete(l.keptRuns, k)
		case m == nil || !kr.f.Includes(*m):
		case before(kr.last, *m) < 0:
			kr.folds = append(kr.folds, *m)
			kr.last = *m
		default:
			delete(l.keptRuns, k)
		}
	}
}

// restoreRun reads a kept run into the ledger's runs and folds the
// matches finished since into it; nil when it does not read (it is then
// folded from the matches).
func (l *Ledger) restoreRun(k filterKey, kr *keptRun) *run {
	delete(l.keptRuns, k)
	data, err := fetchSealed(kr.fetch, kr.part)
	if err != nil {
		return nil
	}
	r := readRun(data, kr.f, l.o)
	if r == nil {
		return nil
	}
	l.addRun(k, r)
	for _, m := range kr.folds {
		l.fold(r, m)
	}
	return r
}

// KeptRuns is how many kept runs are still to read: after LoadKept, 0 when
// the kept form held none (an older form, other options).
func (l *Ledger) KeptRuns() int { return len(l.keptRuns) }

// Lazy reports whether the ledger still holds kept matches not read (for
// the tests, and the keeper's measures).
func (l *Ledger) Lazy() bool { return l.kept != nil }
