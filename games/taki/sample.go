package taki

import (
	"encoding/json"
	"math/rand/v2"

	tkscore "github.com/tablekeeper/tablekeeper/scoring/taki"
)

// SampleSeats draws a sampled match's number of players.
func (Taki) SampleSeats(rng *rand.Rand) int { return 3 + rng.IntN(4) }

// Sample draws a whole match for the load generator.
func (Taki) Sample(rng *rand.Rand, seats int) (map[string]string, []json.RawMessage) {
	return map[string]string{"end": "rounds", "rounds": "5"}, taki(rng, seats, 5)
}

// Unfinished is the match's first n rounds.
func (Taki) Unfinished(entries []json.RawMessage, n int) []json.RawMessage { return entries[:n] }

func taki(rng *rand.Rand, seats, rounds int) []json.RawMessage {
	var es []json.RawMessage
	for r := 0; r < rounds; r++ {
		w := rng.IntN(seats)
		e := tkscore.Entry{Winner: w}
		for s := 0; s < seats; s++ {
			if s == w {
				e.Seats = append(e.Seats, tkscore.WentOut())
				continue
			}
			e.Seats = append(e.Seats, tkscore.Lost(-(5 + rng.IntN(60))))
		}
		es = append(es, e.Encode())
	}
	return es
}
