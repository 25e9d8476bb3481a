package store

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/tablekeeper/tablekeeper/internal/pgtest"
)

// onPG is true during the second run of the suite, on PostgreSQL.
var onPG bool

// TestMain runs the whole suite twice: on SQLite, then on PostgreSQL (see
// internal/pgtest for where that comes from). A test that fails on one
// says which in its log (testDB logs the backend).
func TestMain(m *testing.M) {
	code := m.Run()
	if code == 0 || os.Getenv("TABLEKEEPER_PG_TESTS") == "required" {
		if why := pgtest.Available(); why != "" {
			fmt.Fprintf(os.Stderr, "store: the suite on PostgreSQL: not run: %s\n", why)
			if pgtest.Required() {
				code = 1
			}
		} else {
			fmt.Fprintln(os.Stderr, "store: the suite again, on PostgreSQL")
			onPG = true
			code = max(code, m.Run())
		}
	}
	pgtest.Stop()
	os.Exit(code)
}

// testDB is a new, empty database for t: a SQLite file in a temporary
// folder, or a PostgreSQL database on the second run.
func testDB(t testing.TB) string {
	t.Helper()
	if onPG {
		t.Log("backend: PostgreSQL")
		return pgtest.Database(t)
	}
	t.Log("backend: SQLite")
	return filepath.Join(t.TempDir(), "sub", "test.db")
}

// testExec runs q (in the store's spelling) outside the store's methods:
// for tests that set up what no method writes.
func (s *Store) testExec(q string, args ...any) (sql.Result, error) {
	return s.db.ExecContext(context.Background(), q, s.d.args(args)...)
}

func (s *Store) testQueryRow(q string, args ...any) *sql.Row {
	return s.db.QueryRowContext(context.Background(), q, s.d.args(args)...)
}
