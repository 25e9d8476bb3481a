package store

import (
	"errors"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// dialect is what differs between SQLite and PostgreSQL in the store's
// SQL, and only that: the queries are written once, in the spelling both
// read ($1…$n parameters, string_agg), and run as written. What stays
// different is here: the statement that writes a match's totals, how bool
// arguments reach integer columns, and how a unique index's violation is
// told. Nothing outside this file, the migrations folders and Open
// (store.go, postgres.go) knows which database is in use.
type dialect struct {
	pg bool
}

// setTotals is the statement that writes a match's totals (its second
// argument) from its first, totalsArg's encoding of them; a seat past the
// last has no points: 0. The totals themselves are summed in Go (totalsOf),
// from the rounds the write has just read. PostgreSQL reads a JSON array.
// SQLite reads each seat's number at its place in a string of fixed-width
// fields (totalsFixed): its JSON functions cost a save more than the rest
// of the statement (json_extract parsed the array again for every seat).
func (d *dialect) setTotals() string {
	if d.pg {
		return `UPDATE match_players SET total = COALESCE(($1::jsonb ->> match_players.seat::int)::bigint, 0) WHERE match_id = $2`
	}
	return `UPDATE match_players SET total = CAST(substr($1, seat * ` + totalWidthSQL + ` + 1, ` + totalWidthSQL + `) AS INTEGER) WHERE match_id = $2`
}

// totalsArg is the totals as setTotals reads them.
func (d *dialect) totalsArg(totals []int64) string {
	if d.pg {
		return totalsJSON(totals)
	}
	return totalsFixed(totals)
}

// args are a query's arguments as the dialect takes them: PostgreSQL keeps
// the store's 0/1 flags in integer columns, and pgx will not write a Go
// bool into one, so bools become 0 or 1 (SQLite's driver does the same).
func (d *dialect) args(a []any) []any {
	if !d.pg {
		return a
	}
	var out []any
	for i, v := range a {
		if b, ok := v.(bool); ok {
			if out == nil {
				out = append([]any(nil), a...)
			}
			out[i] = int64(0)
			if b {
				out[i] = int64(1)
			}
		}
	}
	if out == nil {
		return a
	}
	return out
}

// isUnique reports whether err is the violation of a unique index.
func isUnique(err error) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code == "23505"
	}
	return strings.Contains(err.Error(), "UNIQUE")
}
