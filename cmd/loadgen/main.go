// Command loadgen measures issue 9's performance budget in one run, on
// loopback only, and stops by itself:
//
//  1. seeds a realistic database in a temp dir (50 groups of 20 players,
//     5,000 matches of the four games, through the store package);
//  2. builds and starts the real server binary on it (a separate process,
//     so its start-up time and resident memory are its own), or runs it
//     in-process with -inprocess;
//  3. weighs a scoresheet's first load (HTML, CSS, JS, icons: compressed
//     bytes on the wire) and a round saved and swapped in by htmx;
//  4. drives the scoresheet, the standings, a round save, a referee API call
//     and a small static file (the ceiling) at 1, 16 and 64 concurrent
//     clients: requests per second, p50 and p99 latency;
//  5. measures the live update: 100 phones watching a match (SSE), how long
//     after a save each one has the event, and has refetched the page as
//     static/app.js does;
//  6. reads the server's resident memory, and restarts it to time start-up
//     on the existing database.
//
// Usage: go run ./cmd/loadgen [-duration 2s] [-levels 1,16,64] [-inprocess]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

type options struct {
	groups, players, matches int
	bigMatches               int
	duration, warmup         time.Duration
	levels                   []int
	watchers, liveSaves      int
	inProcess                bool
	bin                      string
	keep                     bool
	maxPerLevel              int
	only                     map[string]bool
	profile                  string
	env                      []string
	capacity                 []int  // save rates of the capacity ladder (capacity.go); none: not run
	instances                int    // servers on the database for the capacity ladder (PostgreSQL)
	db                       string // "": a SQLite file in the temp dir; "postgres": a throwaway cluster; or a postgres:// address
}

func main() {
	var o options
	var levels string
	flag.IntVar(&o.groups, "groups", 50, "groups to seed")
	flag.IntVar(&o.players, "players", 20, "players per group")
	flag.IntVar(&o.matches, "matches", 5000, "finished matches to seed, all groups together")
	flag.IntVar(&o.bigMatches, "big-matches", 10000, "finished matches of one more group, the years of history (0: none)")
	flag.DurationVar(&o.duration, "duration", 2*time.Second, "measured time per scenario and level")
	flag.DurationVar(&o.warmup, "warmup", 300*time.Millisecond, "unmeasured time before each measurement")
	flag.StringVar(&levels, "levels", "1,16,64", "concurrent clients, comma-separated")
	flag.IntVar(&o.watchers, "watchers", 100, "phones watching a match for the live-update test")
	flag.IntVar(&o.liveSaves, "live-saves", 5, "saves timed in the live-update test")
	flag.BoolVar(&o.inProcess, "inprocess", false, "run the server in this process (no RSS or process start-up figures)")
	flag.StringVar(&o.bin, "bin", "", "a built server binary (default: build ./cmd/tablekeeper into the temp dir)")
	flag.BoolVar(&o.keep, "keep", false, "keep the temp dir (database and binary) and print its path")
	flag.IntVar(&o.maxPerLevel, "max-requests", 200000, "cap on requests per scenario and level")
	flag.StringVar(&o.profile, "profile", "", "with -inprocess: write CPU, block, mutex and heap profiles of the measured scenarios to this file prefix")
	only := flag.String("only", "", "measure only these scenarios, comma-separated: static,scoresheet,standings,save,referee,big")
	env := flag.String("server-env", "", "extra environment for the server process, comma-separated (e.g. GOMEMLIMIT=36MiB)")
	flag.StringVar(&o.db, "db", "", `the database: empty for a SQLite file in the temp dir, "postgres" for a throwaway PostgreSQL cluster (Debian's binaries), or the postgres:// address of an empty database`)
	capacity := flag.String("capacity", "", "save rates per second, rising and comma-separated, for the capacity ladder (e.g. 25,50,100,200,400,800): each run with phones watching, until a save's p99 passes 50 ms or a live update 1 s")
	flag.IntVar(&o.instances, "instances", 1, "servers on the one database for the capacity ladder (more than 1: PostgreSQL only)")
	flag.Parse()
	for _, f := range strings.Split(*capacity, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			fmt.Fprintf(os.Stderr, "loadgen: -capacity: %q is not a rate of saves per second\n", f)
			os.Exit(2)
		}
		o.capacity = append(o.capacity, n)
	}
	o.only = map[string]bool{}
	for _, f := range strings.Split(*only, ",") {
		if f = strings.TrimSpace(f); f != "" {
			o.only[f] = true
		}
	}
	if *env != "" {
		o.env = strings.Split(*env, ",")
	}
	for _, f := range strings.Split(levels, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > 1024 {
			fmt.Fprintf(os.Stderr, "loadgen: -levels: %q is not a client count (1–1024)\n", f)
			os.Exit(2)
		}
		o.levels = append(o.levels, n)
	}
	// The whole run is bounded: a stuck server cannot keep it going.
	budget := time.Duration(len(o.levels)*9+len(o.capacity)*2)*(o.duration+o.warmup) + 5*time.Minute
	ctx, cancel := context.WithTimeout(context.Background(), budget)
	defer cancel()
	if err := run(ctx, o, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}

func machine() string {
	cpu := "?"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "model name") {
				cpu = strings.TrimSpace(strings.SplitN(l, ":", 2)[1])
				break
			}
		}
	}
	mem := "?"
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		f := strings.Fields(string(b))
		if len(f) > 1 {
			kb, _ := strconv.Atoi(f[1])
			mem = fmt.Sprintf("%.1f GiB", float64(kb)/(1<<20))
		}
	}
	return fmt.Sprintf("%d CPUs (%s), %s RAM, %s %s/%s", runtime.NumCPU(), cpu, mem, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// buildServer builds ./cmd/tablekeeper into dir.
func buildServer(ctx context.Context, dir string) (string, error) {
	bin := filepath.Join(dir, "tablekeeper")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/tablekeeper")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build the server (run loadgen from the repository root): %v\n%s", err, out)
	}
	return bin, nil
}
