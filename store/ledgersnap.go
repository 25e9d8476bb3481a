package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// LedgerSnapshot is a group's standings ledger kept across restarts
// (migrations 00190, 00200): Data, in the ledger's own form, holds its
// head, and Parts what the head names, read one by one when needed
// (LedgerPart), all up to date with the group's change number Seq
// (ChangedMatches); Kind names what they were derived with. The store
// keeps it as it is given: ChangedMatches(Seq) then brings it up to date.
// LedgerSnapshot reads Data, not Parts.
type LedgerSnapshot struct {
	Seq   int64
	Kind  string
	Data  []byte
	Parts map[string][]byte
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

// LedgerPart returns a part of the group's kept ledger as kept with its
// head at seq; false when it is not (none, or replaced since by a newer).
func (s *Store) LedgerPart(ctx context.Context, groupID, seq int64, part string) ([]byte, bool, error) {
	var data []byte
	err := s.queryRow(ctx, `SELECT data FROM ledger_parts WHERE group_id = $1 AND part = $2 AND seq = $3`, groupID, part, seq).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("store: ledger part: %w", err)
	}
	return data, true, nil
}

// KeepLedgerSnapshot keeps snap as the group's ledger, its parts in place
// of the kept ones, unless the one kept is of the same kind and as recent
// or more (two servers, or two pages, keeping theirs at once: the newest
// stays). It declares no write to the group: no kept page or phone is
// told, nothing they show changed.
func (s *Store) KeepLedgerSnapshot(ctx context.Context, groupID int64, snap LedgerSnapshot) error {
	err := s.tx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO ledger_snapshots (group_id, seq, kind, data) VALUES ($1, $2, $3, $4)
			ON CONFLICT (group_id) DO UPDATE SET seq = excluded.seq, kind = excluded.kind, data = excluded.data
			WHERE excluded.seq > ledger_snapshots.seq OR excluded.kind <> ledger_snapshots.kind`, groupID, snap.Seq, snap.Kind, snap.Data)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err // the one kept stays, with its parts
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM ledger_parts WHERE group_id = $1`, groupID); err != nil {
			return err
		}
		for part, data := range snap.Parts {
			if _, err := tx.ExecContext(ctx, `INSERT INTO ledger_parts (group_id, part, seq, data) VALUES ($1, $2, $3, $4)`,
				groupID, part, snap.Seq, data); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: keep ledger snapshot: %w", err)
	}
	return nil
}
