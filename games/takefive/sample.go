package takefive

import (
	"encoding/json"
	"math/rand/v2"

	tf "github.com/tablekeeper/tablekeeper/referee/takefive"
	"github.com/tablekeeper/tablekeeper/rulebook"
	tfscore "github.com/tablekeeper/tablekeeper/scoring/takefive"
)

// SampleSeats draws a sampled match's number of players.
func (TakeFive) SampleSeats(rng *rand.Rand) int { return 2 + rng.IntN(3) }

// Sample draws a whole match for the load generator.
func (TakeFive) Sample(rng *rand.Rand, seats int) (map[string]string, []json.RawMessage) {
	return map[string]string{"firstStarter": "0"}, takeFive(rng, seats)
}

// Unfinished is the match's first n rounds.
func (TakeFive) Unfinished(entries []json.RawMessage, n int) []json.RawMessage { return entries[:n] }

func takeFive(rng *rand.Rand, seats int) []json.RawMessage {
	set := rulebook.Defaults(tf.HouseRules)
	var winners []int
	for {
		winners = append(winners, rng.IntN(seats))
		sh, err := tfscore.Play(seats, 0, winners, set)
		if err != nil {
			winners = winners[:len(winners)-1]
			continue
		}
		if sh.Finished || len(winners) > 40 {
			var es []json.RawMessage
			for _, r := range sh.Rounds {
				es = append(es, tfscore.EntryOf(r).Encode())
			}
			return es
		}
	}
}
