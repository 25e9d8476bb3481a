// Package store keeps a group's data in SQLite (modernc.org/sqlite, pure Go),
// the default, or in PostgreSQL (pgx) when given a postgres:// address: one
// store, the same queries (dialect.go holds what differs), migrations per
// database (migrations, migrations_pg).
//
// Every write runs in one transaction, so a round is either saved whole or
// not at all: on SQLite an IMMEDIATE transaction (writers queue), on
// PostgreSQL a SERIALIZABLE one retried when the database refuses it (see
// commitPG). On SQLite, round saves queued behind the write lock share one
// transaction, each in a savepoint of its own (batch.go). Corrections never
// overwrite silently: rounds keep a revision row for every change.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

//go:embed migrations/*.sql migrations_pg/*.sql
var migrations embed.FS

// Errors a caller can test with errors.Is.
var (
	ErrNotFound = errors.New("store: not found")
	ErrConflict = errors.New("store: changed since it was read")
	ErrInvalid  = errors.New("store: invalid")
)

// Store is the database handle. Build it with Open.
type Store struct {
	db  *sql.DB
	d   dialect
	Now func() time.Time // the clock, injectable for tests
	// wmu lets one write transaction of this process run at a time. SQLite
	// allows one writer anyway; without it, concurrent writers wait in
	// busy_timeout's sleep-and-retry loop (sleeps of up to 100 ms), which
	// capped saves at about 320/s with a p99 of 0.5 s under 64 clients.
	// Queued on a mutex they are handed the lock the moment it is free.
	wmu    sync.Mutex
	w      *sql.Conn            // the connection every write goes through, under wmu
	wst    map[string]*sql.Stmt // its prepared statements, under wmu
	stmts  stmts
	stop   chan struct{} // ends checkpoints
	closed atomic.Bool
	done   chan struct{} // closed when checkpoints has ended
	obs    observers     // told of every committed write (OnWrite)
	// longest is the longest hold of the write lock, in nanoseconds, since
	// LongestWriteHold last read it.
	longest atomic.Int64
	pg      *pgState      // PostgreSQL only: the address, the listener (postgres.go)
	timeout time.Duration // PostgreSQL only: bounds each statement (timeout.go)
	queue   saveQueue     // round saves waiting to share a commit (batch.go)
	// chunked, when set (tests only), is called after each of an import's
	// matches transactions has committed, outside the write lock.
	chunked func()
	// refuse, when set (tests only), is asked before each PostgreSQL
	// commit; an error it returns stands for PostgreSQL's refusal.
	refuse func() error
	limits GroupLimits // see SetGroupLimits
}

// Open opens the database db names: a PostgreSQL address
// (postgres://… or postgresql://…, see openPG), or else the path of a SQLite
// file, created if needed, with WAL, foreign keys, a busy timeout and
// immediate write transactions. It applies the embedded migrations. Returns
// an error naming the path when the file or its folder cannot be created or
// written.
func Open(ctx context.Context, db string) (*Store, error) {
	return OpenWith(ctx, db, Options{})
}

// OpenWith is Open with o's pool size and timeout (PostgreSQL only).
func OpenWith(ctx context.Context, db string, o Options) (*Store, error) {
	if IsPostgres(db) {
		return openPG(ctx, db, o.withDefaults())
	}
	return openSQLite(ctx, db)
}

func openSQLite(ctx context.Context, path string) (*Store, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("store: cannot create the folder of %s: %w", path, err)
		}
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_pragma", "wal_autocheckpoint(0)") // see checkpoints
	// 256 KB of page cache per connection (SQLite's default is 2 MB): the
	// hot pages of a table's evening are few, the rest comes from the OS
	// cache, and a reader's cache is emptied anyway whenever another
	// connection has written since its last read (WAL). The caches live
	// outside Go's heap and its memory limit; five of 1 MB left the server's
	// RSS after the load run over the 60 MB budget. Measured against 1 MB
	// (docs/PERFORMANCE.md, issue 19's fourth pass): the same instructions
	// per cold scoresheet and per save, the same time for the first read of
	// a 10,000-match history.
	q.Add("_pragma", "cache_size(-256)")
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	// One writer at a time is SQLite's model; a small pool serves readers.
	// Every connection stays open: database/sql keeps only 2 idle by default,
	// so under load the others were closed after each query and reopened
	// (schema parsed again, pragmas run again, busy waits on the WAL lock).
	// Five: one for writes (below) and four readers. Each keeps its own page
	// cache (up to 256 KB, above) and prepared statements; with eight, the server's
	// resident memory after the load run was ~75 MB instead of ~52 MB, for
	// no more pages or saves per second on two cores.
	db.SetMaxOpenConns(5)
	db.SetMaxIdleConns(5)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	if err := migrate(ctx, db, goose.DialectSQLite3, "migrations"); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: migrate %s: %w", path, err)
	}
	// Writes go through one connection of their own, taken out of the pool:
	// its statements stay prepared, and a transaction is BEGIN … COMMIT on
	// it, without database/sql's per-transaction watcher goroutine.
	w, err := db.Conn(ctx)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	s := &Store{db: db, w: w, wst: map[string]*sql.Stmt{}, Now: time.Now, stop: make(chan struct{}), done: make(chan struct{})}
	go s.checkpoints()
	return s, nil
}

func migrate(ctx context.Context, db *sql.DB, d goose.Dialect, dir string, opts ...goose.ProviderOption) error {
	sub, err := fs.Sub(migrations, dir)
	if err != nil {
		return err
	}
	p, err := goose.NewProvider(d, db, sub, opts...)
	if err != nil {
		return err
	}
	_, err = p.Up(ctx)
	return err
}

// Close closes the database.
func (s *Store) Close() error {
	if s.closed.Swap(true) {
		return nil
	}
	if s.d.pg {
		s.pg.stopListening()
		return s.db.Close()
	}
	close(s.stop)
	<-s.done
	s.closeStmts()
	s.wmu.Lock()
	for _, st := range s.wst {
		st.Close()
	}
	s.w.Close()
	s.wmu.Unlock()
	return s.db.Close()
}

// checkpointEvery is how often the WAL is copied back into the database.
const checkpointEvery = 100 * time.Millisecond

// checkpoints copies the WAL back into the database file every
// checkpointEvery, beside the writes. SQLite's own automatic checkpoint (off
// in Open) runs inside the commit that takes the WAL past 1,000 pages: that
// save, and every save queued behind it, waited about 5 ms once every ~150
// saves. A PASSIVE checkpoint takes no write lock; it copies what no reader
// still needs, and a later one copies the rest.
func (s *Store) checkpoints() {
	defer close(s.done)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			s.db.ExecContext(context.Background(), "PRAGMA wal_checkpoint(PASSIVE)")
			return
		case <-t.C:
			s.db.ExecContext(context.Background(), "PRAGMA wal_checkpoint(PASSIVE)")
		}
	}
}

// Backup writes a consistent copy of the database to path (which must not
// exist) while others keep reading and writing.
func (s *Store) Backup(ctx context.Context, path string) error {
	if s.d.pg {
		return ErrBackupPG
	}
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("store: backup: %s already exists", path)
	}
	_, err := s.db.ExecContext(ctx, "VACUUM INTO $1", path)
	if err != nil {
		return fmt.Errorf("store: backup to %s: %w", path, err)
	}
	return nil
}

// IntegrityCheck runs PRAGMA integrity_check and returns its first line ("ok" when sound).
// On PostgreSQL, which checks its own pages, it only asks the server to answer.
func (s *Store) IntegrityCheck(ctx context.Context) (string, error) {
	if s.d.pg {
		return "ok", s.db.PingContext(ctx)
	}
	var res string
	err := s.db.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&res)
	return res, err
}

// tx runs fn in one IMMEDIATE write transaction on the write connection,
// committing when fn returns nil and rolling back otherwise (a panic in fn
// too). A request cancelled midway fails its next statement, and so rolls
// back whole. After the commit, the OnWrite observers are told of each group
// fn declared it wrote to (txn.wrote): every write method declares its group.
func (s *Store) tx(ctx context.Context, fn func(*txn) error) error {
	written, err := s.commit(ctx, fn)
	if err == nil {
		s.tell(written) // outside the write lock: the next write need not wait
	}
	return err
}

// commit is tx under the write lock, returning what was written.
func (s *Store) commit(ctx context.Context, fn func(*txn) error) ([]Written, error) {
	if s.d.pg {
		return s.commitPG(ctx, fn)
	}
	s.wmu.Lock()
	defer s.wmu.Unlock()
	defer s.held(time.Now()) // runs before the unlock
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("store: begin: %w", err)
	}
	// BEGIN, COMMIT and ROLLBACK run whatever becomes of ctx: a BEGIN that
	// succeeds while ctx is cancelled reports the cancellation all the same,
	// and a connection left inside a transaction would fail every later write.
	// They are prepared once on the write connection, as every statement a
	// transaction runs (txn.stmt): modernc's driver parses every text it is
	// handed, and these run twice per write.
	end := context.WithoutCancel(ctx)
	t := &txn{s: s}
	if _, err := t.ExecContext(end, "BEGIN IMMEDIATE"); err != nil {
		return nil, fmt.Errorf("store: begin: %w", err)
	}
	done := false
	defer func() {
		if !done {
			t.ExecContext(end, "ROLLBACK")
		}
	}()
	if err := fn(t); err != nil {
		return nil, err
	}
	written, err := t.written(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := t.ExecContext(end, "COMMIT"); err != nil {
		return nil, fmt.Errorf("store: commit: %w", err)
	}
	done = true
	return written, nil
}

const timeFormat = "2006-01-02T15:04:05.000Z"

func (s *Store) now() string { return s.Now().UTC().Format(timeFormat) }

// parseTime reads a time as the store writes it (timeFormat) without
// time.Parse, which was most of reading a round; anything else goes to
// time.Parse (out of range or not a time: the zero time).
func parseTime(v string) time.Time {
	// 2006-01-02T15:04:05.000Z
	// 0123456789012345678901234
	if len(v) != len(timeFormat) || v[4] != '-' || v[7] != '-' || v[10] != 'T' || v[13] != ':' || v[16] != ':' || v[19] != '.' || v[23] != 'Z' {
		return parseTimeSlowly(v)
	}
	var f [7]int
	for i, part := range [7][2]int{{0, 4}, {5, 7}, {8, 10}, {11, 13}, {14, 16}, {17, 19}, {20, 23}} {
		for _, c := range []byte(v[part[0]:part[1]]) {
			if c < '0' || c > '9' {
				return parseTimeSlowly(v)
			}
			f[i] = f[i]*10 + int(c-'0')
		}
	}
	if f[1] < 1 || f[1] > 12 || f[2] < 1 || f[2] > daysIn(f[0], f[1]) || f[3] > 23 || f[4] > 59 || f[5] > 59 {
		return parseTimeSlowly(v) // as time.Parse does, out of range reads as the zero time
	}
	return time.Date(f[0], time.Month(f[1]), f[2], f[3], f[4], f[5], f[6]*int(time.Millisecond), time.UTC)
}

func daysIn(year, month int) int {
	return time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

func parseTimeSlowly(v string) time.Time {
	t, _ := time.Parse(timeFormat, v)
	return t
}

func parseNullTime(v sql.NullString) *time.Time {
	if !v.Valid {
		return nil
	}
	t := parseTime(v.String)
	return &t
}

func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: %s: %w", what, ErrNotFound)
	}
	return fmt.Errorf("store: %s: %w", what, err)
}
