package fivecrowns

import (
	"encoding/json"
	"math/rand/v2"

	fcscore "github.com/tablekeeper/tablekeeper/scoring/fivecrowns"
)

// SampleSeats draws a sampled match's number of players.
func (FiveCrowns) SampleSeats(rng *rand.Rand) int { return 3 + rng.IntN(4) }

// Sample draws a whole match for the load generator.
func (FiveCrowns) Sample(rng *rand.Rand, seats int) (map[string]string, []json.RawMessage) {
	return map[string]string{"firstDealer": "0", "startRound": "1"}, fiveCrowns(rng, seats)
}

// Unfinished is the match's first n rounds.
func (FiveCrowns) Unfinished(entries []json.RawMessage, n int) []json.RawMessage { return entries[:n] }

func fiveCrowns(rng *rand.Rand, seats int) []json.RawMessage {
	var es []json.RawMessage
	for r := 1; r <= 11; r++ {
		out := rng.IntN(seats)
		e := fcscore.Entry{Round: r}
		for s := 0; s < seats; s++ {
			if s == out {
				e.Seats = append(e.Seats, fcscore.WentOut())
				continue
			}
			p := rng.IntN(5 * (r + 2)) // 0, or 3 and more: no hand leaves 1 or 2 points
			if p > 0 && p < 3 {
				p = 3
			}
			e.Seats = append(e.Seats, fcscore.Typed(p))
		}
		es = append(es, e.Encode())
	}
	return es
}
