package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// LedgerSnapshot is a group's standings ledger kept across restarts
// (migration 00190): Data, in the ledger's own form, holds the group's
// played matches up to date with its change number Seq (ChangedMatches);
// Kind names what they were derived with. The store keeps it as it is
// given: ChangedMatches(Seq) then brings it up to date.
type LedgerSnapshot struct {
	Seq  int64
	Kind string
	Data []byte
}

// LedgerSnapshot returns the group's kept ledger; false when none is kept.
func (s *Store) LedgerSnapshot(ctx context.Context, groupID int64) (LedgerSnapshot, bool, error) {
	var snap LedgerSnapshot
	err := s.queryRow(ctx, `SELECT seq, kind, data FROM ledger_snapshots WHERE group_id = $1`, groupID).Scan(&snap.Seq, &snap.Kind, &snap.Data)
	if errors.Is(err, sql.ErrNoRows) {
		return LedgerSnapshot{}, false, nil
	}
	if err != nil {
		return LedgerSnapshot{}, false, fmt.Errorf("store: ledger snapshot: %w", err)
	}
	return snap, true, nil
}

// KeepLedgerSnapshot keeps snap as the group's ledger, unless the one kept
// is of the same kind and as recent or more (two servers, or two pages,
// keeping theirs at once: the newest stays). It declares no write to the
// group: no kept page or phone is told, nothing they show changed.
func (s *Store) KeepLedgerSnapshot(ctx context.Context, groupID int64, snap LedgerSnapshot) error {
	err := s.tx(ctx, func(tx *txn) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO ledger_snapshots (group_id, seq, kind, data) VALUES ($1, $2, $3, $4)
			ON CONFLICT (group_id) DO UPDATE SET seq = excluded.seq, kind = excluded.kind, data = excluded.data
			WHERE excluded.seq > ledger_snapshots.seq OR excluded.kind <> ledger_snapshots.kind`, groupID, snap.Seq, snap.Kind, snap.Data)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: keep ledger snapshot: %w", err)
	}
	return nil
}
