package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// copyTables are the tables CopyAll copies, parents before children.
// ledger_snapshots and ledger_parts are not: a cache of the matches,
// rebuilt by the target's first standings pages.
var copyTables = []string{"groups", "sessions", "players", "memberships", "house_rules", "seasons", "group_games",
	"matches", "match_players", "departures", "rounds", "round_revisions", "round_lines", "rulings", "bgstats_games"}

// pgOnlyColumns are columns only PostgreSQL's schema has: CopyAll leaves
// them to the target's default.
var pgOnlyColumns = map[string]bool{"write_seq": true}

// ErrNotEmpty is CopyAll into a database that already holds a group.
var ErrNotEmpty = errors.New("store: copy: the target database already holds groups: copy into a new, empty one")

// CopyAll copies every row of from into to, which must hold no group yet:
// the same ids, group addresses, invite and admin links, members' sessions,
// so that every link keeps working after a move from SQLite to PostgreSQL
// or back. It reads one snapshot of from and writes to in one transaction:
// either everything is copied or nothing. Returns the rows copied per table.
// Meant for a move with the servers stopped (a write to from meanwhile is
// not copied).
func CopyAll(ctx context.Context, from, to *Store) (map[string]int, error) {
	var n int
	if err := to.queryRow(ctx, `SELECT COUNT(*) FROM groups`).Scan(&n); err != nil {
		return nil, fmt.Errorf("store: copy: %w", err)
	}
	if n > 0 {
		return nil, ErrNotEmpty
	}
	src, err := from.beginRead(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: copy: %w", err)
	}
	defer src.Rollback()
	dst, err := to.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("store: copy: %w", err)
	}
	defer dst.Rollback()
	copied := map[string]int{}
	for _, table := range copyTables {
		rows, err := src.QueryContext(ctx, `SELECT * FROM `+table)
		if err != nil {
			return nil, fmt.Errorf("store: copy %s: %w", table, err)
		}
		cols, _ := rows.Columns()
		var keep []int
		var names []string
		for i, c := range cols {
			if !pgOnlyColumns[c] {
				keep = append(keep, i)
				names = append(names, c)
			}
		}
		ins, err := dst.PrepareContext(ctx, `INSERT INTO `+table+` (`+strings.Join(names, ", ")+`) VALUES (`+placeholders(len(names))+`)`)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: copy %s: %w", table, err)
		}
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		args := make([]any, len(keep))
		for rows.Next() {
			if err := rows.Scan(ptrs...); err != nil {
				rows.Close()
				return nil, fmt.Errorf("store: copy %s: %w", table, err)
			}
			for j, i := range keep {
				args[j] = vals[i]
			}
			if _, err := ins.ExecContext(ctx, args...); err != nil {
				rows.Close()
				return nil, fmt.Errorf("store: copy %s: %w", table, err)
			}
			copied[table]++
		}
		rows.Close()
		ins.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("store: copy %s: %w", table, err)
		}
	}
	if to.d.pg {
		// Rows inserted with their ids leave the identity sequences behind:
		// the next new row must get an id past the copied ones.
		for _, table := range []string{"groups", "sessions", "players", "seasons", "matches", "departures", "rounds", "round_revisions", "round_lines", "rulings"} {
			if _, err := dst.ExecContext(ctx, `SELECT setval(pg_get_serial_sequence('`+table+`', 'id'), COALESCE((SELECT MAX(id) FROM `+table+`), 0) + 1, false)`); err != nil {
				return nil, fmt.Errorf("store: copy %s: %w", table, err)
			}
		}
	}
	if err := dst.Commit(); err != nil {
		return nil, fmt.Errorf("store: copy: %w", err)
	}
	to.tell([]Written{{Remote: true}}) // whatever the target's readers kept is gone
	return copied, nil
}
