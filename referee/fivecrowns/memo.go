package fivecrowns

import "sync"

// A state of the programme is the set of natural cards still to place (the
// low bits, one per natural card) and the out melds already laid off onto
// (the bits above).
//
// memo finds the table of a state already solved. It is an array indexed by
// state when lay-offs make most states reachable, and otherwise a small
// open-addressing hash table: a hand meets from a few dozen states (most
// hands) to a few thousand (the pair family of issue 19) out of up to 2^16,
// and a Go map cost more per look-up than the solver's own work per move.
type memo struct {
	dense []int32  // by state, the offset + 1 (0 unknown, so no fill is needed)
	keys  []uint32 // by slot, state + 1 (0 an empty slot)
	vals  []int32  // by slot, the offset
	shift uint     // 32 - log2(len(keys)), for the hash
	used  int      // slots taken (hash memo)

	// Without lay-offs and with few naturals, states are looked up directly:
	// by state, the solve's stamp (high half) and the offset (low half). An
	// entry of an earlier solve has an older stamp, so nothing is cleared
	// between solves; stamped is kept for the next solve whatever it uses.
	direct  bool
	stamped []uint64
	stamp   uint64
}

// directBits is the most natural cards a direct memo is made for: 2^14
// entries (128 KiB) at most, so a hand of 13 cards touches 16–64 KiB.
const directBits = 14

// denseBits is the most state bits a dense memo is made for (1 MiB).
const denseBits = 18

// hashBits is the log2 of a new hash memo's slots: 256 hold the states of
// nearly every hand, and are cheap to zero.
const hashBits = 8

// densePool keeps dense memos between solves: a fresh one of 64 KiB or more
// is paid for in page faults and zeroing by the runtime on every solve, a
// reused one only in clearing.
var densePool sync.Pool // of *[]int32

// solverPool keeps solvers between solves, with their slab, move buffers
// and small hash memo: most hands take a few microseconds, and making
// those afresh was a third of it.
var solverPool = sync.Pool{New: func() any { return new(solver) }}

// newMemo makes a memo for states of stateBits bits, reusing old's slots.
// Without lay-offs and with at most directBits naturals, a state's table is
// found by indexing an array by the state (stamped per solve, never
// cleared). Otherwise lay-offs multiply the states and make a dense memo pay
// for itself, and without them (more naturals) most states are never
// reached and a hash table holds them in a few cache lines.
func newMemo(stateBits int, layOffs bool, old memo) memo {
	if !layOffs && stateBits <= directBits {
		return newDirectMemo(stateBits, old)
	}
	m := newHashOrDense(stateBits, layOffs, old)
	m.stamped, m.stamp = old.stamped, old.stamp // kept for a later solve
	return m
}

// newDirectMemo makes a direct memo for states of stateBits bits, reusing
// old's entries with a new stamp.
func newDirectMemo(stateBits int, old memo) memo {
	n := 1 << stateBits
	m := memo{direct: true, stamped: old.stamped, stamp: old.stamp + 1}
	if len(m.stamped) < n {
		m.stamped, m.stamp = make([]uint64, n), 1
	} else if m.stamp == 1<<32 { // stamps used up: start again from clean entries
		clear(m.stamped)
		m.stamp = 1
	}
	return m
}

func newHashOrDense(stateBits int, layOffs bool, old memo) memo {
	if !layOffs || stateBits > denseBits {
		if len(old.keys) == 1<<hashBits {
			clear(old.keys) // vals are read only where keys say so
			return memo{keys: old.keys, vals: old.vals, shift: 32 - hashBits}
		}
		return newHashMemo(hashBits)
	}
	n := 1 << stateBits
	if p, ok := densePool.Get().(*[]int32); ok && cap(*p) >= n {
		d := (*p)[:n]
		clear(d)
		return memo{dense: d}
	}
	return memo{dense: make([]int32, n)}
}

func newHashMemo(logSlots uint) memo {
	return memo{keys: make([]uint32, 1<<logSlots), vals: make([]int32, 1<<logSlots), shift: 32 - logSlots}
}

// spanMemo finds the moves already made for a card and its companions (see
// placements): an open-addressing hash table whose slots hold the solve's
// stamp with the key, so that a new solve empties it by taking a new stamp
// rather than by clearing it.
type spanMemo struct {
	slots []uint64 // stamp<<32 | key (a slot of another stamp is empty)
	vals  []int32  // by slot, the index in spans
	stamp uint64
	shift uint // 32 - log2(len(slots))
	used  int
}

// reset empties m for a new solve.
func (m *spanMemo) reset() {
	m.stamp++
	m.used = 0
	if len(m.slots) == 0 || m.stamp == 1<<32 {
		*m = spanMemo{slots: make([]uint64, 1<<hashBits), vals: make([]int32, 1<<hashBits), stamp: 1, shift: 32 - hashBits}
	}
}

func (m *spanMemo) get(key uint32) (int32, bool) {
	mask := uint32(len(m.slots) - 1)
	want := m.stamp<<32 | uint64(key)
	for i := (key * 0x9E3779B1) >> m.shift; ; i = (i + 1) & mask {
		switch e := m.slots[i]; {
		case e == want:
			return m.vals[i], true
		case e>>32 != m.stamp:
			return 0, false
		}
	}
}

// set stores key, not yet in m.
func (m *spanMemo) set(key uint32, v int32) {
	if 2*(m.used+1) > len(m.slots) { // at most half full, so probes stay short
		bigger := spanMemo{slots: make([]uint64, 2*len(m.slots)), vals: make([]int32, 2*len(m.slots)),
			stamp: m.stamp, shift: m.shift - 1}
		for i, e := range m.slots {
			if e>>32 == m.stamp {
				bigger.set(uint32(e), m.vals[i])
			}
		}
		*m = bigger
	}
	mask := uint32(len(m.slots) - 1)
	i := (key * 0x9E3779B1) >> m.shift
	for m.slots[i]>>32 == m.stamp {
		i = (i + 1) & mask
	}
	m.slots[i], m.vals[i] = m.stamp<<32|uint64(key), v
	m.used++
}

// slot is where state's probe starts: Fibonacci hashing spreads the states,
// which differ mostly in a few high bits, over the whole table.
func (m *memo) slot(state uint32) uint32 { return (state * 0x9E3779B1) >> m.shift }

// maxPooledSlab is the largest slab kept for the next solve (1 MiB): the
// rare hand that needs more should not hold it for ever.
const maxPooledSlab = 1 << 18

// release gives the dense memo back to its pool, and the solver to its,
// once the solve is done with them: the Solution holds no part of them.
func (s *solver) release() {
	// The pool gets its own copy of the slice header: s.memo is cleared
	// below, so that nothing uses the memo after another solve has taken it.
	if s.memo.dense != nil {
		// declared here, not in the if: taking its address moves it to the
		// heap, which would cost every solve an allocation
		dense := s.memo.dense
		densePool.Put(&dense)
		s.memo = memo{stamped: s.memo.stamped, stamp: s.memo.stamp}
	}
	if cap(s.slab) > maxPooledSlab {
		s.slab = nil
	}
	solverPool.Put(s)
}

// sets is how many states m holds.
func (m *memo) sets() int {
	if !m.direct {
		return m.used
	}
	n := 0
	for _, e := range m.stamped {
		if e>>32 == m.stamp {
			n++
		}
	}
	return n
}

func (m *memo) get(state uint32) (int32, bool) {
	if m.direct {
		e := m.stamped[state]
		return int32(uint32(e)), e>>32 == m.stamp
	}
	if m.dense != nil {
		return m.dense[state] - 1, m.dense[state] > 0
	}
	mask := uint32(len(m.keys) - 1)
	for i := m.slot(state); ; i = (i + 1) & mask {
		switch m.keys[i] {
		case state + 1:
			return m.vals[i], true
		case 0:
			return 0, false
		}
	}
}

func (m *memo) set(state uint32, off int32) {
	if m.direct { // inlined: the others are behind a call (used is not kept: see sets)
		m.stamped[state] = m.stamp<<32 | uint64(uint32(off))
		return
	}
	m.setSlow(state, off)
}

func (m *memo) setSlow(state uint32, off int32) {
	if m.dense != nil {
		m.dense[state] = off + 1
		return
	}
	if 2*(m.used+1) > len(m.keys) { // at most half full, so probes stay short
		bigger := newHashMemo(32 - m.shift + 1)
		for i, k := range m.keys {
			if k != 0 {
				bigger.put(k, m.vals[i])
			}
		}
		*m = bigger
	}
	m.put(state+1, off)
}

// put stores key (a state + 1, not yet in m) in the first free slot.
func (m *memo) put(key uint32, off int32) {
	mask := uint32(len(m.keys) - 1)
	i := m.slot(key - 1)
	for m.keys[i] != 0 {
		i = (i + 1) & mask
	}
	m.keys[i], m.vals[i] = key, off
	m.used++
}
