package main

// The big group: one group with years of history (10,000 matches by
// default), whose standings, player, records and group pages must cost what
// a small group's do (issue 19). The player and records pages are never
// kept, so every request builds them; the standings and group pages are
// kept until the group's next write, and nothing writes to this group here,
// so after the first request of each URL those rows measure the kept page
// (the cold builds are measured by BenchmarkHistoryPages).

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/tablekeeper/tablekeeper/cmd/loadgen/seed"
)

func (ld *load) bigScenarios(g seed.Group) []scenario {
	base := "/g/" + g.Slug
	seasons := []string{"", "?season=all"}
	get := func(path func(rng *rand.Rand) string) func(rng *rand.Rand) (*http.Request, int, func()) {
		return func(rng *rand.Rand) (*http.Request, int, func()) {
			return ld.req(http.MethodGet, path(rng), g.Session, nil), http.StatusOK, nil
		}
	}
	n := len(g.Finished)
	return []scenario{
		{id: "big", name: fmt.Sprintf("%d matches: standings", n), next: get(func(rng *rand.Rand) string {
			return base + "/standings" + seasons[rng.IntN(len(seasons))]
		})},
		{id: "big", name: fmt.Sprintf("%d matches: player", n), next: get(func(rng *rand.Rand) string {
			return fmt.Sprintf("%s/players/%d%s", base, g.Players[rng.IntN(len(g.Players))], seasons[rng.IntN(len(seasons))])
		})},
		{id: "big", name: fmt.Sprintf("%d matches: records", n), next: get(func(rng *rand.Rand) string {
			return base + "/records" + seasons[rng.IntN(len(seasons))]
		})},
		{id: "big", name: fmt.Sprintf("%d matches: group", n), next: get(func(*rand.Rand) string { return base })},
	}
}

// bigPagesAt asks the big group's standings, player and records pages of
// the server at base one after the other, and returns how long each took
// to answer 200 (in that order). Asked at once after a restart, they meet
// the start-up's warm-up of the group's ledger (issue 40: a page must not
// wait behind it).
func bigPagesAt(ctx context.Context, base string, g seed.Group) ([]time.Duration, error) {
	c := &http.Client{Timeout: 30 * time.Second}
	paths := []string{"/g/" + g.Slug + "/standings", fmt.Sprintf("/g/%s/players/%d", g.Slug, g.Players[0]), "/g/" + g.Slug + "/records"}
	var out []time.Duration
	for _, path := range paths {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+path, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Accept-Language", "en")
		req.AddCookie(&http.Cookie{Name: "tk_session", Value: g.Session})
		t0 := time.Now()
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("GET %s: %d", path, resp.StatusCode)
		}
		out = append(out, time.Since(t0))
	}
	return out, nil
}
