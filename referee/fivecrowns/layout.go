package fivecrowns

import (
	"math/bits"
	"slices"
)

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
	if best >= inf {
		// Nothing can be discarded. A hand after drawing holds at least four
		// cards and only one card is locked, so this cannot happen; should it,
		// the hand is scored as it stands rather than refused.
		return Solution{Penalty: sum(s.nat, s.round) + sum(s.wilds, s.round), Melds: [][]Card{},
			LayOff: []LayOff{}, Leftover: append(slices.Clone(s.nat), s.wilds...)}
	}
	sol := Solution{Penalty: best, Melds: [][]Card{}, LayOff: []LayOff{}, Leftover: []Card{}}
	wilds := slices.Clone(s.wilds)
	if s.discard && bd == 0 && bt < len(wilds) && s.isLocked && wilds[bt] == s.locked {
		// the locked card would be the discard: into a meld with it, or kept
		other := bt - 1
		if bt == 0 {
			other = 1
		}
		wilds[bt], wilds[other] = wilds[other], wilds[bt]
	}
	wildsUsed := wilds[:bt] // the dearest wilds go into melds and lay-offs
	spare := wilds[bt:]
	type placed struct {
		nat   []Card
		run   bool
		out   int
		wilds int
	}
	var melds []placed
	state, t, d := full, bt, bd
	for state&s.natBits != 0 {
		// table, not the memo: the programme skips melds that cannot
		// improve a table, so a child met here may not be solved yet.
		want := s.slab[int(s.table(state))+d*s.width+t]
		found := false
		s.moves(state, func(m move) {
			if found {
				return
			}
			child := int(s.table(s.after(state, m)))
			switch m.kind {
			case moveKeep:
				c := s.nat[bits.TrailingZeros32(state)]
				if s.slab[child+d*s.width+t]+int32(c.Value(s.round)) == want {
					sol.Leftover = append(sol.Leftover, c)
					found = true
				}
			case moveDiscard:
				if d == 1 && s.slab[child+t] == want {
					c := s.nat[bits.TrailingZeros32(state)]
					sol.Discard = &c
					d, found = 0, true
				}
			case moveMeld:
				for j := int(m.lo); j <= min(int(m.hi), t) && !found; j++ {
					if s.slab[child+d*s.width+t-j] == want {
						melds = append(melds, placed{s.cardsOf(m.set), m.run, int(m.out), j})
						t -= j
						found = true
					}
				}
			}
			if found {
				state = s.after(state, m)
			}
		})
		if !found {
			panic("fivecrowns: solver could not rebuild its own answer")
		}
	}
	laid := map[int][]Card{}
	asRun := map[int]bool{} // out melds laid off onto as runs
	for _, m := range melds {
		w := wildsUsed[:m.wilds]
		wildsUsed = wildsUsed[m.wilds:]
		if m.out >= 0 {
			laid[m.out] = append(append(laid[m.out], m.nat...), w...)
			asRun[m.out] = m.run
		} else {
			sol.Melds = append(sol.Melds, s.arrange(m.nat, w, m.run))
		}
	}
	if t > 0 { // the rest of the absorbed wilds: one all-wild book, or laid off
		if s.opts.MinNaturals == 0 && t >= 3 {
			sol.Melds = append(sol.Melds, slices.Clone(wildsUsed))
		} else {
			for j, o := range s.out {
				run, used := asRun[j]
				n := len(wildsUsed)
				if run || (!used && !o.book) { // a run holds 11 cards at most
					n = min(n, 11-o.size-len(laid[j]))
				}
				laid[j] = append(laid[j], wildsUsed[:n]...)
				wildsUsed = wildsUsed[n:]
			}
		}
	}
	for j := range s.out {
		if len(laid[j]) > 0 {
			sol.LayOff = append(sol.LayOff, LayOff{Meld: j, Cards: laid[j]})
		}
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

func sum(cards []Card, round int) int {
	n := 0
	for _, c := range cards {
		n += c.Value(round)
	}
	return n
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
