package standings

import (
	"cmp"
	"slices"
)

// Versus is how two players fared in the matches they played together,
// seen from Player's side.
type Versus struct {
	Player   int64
	Opponent int64
	Together int // matches both played
	Ahead    int // Player finished ahead of Opponent
	Behind   int // Opponent finished ahead of Player
	Level    int // they shared a place
}

// flip returns the same record seen from the opponent's side.
func (v Versus) flip() Versus {
	return Versus{Player: v.Opponent, Opponent: v.Player, Together: v.Together, Ahead: v.Behind, Behind: v.Ahead, Level: v.Level}
}

// HeadToHead returns one record per pair of players who met in the matches
// f selects, with Player < Opponent, sorted by Player then Opponent.
//
// Returns an error wrapping ErrInvalidMatch if a selected match is invalid.
func HeadToHead(matches []Match, f Filter) ([]Versus, error) {
	sel, err := selectMatches(matches, f)
	if err != nil {
		return nil, err
	}
	return headToHead(sel), nil
}

func headToHead(sel []Match) []Versus {
	type pair struct{ a, b int64 }
	pairs := map[pair]*Versus{}
	for _, m := range sel {
		for i, ri := range m.Results {
			for _, rj := range m.Results[i+1:] {
				a, b := ri, rj
				if b.Player < a.Player {
					a, b = b, a
				}
				v := pairs[pair{a.Player, b.Player}]
				if v == nil {
					v = &Versus{Player: a.Player, Opponent: b.Player}
					pairs[pair{a.Player, b.Player}] = v
				}
				v.Together++
				switch {
				case a.Place < b.Place:
					v.Ahead++
				case a.Place > b.Place:
					v.Behind++
				default:
					v.Level++
				}
			}
		}
	}
	out := make([]Versus, 0, len(pairs))
	for _, v := range pairs {
		out = append(out, *v)
	}
	slices.SortFunc(out, func(x, y Versus) int {
		if c := cmp.Compare(x.Player, y.Player); c != 0 {
			return c
		}
		return cmp.Compare(x.Opponent, y.Opponent)
	})
	return out
}

// toughestRival picks, among the records seen from one player's side with
// at least minTogether matches, the opponent who most often finished ahead
// (the highest Behind/Together), then the one met most, then the lowest id.
// An opponent who never finished ahead, or finished ahead less often than
// behind, is no rival. Returns nil when no one qualifies.
func toughestRival(vs []Versus, minTogether int) *Versus {
	var best *Versus
	for i := range vs {
		v := &vs[i]
		if v.Together < max(minTogether, 1) || v.Behind == 0 || v.Behind < v.Ahead { // someone you mostly beat is no rival
			continue
		}
		if best == nil {
			best = v
			continue
		}
		// Compare Behind/Together without floating point.
		l, r := v.Behind*best.Together, best.Behind*v.Together
		if l > r || (l == r && v.Together > best.Together) ||
			(l == r && v.Together == best.Together && v.Opponent < best.Opponent) {
			best = v
		}
	}
	if best == nil {
		return nil
	}
	out := *best
	return &out
}
