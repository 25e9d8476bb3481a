package store

import (
	"context"
	crand "crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// ErrBackupPG is Backup on PostgreSQL: the database server's own tools
// (pg_dump, or the operator's base backups and WAL archive) copy it
// consistently, with the roles and settings a file copy made here would lack.
var ErrBackupPG = errors.New("store: backup: the database is PostgreSQL; back it up with pg_dump (for example pg_dump -Fc -f tablekeeper.dump \"$TABLEKEEPER_DB\") or the server's own backups")

// IsPostgres reports whether db is a PostgreSQL address rather than a file.
func IsPostgres(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// Redact is db as it may be logged: a PostgreSQL address without its
// password.
func Redact(db string) string {
	if !IsPostgres(db) {
		return db
	}
	u, err := url.Parse(db)
	if err != nil {
		return "postgres://…"
	}
	return u.Redacted()
}

// pgState is what a store on PostgreSQL keeps beside the pool.
type pgState struct {
	dsn      string
	instance string // this process's store, as its notifications name it
	stop     context.CancelFunc
	done     chan struct{} // closed when the listener has ended
	locks    groupLocks    // the turns of this process's writes (pglock.go)
}

// openPG opens the PostgreSQL database at dsn through pgx, applies the
// migrations of migrations_pg under an advisory lock (two instances started
// at once migrate one after the other), and starts listening for the other
// instances' writes (listen).
//
// The pool (o.Pool) is shared by every request's reads and the writes.
// PostgreSQL serves each connection with a process; the instances times
// o.Pool + 1 must stay under the server's max_connections (100 by default).
//
// Connecting waits openTimeout at most: an address that does not answer
// fails the start in seconds, rather than hanging it silently (the
// migrations that follow may take longer on a large database).
func openPG(ctx context.Context, dsn string, o Options) (*Store, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open PostgreSQL: %w", err)
	}
	db.SetMaxOpenConns(o.Pool)
	db.SetMaxIdleConns(o.Pool)
	db.SetConnMaxIdleTime(5 * time.Minute)
	pctx, cancel := context.WithTimeout(ctx, openTimeout)
	err = db.PingContext(pctx)
	silent := pctx.Err() != nil && ctx.Err() == nil
	cancel()
	if silent {
		db.Close()
		return nil, fmt.Errorf("store: open PostgreSQL: no answer within %v (is the server running, and the address right?): %w", openTimeout, err)
	}
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store: open PostgreSQL: %w", err)
	}
	locker, err := lock.NewPostgresSessionLocker()
	if err != nil {
		db.Close()
		return nil, err
	}
	if err := migrate(ctx, db, goose.DialectPostgres, "migrations_pg", goose.WithSessionLocker(locker)); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: migrate PostgreSQL: %w", err)
	}
	var id [8]byte
	crand.Read(id[:])
	s := &Store{db: db, d: dialect{pg: true}, Now: time.Now, timeout: o.Timeout,
		pg: &pgState{dsn: dsn, instance: hex.EncodeToString(id[:]), done: make(chan struct{})}}
	lctx, stop := context.WithCancel(context.Background())
	s.pg.stop = stop
	ready := make(chan error, 1)
	go s.listen(lctx, ready)
	select {
	case err := <-ready:
		if err != nil {
			stop()
			<-s.pg.done
			db.Close()
			return nil, fmt.Errorf("store: listen on PostgreSQL: %w", err)
		}
	case <-ctx.Done():
		stop()
		<-s.pg.done
		db.Close()
		return nil, ctx.Err()
	}
	return s, nil
}

func (p *pgState) stopListening() {
	p.stop()
	<-p.done
}

// openTimeout bounds the first connection to PostgreSQL.
const openTimeout = 10 * time.Second

// maxTries bounds how often a write transaction is run again after
// PostgreSQL refused it as not serializable; each try waits a little longer.
const maxTries = 16

// commitPG runs fn in a SERIALIZABLE transaction and commits it, running the
// whole of fn again when PostgreSQL refuses the transaction (serialization
// failure or deadlock), up to maxTries times; a write still refused then
// returns ErrBusy (a 503 for the phone, never a 500). Writes to one group take turns
// (pglock.go), so that their transactions are not refused in the first place.
//
// Why SERIALIZABLE rather than row locks: on SQLite every write runs alone
// (one writer, wmu), and the store's writes are written for that: they read
// (is round n saved? is this name taken? what is the group's highest
// changed_seq?) and write on what they read. SERIALIZABLE gives each
// transaction exactly that guarantee, for every write present and future,
// where SELECT … FOR UPDATE would have to be placed by hand on the right
// row of each write (and cannot lock a row that is not there yet, such as a
// round two phones insert at once). The group's turn makes the writes of one
// group run one after the other; SERIALIZABLE still keeps any other pair of
// writes honest (a refused one runs again, in the turns of its groups). fn is
// a pure database function (it only sets the caller's results, which the
// next try sets again), so running it again is safe. Two phones saving round
// n: the second waits for the first's commit, finds round n saved and
// returns ErrConflict, as on SQLite.
func (s *Store) commitPG(ctx context.Context, fn func(*txn) error) ([]Written, error) {
	var groups []int64
	if g := s.groupOfMatch(ctx); g != 0 {
		groups = []int64{g}
	}
	for try := 1; ; try++ {
		written, touched, err := s.tryPG(ctx, groups, fn)
		if err == nil || !retryable(err) {
			return written, err
		}
		if try == maxTries {
			return nil, fmt.Errorf("store: refused %d times: %w (%w)", try, ErrBusy, err)
		}
		for g := range touched { // run again in the turns of what it wrote
			if !slices.Contains(groups, g) {
				groups = append(groups, g)
			}
		}
		// Wait a random while (up to 1, 2, 4… ms, at most 100) so that the
		// transactions that collided do not collide again.
		wait := time.Duration(rand.Int64N(int64(min(time.Millisecond<<(try-1), 100*time.Millisecond))))
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("store: begin: %w", ctx.Err())
		case <-time.After(wait):
		}
	}
}

// tryPG runs fn once in the turns of groups; it returns the groups the try
// wrote to, even when PostgreSQL refused it.
func (s *Store) tryPG(ctx context.Context, groups []int64, fn func(*txn) error) ([]Written, map[int64]bool, error) {
	t0 := time.Now()
	defer s.held(t0)
	turn, err := s.takeTurn(ctx, groups)
	if err != nil {
		return nil, nil, fmt.Errorf("store: begin: %w", err)
	}
	defer turn.end(len(groups) > 0)
	// The transaction lives as long as ctx (an import's may be long), each
	// of its statements at most the store's timeout (txn.ctx); the ping
	// first finds a database that stopped answering within that timeout.
	if err := turn.conn.PingContext(s.bounded(ctx)); err != nil {
		return nil, nil, fmt.Errorf("store: begin: %w", err)
	}
	tx, err := turn.conn.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return nil, nil, fmt.Errorf("store: begin: %w", err)
	}
	defer tx.Rollback() // after Commit, a no-op
	t := &txn{s: s, pg: tx}
	if err := fn(t); err != nil {
		return nil, t.touched, err
	}
	written, err := t.written(ctx)
	if err != nil {
		return nil, t.touched, err
	}
	if s.refuse != nil {
		if err := s.refuse(); err != nil {
			return nil, t.touched, err
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, t.touched, fmt.Errorf("store: commit: %w", err)
	}
	return written, t.touched, nil
}

// retryable is an error PostgreSQL gives a transaction that may succeed
// when run again: a serialization failure, or a deadlock.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01")
}

// pgIsolation is how a read-only transaction (export, ChangedMatches) reads
// one snapshot: PostgreSQL's default, READ COMMITTED, takes a new snapshot
// for every statement; REPEATABLE READ keeps the first for the whole
// transaction, as a SQLite read transaction does.
func (s *Store) beginRead(ctx context.Context) (*rtx, error) {
	opts := &sql.TxOptions{ReadOnly: true}
	if s.d.pg {
		opts.Isolation = sql.LevelRepeatableRead
	}
	tx, err := s.db.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	return &rtx{tx: tx, d: &s.d}, nil
}

// rtx is a read-only transaction whose queries are written in the store's
// spelling (dialect).
type rtx struct {
	tx *sql.Tx
	d  *dialect
}

func (r *rtx) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return r.tx.QueryContext(ctx, q, r.d.args(args)...)
}

func (r *rtx) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return r.tx.QueryRowContext(ctx, q, r.d.args(args)...)
}

func (r *rtx) Rollback() error { return r.tx.Rollback() }

// Shared reports whether other processes may write to the database
// (PostgreSQL): then whoever keeps what it read checks GroupVersion before
// using it, as a notification of another instance's write arrives only
// shortly after that write's commit.
func (s *Store) Shared() bool { return s.d.pg }

// GroupVersion is the group's write counter, bumped in every write
// transaction that changes the group (PostgreSQL only; 0 on SQLite, whose
// one process learns of every write at its commit). A page built after
// reading version v is current as long as GroupVersion still answers v.
func (s *Store) GroupVersion(ctx context.Context, groupID int64) (int64, error) {
	if !s.d.pg {
		return 0, nil
	}
	var v int64
	if err := s.queryRow(ctx, `SELECT write_seq FROM groups WHERE id = $1`, groupID).Scan(&v); err != nil {
		return 0, notFound(err, "group version")
	}
	return v, nil
}

// the stdlib package registers the "pgx" driver.
var _ = stdlib.GetDefaultDriver
