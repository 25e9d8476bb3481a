package handlers

import (
	"testing"

	"github.com/tablekeeper/tablekeeper/scoring/standings"
)

// The ledgers kept are bounded: the least recently used group's goes first.
func TestLedgersAreBounded(t *testing.T) {
	ls := newLedgers()
	o := standings.DefaultOptions()
	for id := int64(1); id <= maxLedgers; id++ {
		ls.of(id, o)
	}
	ls.of(1, o) // group 1 used again: group 2 is now the oldest
	ls.of(maxLedgers+1, o)
	if len(ls.groups) != maxLedgers {
		t.Fatalf("%d ledgers kept, want %d", len(ls.groups), maxLedgers)
	}
	if ls.groups[1] == nil || ls.groups[2] != nil {
		t.Errorf("evicted the wrong ledger: kept 1 %v, kept 2 %v", ls.groups[1] != nil, ls.groups[2] != nil)
	}
}
