package store

import (
	"errors"
	"strconv"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5/pgconn"
)

// dialect is everything that differs between SQLite and PostgreSQL in the
// store's SQL. The queries are written once, in SQLite's spelling with ?
// placeholders; on PostgreSQL pg rewrites them (placeholders to $n,
// group_concat to string_agg) and the few fragments that cannot be rewritten
// word for word are chosen here. Nothing outside this file, the migrations
// folders and Open (store.go, postgres.go) knows which database is in use.
type dialect struct {
	pg bool
	// rewritten keeps each query text's PostgreSQL spelling (bounded).
	mu        sync.Mutex
	rewritten map[string]string
}

// maxRewritten bounds the kept rewrites: the store's query texts are a few
// hundred; IN lists of changing length are rewritten each time past it.
const maxRewritten = 2000

// sql is q in the dialect's spelling.
func (d *dialect) sql(q string) string {
	if !d.pg {
		return q
	}
	d.mu.Lock()
	r, ok := d.rewritten[q]
	d.mu.Unlock()
	if ok {
		return r
	}
	r = pgSQL(q)
	d.mu.Lock()
	if d.rewritten == nil {
		d.rewritten = map[string]string{}
	}
	if len(d.rewritten) < maxRewritten {
		d.rewritten[q] = r
	}
	d.mu.Unlock()
	return r
}

// pgSQL rewrites a query from SQLite's spelling to PostgreSQL's: each ?
// outside a quoted string becomes $1, $2…, and group_concat becomes
// string_agg (both take the separator as their second argument; the store's
// callers always give it, and never depend on the order of the parts).
func pgSQL(q string) string {
	var b strings.Builder
	b.Grow(len(q) + 16)
	n := 0
	var quote byte
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '?':
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		case (c == 'g' || c == 'G') && len(q)-i >= len("group_concat(") && strings.EqualFold(q[i:i+len("group_concat(")], "group_concat("):
			b.WriteString("string_agg(")
			i += len("group_concat(") - 1
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
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
	return `UPDATE match_players SET total = CAST(substr(?, seat * ` + totalWidthSQL + ` + 1, ` + totalWidthSQL + `) AS INTEGER) WHERE match_id = ?`
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
