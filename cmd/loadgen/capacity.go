package main

// What one instance carries (issue 40): the open-loop save row raised step
// by step, with phones watching a match over SSE at each step, until a
// save's p99 passes 50 ms or a live update (event and page refetch, every
// phone) passes 1 s. The last step that passed is the knee; README turns it
// into tables of five phones saving every 30 s.

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/tablekeeper/tablekeeper/store"
)

// The knee's bounds.
const (
	capacitySaveP99 = 50 * time.Millisecond
	capacityLive    = time.Second
)

// capacity runs the ladder of save rates (saves per second, rising) and
// prints one row per step, then the knee.
func (ld *load) capacity(ctx context.Context, rates []int, watchers int, o options, p func(string, ...any)) {
	p("\n== capacity: saves sent on a schedule, rising, with %d phones watching a match (live update timed over 3 saves)\n", watchers)
	if len(ld.saveBases) > 1 {
		p("saves spread over %d instances by group; the phones watch through the first\n", len(ld.saveBases))
	}
	p("load average before: %s\n", loadavg())
	p("%9s %10s %9s %9s %8s %12s %6s\n", "sent/s", "answered", "p99", "max", "errors", "live worst", "load")
	knee := 0
	quiet := func(string, ...any) {}
	for _, rate := range rates {
		var wg sync.WaitGroup
		var live time.Duration
		var liveErr error
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(o.warmup) // the saves run at their rate first
			liveErr = ld.live(ctx, watchers, 3, quiet)
			live = ld.liveWorst
		}()
		sc := scenario{id: "save", name: fmt.Sprintf("save at %d/s", rate), next: ld.save, rate: float64(rate)}
		c := ld.measure(ctx, sc, 0, o.warmup, o.duration, o.maxPerLevel)
		wg.Wait()
		liveText := ms(live)
		if liveErr != nil {
			live, liveText = time.Hour, "failed: "+liveErr.Error()
		} else if live >= time.Hour {
			liveText = "missed"
		}
		p("%9d %8.0f/s %9s %9s %8d %12s %6s\n", rate, c.rps, ms(c.p99), ms(c.max), c.errors, liveText, loadavg())
		if c.p99 > capacitySaveP99 || live > capacityLive || c.errors > 0 || c.rps < 0.95*float64(rate) || ctx.Err() != nil {
			break
		}
		knee = rate
	}
	if knee == 0 {
		p("knee: below the first step (%d saves/s)\n", rates[0])
		return
	}
	p("knee: %d saves/s with a save's p99 under %s and every phone updated within %s: about %d tables of five phones saving a round every 30 s\n",
		knee, ms(capacitySaveP99), ms(capacityLive), knee*30)
}

// saveBase is the instance a group's saves go to: with several instances
// (-instances, PostgreSQL), each group keeps to one, as a table's phones
// behind one load balancer would not, so that every instance both writes
// and hears the others' writes.
func (ld *load) saveBase(groupID int64) string {
	if len(ld.saveBases) < 2 {
		return ld.base
	}
	return ld.saveBases[int(groupID)%len(ld.saveBases)]
}

// onInstance points r at the instance of the group's saves.
func (ld *load) onInstance(r *http.Request, groupID int64) {
	base := ld.saveBase(groupID)
	if base == ld.base {
		return
	}
	if u, err := url.Parse(base); err == nil {
		r.URL.Scheme, r.URL.Host = u.Scheme, u.Host
	}
}

// startInstances starts n more servers on db (PostgreSQL only: SQLite
// allows one writer process).
func startInstances(n int, db string, start func() (*server, error)) ([]*server, error) {
	if n <= 0 {
		return nil, nil
	}
	if !store.IsPostgres(db) {
		return nil, fmt.Errorf("-instances: several servers need PostgreSQL (-db postgres)")
	}
	var out []*server
	for range n {
		s, err := start()
		if err != nil {
			for _, e := range out {
				e.stop()
			}
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
