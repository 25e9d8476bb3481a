package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tablekeeper/tablekeeper/cmd/loadgen/seed"
	"github.com/tablekeeper/tablekeeper/static"
)

// load is the client side: the seeded data and HTTP clients.
type load struct {
	base      string
	groups    []seed.Group
	client    *http.Client
	staticURL string
	open      chan openMatch // Five Crowns matches to save rounds into
	firstLoad int
	saveBytes int
	liveWorst time.Duration
	saveBases []string // the instances saves go to, by group (capacity.go); none: base
}

type openMatch struct {
	g     *seed.Group
	m     seed.Match
	round int
}

func newLoad(base string, sd seed.Result) *load {
	tr := &http.Transport{MaxIdleConns: 1024, MaxIdleConnsPerHost: 1024, DisableCompression: true, IdleConnTimeout: time.Minute}
	ld := &load{base: base, groups: sd.Groups, client: &http.Client{Transport: tr, Timeout: 10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }},
		staticURL: static.New().URL("icon.svg")}
	total := 0
	for _, g := range sd.Groups {
		total += len(g.Open)
	}
	ld.open = make(chan openMatch, total)
	// Interleave groups so concurrent clients write to different groups' matches.
	for i := 0; ; i++ {
		added := false
		for gi := range ld.groups {
			g := &ld.groups[gi]
			if i < len(g.Open) {
				ld.open <- openMatch{g: g, m: g.Open[i], round: 1}
				added = true
			}
		}
		if !added {
			break
		}
	}
	return ld
}

func (ld *load) req(method, path, session string, body io.Reader) *http.Request {
	r, _ := http.NewRequest(method, ld.base+path, body)
	r.Header.Set("Accept-Encoding", "gzip")
	r.Header.Set("Accept-Language", "en")
	if session != "" {
		r.AddCookie(&http.Cookie{Name: "tk_session", Value: session})
	}
	return r
}

func (ld *load) status(ctx context.Context, method, path, session string) int {
	resp, err := ld.client.Do(ld.req(method, path, session, nil).WithContext(ctx))
	if err != nil {
		return 0
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

func (ld *load) sheetURL(g seed.Group, m seed.Match) string {
	return fmt.Sprintf("/g/%s/matches/%d", g.Slug, m.ID)
}

func (ld *load) standingsURL(g seed.Group) string { return "/g/" + g.Slug + "/standings" }

// scenario makes a worker's next request and says which status is a success.
type scenario struct {
	id, name string
	next     func(rng *rand.Rand) (*http.Request, int, func())
	// rate, when set, sends requests on a fixed schedule (open loop: each
	// one's latency counts from when it was due) instead of n clients that
	// each wait for their answer; the scenario then runs once, not per level.
	rate float64
	// alongside, when set, runs during the measurement (other phones' saves).
	alongside func(ctx context.Context)
}

func (ld *load) static(rng *rand.Rand) (*http.Request, int, func()) {
	return ld.req(http.MethodGet, ld.staticURL, "", nil), http.StatusOK, nil
}

// tableSheet reads the scoresheet of a match being played (with its round
// form), in any group: what the phones at the tables load and reload.
func (ld *load) tableSheet(rng *rand.Rand) (*http.Request, int, func()) {
	g := ld.groups[rng.IntN(len(ld.groups))]
	m := g.InProgress[rng.IntN(len(g.InProgress))]
	return ld.req(http.MethodGet, ld.sheetURL(g, m), g.Session, nil), http.StatusOK, nil
}

// historySheet reads the scoresheet of a finished match picked at random
// among all of them: nearly always built from the database.
func (ld *load) historySheet(rng *rand.Rand) (*http.Request, int, func()) {
	g := ld.groups[rng.IntN(len(ld.groups))]
	m := g.Finished[rng.IntN(len(g.Finished))]
	return ld.req(http.MethodGet, ld.sheetURL(g, m), g.Session, nil), http.StatusOK, nil
}

// clubSaves saves rounds at perSecond across the groups until ctx ends: the
// other tables of the evening. Each save makes its group's kept pages go.
// Saves are sent on schedule, each on its own, however long the last one
// takes, so a slower server does not get fewer of them.
func (ld *load) clubSaves(perSecond float64) func(ctx context.Context) {
	return func(ctx context.Context) {
		rng := rand.New(rand.NewPCG(7, uint64(time.Now().UnixNano())))
		tick := time.NewTicker(time.Duration(float64(time.Second) / perSecond))
		defer tick.Stop()
		var wg sync.WaitGroup
		defer wg.Wait()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			req, want, done := ld.save(rng)
			if req == nil {
				fmt.Fprintln(os.Stderr, "loadgen: club evening: "+errNoOpenMatch.Error())
				return
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := ld.do(ctx, req, want); err == nil {
					done()
				}
			}()
		}
	}
}

// errNoOpenMatch ends a save scenario early: it shows as an error, so a run
// that ran out of matches to save into cannot pass for a fast one.
var errNoOpenMatch = errors.New("no open match left to save into (seed more with -groups)")

func (ld *load) standings(rng *rand.Rand) (*http.Request, int, func()) {
	g := ld.groups[rng.IntN(len(ld.groups))]
	return ld.req(http.MethodGet, ld.standingsURL(g), g.Session, nil), http.StatusOK, nil
}

// API.md's example turn.
const take5Play = `{"rows": [{"cards": [23]}, {"cards": [43]}, {"cards": [49], "x2": true}, {"cards": [55]}, {"cards": [80]}],
 "play": [{"card": 35}, {"card": 50, "row": 2}, {"special": "+5", "row": 4}, {"card": 60}]}`

func (ld *load) referee(rng *rand.Rand) (*http.Request, int, func()) {
	r := ld.req(http.MethodPost, "/api/v1/take5/play", "", strings.NewReader(take5Play))
	r.Header.Set("Content-Type", "application/json")
	return r, http.StatusOK, nil
}

// saveForm is the Five Crowns round form as a phone posts "save": the first
// seat went out, the others typed their points.
func saveForm(rng *rand.Rand, seats, round int) url.Values {
	f := url.Values{"op": {"save"}, "submitKey": {fmt.Sprintf("%d.%x", round, rng.Uint64())}, "picker": {"-1"}}
	out := rng.IntN(seats)
	for i := 0; i < seats; i++ {
		if i == out {
			f.Set(fmt.Sprintf("mode_%d", i), "out")
			continue
		}
		f.Set(fmt.Sprintf("mode_%d", i), "points")
		p := rng.IntN(58) // 0, or 3…59: no hand leaves 1 or 2 points
		if p > 0 {
			p += 2
		}
		f.Set(fmt.Sprintf("points_%d", i), strconv.Itoa(p))
	}
	return f
}

func (ld *load) saveRequest(rng *rand.Rand, om openMatch) *http.Request {
	body := saveForm(rng, om.m.Seats, om.round).Encode()
	r := ld.req(http.MethodPost, ld.sheetURL(*om.g, om.m)+"/rounds", om.g.Session, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.Header.Set("HX-Request", "true")
	ld.onInstance(r, om.g.ID)
	return r
}

// save posts the next round of an open Five Crowns match (11 rounds each);
// each match is held by one client at a time, so saves never conflict.
func (ld *load) save(rng *rand.Rand) (*http.Request, int, func()) {
	var om openMatch
	select {
	case om = <-ld.open:
	default:
		return nil, 0, nil // out of open matches
	}
	return ld.saveRequest(rng, om), http.StatusOK, func() {
		if om.round++; om.round <= 11 {
			ld.open <- om
		}
	}
}

type cell struct {
	rps            float64
	p50, p99, max  time.Duration
	errors, sample int
	total          int // every request sent, warm-up included (for CPU per request)
}

// do sends a request and reads the whole answer; a status other than want
// is an error.
func (ld *load) do(ctx context.Context, req *http.Request, want int) error {
	resp, err := ld.client.Do(req.WithContext(ctx))
	if err != nil {
		return err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if err == nil && resp.StatusCode != want {
		err = fmt.Errorf("%s %s: status %d", req.Method, req.URL.Path, resp.StatusCode)
	}
	return err
}

// tally gathers the latencies of the requests sent after the warm-up.
type tally struct {
	mu          sync.Mutex
	lats        []time.Duration
	errs, total int
	lastErr     string
	from, until time.Time
	limit       int
	count       atomic.Int64
}

func newTally(warmup, d time.Duration, limit int) *tally {
	begin := time.Now()
	return &tally{from: begin.Add(warmup), until: begin.Add(warmup + d), limit: limit}
}

// more says whether another request may start now.
func (t *tally) more() bool { return time.Now().Before(t.until) && t.count.Load() < int64(t.limit) }

// add records a request that was due (or sent) at start and took lat.
func (t *tally) add(start time.Time, lat time.Duration, err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.total++
	if start.Before(t.from) {
		return
	}
	t.count.Add(1)
	if err != nil {
		t.errs++
		t.lastErr = err.Error()
		return
	}
	t.lats = append(t.lats, lat)
}

func (t *tally) cell(name string, n int) cell {
	elapsed := time.Since(t.from) // until the last measured request was answered
	c := cell{errors: t.errs, sample: len(t.lats), total: t.total}
	if t.lastErr != "" {
		fmt.Fprintf(os.Stderr, "loadgen: %s at %d clients: %d errors, last: %s\n", name, n, c.errors, t.lastErr)
	}
	if len(t.lats) == 0 {
		return c
	}
	sortDurations(t.lats)
	c.rps = float64(len(t.lats)) / elapsed.Seconds()
	c.p50, c.p99, c.max = pct(t.lats, 50), pct(t.lats, 99), t.lats[len(t.lats)-1]
	return c
}

// measure runs the scenario for warmup+d and reports on the requests that
// started after the warm-up: with n clients in a closed loop (each sends its
// next request when its answer came), or on a fixed schedule for a scenario
// with a rate.
func (ld *load) measure(ctx context.Context, sc scenario, n int, warmup, d time.Duration, limit int) cell {
	t := newTally(warmup, d, limit)
	if sc.alongside != nil {
		actx, stop := context.WithCancel(ctx)
		var done sync.WaitGroup
		done.Add(1)
		go func() { defer done.Done(); sc.alongside(actx) }()
		defer func() { stop(); done.Wait() }()
	}
	var wg sync.WaitGroup
	if sc.rate > 0 {
		ld.schedule(ctx, sc, t, &wg)
	}
	for w := 0; w < n && sc.rate == 0; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), uint64(time.Now().UnixNano())))
			for ctx.Err() == nil && t.more() {
				req, want, done := sc.next(rng)
				if req == nil {
					t.add(time.Now(), 0, errNoOpenMatch)
					return
				}
				start := time.Now()
				err := ld.do(ctx, req, want)
				t.add(start, time.Since(start), err)
				if done != nil && err == nil {
					done()
				}
			}
		}(w)
	}
	wg.Wait()
	return t.cell(sc.name, n)
}

// schedule sends sc's requests at sc.rate per second, each in its own
// goroutine, and times each from the moment it was due, so a slow server
// shows as latency rather than as requests quietly sent later.
func (ld *load) schedule(ctx context.Context, sc scenario, t *tally, wg *sync.WaitGroup) {
	rng := rand.New(rand.NewPCG(3, uint64(time.Now().UnixNano())))
	every := time.Duration(float64(time.Second) / sc.rate)
	var mu sync.Mutex // sc.next and rng are not safe for concurrent use
	for due := time.Now(); ctx.Err() == nil && t.more(); due = due.Add(every) {
		time.Sleep(time.Until(due))
		mu.Lock()
		req, want, done := sc.next(rng)
		mu.Unlock()
		if req == nil {
			t.add(due, 0, errNoOpenMatch)
			return
		}
		wg.Add(1)
		go func(due time.Time) {
			defer wg.Done()
			err := ld.do(ctx, req, want)
			t.add(due, time.Since(due), err)
			if done != nil && err == nil {
				mu.Lock()
				done()
				mu.Unlock()
			}
		}(due)
	}
}
