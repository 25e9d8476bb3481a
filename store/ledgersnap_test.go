package store

import (
	"bytes"
	"context"
	"testing"
)

// A group's kept ledger is read back as kept; of two kept at once the
// newest stays (an older one, kept late, does not replace it), one of
// another kind replaces it whatever its number; keeping one tells no
// observer (no page or phone has anything new to show).
func TestLedgerSnapshotKeepsTheNewest(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	gid := f.g.Group.ID
	if _, ok, err := f.s.LedgerSnapshot(ctx, gid); ok || err != nil {
		t.Fatalf("before any: kept %v, %v; want none", ok, err)
	}
	var told []Written
	f.s.OnWrite(func(w Written) { told = append(told, w) })
	keep := func(seq int64, kind string, data []byte) {
		t.Helper()
		if err := f.s.KeepLedgerSnapshot(ctx, gid, LedgerSnapshot{Seq: seq, Kind: kind, Data: data}); err != nil {
			t.Fatal(err)
		}
	}
	read := func() LedgerSnapshot {
		t.Helper()
		snap, ok, err := f.s.LedgerSnapshot(ctx, gid)
		if !ok || err != nil {
			t.Fatalf("kept %v, %v", ok, err)
		}
		return snap
	}
	big := bytes.Repeat([]byte{0, 1, 0xff, 0x80}, 100_000) // bytes, not text
	keep(10, "a", big)
	if got := read(); got.Seq != 10 || got.Kind != "a" || !bytes.Equal(got.Data, big) {
		t.Fatalf("read %d %q (%d bytes), want 10 a (%d bytes)", got.Seq, got.Kind, len(got.Data), len(big))
	}
	keep(12, "a", []byte{12})
	keep(11, "a", []byte{11}) // late: older than the one kept
	if got := read(); got.Seq != 12 || !bytes.Equal(got.Data, []byte{12}) {
		t.Errorf("after 12 then 11: kept %d %v, want 12", got.Seq, got.Data)
	}
	keep(3, "b", []byte{3}) // another kind: the kept one is no use to it
	if got := read(); got.Seq != 3 || got.Kind != "b" {
		t.Errorf("another kind: kept %d %q, want 3 b", got.Seq, got.Kind)
	}
	if len(told) != 0 {
		t.Errorf("keeping a snapshot told the observers %+v", told)
	}
}
