// Package pgtest gives tests a PostgreSQL database of their own.
//
// The server is TABLEKEEPER_TEST_POSTGRES (the address of a database whose
// user may CREATE DATABASE), or else a throwaway cluster this package starts
// in a temporary folder from Debian's PostgreSQL binaries
// (/usr/lib/postgresql/*/bin): initdb, then pg_ctl with a unix socket in
// that folder and listen_addresses=” (no port is opened). initdb refuses
// to run as root: as root the cluster runs as the postgres user.
//
// Each call of Database creates a new database (CREATE DATABASE), dropped
// when the test ends, so tests stay independent and may run in parallel.
// Without PostgreSQL the caller is skipped with the reason, unless
// TABLEKEEPER_PG_TESTS=required (CI), which makes it a failure.
//
// A package whose tests use it ends them with Main (or calls Stop) so that
// the cluster it started is stopped.
package pgtest

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
)

var (
	once    sync.Once
	server  string // the admin address: a database to run CREATE DATABASE on
	reason  string // why there is no server, when server is ""
	cluster *throwaway
	admin   *sql.DB
	seq     atomic.Int64
)

// Required reports whether a missing PostgreSQL fails the tests.
func Required() bool { return os.Getenv("TABLEKEEPER_PG_TESTS") == "required" }

// Available starts (once) or finds the server and reports why there is
// none, "" when there is one.
func Available() string {
	once.Do(setup)
	return reason
}

// Database returns the address of a new, empty database for tb, dropped at
// its end. Without a server, tb is skipped (or fails, when Required).
func Database(tb testing.TB) string {
	tb.Helper()
	if why := Available(); why != "" {
		if Required() {
			tb.Fatalf("PostgreSQL is required (TABLEKEEPER_PG_TESTS=required) but: %s", why)
		}
		tb.Skipf("no PostgreSQL: %s (set TABLEKEEPER_TEST_POSTGRES, or install Debian's postgresql)", why)
	}
	name := fmt.Sprintf("tk_test_%d_%d", os.Getpid(), seq.Add(1))
	ctx := context.Background()
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name+" TEMPLATE template0 ENCODING 'UTF8'"); err != nil {
		tb.Fatalf("pgtest: create database: %v", err)
	}
	tb.Cleanup(func() {
		if _, err := admin.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			tb.Logf("pgtest: drop database %s: %v", name, err)
		}
	})
	return withDatabase(server, name)
}

// Main runs m's tests and stops the throwaway cluster, if one was started.
func Main(m *testing.M) int {
	code := m.Run()
	Stop()
	return code
}

// Stop stops the throwaway cluster, if one was started.
func Stop() {
	if admin != nil {
		admin.Close()
	}
	if cluster != nil {
		cluster.stop()
		cluster = nil
	}
}

func setup() {
	server = os.Getenv("TABLEKEEPER_TEST_POSTGRES")
	if server == "" {
		c, err := start(Options{Fast: true})
		if err != nil {
			reason = err.Error()
			return
		}
		cluster, server = c, c.dsn("postgres")
	}
	db, err := sql.Open("pgx", server)
	if err == nil {
		err = db.Ping()
	}
	if err != nil {
		reason = fmt.Sprintf("cannot reach %s: %v", redact(server), err)
		server = ""
		return
	}
	admin = db
}

// withDatabase is dsn with its database name replaced by name.
func withDatabase(dsn, name string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return dsn
	}
	u.Path = "/" + name
	return u.String()
}

func redact(dsn string) string {
	if u, err := url.Parse(dsn); err == nil {
		return u.Redacted()
	}
	return "the server"
}

// Options tune a throwaway cluster.
type Options struct {
	// Fast turns off fsync and full-page writes: for tests, where a crash
	// of the machine loses nothing of value. A load measurement leaves it
	// off, to measure what a real server does.
	Fast bool
}

// throwaway is a cluster in a temporary folder, with its socket there.
type throwaway struct {
	dir, bin string
	asUser   string // "postgres" when run as root
}

// Cluster starts a throwaway cluster (see the package comment) and returns
// the address of its postgres database and the function that stops it and
// removes its folder. cmd/loadgen uses it to measure on PostgreSQL.
func Cluster(o Options) (string, func(), error) {
	c, err := start(o)
	if err != nil {
		return "", nil, err
	}
	return c.dsn("postgres"), c.stop, nil
}

// binDir is the newest Debian PostgreSQL bin folder holding initdb.
func binDir() (string, error) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	return "", fmt.Errorf("no PostgreSQL server binaries (initdb) in /usr/lib/postgresql/*/bin or on PATH")
}

func version(binDir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return n
}

func start(o Options) (*throwaway, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "tkpg")
	if err != nil {
		return nil, err
	}
	c := &throwaway{dir: dir, bin: bin}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("running as root, and no postgres user to run initdb as: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		c.asUser = "postgres"
	}
	data := filepath.Join(dir, "data")
	if out, err := c.run("initdb", "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %v: %s", err, out)
	}
	opts := []string{"-c listen_addresses=''", "-c unix_socket_directories=" + dir, "-c max_connections=300",
		"-c shared_buffers=128MB"}
	if o.Fast {
		opts = append(opts, "-c fsync=off", "-c full_page_writes=off", "-c synchronous_commit=off")
	}
	if out, err := c.run("pg_ctl", "-D", data, "-l", filepath.Join(dir, "log"), "-w", "-t", "60",
		"-o", strings.Join(opts, " "), "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "log"))
		os.RemoveAll(dir)
		return nil, fmt.Errorf("pg_ctl start: %v: %s %s", err, out, log)
	}
	return c, nil
}

func (c *throwaway) run(name string, args ...string) ([]byte, error) {
	path := filepath.Join(c.bin, name)
	var cmd *exec.Cmd
	if c.asUser != "" {
		cmd = exec.Command("runuser", append([]string{"-u", c.asUser, "--", path}, args...)...)
	} else {
		cmd = exec.Command(path, args...)
	}
	cmd.Dir = c.dir
	return cmd.CombinedOutput()
}

func (c *throwaway) dsn(db string) string {
	return "postgres://postgres@/" + db + "?host=" + url.QueryEscape(c.dir) + "&sslmode=disable"
}

func (c *throwaway) stop() {
	c.run("pg_ctl", "-D", filepath.Join(c.dir, "data"), "-m", "immediate", "-w", "stop")
	os.RemoveAll(c.dir)
}
