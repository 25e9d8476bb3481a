package fivecrowns

import (
	"fmt"
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
	fail := func(rule, en, fr string, args ...any) (MeldKind, rulebook.Violation, bool) {
		return 0, rulebook.Violation{Rule: rule, Step: rulebook.NoStep, Message: rulebook.Text{
			EN: fmt.Sprintf(en, args...), FR: fmt.Sprintf(fr, args...)}.Msg()}, false
	}
	all := cardList(meld)
	if len(meld) < 3 {
		return fail(RuleMeldSize,
			"%s is only %d card(s): a run or a book needs at least 3.",
			"%s ne fait que %d carte(s) : une suite ou une famille en demande au moins 3.", all, len(meld))
	}
	var nat []Card
	for _, c := range meld {
		if !c.IsWild(round) {
			nat = append(nat, c)
		}
	}
	wild := len(meld) - len(nat)
	if len(nat) < opts.MinNaturals {
		return fail(RuleMinNaturals,
			"%s is made only of wild cards (in round %d the %s and the jokers are wild), and the house rule asks for at least %d natural card per meld.",
			"%s n'est fait que d'atouts (à la manche %d, les %s et les jokers sont atouts), et la règle maison exige au moins %d carte naturelle par combinaison.",
			all, round, WildRank(round).Label(), opts.MinNaturals)
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
			return fail(RuleRunDuplicate,
				"%s holds %s and %s: a run has each rank once, and these cards are not all of one rank either, so it is not a book.",
				"%s contient %s et %s : une suite n'a chaque valeur qu'une fois, et ces cartes ne sont pas toutes de même valeur, ce n'est donc pas une famille.",
				all, d.Display(), c.Display())
		}
		ranks[c.Rank] = c
	}
	if sameSuit != 0 {
		a, b := nat[0], nat[sameSuit]
		if len(ranks) < len(nat) { // a repeated rank: meant as a book
			b = nat[sameRank]
			return fail(RuleBookRank,
				"%s and %s have different ranks, so %s is not a book; nor is it a run, whose cards share one suit.",
				"%s et %s n'ont pas la même valeur : %s n'est donc pas une famille, ni une suite, dont les cartes sont d'une même couleur.",
				a.Display(), b.Display(), all)
		}
		return fail(RuleRunSuit,
			"%s and %s are of different suits, so %s is not a run; nor is it a book, whose cards share one rank.",
			"%s et %s ne sont pas de la même couleur : %s n'est donc pas une suite, ni une famille, dont les cartes ont la même valeur.",
			a.Display(), b.Display(), all)
	}
	if len(meld) > 11 {
		return fail(RuleRunLength,
			"%s has %d cards, but a suit has only 11 ranks (3 to king).",
			"%s compte %d cartes, mais une couleur n'a que 11 valeurs (du 3 au roi).", all, len(meld))
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
		return fail(RuleRunWrap,
			"%s only works by going from the king back to 3, and runs stop at the king (the house rule “runs wrap from king to 3” is off).",
			"%s ne tient qu'en repartant du roi vers le 3, or les suites s'arrêtent au roi (la règle maison « les suites continuent du roi au 3 » est désactivée).", all)
	}
	span := linear
	if opts.RunsWrap {
		span = cyc
	}
	missing := span - len(nat)
	return fail(RuleRunGap,
		"%s needs %d wild card(s) to fill the missing ranks between %s and %s, but holds only %d.",
		"%s demande %d atout(s) pour combler les valeurs manquantes entre %s et %s, mais n'en contient que %d.",
		all, missing, ranks[lo].Display(), ranks[hi].Display(), wild)
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
