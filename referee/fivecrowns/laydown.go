package fivecrowns

import (
	"fmt"
	"maps"
	"slices"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// LayDown is what a player declares at the end of his turn: his melds, his
// discard (nil when the hand is already after its discard, or he made
// none), and in a final turn the cards he lays off onto the melds of the
// player who went out.
type LayDown struct {
	Melds   [][]Card
	Discard *Card
	LayOff  []LayOff
}

// Verdict is the judgement of a declared lay-down.
type Verdict struct {
	Valid      bool
	Violations []rulebook.Violation
	Penalty    int    // leftover's value; cards of invalid melds and lay-offs count as kept
	Leftover   []Card // cards neither in a valid meld, validly laid off, nor discarded
}

// CheckLayDown judges a lay-down of hand declared in round at table: each
// meld must be valid (Step = its index in Melds) and made of cards from the
// hand, each card used once, and a hand of round+3 cards (just after drawing)
// must discard one card from the hand unless every card is melded under the
// house rule goOutWithoutDiscard. Under forbidImmediateRediscard the discard
// may not be table.Taken, unless the hand holds it twice. Laying off needs
// allowLayOff, and each out meld with what is laid off onto it must stay
// valid (Step = len(Melds) + the lay-off's index). A hand of round+2 cards is
// after its discard and Discard must be nil. Cards not melded stay in hand
// and count in Penalty. The hand itself, the table's out melds and each
// LayOff.Meld are assumed valid (see CheckCards, CheckHandSize, CheckTable).
func CheckLayDown(round int, hand []Card, ld LayDown, table Table, opts Options) Verdict {
	left := map[Card]int{}
	for _, c := range hand {
		left[c]++
	}
	v := Verdict{Violations: []rulebook.Violation{}}
	// take uses cards from the hand, all or none: it reports the first one
	// missing and gives back those taken before it.
	take := func(cards []Card, whereEN, whereFR string, step int) bool {
		for j, c := range cards {
			if left[c] > 0 {
				left[c]--
				continue
			}
			v.Violations = append(v.Violations, notInHand(c, whereEN, whereFR, hand, step))
			for _, back := range cards[:j] {
				left[back]++
			}
			return false
		}
		return true
	}
	giveBack := func(cards []Card) {
		for _, c := range cards {
			left[c]++
		}
	}
	for i, m := range ld.Melds {
		if !take(m, fmt.Sprintf("meld %d", i+1), fmt.Sprintf("la combinaison %d", i+1), i) {
			continue
		}
		if _, bad, ok := CheckMeld(m, round, opts); !ok {
			bad.Step = i
			v.Violations = append(v.Violations, bad)
			giveBack(m)
		}
	}
	v.Violations = append(v.Violations, checkLayOffs(round, ld, table, opts, take, giveBack)...)
	if ld.Discard != nil {
		if left[*ld.Discard] > 0 {
			left[*ld.Discard]--
			if c, locked := lockedDiscard(hand, table, opts); locked && c == *ld.Discard {
				v.Violations = append(v.Violations, rediscard(c))
			}
		} else {
			v.Violations = append(v.Violations, notInHand(*ld.Discard, "the discard", "la défausse", hand, rulebook.NoStep))
		}
	}
	v.Leftover = []Card{}
	for _, c := range hand { // hand order, each kind as often as it is left
		if left[c] > 0 {
			left[c]--
			v.Leftover = append(v.Leftover, c)
			v.Penalty += c.Value(round)
		}
	}
	if len(hand) == CardsDealt(round)+1 && ld.Discard == nil && (!opts.GoOutWithoutDiscard || len(v.Leftover) > 0) {
		en := "After drawing, the player holds %d cards and must discard one to end the turn, even when going out."
		fr := "Après la pioche, le joueur tient %d cartes et doit en défausser une pour finir son tour, même pour poser sa main."
		if opts.GoOutWithoutDiscard {
			en = "After drawing, the player holds %d cards: he may skip the discard only by melding all of them (the house rule “going out without discarding”), which this lay-down does not."
			fr = "Après la pioche, le joueur tient %d cartes : il ne peut se passer de défausser qu'en les posant toutes (règle maison « sortir sans défausser »), ce que cette pose ne fait pas."
		}
		v.Violations = append(v.Violations, rulebook.Violation{Rule: RuleDiscardRequired, Step: rulebook.NoStep,
			Message: rulebook.Text{EN: fmt.Sprintf(en, len(hand)), FR: fmt.Sprintf(fr, len(hand))}.Msg()})
	}
	v.Valid = len(v.Violations) == 0
	return v
}

// checkLayOffs judges what is laid off: refused as a whole without
// allowLayOff, else meld by meld, every lay-off onto one meld together.
// Cards refused stay in hand.
func checkLayOffs(round int, ld LayDown, table Table, opts Options,
	take func(cards []Card, whereEN, whereFR string, step int) bool, giveBack func([]Card)) []rulebook.Violation {
	var out []rulebook.Violation
	byMeld := map[int][]Card{}
	first := map[int]int{} // the step of the first lay-off onto each meld
	for i, l := range ld.LayOff {
		step := len(ld.Melds) + i
		if !take(l.Cards, fmt.Sprintf("lay-off %d", i+1), fmt.Sprintf("l'ajout %d", i+1), step) {
			continue
		}
		if !opts.AllowLayOff {
			giveBack(l.Cards)
			out = append(out, layOffForbidden(l, step))
			continue
		}
		if _, seen := first[l.Meld]; !seen {
			first[l.Meld] = step
		}
		byMeld[l.Meld] = append(byMeld[l.Meld], l.Cards...)
	}
	for _, j := range slices.Sorted(maps.Keys(byMeld)) {
		if !CanLayOff(table.OutMelds[j], byMeld[j], round, opts) {
			giveBack(byMeld[j])
			out = append(out, layOffMisfit(table.OutMelds[j], byMeld[j], j, first[j]))
		}
	}
	return out
}

func layOffForbidden(l LayOff, step int) rulebook.Violation {
	return rulebook.Violation{Rule: RuleLayOff, Step: step, Message: rulebook.Text{
		EN: fmt.Sprintf("%s cannot be laid off onto meld %d of the player who went out: players may not add cards to another player's melds (the house rule “laying off” is off).", cardList(l.Cards), l.Meld+1),
		FR: fmt.Sprintf("%s ne peut pas compléter la combinaison %d du joueur qui a posé sa main : on ne pose pas de cartes sur les combinaisons d'un autre joueur (la règle maison « compléter les combinaisons » est désactivée).", cardList(l.Cards), l.Meld+1)}.Msg()}
}

func layOffMisfit(meld, laid []Card, j, step int) rulebook.Violation {
	return rulebook.Violation{Rule: RuleLayOffFit, Step: step, Message: rulebook.Text{
		EN: fmt.Sprintf("Adding %s to meld %d (%s) does not leave a valid run or book: a book takes only cards of its rank and wilds; a run takes cards of its suit and wilds that extend it at either end, up to 11 cards, while the cards already in it keep their places.", cardList(laid), j+1, cardList(meld)),
		FR: fmt.Sprintf("Ajouter %s à la combinaison %d (%s) ne laisse pas une suite ou une famille valide : une famille ne prend que des cartes de sa valeur et des atouts ; une suite prend des cartes de sa couleur et des atouts qui la prolongent à l'un ou l'autre bout, jusqu'à 11 cartes, les cartes déjà posées gardant leur place.", cardList(laid), j+1, cardList(meld))}.Msg()}
}

func rediscard(c Card) rulebook.Violation {
	return rulebook.Violation{Rule: RuleRediscard, Step: rulebook.NoStep, Message: rulebook.Text{
		EN: fmt.Sprintf("%s was just taken from the discard pile, and the house rule forbids discarding it again in the same turn.", c.Display()),
		FR: fmt.Sprintf("%s vient d'être prise sur la défausse, et la règle maison interdit de la redéfausser au même tour.", c.Display())}.Msg()}
}

func notInHand(c Card, whereEN, whereFR string, hand []Card, step int) rulebook.Violation {
	held := 0
	for _, h := range hand {
		if h == c {
			held++
		}
	}
	en := fmt.Sprintf("%s uses %s, which is not in the hand.", whereEN, c.Display())
	fr := fmt.Sprintf("%s utilise %s, qui n'est pas dans la main.", whereFR, c.Display())
	if held > 0 {
		en = fmt.Sprintf("%s uses %s once more than the hand holds it (%d).", whereEN, c.Display(), held)
		fr = fmt.Sprintf("%s utilise %s une fois de plus que la main n'en contient (%d).", whereFR, c.Display(), held)
	}
	return rulebook.Violation{Rule: RuleNotInHand, Step: step, Message: rulebook.Text{EN: capitalize(en), FR: capitalize(fr)}.Msg()}
}

func capitalize(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}
