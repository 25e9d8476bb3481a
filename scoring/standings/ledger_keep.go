package standings

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"time"
)

// A ledger's matches can be kept across restarts (issue 40): AppendMatches
// writes them, as the ledger holds them (rounds as their extremes), in a
// compact binary form; LoadMatches reads them into an empty ledger, in one
// pass and a few allocations, where Put would sort and copy each. The runs
// are not kept: a run is folded from the matches on first use, as after
// Put. What the matches were derived from (the games, the options) is the
// keeper's to check: this form holds the matches only.

// keptFormat opens the form; a change to it changes the number.
const keptFormat = 1

// ErrKeptMatches is a kept form that cannot be read.
var ErrKeptMatches = errors.New("standings: kept matches unreadable")

// AppendMatches appends the ledger's matches to buf (those of a kept
// ledger still to read are read first).
func (l *Ledger) AppendMatches(buf []byte) []byte {
	l.load()
	return appendMatches(buf, l.matches)
}

// appendMatches appends matches, in the ledger's order, to buf.
func appendMatches(buf []byte, matches []Match) []byte {
	buf = binary.AppendUvarint(buf, keptFormat)
	games := map[string]uint64{}
	var names []string
	for _, m := range matches {
		if _, ok := games[m.Game]; !ok {
			games[m.Game] = uint64(len(names))
			names = append(names, m.Game)
		}
	}
	buf = binary.AppendUvarint(buf, uint64(len(names)))
	for _, g := range names {
		buf = binary.AppendUvarint(buf, uint64(len(g)))
		buf = append(buf, g...)
	}
	results := 0
	for _, m := range matches {
		results += len(m.Results)
	}
	buf = binary.AppendUvarint(buf, uint64(len(matches)))
	buf = binary.AppendUvarint(buf, uint64(results))
	for _, m := range matches {
		buf = binary.AppendVarint(buf, m.ID)
		buf = binary.AppendUvarint(buf, games[m.Game])
		buf = binary.AppendVarint(buf, m.PlayedAt.Unix())
		buf = binary.AppendUvarint(buf, uint64(m.PlayedAt.Nanosecond()))
		buf = append(buf, flags(m.LowWins, m.HasPoints, m.Partial), byte(m.Outcome))
		buf = binary.AppendUvarint(buf, uint64(len(m.Results)))
		for _, r := range m.Results {
			buf = binary.AppendVarint(buf, r.Player)
			buf = binary.AppendVarint(buf, int64(r.Total))
			buf = binary.AppendVarint(buf, int64(r.Place))
			buf = append(buf, flags(r.Left, r.Rounds != nil, false))
			if r.Rounds != nil { // compact: the highest and the lowest
				buf = binary.AppendVarint(buf, int64(r.Rounds[0]))
				buf = binary.AppendVarint(buf, int64(r.Rounds[1]))
			}
		}
	}
	return buf
}

func flags(a, b, c bool) byte {
	var f byte
	for i, on := range []bool{a, b, c} {
		if on {
			f |= 1 << i
		}
	}
	return f
}

// LoadMatches reads matches written by AppendMatches into l, which must be
// empty. On an error l is left empty.
func (l *Ledger) LoadMatches(data []byte) error {
	if len(l.matches) != 0 || l.kept != nil {
		return fmt.Errorf("%w: the ledger holds matches already", ErrKeptMatches)
	}
	held, err := readMatches(data)
	if err != nil {
		return err
	}
	l.matches, l.byID, l.games = held.matches, held.byID, held.games
	for _, r := range l.runs {
		r.stale = true
	}
	return nil
}

// heldMatches are a ledger's matches as it indexes them.
type heldMatches struct {
	matches []Match
	byID    map[int64]instant
	games   map[string]int
}

// readMatches reads matches written by AppendMatches.
func readMatches(data []byte) (heldMatches, error) {
	d := keptReader{data: data}
	if d.uvarint() != keptFormat {
		return heldMatches{}, fmt.Errorf("%w: not form %d", ErrKeptMatches, keptFormat)
	}
	names := make([]string, min(d.uvarint(), uint64(len(data))))
	for i := range names {
		names[i] = d.text()
	}
	n, results := d.uvarint(), d.uvarint()
	if d.err != nil || n > uint64(len(data)) || results > uint64(len(data)) {
		return heldMatches{}, fmt.Errorf("%w: %d matches", ErrKeptMatches, n)
	}
	matches := make([]Match, n)
	res := make([]Result, results)
	var rounds []int
	byID := make(map[int64]instant, n)
	games := map[string]int{}
	for i := range matches {
		m := &matches[i]
		m.ID = d.varint()
		g := d.uvarint()
		sec, nsec := d.varint(), d.uvarint()
		f, o := d.byte(), d.byte()
		k := d.uvarint()
		if d.err != nil || g >= uint64(len(names)) || nsec >= uint64(time.Second) || k > uint64(len(res)) {
			return heldMatches{}, fmt.Errorf("%w: match %d of %d", ErrKeptMatches, i+1, n)
		}
		m.Game, m.PlayedAt = names[g], time.Unix(sec, int64(nsec)).UTC()
		m.LowWins, m.HasPoints, m.Partial, m.Outcome = f&1 != 0, f&2 != 0, f&4 != 0, Outcome(o)
		m.Results, res = res[:k:k], res[k:]
		for j := range m.Results {
			r := &m.Results[j]
			r.Player, r.Total, r.Place = d.varint(), int(d.varint()), int(d.varint())
			rf := d.byte()
			r.Left = rf&1 != 0
			if rf&2 != 0 {
				if len(rounds) < 2 {
					rounds = make([]int, 2*256)
				}
				r.Rounds, rounds = rounds[:2:2], rounds[2:]
				r.Rounds[0], r.Rounds[1] = int(d.varint()), int(d.varint())
			}
		}
		if i > 0 && before(matches[i-1], *m) >= 0 {
			d.fail()
		}
		if _, dup := byID[m.ID]; dup {
			d.fail()
		}
		if d.err != nil {
			return heldMatches{}, fmt.Errorf("%w: match %d of %d", ErrKeptMatches, i+1, n)
		}
		byID[m.ID] = instantOf(m.PlayedAt)
		games[m.Game]++
	}
	if len(res) != 0 || d.off != len(data) {
		return heldMatches{}, fmt.Errorf("%w: %d bytes left", ErrKeptMatches, len(data)-d.off)
	}
	return heldMatches{slices.Clip(matches), byID, games}, nil
}

// keptReader reads AppendMatches' form; the first error sticks.
type keptReader struct {
	data []byte
	off  int
	err  error
}

func (d *keptReader) fail() {
	if d.err == nil {
		d.err = ErrKeptMatches
	}
}

func (d *keptReader) uvarint() uint64 {
	v, n := binary.Uvarint(d.data[d.off:])
	if n <= 0 {
		d.fail()
		return 0
	}
	d.off += n
	return v
}

func (d *keptReader) varint() int64 {
	v, n := binary.Varint(d.data[d.off:])
	if n <= 0 {
		d.fail()
		return 0
	}
	d.off += n
	return v
}

func (d *keptReader) byte() byte {
	if d.off >= len(d.data) {
		d.fail()
		return 0
	}
	d.off++
	return d.data[d.off-1]
}

func (d *keptReader) text() string {
	n := d.uvarint()
	if n > uint64(len(d.data)-d.off) {
		d.fail()
		return ""
	}
	s := string(d.data[d.off : d.off+int(n)])
	d.off += int(n)
	return s
}
