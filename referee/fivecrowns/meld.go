package fivecrowns

import (
	"strings"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// MeldKind says how a valid meld reads.
type MeldKind uint8

// The two kinds of meld. An all-wild meld reads as a book.
const (
	Book MeldKind = iota + 1
	Run
)

// CheckMeld judges one meld in round under opts. It returns the meld's kind
// and ok = true when it is a valid book or run (RULES.md FC-R5); otherwise a
// violation whose message says what breaks it (its Step is NoStep; callers
// set it). A card that is not a card of the game reads as breaking the suit
// rule; callers validate cards first.
func CheckMeld(meld []Card, round int, opts Options) (MeldKind, rulebook.Violation, bool) {
	fail := func(rule string, why rulebook.Msg) (MeldKind, rulebook.Violation, bool) {
		return 0, rulebook.Violation{Rule: rule, Step: rulebook.NoStep, Message: why}, false
	}
	all := cardList(meld)
	if len(meld) < 3 {
		return fail(RuleMeldSize, rulebook.Say("fcref.v.meld.size", "Meld", all, "Cards", len(meld)))
	}
	var nat []Card
	for _, c := range meld {
		if !c.IsWild(round) {
			nat = append(nat, c)
		}
	}
	wild := len(meld) - len(nat)
	if len(nat) < opts.MinNaturals {
		return fail(RuleMinNaturals, rulebook.Say("fcref.v.meld.naturals", "Meld", all, "Round", round,
			"Wild", WildRank(round).Label(), "Naturals", opts.MinNaturals))
	}
	sameRank, sameSuit := 0, 0 // index of the first natural breaking each
	for i, c := range nat {
		if c.Rank != nat[0].Rank && sameRank == 0 {
			sameRank = i
		}
		if c.Suit != nat[0].Suit && sameSuit == 0 {
			sameSuit = i
		}
	}
	if sameRank == 0 {
		return Book, rulebook.Violation{}, true
	}
	ranks := map[Rank]Card{}
	for _, c := range nat {
		if d, dup := ranks[c.Rank]; dup && sameSuit == 0 {
			return fail(RuleRunDuplicate, rulebook.Say("fcref.v.run.duplicate", "Meld", all, "First", d.Display(), "Second", c.Display()))
		}
		ranks[c.Rank] = c
	}
	if sameSuit != 0 {
		a, b := nat[0], nat[sameSuit]
		if len(ranks) < len(nat) { // a repeated rank: meant as a book
			b = nat[sameRank]
			return fail(RuleBookRank, rulebook.Say("fcref.v.book.rank", "First", a.Display(), "Second", b.Display(), "Meld", all))
		}
		return fail(RuleRunSuit, rulebook.Say("fcref.v.run.suit", "First", a.Display(), "Second", b.Display(), "Meld", all))
	}
	if len(meld) > 11 {
		return fail(RuleRunLength, rulebook.Say("fcref.v.run.length", "Meld", all, "Cards", len(meld)))
	}
	lo, hi := spanLinear(ranks)
	linear := int(hi-lo) + 1
	if linear <= len(meld) {
		return Run, rulebook.Violation{}, true
	}
	cyc := spanCyclic(ranks)
	if opts.RunsWrap && cyc <= len(meld) {
		return Run, rulebook.Violation{}, true
	}
	if !opts.RunsWrap && cyc <= len(meld) {
		return fail(RuleRunWrap, rulebook.Say("fcref.v.run.wrap", "Meld", all))
	}
	span := linear
	if opts.RunsWrap {
		span = cyc
	}
	missing := span - len(nat)
	return fail(RuleRunGap, rulebook.Say("fcref.v.run.gap", "Meld", all, "Missing", missing, "Low", ranks[lo].Display(),
		"High", ranks[hi].Display(), "Wilds", wild))
}

// spanLinear returns the lowest and highest rank present.
func spanLinear(ranks map[Rank]Card) (lo, hi Rank) {
	lo, hi = King, Three
	for r := range ranks {
		lo, hi = min(lo, r), max(hi, r)
	}
	return lo, hi
}

// spanCyclic is the length of the shortest arc of the rank circle 3…K→3
// that covers every rank present.
func spanCyclic(ranks map[Rank]Card) int {
	var bits uint16
	for r := range ranks {
		bits |= 1 << (r - Three)
	}
	return cyclicSpan(bits)
}

// cyclicSpan is the shortest arc of the 11-rank circle covering bits.
func cyclicSpan(bits uint16) int {
	if bits == 0 {
		return 0
	}
	best := 11
	for start := 0; start < 11; start++ {
		if bits&(1<<start) == 0 {
			continue
		}
		// arc starting at start: the farthest present rank going up cyclically
		far := 0
		for d := 0; d < 11; d++ {
			if bits&(1<<((start+d)%11)) != 0 {
				far = d
			}
		}
		best = min(best, far+1)
	}
	return best
}

func cardList(cards []Card) string {
	s := make([]string, len(cards))
	for i, c := range cards {
		s[i] = c.Display()
	}
	return strings.Join(s, " ")
}
