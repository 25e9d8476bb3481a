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
	sol := Solution{Penalty: best, Melds: [][]Card{}, LayOff: []LayOff{}}
	var wildsAt [8]Card
	wilds := append(wildsAt[:0], s.wilds...)
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
	var r0 rebuildStore
	r := rebuild{t: bt, d: bd, melds: r0.melds[:0], kept: r0.kept[:0]}
	r = s.walk(r, int(root))
	return s.assemble(sol, &r, wildsUsed, spare)
}

// assemble writes the lay-down r rebuilt as sol's melds, lay-offs,
// leftover and discard: wildsUsed are the wilds it absorbs, the dearest
// first, spare the others.
func (s *solver) assemble(sol Solution, r *rebuild, wildsUsed, spare []Card) Solution {
	melds, kept, t := r.melds, r.kept, r.t
	discard, discarded := r.discard, r.discarded
	own := 0 // the melds of the hand's own, the all-wild book included
	for _, m := range melds {
		if m.out < 0 {
			own++
		}
	}
	if t > 0 && s.opts.MinNaturals == 0 && t >= 3 {
		own++
	}
	// Every card of the answer goes into one array, each part a slice of it
	// with its capacity clipped (so that appending to one copies it), and
	// the melds' slices into another: one allocation holds both for nearly
	// every hand, instead of one or more per part.
	var cards []Card
	if n := len(s.nat) + len(s.wilds); n <= len(solutionStore{}.cards) && own <= len(solutionStore{}.melds) {
		a := new(solutionStore)
		cards, sol.Melds = a.cards[:0:n], a.melds[:0:own]
	} else {
		cards, sol.Melds = make([]Card, 0, n), make([][]Card, 0, own)
	}
	part := func(from int) []Card { return cards[from:len(cards):len(cards)] }
	var laid [][]Card // by out meld, the cards laid off onto it
	var asRun []bool  // out melds laid off onto as runs
	if len(s.out) > 0 {
		laid, asRun = make([][]Card, len(s.out)), make([]bool, len(s.out))
	}
	for _, m := range melds {
		w := wildsUsed[:m.wilds]
		wildsUsed = wildsUsed[m.wilds:]
		var natAt [16]Card
		nat := s.cardsOf(natAt[:0], m.set)
		if m.out >= 0 {
			laid[m.out] = append(append(laid[m.out], nat...), w...)
			asRun[m.out] = m.run
		} else {
			from := len(cards)
			cards = s.arrange(cards, nat, w, m.run)
			sol.Melds = append(sol.Melds, part(from))
		}
	}
	if t > 0 { // the rest of the absorbed wilds: one all-wild book, or laid off
		if s.opts.MinNaturals == 0 && t >= 3 {
			from := len(cards)
			cards = append(cards, wildsUsed...)
			sol.Melds = append(sol.Melds, part(from))
		} else {
			for j, o := range s.out {
				run, used := asRun[j], len(laid[j]) > 0
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
			from := len(cards)
			cards = append(cards, laid[j]...)
			sol.LayOff = append(sol.LayOff, LayOff{Meld: j, Cards: part(from)})
		}
	}
	if s.discard && !discarded && len(spare) > 0 {
		discard, discarded = spare[0], true // the dearest spare wild
		spare = spare[1:]
	}
	from := len(cards)
	cards = append(append(cards, kept...), spare...)
	sol.Leftover = part(from)
	if discarded {
		cards = append(cards, discard)
		sol.Discard = &cards[len(cards)-1]
	}
	sol.CanGoOut = len(sol.Leftover) == 0
	return sol
}

// placed is a meld of the answer: its natural cards, and the wilds it takes.
type placed struct {
	set   uint32
	run   bool
	out   int // the out meld laid off onto, -1 for a meld of the hand's own
	wilds int
}

// rebuild is the lay-down the programme found, as walk rebuilds it card by
// card: from the full hand down, it takes at each state a move whose child
// accounts for the state's entry [d][t].
type rebuild struct {
	t, d      int // the wilds still to absorb, whether a discard is still owed
	melds     []placed
	kept      []Card
	discard   Card
	discarded bool
}

// rebuildStore holds a rebuild's slices for nearly every hand, on the stack.
type rebuildStore struct {
	melds [16]placed
	kept  [16]Card
}

// walk rebuilds r from the full hand's table, at offset at of the slab. r
// is passed and returned by value so that its slices stay on the caller's
// stack (through a pointer, escape analysis sent them to the heap).
func (s *solver) walk(r rebuild, at int) rebuild {
	// take records m, a discard or a meld of natural card i, when its
	// child's table (at child) accounts for want, and says whether it did.
	take := func(m move, i, child int, want int32) bool {
		switch m.kind {
		case moveDiscard:
			if r.d == 1 && s.slab[child+r.t] == want {
				r.discard, r.discarded, r.d = s.nat[i], true, 0
				return true
			}
		case moveMeld:
			for j := int(m.lo); j <= min(int(m.hi), r.t); j++ {
				if s.slab[child+r.d*s.width+r.t-j] == want {
					r.melds = append(r.melds, placed{m.set, m.run, int(m.out), j})
					r.t -= j
					return true
				}
			}
		}
		return false
	}
	for state := s.natBits; state&s.natBits != 0; {
		want := s.slab[at+r.d*s.width+r.t]
		i := bits.TrailingZeros32(state & s.natBits)
		bit := uint32(1) << i
		// The first move keeps the card (see appendMoves): tried here,
		// without the list of moves, as most cards are kept.
		keep := move{kind: moveKeep, set: bit, out: -1}
		child := int(s.table(s.after(state, keep)))
		if s.slab[child+r.d*s.width+r.t]+s.val[i] == want {
			r.kept = append(r.kept, s.nat[i])
			state, at = s.after(state, keep), child
			continue
		}
		if state&s.partners[i] == 0 && len(s.out) == 0 {
			// alone (see solveLone): discarded unless locked, or a book
			// with wilds; its child is the keep's
			discard := move{kind: moveDiscard, set: bit, out: -1}
			book := move{kind: moveMeld, set: bit, out: -1, lo: 2, hi: int32(s.nWild)}
			if !(s.isLocked && s.nat[i] == s.locked) && take(discard, i, child, want) || take(book, i, child, want) {
				state, at = state&^bit, child
				continue
			}
			panic("fivecrowns: solver could not rebuild its own answer")
		}
		start, end := s.placements(state, i)
		found := false
		for k := start + 1; k < end && !found; k++ { // after the keep move
			m := s.buf[k] // a copy: solving the child may grow and move s.buf
			// table, not the memo: the programme skips melds that cannot
			// improve a table, so a child met here may not be solved yet.
			child := int(s.table(s.after(state, m)))
			if found = take(m, i, child, want); found {
				state, at = s.after(state, m), child
			}
		}
		s.done(start)
		if !found {
			panic("fivecrowns: solver could not rebuild its own answer")
		}
	}
	return r
}

// solutionStore is the storage of a Solution's melds and cards, allocated at once.
type solutionStore struct {
	melds [6][]Card
	cards [20]Card
}

func sum(cards []Card, round int) int {
	n := 0
	for _, c := range cards {
		n += c.Value(round)
	}
	return n
}

// cardsOf appends to out the natural cards of set, in order.
func (s *solver) cardsOf(out []Card, set uint32) []Card {
	for set != 0 {
		i := bits.TrailingZeros32(set)
		out = append(out, s.nat[i])
		set &^= 1 << i
	}
	return out
}

// arrange appends to out a meld laid out as players would: a book's
// naturals then its wilds; a run in rank order with each wild where it
// stands, spare wilds continuing the run upwards, then downwards.
func (s *solver) arrange(out, nat, wilds []Card, run bool) []Card {
	if !run {
		return append(append(out, nat...), wilds...)
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
