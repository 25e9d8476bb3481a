package standings

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"slices"
)

// A whole ledger kept across restarts (issue 40): AppendKept writes its
// matches and the folded state of the runs a first page reads (the default
// season's, all time), LoadKept reads it back at the cost of what a page
// reads. The runs are read one by one when first asked for; the matches
// are held as written and read only when something needs them (a run
// folded again, a run not kept, a change to a match held before the
// restart): a match finished since is folded into the kept runs without
// them, as into any run. So a first page after a restart reads one run's
// state and folds only the matches changed since, not 10,000 matches.
//
// The form: the options the runs were folded with, the matches held per
// game, their IDs, the runs (each by filter), the matches in AppendMatches'
// form (those held when the form it was read from was written, then those
// added since), and a checksum of it all. A form written by AppendMatches
// alone (form 1) is read as before, whole.

// keptLedgerFormat opens the whole ledger's form.
const keptLedgerFormat = 2

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// lazyMatches are a kept ledger's matches not read yet. The ledger's own
// matches, byID, then hold only the matches added since (by Put); games
// counts them all.
type lazyMatches struct {
	base  []byte  // AppendMatches' form
	baseN int     // how many it holds
	ids   []byte  // the IDs of the matches base holds, sorted, as deltas
	read  []int64 // ids read, on first need
}

// has reports whether base holds the match.
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
	data  []byte
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

// AppendKept appends the whole ledger to buf: its matches, and the runs of
// filters that are up to date (a run still to fold again is left out: it
// is folded from the matches after a restart, as now).
func (l *Ledger) AppendKept(buf []byte, filters []Filter) []byte {
	start := len(buf)
	w := keptWriter(buf)
	w.uint(keptLedgerFormat)
	w.text(optionsKey(l.o))
	w.uint(uint64(len(l.games)))
	for g, n := range l.games {
		w.text(g)
		w.uint(uint64(n))
	}
	var ids []int64
	if l.kept != nil {
		l.kept.has(0) // read them
		ids = slices.Clone(l.kept.read)
	}
	for id := range l.byID {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	ids = slices.Compact(ids) // those added before the form read was written are in both
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
	for _, r := range runs {
		w.filter(r.f)
		w.bytes(appendRun(nil, r))
	}
	if l.kept != nil {
		w.bytes(l.kept.base)
	} else {
		w.bytes(appendMatches(nil, l.matches))
	}
	if l.kept != nil {
		w.bytes(appendMatches(nil, l.matches))
	} else {
		w.bytes(appendMatches(nil, nil))
	}
	return binary.LittleEndian.AppendUint32(w, crc32.Checksum(w[start:], castagnoli))
}

// LoadKept reads a ledger written by AppendKept (or AppendMatches) into l,
// which must be empty: the matches and runs are read when first needed.
// On an error l is left empty. The runs are read only if they were folded
// with l's options.
func (l *Ledger) LoadKept(data []byte) error {
	if len(l.matches) != 0 || l.kept != nil {
		return fmt.Errorf("%w: the ledger holds matches already", ErrKeptMatches)
	}
	if v, _ := binary.Uvarint(data); v == keptFormat {
		return l.LoadMatches(data)
	}
	if len(data) < 4 || crc32.Checksum(data[:len(data)-4], castagnoli) != binary.LittleEndian.Uint32(data[len(data)-4:]) {
		return fmt.Errorf("%w: checksum", ErrKeptMatches)
	}
	d := keptReader{data: data[:len(data)-4]}
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
		kr := &keptRun{f: d.filter(), data: d.bytes()}
		head := keptReader{data: kr.data}
		head.uvarint()
		kr.last = Match{ID: head.varint(), PlayedAt: head.time()}
		if head.err != nil {
			d.fail()
		}
		runs[keyOf(kr.f)] = kr
	}
	base, extra := d.bytes(), d.bytes()
	if d.err != nil || d.off != len(d.data) {
		return fmt.Errorf("%w: its head", ErrKeptMatches)
	}
	added, err := readMatches(extra)
	if err != nil {
		return err
	}
	l.matches, l.byID, l.games = added.matches, added.byID, games
	l.kept = &lazyMatches{base: base, baseN: n - len(added.matches), ids: ids}
	l.keptRuns = nil
	if sameOptions {
		l.keptRuns = runs
	}
	for _, r := range l.runs {
		r.stale = true
	}
	return nil
}

// load reads the kept matches not read yet, if any. A failure (a form
// that passed its checksum yet does not read: never written so) leaves the
// ledger broken: every answer is then that error.
func (l *Ledger) load() error {
	if l.kept == nil || l.broken != nil {
		return l.broken
	}
	k := l.kept
	l.kept = nil
	held, err := readMatches(k.base)
	if err == nil && len(held.matches) != k.baseN {
		err = fmt.Errorf("%w: %d matches, not %d", ErrKeptMatches, len(held.matches), k.baseN)
	}
	if err != nil {
		l.broken = err
		return err
	}
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
			l.broken = fmt.Errorf("%w: match %d held twice", ErrKeptMatches, id)
			return l.broken
		}
		held.byID[id] = at
	}
	l.matches, l.byID = merged, held.byID
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
	r := readRun(kr.data, kr.f, l.o)
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
