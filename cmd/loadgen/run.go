package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/tablekeeper/tablekeeper/cmd/loadgen/seed"
	"github.com/tablekeeper/tablekeeper/games"
	"github.com/tablekeeper/tablekeeper/handlers"
	"github.com/tablekeeper/tablekeeper/internal/pgtest"
	"github.com/tablekeeper/tablekeeper/store"
)

// server is the server under test: a child process or an in-process listener.
type server struct {
	base  string
	cmd   *exec.Cmd
	stop  func()
	start time.Duration // from launch to the first answered request
}

func (s *server) rss() (rss, peak string) {
	if s.cmd == nil {
		return "n/a (in-process)", "n/a"
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return "?", "?"
	}
	for _, l := range strings.Split(string(b), "\n") {
		f := strings.Fields(l)
		if len(f) >= 2 && f[0] == "VmRSS:" {
			rss = kb(f[1])
		}
		if len(f) >= 2 && f[0] == "VmHWM:" {
			peak = kb(f[1])
		}
	}
	return rss, peak
}

// rssParts splits the RSS as the kernel counts it: anonymous memory (the Go
// heap and runtime, SQLite's page caches), file pages (the binary's code and
// data as read, the database's mapped files) and shared memory (the WAL's
// index), to tell where a budget goes.
func (s *server) rssParts() string {
	if s.cmd == nil {
		return ""
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return ""
	}
	var parts []string
	for _, l := range strings.Split(string(b), "\n") {
		f := strings.Fields(l)
		if len(f) >= 2 && (f[0] == "RssAnon:" || f[0] == "RssFile:" || f[0] == "RssShmem:") {
			parts = append(parts, strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(f[0], "Rss"), ":"))+" "+kb(f[1]))
		}
	}
	return strings.Join(parts, ", ")
}

// cpu is the server process's CPU time so far (user + system), zero in-process.
func (s *server) cpu() time.Duration {
	if s.cmd == nil {
		return 0
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	// The command name may hold spaces: fields count from after its ")".
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.Atoi(f[11])
	st, _ := strconv.Atoi(f[12])
	return time.Duration(ut+st) * time.Second / 100 // USER_HZ is 100 on Linux
}

// loadavg is the machine's 1-minute load average: other work on the same
// cores makes every figure worse, so each run says how busy the machine was.
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(b))[0]
}

func kb(v string) string {
	n, _ := strconv.Atoi(v)
	return fmt.Sprintf("%.1f MB", float64(n)/1024)
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// waitUp polls until the server answers a request, and returns when it did.
func waitUp(ctx context.Context, base string, t0 time.Time) (time.Duration, error) {
	c := &http.Client{Timeout: time.Second}
	for {
		resp, err := c.Get(base + "/")
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return time.Since(t0), nil
			}
		}
		if time.Since(t0) > 20*time.Second {
			return 0, fmt.Errorf("the server did not answer within 20 s: %v", err)
		}
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(500 * time.Microsecond):
		}
	}
}

func startProcess(ctx context.Context, bin, db string, env []string) (*server, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	// Every simulated phone comes from loopback, one address: the limits per
	// address are off, as for the in-process server (see startInProcess).
	cmd := exec.Command(bin, "--addr", addr, "--db", db, "--log-level", "warn",
		"--requests-per-second", "-1", "--groups-per-hour", "-1",
		"--streams-per-client", "1000000", "--exports-per-client", "1000000", "--exports-in-all", "1000000")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	cmd.Env = append(os.Environ(), env...)
	t0 := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{base: "http://" + addr, cmd: cmd}
	s.stop = func() {
		cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	}
	if s.start, err = waitUp(ctx, s.base, t0); err != nil {
		s.stop()
		return nil, err
	}
	return s, nil
}

func startInProcess(ctx context.Context, db string) (*server, error) {
	t0 := time.Now()
	st, err := store.Open(ctx, db)
	if err != nil {
		return nil, err
	}
	e, err := handlers.New(handlers.Config{Store: st, Games: games.All(),
		Limits: handlers.Limits{Requests: -1, Groups: -1, Streams: 1 << 20, Exports: 1 << 20}}) // every simulated phone comes from loopback
	if err != nil {
		st.Close()
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		st.Close()
		return nil, err
	}
	srv := &http.Server{Handler: e, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	s := &server{base: "http://" + ln.Addr().String()}
	s.stop = func() {
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
		st.Close()
	}
	if s.start, err = waitUp(ctx, s.base, t0); err != nil {
		s.stop()
		return nil, err
	}
	return s, nil
}

func run(ctx context.Context, o options, out io.Writer) error {
	p := func(format string, args ...any) { fmt.Fprintf(out, format, args...) }
	p("tablekeeper load generator — %s\n", time.Now().Format(time.RFC3339))
	p("machine: %s\n", machine())
	dir, err := os.MkdirTemp("", "tk-loadgen-")
	if err != nil {
		return err
	}
	if o.keep {
		p("temp dir kept: %s\n", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	db := filepath.Join(dir, "load.db")
	switch {
	case o.db == "postgres":
		// fsync on: the figures are those of a real server's commits.
		dsn, stop, err := pgtest.Cluster(pgtest.Options{})
		if err != nil {
			return fmt.Errorf("a throwaway PostgreSQL: %w", err)
		}
		defer stop()
		db = dsn
	case o.db != "":
		db = o.db
	}
	if store.IsPostgres(db) {
		p("database: PostgreSQL %s\n", store.Redact(db))
	}

	// 1. Seed.
	t0 := time.Now()
	st, err := store.Open(ctx, db)
	if err != nil {
		return err
	}
	cfg := seed.Default
	cfg.Groups, cfg.PlayersPerGroup, cfg.Matches, cfg.BigGroup = o.groups, o.players, o.matches, o.bigMatches
	sd, err := seed.Seed(ctx, st, cfg)
	st.Close()
	if err != nil {
		return err
	}
	fi, _ := os.Stat(db)
	var size int64
	if fi != nil {
		size = fi.Size()
	}
	p("\n== seed\n%d groups × %d players, %d matches written (%d finished history, in progress and open included), %d rounds, %.1f MB, in %s\n",
		len(sd.Groups), o.players, sd.Matches, o.matches, sd.Rounds, float64(size)/(1<<20), time.Since(t0).Round(time.Millisecond))
	if sd.Big != nil {
		p("plus one group of %d players with %d finished matches over two years (the big group: issue 19's years of history)\n",
			o.players, len(sd.Big.Finished))
	}

	// 2. Start the server.
	bin := o.bin
	if !o.inProcess && bin == "" {
		t0 = time.Now()
		if bin, err = buildServer(ctx, dir); err != nil {
			return err
		}
		p("server built in %s\n", time.Since(t0).Round(time.Millisecond))
	}
	start := func() (*server, error) {
		if o.inProcess {
			return startInProcess(ctx, db)
		}
		return startProcess(ctx, bin, db, o.env)
	}
	srv, err := start()
	if err != nil {
		return err
	}
	defer func() {
		if srv != nil {
			srv.stop()
		}
	}()
	mode := "separate process " + bin
	if len(o.env) > 0 {
		mode += " with " + strings.Join(o.env, " ")
	}
	if o.inProcess {
		mode = "in-process"
	}
	rss0, _ := srv.rss()
	p("server: %s at %s; start-up to first answered request %s on the seeded database; RSS idle %s\n",
		mode, srv.base, ms(srv.start), rss0)

	ld := newLoad(srv.base, sd)

	// 3. Page weight.
	if err := ld.weigh(ctx, p); err != nil {
		return err
	}

	// 4. Throughput and latency.
	p("\n== throughput and latency (%s measured per cell after %s warm-up; client and server share the machine)\n", o.duration, o.warmup)
	p("load average before: %s (2 cores: above ~0.5, other programs share the CPU and every figure suffers)\n", loadavg())
	p("%-26s %7s %10s %9s %9s %9s %8s %12s %6s\n", "scenario", "clients", "req/s", "p50", "p99", "max", "errors", "server CPU", "load")
	standingsOK := ld.status(ctx, http.MethodGet, ld.standingsURL(ld.groups[0]), ld.groups[0].Session) == http.StatusOK
	scen := []scenario{
		{id: "static", name: "static (ceiling)", next: ld.static},
		{id: "scoresheet", name: sheetClub, next: ld.tableSheet, alongside: ld.clubSaves(clubSavesPerSecond)},
		{id: "scoresheet", name: sheetHistory, next: ld.historySheet},
	}
	if standingsOK {
		scen = append(scen, scenario{id: "standings", name: "standings", next: ld.standings})
	}
	scen = append(scen,
		scenario{id: "save", name: saveClosed, next: ld.save},
		scenario{id: "save", name: saveOpen, next: ld.save, rate: saveRate},
		scenario{id: "referee", name: "referee take5/play", next: ld.referee},
	)
	if sd.Big != nil {
		scen = append(scen, ld.bigScenarios(*sd.Big)...)
	}
	results := map[string]map[int]cell{}
	for _, sc := range scen {
		results[sc.name] = map[int]cell{}
	}
	stopProfile := startProfile(o)
	for _, sc := range scen {
		if len(o.only) > 0 && !o.only[sc.id] {
			continue
		}
		results[sc.name] = map[int]cell{}
		levels := o.levels
		if sc.rate > 0 {
			levels = []int{0} // one run at the scenario's rate
		}
		for _, n := range levels {
			cpu0 := srv.cpu()
			c := ld.measure(ctx, sc, n, o.warmup, o.duration, o.maxPerLevel)
			results[sc.name][n] = c
			perReq := "-"
			if used := srv.cpu() - cpu0; used > 0 && c.total > 0 {
				perReq = fmt.Sprintf("%.0f µs/req", float64(used.Microseconds())/float64(c.total))
			}
			clients := strconv.Itoa(n)
			if sc.rate > 0 {
				clients = "open"
			}
			p("%-26s %7s %10.0f %9s %9s %9s %8d %12s %6s\n", sc.name, clients, c.rps, ms(c.p50), ms(c.p99), ms(c.max), c.errors, perReq, loadavg())
			if ctx.Err() != nil {
				return ctx.Err()
			}
		}
	}
	stopProfile()
	if len(o.capacity) > 0 {
		extra, err := startInstances(o.instances-1, db, start)
		if err != nil {
			return err
		}
		ld.saveBases = []string{srv.base}
		for _, e := range extra {
			ld.saveBases = append(ld.saveBases, e.base)
		}
		ld.capacity(ctx, o.capacity, o.watchers, o, p)
		ld.saveBases = nil
		for _, e := range extra {
			e.stop()
		}
	}
	if !standingsOK {
		p("standings: /g/{slug}/standings does not answer 200 yet: not measured\n")
	}

	// 5. Live update.
	if err := ld.live(ctx, o.watchers, o.liveSaves, p); err != nil {
		return err
	}

	// 6. Memory, then start-up on the existing database.
	rss, peak := srv.rss()
	p("\n== memory\nserver RSS after the load run: %s (peak %s)\n", rss, peak)
	if parts := srv.rssParts(); parts != "" {
		p("of which %s\n", parts)
	}
	srv.stop()
	srv = nil
	p("\n== start-up on the existing database (launch → first answered request)\n")
	var starts []time.Duration
	for i := 0; i < 3; i++ {
		s, err := start()
		if err != nil {
			return err
		}
		starts = append(starts, s.start)
		r, _ := s.rss()
		var pages string
		if sd.Big != nil {
			// The big group's pages at once, then once its ledger is built.
			first, err := bigPagesAt(ctx, s.base, *sd.Big)
			if err == nil {
				time.Sleep(3 * time.Second)
				var warm []time.Duration
				if warm, err = bigPagesAt(ctx, s.base, *sd.Big); err == nil {
					pages = fmt.Sprintf("; %d matches' standings, player, records at once %s, %s, %s, 3 s later %s, %s, %s",
						len(sd.Big.Finished), ms(first[0]), ms(first[1]), ms(first[2]), ms(warm[0]), ms(warm[1]), ms(warm[2]))
				}
			}
			if err != nil {
				pages = "; the big group's pages: " + err.Error()
			}
		}
		s.stop()
		p("restart %d: %s (RSS at first answer %s)%s\n", i+1, ms(s.start), r, pages)
	}

	// Verdicts.
	p("\n== targets\n")
	verdict := func(ok bool, format string, args ...any) {
		mark := "MET "
		if !ok {
			mark = "MISS"
		}
		p("[%s] %s\n", mark, fmt.Sprintf(format, args...))
	}
	top := o.levels[len(o.levels)-1]
	verdict(ld.firstLoad <= 40*1024, "scoresheet first load %.1f KB compressed ≤ 40 KB", float64(ld.firstLoad)/1024)
	verdict(ld.saveBytes <= 5*1024, "round saved and swapped in %.1f KB compressed ≤ 5 KB", float64(ld.saveBytes)/1024)
	// The scoresheet rows are capacity figures, measured and shown but judged
	// no more (issue 26): a finished match read cold (sheetHistory) is a
	// synthetic load, not a group; and since a page with a round form is
	// built for every answer, by design, the club evening's reads cost what
	// a page built from the database costs, so their rate against the static
	// ceiling, and their p99 with 64 phones reading without pause, measure
	// how many tables one instance carries, not what a phone feels.
	if sheet, measured := results[sheetClub][top]; measured {
		p("[----] %s: %.0f req/s, p99 %s at %d clients (capacity, not judged)\n", sheetClub, sheet.rps, ms(sheet.p99), top)
	}
	best := cell{}
	for _, c := range results[saveClosed] {
		if c.rps > best.rps {
			best = c
		}
	}
	if len(results[saveClosed]) > 0 {
		verdict(best.rps >= 500, "round saves %.0f/s (best level) ≥ 500/s", best.rps)
	}
	if open, measured := results[saveOpen][0]; measured {
		verdict(open.p99 < 50*time.Millisecond && open.errors == 0 && open.rps >= 0.95*saveRate,
			"round saves sent at %.0f/s: %.0f/s answered, p99 %s < 50 ms", saveRate, open.rps, ms(open.p99))
	}
	if saveTop, measured := results[saveClosed][top]; measured {
		verdict(saveTop.p99 < 50*time.Millisecond, "round save p99 %s < 50 ms with %d clients saving without pause (%.0f/s)", ms(saveTop.p99), top, saveTop.rps)
	}
	verdict(ld.liveWorst > 0 && ld.liveWorst < time.Second, "live update reaches %d phones within %s (< 1 s) after a save (event + page refetch)", o.watchers, ms(ld.liveWorst))
	if !o.inProcess {
		verdict(mb(rss) < 60, "server RSS after the load %s < 60 MB", rss)
	}
	worst := time.Duration(0)
	for _, s := range starts {
		worst = max(worst, s)
	}
	verdict(worst < 300*time.Millisecond, "start-up on the existing database %s (worst of 3) < 300 ms", ms(worst))
	return nil
}

// The scenarios the targets are judged on.
const (
	sheetClub          = "scoresheet, club evening"
	sheetHistory       = "scoresheet, history cold"
	saveClosed         = "round save (htmx)"
	saveOpen           = "round save at 500/s"
	saveRate           = 500.0 // the target rate, sent on a schedule
	clubSavesPerSecond = 50.0  // saves across the groups while phones read
)

func mb(s string) float64 {
	v, _ := strconv.ParseFloat(strings.TrimSuffix(s, " MB"), 64)
	return v
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond)) }
