package store

import "time"

// LongestWriteHold is the longest any write transaction has held the write
// lock (from taking wmu to COMMIT or ROLLBACK) since the last call, which
// starts a new measurement. Every other write waits that long at worst: it
// is how an import's effect on the other groups' saves is measured (see
// ImportFrom and docs/PERFORMANCE.md).
func (s *Store) LongestWriteHold() time.Duration {
	return time.Duration(s.longest.Swap(0))
}

// held records a write transaction that took the lock at t0.
func (s *Store) held(t0 time.Time) {
	d := int64(time.Since(t0))
	for {
		old := s.longest.Load()
		if d <= old || s.longest.CompareAndSwap(old, d) {
			return
		}
	}
}
