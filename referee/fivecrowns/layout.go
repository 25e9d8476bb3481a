package fivecrowns

import "math/bits"

// solve runs the programme and rebuilds the lay-down it found.
func (s *solver) solve() Solution {
	full := uint32(1)<<len(s.nat) - 1
	root := s.table(full)
	best, bt, bd := inf, 0, 0
	for d := range s.layers {
		for t := range s.width {
			if p := s.finish(s.slab[int(root)+d*s.width+t], t, d); p < best {
				best, bt, bd = p, t, d
			}
		}
	}
	sol := Solution{Penalty: best, Melds: [][]Card{}, Leftover: []Card{}}
	wildsUsed := s.wilds[:bt] // the dearest wilds go into melds
	spare := s.wilds[bt:]
	var meldNat [][]Card
	var meldRun []bool
	var meldWilds []int
	mask, t, d := full, bt, bd
	for mask != 0 {
		want := s.slab[int(s.memo[mask])+d*s.width+t]
		found := false
		s.moves(mask, func(m move) {
			if found {
				return
			}
			child := int(s.memo[mask&^m.set])
			switch m.kind {
			case moveKeep:
				c := s.nat[bits.TrailingZeros32(mask)]
				if s.slab[child+d*s.width+t]+int32(c.Value(s.round)) == want {
					sol.Leftover = append(sol.Leftover, c)
					found = true
				}
			case moveDiscard:
				if d == 1 && s.slab[child+t] == want {
					c := s.nat[bits.TrailingZeros32(mask)]
					sol.Discard = &c
					d, found = 0, true
				}
			case moveMeld:
				for j := m.lo; j <= min(m.hi, t) && !found; j++ {
					if s.slab[child+d*s.width+t-j] == want {
						meldNat = append(meldNat, s.cardsOf(m.set))
						meldRun = append(meldRun, m.run)
						meldWilds = append(meldWilds, j)
						t -= j
						found = true
					}
				}
			}
			if found {
				mask &^= m.set
			}
		})
		if !found {
			panic("fivecrowns: solver could not rebuild its own answer")
		}
	}
	for i, nat := range meldNat {
		w := wildsUsed[:meldWilds[i]]
		wildsUsed = wildsUsed[meldWilds[i]:]
		sol.Melds = append(sol.Melds, s.arrange(nat, w, meldRun[i]))
	}
	if t > 0 { // the rest of the melded wilds make one all-wild book
		sol.Melds = append(sol.Melds, append([]Card(nil), wildsUsed...))
	}
	if s.discard && sol.Discard == nil && len(spare) > 0 {
		c := spare[0] // the dearest spare wild
		sol.Discard = &c
		spare = spare[1:]
	}
	sol.Leftover = append(sol.Leftover, spare...)
	sol.CanGoOut = len(sol.Leftover) == 0
	return sol
}

func (s *solver) cardsOf(set uint32) []Card {
	var out []Card
	for set != 0 {
		i := bits.TrailingZeros32(set)
		out = append(out, s.nat[i])
		set &^= 1 << i
	}
	return out
}

// arrange lays a meld out as players would: a book's naturals then its
// wilds; a run in rank order with each wild where it stands, spare wilds
// continuing the run upwards, then downwards.
func (s *solver) arrange(nat, wilds []Card, run bool) []Card {
	if !run {
		return append(append([]Card(nil), nat...), wilds...)
	}
	var at [11]*Card
	var present uint16
	for i := range nat {
		at[nat[i].Rank-Three] = &nat[i]
		present |= 1 << (nat[i].Rank - Three)
	}
	start, span := int(nat[0].Rank-Three), bits.Len16(present)-int(nat[0].Rank-Three)
	if s.opts.RunsWrap {
		start, span = arcStart(present)
	}
	length := len(nat) + len(wilds)
	// extend up to length while ranks remain, then down
	end := start + span // exclusive, may pass 11 when wrapping
	for end-start < length && (s.opts.RunsWrap || end < 11) {
		end++
	}
	for end-start < length {
		start--
	}
	out := make([]Card, 0, length)
	for p := start; p < end; p++ {
		if c := at[(p+11)%11]; c != nil {
			out = append(out, *c)
		} else {
			out = append(out, wilds[0])
			wilds = wilds[1:]
		}
	}
	return out
}

// arcStart returns where the shortest arc covering present begins, and its length.
func arcStart(present uint16) (start, span int) {
	span = 12
	for a := range 11 {
		if present&(1<<a) == 0 {
			continue
		}
		far := 0
		for d := range 11 {
			if present&(1<<((a+d)%11)) != 0 {
				far = d
			}
		}
		if far+1 < span {
			start, span = a, far+1
		}
	}
	return start, span
}
