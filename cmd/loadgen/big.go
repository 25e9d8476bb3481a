package main

// The big group: one group with years of history (10,000 matches by
// default), whose standings, player, records and group pages must cost what
// a small group's do (issue 19). The player and records pages are never
// kept, so every request builds them; the standings and group pages are
// kept until the group's next write, and nothing writes to this group here,
// so after the first request of each URL those rows measure the kept page
// (the cold builds are measured by BenchmarkHistoryPages).

import (
	"fmt"
	"math/rand/v2"
	"net/http"

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
