package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// Options tune a store on PostgreSQL (SQLite ignores them).
type Options struct {
	// Pool is how many connections the store opens at most; 0 means
	// DefaultPool. The instance opens one more, to listen for the others'
	// writes.
	Pool int
	// Timeout bounds each statement, and the wait for a connection and for
	// a group's turn (pglock.go); 0 means DefaultTimeout. A database that
	// stops answering fails the requests that need it after this long,
	// rather than holding every one of them.
	Timeout time.Duration
}

// DefaultPool and DefaultTimeout are Options' defaults. Eight connections
// (nine with the listener's) let one PostgreSQL with its default
// max_connections of 100, three of them kept for superusers, carry ten
// instances; a page's queries take a connection for well under a millisecond
// each, and the writes of one group wait for their turn in the process, not
// on a connection (pglock.go).
const (
	DefaultPool    = 8
	DefaultTimeout = 5 * time.Second
)

func (o Options) withDefaults() Options {
	if o.Pool <= 0 {
		o.Pool = DefaultPool
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	return o
}

// bounded is ctx for one statement: on PostgreSQL it ends after the store's
// timeout at most. The statement's rows may outlive the call that returns
// them (query, queryRow), so ctx is not cancelled by the caller: the timer
// ends it, and releases it, after the timeout (a query's rows are long read
// by then; a context ended after its rows were closed changes nothing).
func (s *Store) bounded(ctx context.Context) context.Context {
	if !s.d.pg || s.timeout <= 0 {
		return ctx
	}
	if d, ok := ctx.Deadline(); ok && time.Until(d) <= s.timeout {
		return ctx
	}
	ctx, cancel := context.WithCancel(ctx)
	time.AfterFunc(s.timeout, cancel)
	return ctx
}

// boundedCall is ctx for a call whose statements all end before it returns
// (a page's read transaction): on PostgreSQL it ends after the store's
// timeout at most.
func (s *Store) boundedCall(ctx context.Context) (context.Context, context.CancelFunc) {
	if !s.d.pg || s.timeout <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, s.timeout)
}

// ErrUnavailable is the database not answering: a statement, the wait for a
// connection or for a group's turn ended by the store's timeout, or a
// connection the database broke or refused. Nothing was half-written (a
// transaction cut off is rolled back whole); the same request may succeed
// in a moment.
var ErrUnavailable = errors.New("store: the database is not answering")

// ErrBusy is a write PostgreSQL kept refusing as not serializable (other
// writes at once read or wrote what it did) after maxTries tries: nothing
// was written, and the same request may succeed in a moment. It is an
// ErrUnavailable.
var ErrBusy = fmt.Errorf("store: too many writes at once: %w", ErrUnavailable)

// Unavailable is err marked ErrUnavailable when it is the database not
// answering rather than a fault of the request: an error of a context
// (the store's timeout ended it) while ctx, the caller's, is still alive,
// or a connection the database broke or refused. Otherwise err unchanged.
func Unavailable(ctx context.Context, err error) error {
	if err == nil || errors.Is(err, ErrUnavailable) || ctx.Err() != nil {
		return err
	}
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) ||
		errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) ||
		errors.As(err, &ne) || pgconn.Timeout(err) {
		return fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	return err
}
