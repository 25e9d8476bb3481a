package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"sync"
)

// stmts keeps a prepared statement for each query text the store runs.
// modernc's driver parses every query it is handed; parsing was about a
// third of the cost of the short queries behind a scoresheet. database/sql
// prepares each statement once per connection, on first use there.
type stmts struct {
	mu     sync.Mutex
	m      map[string]*sql.Stmt
	closed bool
}

// maxStmts bounds the kept statements, and queries with more than
// maxStmtArgs arguments (IN lists, whose text changes with their length)
// are not kept: those run unprepared.
const (
	maxStmts    = 200
	maxStmtArgs = 8
)

// prep is the kept statement for q, nil when it cannot be kept.
func (s *Store) prep(q string, nargs int) *sql.Stmt {
	if s.d.pg {
		return nil // pgx keeps a prepared statement per connection itself
	}
	s.stmts.mu.Lock()
	st, ok := s.stmts.m[q]
	full := len(s.stmts.m) >= maxStmts
	s.stmts.mu.Unlock()
	if ok {
		return st
	}
	if full || nargs > maxStmtArgs {
		return nil
	}
	// Prepared outside the lock (it may wait for a connection), and not with
	// the request's context: the statement outlives the request.
	st, err := s.db.PrepareContext(context.Background(), q)
	if err != nil {
		return nil // the query itself will report the error
	}
	s.stmts.mu.Lock()
	defer s.stmts.mu.Unlock()
	if kept, ok := s.stmts.m[q]; ok || s.stmts.m == nil && s.stmts.closed {
		st.Close() // another request kept one meanwhile, or the store closed
		return kept
	}
	if s.stmts.m == nil {
		s.stmts.m = map[string]*sql.Stmt{}
	}
	s.stmts.m[q] = st
	return st
}

func (s *Store) closeStmts() {
	s.stmts.mu.Lock()
	defer s.stmts.mu.Unlock()
	for _, st := range s.stmts.m {
		st.Close()
	}
	s.stmts.m, s.stmts.closed = nil, true
}

func (s *Store) query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if st := s.prep(q, len(args)); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return s.db.QueryContext(s.bounded(ctx), q, s.d.args(args)...)
}

func (s *Store) queryRow(ctx context.Context, q string, args ...any) *sql.Row {
	if st := s.prep(q, len(args)); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return s.db.QueryRowContext(s.bounded(ctx), q, s.d.args(args)...)
}

// txn is the write transaction in progress: on SQLite on the write
// connection (its holder holds wmu), its queries using statements prepared
// on that connection; on PostgreSQL a SERIALIZABLE transaction of the pool
// (pg, see commitPG).
type txn struct {
	s       *Store
	pg      *sql.Tx
	touched map[int64]bool   // the groups written to, and whether their members changed
	matches map[int64]bool   // the matches written to (Written.Matches)
	slugs   map[int64]string // the slugs of groups written to, when read already (wroteSlug)
	sheets  map[int64]string // the sheet version of matches written to, when known (wroteSheet)
	author  string           // who wrote, when the write says (Written.Author)
	// detached: the statements ignore their context's cancellation (a write
	// sharing its commit with others, see commitBatch).
	detached bool
}

// ctx is the context a statement of t runs with.
func (t *txn) ctx(ctx context.Context) context.Context {
	if t.detached {
		return context.WithoutCancel(ctx)
	}
	return t.s.bounded(ctx)
}

// insertResult is the id an INSERT … RETURNING id gave.
type insertResult int64

func (r insertResult) LastInsertId() (int64, error) { return int64(r), nil }

// insert runs an INSERT into a table with an id column and returns the new
// row's id: on PostgreSQL read with RETURNING (its driver has no
// LastInsertId), on SQLite from the connection, since RETURNING costs SQLite
// a temporary table and a query's machinery for the one number.
func (t *txn) insert(ctx context.Context, q string, args ...any) (insertResult, error) {
	if t.pg == nil {
		res, err := t.ExecContext(ctx, q, args...)
		if err != nil {
			return 0, err
		}
		id, err := res.LastInsertId()
		return insertResult(id), err
	}
	var id int64
	err := t.QueryRowContext(ctx, q+" RETURNING id", args...).Scan(&id)
	return insertResult(id), err
}

// stmt is the write connection's statement for q, nil past maxStmts.
func (t *txn) stmt(ctx context.Context, q string, nargs int) *sql.Stmt {
	if t.pg != nil {
		return nil
	}
	if st, ok := t.s.wst[q]; ok {
		return st
	}
	if len(t.s.wst) >= maxStmts || nargs > maxStmtArgs {
		return nil
	}
	st, err := t.s.w.PrepareContext(context.WithoutCancel(ctx), q)
	if err != nil {
		return nil // the query itself will report the error
	}
	t.s.wst[q] = st
	return st
}

func (t *txn) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	ctx = t.ctx(ctx)
	if st := t.stmt(ctx, q, len(args)); st != nil {
		return st.QueryContext(ctx, args...)
	}
	if t.pg != nil {
		return t.pg.QueryContext(ctx, q, t.s.d.args(args)...)
	}
	return t.s.w.QueryContext(ctx, q, args...)
}

func (t *txn) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	ctx = t.ctx(ctx)
	if st := t.stmt(ctx, q, len(args)); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	if t.pg != nil {
		return t.pg.QueryRowContext(ctx, q, t.s.d.args(args)...)
	}
	return t.s.w.QueryRowContext(ctx, q, args...)
}

func (t *txn) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	ctx = t.ctx(ctx)
	if st := t.stmt(ctx, q, len(args)); st != nil {
		return st.ExecContext(ctx, args...)
	}
	if t.pg != nil {
		return t.pg.ExecContext(ctx, q, t.s.d.args(args)...)
	}
	return t.s.w.ExecContext(ctx, q, args...)
}

// placeholders is "$1, $2, …, $n": the parameters of an IN list or of an
// insert's values, as both databases number them.
func placeholders(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if i > 1 {
			b.WriteString(", ")
		}
		b.WriteString("$" + strconv.Itoa(i))
	}
	return b.String()
}
