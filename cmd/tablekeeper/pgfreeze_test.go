package main

import (
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/internal/pgtest"
)

// freezer is a TCP proxy to a PostgreSQL server that can stop forwarding:
// the database, seen from the server, stops answering (a frozen or
// stopped PostgreSQL) while its connections stay open.
type freezer struct {
	ln     net.Listener
	dial   func() (net.Conn, error)
	mu     sync.Mutex
	thawed chan struct{} // closed while forwarding
}

func newFreezer(t *testing.T, network, addr string) *freezer {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f := &freezer{ln: ln, thawed: make(chan struct{}),
		dial: func() (net.Conn, error) { return net.Dial(network, addr) }}
	close(f.thawed)
	t.Cleanup(func() { ln.Close(); f.thaw() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go f.serve(c)
		}
	}()
	return f
}

// open is the gate: it returns at once while forwarding, else at the thaw.
func (f *freezer) open() {
	f.mu.Lock()
	ch := f.thawed
	f.mu.Unlock()
	<-ch
}

func (f *freezer) freeze() {
	f.mu.Lock()
	defer f.mu.Unlock()
	select {
	case <-f.thawed:
		f.thawed = make(chan struct{})
	default:
	}
}

func (f *freezer) thaw() {
	f.mu.Lock()
	defer f.mu.Unlock()
	select {
	case <-f.thawed:
	default:
		close(f.thawed)
	}
}

func (f *freezer) serve(c net.Conn) {
	defer c.Close()
	f.open() // a connection made during the freeze is not answered either
	up, err := f.dial()
	if err != nil {
		return
	}
	defer up.Close()
	done := make(chan struct{}, 2)
	pipe := func(dst, src net.Conn) {
		buf := make([]byte, 32<<10)
		for {
			n, err := src.Read(buf)
			if n > 0 {
				f.open() // frozen: what arrived is held, not forwarded
				if _, werr := dst.Write(buf[:n]); werr != nil {
					break
				}
			}
			if err != nil {
				break
			}
		}
		done <- struct{}{}
	}
	go pipe(up, c)
	go pipe(c, up)
	<-done
}

// viaFreezer is a database address of pgtest's, reached over TCP through a
// freezer.
func viaFreezer(t *testing.T, dsn string) (string, *freezer) {
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	host, port := q.Get("host"), q.Get("port")
	if host == "" {
		host, port = u.Hostname(), u.Port()
	}
	if port == "" {
		port = "5432"
	}
	var f *freezer
	if strings.HasPrefix(host, "/") { // pgtest's throwaway cluster: a unix socket
		f = newFreezer(t, "unix", filepath.Join(host, ".s.PGSQL."+port))
	} else {
		f = newFreezer(t, "tcp", net.JoinHostPort(host, port))
	}
	q.Del("host")
	q.Del("port")
	u.Host = f.ln.Addr().String()
	u.RawQuery = q.Encode()
	return u.String(), f
}

// timed is one request's answer and how long it took.
type timed struct {
	code int
	body string
	took time.Duration
	err  error
}

func timedDo(c *http.Client, req *http.Request) timed {
	t0 := time.Now()
	resp, err := c.Do(req)
	if err != nil {
		return timed{err: err, took: time.Since(t0)}
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return timed{code: resp.StatusCode, body: string(b), took: time.Since(t0)}
}

// TestFrozenPostgresFailsFastAndTheRefereeStillAnswers freezes the
// database (a proxy between the server and PostgreSQL stops forwarding)
// while phones use a real server (issue 28, row 9: every request waited
// 20 s, the referee API too). The referee API and the referee page, which
// need no database, answer while many pages are stuck on it, before those
// give back their turns; the pages fail after --db-timeout (2 s) with 503
// and a sentence a player understands, before their phone gives up (15 s,
// under the 20 s they used to wait); once the database answers again, so do
// the pages. The times are logged, not judged: a busy machine stretches
// them without anything being wrong.
func TestFrozenPostgresFailsFastAndTheRefereeStillAnswers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the server: skipped with -short")
	}
	const dbTimeout = 2 * time.Second
	db, frz := viaFreezer(t, pgtest.Database(t))
	bin := buildServer(t, t.TempDir())
	addr := freeAddr(t)
	cmd := exec.Command(bin, "--db", db, "--addr", addr, "--log-level", "error", "--db-timeout", dbTimeout.String())
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { frz.thaw(); cmd.Process.Signal(syscall.SIGTERM); cmd.Wait() })
	base := "http://" + addr
	for i := 0; ; i++ {
		if resp, err := http.Get(base + "/"); err == nil {
			resp.Body.Close()
			break
		}
		if i == 6000 {
			t.Fatal("the server did not answer within a minute of starting")
		}
		time.Sleep(10 * time.Millisecond)
	}
	keeper := newPhone(t, base)
	slug := keeper.createGroup()
	page := "/g/" + slug
	keeper.c.Timeout = 30 * time.Second
	get := func(path string) *http.Request {
		req, _ := http.NewRequest(http.MethodGet, base+path, nil)
		return req
	}
	if a := timedDo(keeper.c, get(page)); a.code != http.StatusOK {
		t.Fatalf("the group's page before the freeze: %d %v", a.code, a.err)
	}

	frz.freeze()
	const sentence = "The database is not answering; try again in a moment."
	check := func(what string, a timed) {
		t.Helper()
		switch {
		case a.err != nil:
			t.Errorf("%s: %v after %v (the phone gave up)", what, a.err, a.took)
		case a.code != http.StatusServiceUnavailable || !strings.Contains(a.body, sentence):
			t.Errorf("%s during the freeze: %d after %v, want 503 with %q:\n%.300s", what, a.code, a.took, sentence, a.body)
		}
	}
	// One page alone: it fails after the database's timeout, before its
	// phone gives up.
	phone := &http.Client{Jar: keeper.c.Jar, Timeout: 15 * time.Second}
	alone := timedDo(phone, get(page))
	check("one page", alone)
	t.Logf("one page during the freeze: %d after %v", alone.code, alone.took.Round(time.Millisecond))

	// Many pages at once, all stuck on the database.
	const crowd = 24
	stuck := make([]timed, crowd)
	var wg sync.WaitGroup
	var answered atomic.Int32
	for i := range stuck {
		wg.Add(1)
		go func() { defer wg.Done(); stuck[i] = timedDo(keeper.c, get(page)); answered.Add(1) }()
	}
	time.Sleep(300 * time.Millisecond)
	referee := &http.Client{Timeout: 30 * time.Second}
	api, _ := http.NewRequest(http.MethodPost, base+"/api/v1/taki/score", strings.NewReader(
		`{"winner": "Dana", "players": [{"name": "Dana", "cards": []}, {"name": "Eli", "cards": ["R7", "B3", "G+2", "YSTOP", "SUPERTAKI"]}]}`))
	api.Header.Set("Content-Type", "application/json")
	for _, r := range []struct {
		what string
		req  *http.Request
		want string
	}{{"the referee API", api, `"points":-40`}, {"the referee page", get("/referee/taki"), "<form"}} {
		a := timedDo(referee, r.req)
		t.Logf("%s with %d pages stuck on the database: %d after %v", r.what, crowd, a.code, a.took.Round(time.Millisecond))
		if a.err != nil || a.code != http.StatusOK || !strings.Contains(strings.ReplaceAll(a.body, " ", ""), strings.ReplaceAll(r.want, " ", "")) {
			t.Errorf("%s during the freeze: %d %v:\n%.300s", r.what, a.code, a.err, a.body)
		}
		// The pages hold every turn a few at a time (InFlight, 8 on two
		// cores) until the database's timeout: an answer that waited for a
		// turn would come after a third of them.
		if n := answered.Load(); n >= crowd/3 {
			t.Errorf("%s answered after %d of the %d pages stuck on the database (%v), want before they give back a turn", r.what, n, crowd, a.took)
		}
	}
	wg.Wait()
	var longest time.Duration
	for i, a := range stuck {
		// They take their turns a few at a time: each turn ends after the
		// database's timeout.
		check("page "+string(rune('A'+i)), a)
		longest = max(longest, a.took)
	}
	t.Logf("%d pages at once during the freeze: the last answered after %v", crowd, longest.Round(time.Millisecond))

	frz.thaw()
	t0 := time.Now()
	for {
		a := timedDo(keeper.c, get(page))
		if a.code == http.StatusOK {
			t.Logf("after the thaw, the page answers 200 after %v", time.Since(t0).Round(time.Millisecond))
			break
		}
		if time.Since(t0) > time.Minute { // a deadline, not a measure
			t.Fatalf("after the thaw, the page still answers %d %v", a.code, a.err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
