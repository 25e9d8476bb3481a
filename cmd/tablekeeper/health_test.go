package main

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/internal/pgtest"
)

// clusterProcesses are the postmaster of the throwaway cluster at dsn and
// its children (the backends and workers).
func clusterProcesses(t *testing.T, dsn string) []int {
	t.Helper()
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	pidFile, err := os.ReadFile(filepath.Join(u.Query().Get("host"), "data", "postmaster.pid"))
	if err != nil {
		t.Fatal(err)
	}
	postmaster, err := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(pidFile), "\n", 2)[0]))
	if err != nil {
		t.Fatal(err)
	}
	pids := []int{postmaster}
	procs, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, p := range procs {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		// pid (comm) state ppid …: the command may hold spaces, so read after ')'.
		f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
		if len(f) > 1 && f[1] == strconv.Itoa(postmaster) {
			pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(p)))
			pids = append(pids, pid)
		}
	}
	return pids
}

func signalAll(pids []int, sig syscall.Signal) {
	for _, pid := range pids {
		syscall.Kill(pid, sig)
	}
}

// GET /healthz answers 200 while PostgreSQL answers and 503 while it is
// frozen (its postmaster and backends stopped with SIGSTOP), within the
// health check's bound, and 200 again once it runs on (SIGCONT); it sets no
// cookie, is not rate limited and writes no log line per call.
func TestHealthWithPostgresFrozen(t *testing.T) {
	if why := pgtest.Available(); why != "" && !pgtest.Required() {
		t.Skipf("no PostgreSQL: %s", why)
	}
	dsn, stop, err := pgtest.Cluster(pgtest.Options{Fast: true}) // its own cluster: the others' tests go on
	if err != nil {
		t.Fatal(err)
	}
	defer stop()

	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	logs := &syncBuffer{}
	go func() {
		done <- run(ctx, []string{"--db", dsn, "--addr", addr, "--log-level", "debug", "--request-burst", "5"}, env(nil), logs)
	}()
	defer func() { cancel(); <-done }()
	c := &http.Client{Timeout: time.Minute}
	health := func() (int, string, http.Header, time.Duration) {
		t0 := time.Now()
		resp, err := c.Get("http://" + addr + "/healthz")
		if err != nil {
			return 0, err.Error(), nil, time.Since(t0)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b), resp.Header, time.Since(t0)
	}
	for i := 0; ; i++ {
		if status, _, _, _ := health(); status == http.StatusOK {
			break
		}
		if i == 1200 { // a minute: a deadline, not a measure
			t.Fatalf("the server did not answer its health check: %s", logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	logged := len(logs.String())
	for i := range 50 { // ten times the burst of one address
		status, body, h, _ := health()
		if status != http.StatusOK || len(body) > 16 || h.Get("Set-Cookie") != "" {
			t.Fatalf("health check %d: %d %q, cookie %q; want 200, a short body, no cookie", i, status, body, h.Get("Set-Cookie"))
		}
	}
	if more := logs.String()[logged:]; more != "" {
		t.Errorf("50 health checks wrote to the log:\n%s", more)
	}

	pids := clusterProcesses(t, dsn) // now: the server's backends too
	defer signalAll(pids, syscall.SIGCONT)
	signalAll(pids, syscall.SIGSTOP)
	status, body, _, took := health()
	t.Logf("frozen: %d %q after %v", status, body, took.Round(time.Millisecond))
	if status != http.StatusServiceUnavailable { // the client's own timeout is a minute
		t.Errorf("health check with PostgreSQL frozen: %d %q after %v, want 503 (the check's own bound), not a wait on the database", status, body, took)
	}
	signalAll(pids, syscall.SIGCONT)
	t0 := time.Now()
	for {
		status, _, _, _ := health()
		if status == http.StatusOK {
			t.Logf("thawed: 200 after %v", time.Since(t0).Round(time.Millisecond))
			break
		}
		if time.Since(t0) > time.Minute { // a deadline, not a measure
			t.Fatalf("after SIGCONT the health check still answers %d", status)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
