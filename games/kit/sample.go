package kit

import (
	"encoding/json"
	"math/rand/v2"
)

// Sampler is what a game offers the load generator (cmd/loadgen/seed):
// random matches as the app could have recorded them, each entry built with
// the engine's own Entry type (the seed scores them with the engine).
type Sampler interface {
	// SampleSeats draws how many players a sampled match seats.
	SampleSeats(rng *rand.Rand) int
	// Sample draws a whole match of seats players: its options and the
	// entries of its rounds, to its end.
	Sample(rng *rand.Rand, seats int) (options map[string]string, entries []json.RawMessage)
	// Unfinished is a sampled match's first n entries as a match still
	// being played (a game whose entry can end the match says it does not).
	Unfinished(entries []json.RawMessage, n int) []json.RawMessage
}
