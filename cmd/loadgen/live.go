package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// live opens n event streams on one match (n phones at the table), then
// saves rounds one by one and times, for each save, when every phone has
// the event and when every phone has refetched the page (what static/app.js
// does on an event).
func (ld *load) live(ctx context.Context, n, saves int, p func(string, ...any)) error {
	var om openMatch
	select {
	case om = <-ld.open:
	default:
		return fmt.Errorf("live: no open match left")
	}
	saves = min(saves, 11-om.round+1)
	tr := &http.Transport{MaxIdleConns: 4 * n, MaxIdleConnsPerHost: 4 * n, DisableCompression: true}
	defer tr.CloseIdleConnections()
	watchClient := &http.Client{Transport: tr}
	sheet := ld.sheetURL(*om.g, om.m)
	ctx, cancel := context.WithTimeout(ctx, time.Duration(saves)*5*time.Second+30*time.Second)
	defer cancel()

	type hit struct{ event, page time.Duration }
	var mu sync.Mutex
	var t0 time.Time
	got := make([][]hit, saves)
	ready := make(chan struct{}, n)
	var wg sync.WaitGroup
	for w := 0; w < n; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := ld.req(http.MethodGet, sheet+"/events", om.g.Session, nil).WithContext(ctx)
			r.Header.Del("Accept-Encoding")
			r.Header.Set("Accept", "text/event-stream")
			resp, err := watchClient.Do(r)
			if err != nil {
				ready <- struct{}{}
				return
			}
			defer resp.Body.Close()
			sc := bufio.NewScanner(resp.Body)
			first := true
			seen := 0
			for sc.Scan() {
				line := sc.Text()
				if !strings.HasPrefix(line, "data: ") {
					continue
				}
				if first {
					first = false
					ready <- struct{}{}
					continue
				}
				mu.Lock()
				ev := time.Since(t0)
				mu.Unlock()
				// The phone fetches the page to swap the scores in.
				pr := ld.req(http.MethodGet, sheet, om.g.Session, nil).WithContext(ctx)
				pr.Header.Set("Accept", "text/html")
				if presp, err := watchClient.Do(pr); err == nil {
					io.Copy(io.Discard, presp.Body)
					presp.Body.Close()
				}
				mu.Lock()
				pg := time.Since(t0)
				if seen < saves {
					got[seen] = append(got[seen], hit{ev, pg})
				}
				mu.Unlock()
				seen++
				if seen >= saves {
					return
				}
			}
		}()
	}
	for i := 0; i < n; i++ {
		select {
		case <-ready:
		case <-ctx.Done():
			return fmt.Errorf("live: watchers did not connect: %w", ctx.Err())
		}
	}
	p("\n== live update: %d phones watching %s over SSE\n", n, sheet)
	p("%-6s %9s %12s %12s %14s %14s\n", "save", "phones", "event p50", "event max", "refetch p50", "refetch max")
	rng := rand.New(rand.NewPCG(7, uint64(time.Now().UnixNano())))
	ld.liveWorst = 0
	for s := 0; s < saves; s++ {
		mu.Lock()
		t0 = time.Now()
		mu.Unlock()
		resp, err := ld.client.Do(ld.saveRequest(rng, om).WithContext(ctx))
		if err != nil {
			return err
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("live: save: status %d", resp.StatusCode)
		}
		om.round++
		// Wait until every phone has refetched, or 3 s.
		deadline := time.Now().Add(3 * time.Second)
		for time.Now().Before(deadline) {
			mu.Lock()
			k := len(got[s])
			mu.Unlock()
			if k >= n {
				break
			}
			time.Sleep(2 * time.Millisecond)
		}
		mu.Lock()
		hs := slices.Clone(got[s])
		mu.Unlock()
		var ev, pg []time.Duration
		for _, h := range hs {
			ev, pg = append(ev, h.event), append(pg, h.page)
		}
		sortDurations(ev)
		sortDurations(pg)
		if len(hs) < n {
			ld.liveWorst = time.Hour // some phone never heard of it
			p("%-6d %9d %12s %12s %14s %14s  (%d phones missed it)\n", s+1, len(hs), "-", "-", "-", "-", n-len(hs))
			continue
		}
		ld.liveWorst = max(ld.liveWorst, pg[len(pg)-1])
		p("%-6d %9d %12s %12s %14s %14s\n", s+1, len(hs), ms(pct(ev, 50)), ms(ev[len(ev)-1]), ms(pct(pg, 50)), ms(pg[len(pg)-1]))
		time.Sleep(100 * time.Millisecond)
	}
	cancel()
	wg.Wait()
	p("worst, every phone refetched: %s after the save was sent\n", ms(ld.liveWorst))
	return nil
}

func sortDurations(d []time.Duration) { slices.Sort(d) }

// pct is the q-th percentile of sorted durations (nearest rank).
func pct(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(q/100*float64(len(sorted))+0.5) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}
