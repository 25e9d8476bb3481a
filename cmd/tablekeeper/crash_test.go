package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/internal/pgtest"
	"github.com/tablekeeper/tablekeeper/store"
)

// TestCrashKeepsEveryAcknowledgedRound starts the real binary, has several
// phones save rounds without pause, kills the server with SIGKILL at random
// moments, restarts it each time, and checks that every round whose save was
// acknowledged is still there, that totals equal the sum of the rounds, and
// that SQLite finds the file sound. A backup taken while the writes go on
// must open and pass the same check.
func TestCrashKeepsEveryAcknowledgedRound(t *testing.T) {
	if testing.Short() {
		t.Skip("crash test: skipped with -short")
	}
	dir := t.TempDir()
	crashTest(t, dir, filepath.Join(dir, "crash.db"))
}

// The same on PostgreSQL: the server killed is the app, the database server
// keeps running; the backup command refuses and names pg_dump.
func TestCrashKeepsEveryAcknowledgedRoundOnPostgreSQL(t *testing.T) {
	if testing.Short() {
		t.Skip("crash test: skipped with -short")
	}
	crashTest(t, t.TempDir(), pgtest.Database(t))
}

func crashTest(t *testing.T, dir, db string) {
	bin := buildServer(t, dir)
	onPG := store.IsPostgres(db)
	addr := freeAddr(t)
	base := "http://" + addr
	srv := startServer(t, bin, db, addr)

	// One group, four phones, each keeping the score of its own match.
	admin := newPhone(t, base)
	slug := admin.createGroup()
	invite := admin.inviteLink(slug)
	var ids []string
	for _, n := range []string{"Ana", "Ben", "Chloé"} {
		admin.post("/g/"+slug+"/players", url.Values{"name": {n}})
	}
	ids = admin.playerIDs(slug)
	const phones = 4
	var clients []*phone
	for i := 0; i < phones; i++ {
		p := newPhone(t, base)
		p.post(invite, url.Values{"display": {fmt.Sprintf("phone%d", i)}})
		clients = append(clients, p)
	}

	type ack struct {
		match  string
		number int
		points string
	}
	var mu sync.Mutex
	var acks []ack
	acked := make(chan struct{}, 1<<16) // one a round acknowledged
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i, p := range clients {
		wg.Add(1)
		go func(i int, p *phone) {
			defer wg.Done()
			match, n, pts := "", 0, ""
			for {
				select {
				case <-stop:
					return
				default:
				}
				if match == "" || n == 11 {
					m, ok := p.startMatch(slug, ids)
					if !ok {
						time.Sleep(20 * time.Millisecond)
						continue
					}
					match, n = m, 0
				}
				if pts == "" { // a retry sends the very same form again
					pts = fmt.Sprint(rand.IntN(78) + 3) // no hand leaves 1 or 2 points
				}
				key := fmt.Sprintf("%d.%d-%d-%s", n+1, i, n+1, match)
				code := p.post(match+"/rounds", url.Values{"op": {"save"}, "submitKey": {key},
					"mode_0": {"out"}, "mode_1": {"points"}, "points_1": {pts}, "mode_2": {"points"}, "points_2": {"3"}})
				switch code {
				case http.StatusSeeOther:
					n++
					mu.Lock()
					acks = append(acks, ack{match, n, pts})
					mu.Unlock()
					select {
					case acked <- struct{}{}:
					default:
					}
					pts = ""
				case 0: // the server is down: try again, the same round
					time.Sleep(20 * time.Millisecond)
				default:
					// A 409 after a kill means the round was saved but the answer
					// was lost; the same key then answers 303 (applied once).
				}
			}
		}(i, p)
	}

	// Each kill comes once the phones have had 3 to 8 more rounds
	// acknowledged, at a random moment between saves: the test's verdict
	// rests on rounds acknowledged, however fast the machine takes them.
	kills := 20
	backup := filepath.Join(dir, "backup.db")
	for k := 0; k < kills; k++ {
		for range 3 + rand.IntN(6) {
			<-acked // no deadline: a server that stops acknowledging is the test's timeout
		}
		time.Sleep(time.Duration(rand.IntN(30)) * time.Millisecond)
		if k == kills/2 {
			out, err := exec.Command(bin, "--db", db, "backup", backup).CombinedOutput()
			if onPG {
				if err == nil || !strings.Contains(string(out), "pg_dump") {
					t.Errorf("backup of PostgreSQL: %v, %s; want a refusal naming pg_dump", err, out)
				}
			} else if err != nil {
				t.Errorf("backup during writes: %v\n%s", err, out)
			}
		}
		srv.Process.Signal(syscall.SIGKILL)
		srv.Wait()
		for len(acked) > 0 { // counted from the restart on
			<-acked
		}
		srv = startServer(t, bin, db, addr)
	}
	close(stop)
	wg.Wait()
	srv.Process.Signal(syscall.SIGKILL)
	srv.Wait()

	checked := []string{db, backup}
	if onPG {
		checked = checked[:1]
	}
	for _, path := range checked {
		st, err := store.Open(context.Background(), path)
		if err != nil {
			t.Fatalf("open %s after the crashes: %v", path, err)
		}
		if res, err := st.IntegrityCheck(context.Background()); err != nil || res != "ok" {
			t.Errorf("integrity_check(%s) = %q, %v", filepath.Base(path), res, err)
		}
		st.Close()
	}
	st, _ := store.Open(context.Background(), db)
	defer st.Close()
	g, err := st.GroupBySlug(context.Background(), slug)
	if err != nil {
		t.Fatal(err)
	}
	matches, _ := st.Matches(context.Background(), g.ID, 100000)
	byURL := map[string]store.Match{}
	for _, m := range matches {
		byURL[fmt.Sprintf("/g/%s/matches/%d", slug, m.ID)] = m
		rounds, _ := st.Rounds(context.Background(), m.ID)
		sums := make([]int, len(m.Seats))
		for _, r := range rounds {
			for i := range sums {
				if !r.Undone() {
					sums[i] += r.Points[i]
				}
			}
		}
		for i, s := range m.Seats {
			if s.Total != sums[i] {
				t.Errorf("match %d seat %d: total %d, sum of rounds %d", m.ID, i, s.Total, sums[i])
			}
		}
	}
	lost := 0
	for _, a := range acks {
		m, ok := byURL[a.match]
		if !ok {
			lost++
			continue
		}
		rounds, _ := st.Rounds(context.Background(), m.ID)
		if a.number > len(rounds) || fmt.Sprint(rounds[a.number-1].Points[1]) != a.points {
			lost++
			got := "missing"
			if a.number <= len(rounds) {
				got = fmt.Sprint(rounds[a.number-1].Points)
			}
			t.Logf("acknowledged %s round %d with Ben %s; stored: %s (%d rounds)", a.match, a.number, a.points, got, len(rounds))
		}
	}
	if lost > 0 {
		t.Errorf("%d of %d acknowledged rounds are missing or wrong after %d kills", lost, len(acks), kills)
	}
	t.Logf("%d rounds acknowledged across %d kills, none lost", len(acks), kills)
}

// buildServer builds the binary into dir, once per test process.
func buildServer(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "tablekeeper")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

func freeAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func startServer(t *testing.T, bin, db, addr string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(bin, "--db", db, "--addr", addr, "--log-level", "warn")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// A minute: a deadline, not a measure (start-up's time is the load
	// generator's "start-up" row; a busy machine stretches it).
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if resp, err := http.Get("http://" + addr + "/"); err == nil {
			resp.Body.Close()
			return cmd
		}
	}
	t.Fatal("the server did not answer within a minute of starting")
	return nil
}

// phone is an HTTP client with its own cookies that does not follow redirects.
type phone struct {
	t    *testing.T
	base string
	c    *http.Client
}

func newPhone(t *testing.T, base string) *phone {
	jar, _ := cookiejar.New(nil)
	return &phone{t: t, base: base, c: &http.Client{Jar: jar, Timeout: 3 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// post returns the status, or 0 when the server could not be reached.
func (p *phone) post(path string, form url.Values) int {
	resp, err := p.c.PostForm(p.base+path, form)
	if err != nil {
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

func (p *phone) location(path string, form url.Values) string {
	resp, err := p.c.PostForm(p.base+path, form)
	if err != nil {
		p.t.Fatal(err)
	}
	resp.Body.Close()
	return resp.Header.Get("Location")
}

func (p *phone) body(path string) string {
	resp, err := p.c.Get(p.base + path)
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	buf := make([]byte, 32<<10)
	for {
		n, err := resp.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return b.String()
}

func (p *phone) createGroup() string {
	return strings.TrimPrefix(p.location("/groups", url.Values{"name": {"Crash"}, "display": {"Ana"}}), "/g/")
}

func (p *phone) inviteLink(slug string) string {
	page := p.body("/g/" + slug)
	i := strings.Index(page, "/join/"+slug+"/")
	j := strings.Index(page[i:], "<")
	return page[i : i+j]
}

func (p *phone) playerIDs(slug string) []string {
	page := p.body("/g/" + slug + "/matches/new?game=fivecrowns")
	var ids []string
	for _, part := range strings.Split(page, `name="seat_`)[1:] {
		ids = append(ids, part[:strings.Index(part, `"`)])
	}
	return ids
}

func (p *phone) startMatch(slug string, ids []string) (string, bool) {
	form := url.Values{"game": {"fivecrowns"}, "firstDealer": {"1"}, "startRound": {"1"}}
	for i, id := range ids {
		form.Set("seat_"+id, fmt.Sprint(i+1))
	}
	resp, err := p.c.PostForm(p.base+"/g/"+slug+"/matches", form)
	if err != nil {
		return "", false
	}
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	return loc, resp.StatusCode == http.StatusSeeOther && loc != ""
}
