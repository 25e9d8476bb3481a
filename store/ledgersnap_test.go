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

// A kept ledger's parts are read at the number they were kept with, and
// are replaced with its head: a newer one's parts replace them all (a part
// it does not name is gone), an older one kept late leaves them; a part
// asked at another number is not there (another server kept a newer).
func TestLedgerPartsFollowTheirHead(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	gid := f.g.Group.ID
	keep := func(seq int64, parts map[string][]byte) {
		t.Helper()
		if err := f.s.KeepLedgerSnapshot(ctx, gid, LedgerSnapshot{Seq: seq, Kind: "a", Data: []byte{byte(seq)}, Parts: parts}); err != nil {
			t.Fatal(err)
		}
	}
	part := func(seq int64, name string) []byte {
		t.Helper()
		data, ok, err := f.s.LedgerPart(ctx, gid, seq, name)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return nil
		}
		return data
	}
	big := bytes.Repeat([]byte{0, 1, 0xff, 0x80}, 100_000)
	keep(10, map[string][]byte{"matches": big, "run 1": {1}})
	if got := part(10, "matches"); !bytes.Equal(got, big) || !bytes.Equal(part(10, "run 1"), []byte{1}) {
		t.Fatalf("read %d bytes, want %d", len(got), len(big))
	}
	if part(9, "matches") != nil || part(10, "run 2") != nil {
		t.Error("a part read at another number, or one never kept")
	}
	keep(12, map[string][]byte{"matches": {12}})
	keep(11, map[string][]byte{"matches": {11}, "run 1": {11}}) // late
	if got := part(12, "matches"); !bytes.Equal(got, []byte{12}) || part(12, "run 1") != nil || part(10, "run 1") != nil || part(11, "run 1") != nil {
		t.Errorf("after 12 then 11: matches %v, run 1 at 10, 11, 12: %v %v %v; want 12's alone", got, part(10, "run 1"), part(11, "run 1"), part(12, "run 1"))
	}
}
