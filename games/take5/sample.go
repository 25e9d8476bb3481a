package take5

import (
	"encoding/json"
	"math/rand/v2"

	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
	t5score "github.com/tablekeeper/tablekeeper/scoring/take5"
)

// SampleSeats draws a sampled match's number of players.
func (Take5) SampleSeats(rng *rand.Rand) int { return 3 + rng.IntN(4) }

// Sample draws a whole match for the load generator.
func (Take5) Sample(rng *rand.Rand, seats int) (map[string]string, []json.RawMessage) {
	return map[string]string{"end": "declared"}, take5(rng, seats)
}

// Unfinished is the match's first n deals, the last of them not marked
// the match's last.
func (Take5) Unfinished(entries []json.RawMessage, n int) []json.RawMessage {
	e, _ := t5score.DecodeEntry(entries[n-1])
	entries[n-1] = t5score.NewEntry(false, e.Seats...).Marshal()
	return entries[:n]
}

// take5 deals: each player picks up at most one row of five cows' cards,
// and may keep a special in hand; a deal the engine would refuse (more
// rows than the table lays) is drawn again.
func take5(rng *rand.Rand, seats int) []json.RawMessage {
	var es []json.RawMessage
	m := scoring.Match{Seats: seats, Options: map[string]string{"end": "declared"}, Rules: rulebook.Defaults(t5score.Sheet{}.HouseRules())}
	deals := 3 + rng.IntN(4)
	for d := 0; d < deals; d++ {
		for try := 0; ; try++ {
			var ts []t5score.Tally
			for s := 0; s < seats; s++ {
				t := t5score.Tally{SpecialsInHand: rng.IntN(2)}
				if try < 20 && rng.IntN(2) == 0 { // a row of 5: g green cards (1–2 cows), 5−g red (2–7)
					g := rng.IntN(6)
					t.Green = g + rng.IntN(g+1)
					t.Red = 2*(5-g) + rng.IntN(5*(5-g)+1)
					t.X2, t.Plus5 = rng.IntN(2), rng.IntN(2)
					if t.X2+t.Plus5+t.SpecialsInHand > 2 {
						t.SpecialsInHand = 0
					}
				}
				ts = append(ts, t)
			}
			e := t5score.NewEntry(d == deals-1, ts...).Marshal()
			if _, err := (t5score.Sheet{}).Score(m, nil, e); err == nil || try > 40 {
				es = append(es, e)
				break
			}
		}
	}
	return es
}
