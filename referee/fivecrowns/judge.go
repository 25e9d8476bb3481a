package fivecrowns

import (
	"fmt"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// Judgement is the answer to a HandRequest in cards: the JSON API writes it
// in API notation (AnswerHand) and the referee page draws it, so both give
// the same verdict on the same table.
type Judgement struct {
	Round    int
	Hand     []Card
	Table    Table             // the card taken from the discard pile, the out melds
	Settings rulebook.Settings // the house rules in force
	Best     Solution          // the lowest-penalty lay-down
	Declared *LayDown          // the declared lay-down; nil without melds
	Verdict  *Verdict          // its judgement; nil without melds
}

// Judge reads and checks a HandRequest and judges it. It returns an
// *rulebook.InputError, and no other error, for a round outside 1…11, an
// unknown card, a hand that holds a suited card more than twice or more than
// six jokers, a hand of the wrong size for the round, a discard given with a
// hand already after its discard or without melds, a layOff without melds or
// naming no out meld, a tookFromDiscard not in a hand of round+3 cards, out
// melds that are not valid melds, too many cards with the hand, or that do
// not hold every card of the round but the discard, or an unknown house
// rule; Field is the JSON path ("hand[3]", "melds[1][0]", "discard",
// "outMelds[0]", "layOff[1].meld", "rules.x").
func Judge(req HandRequest) (Judgement, error) {
	settings, err := rulebook.Resolve(HouseRules, req.Rules)
	if err != nil {
		return Judgement{}, err
	}
	opts := OptionsFrom(settings)
	if !ValidRound(req.Round) {
		return Judgement{}, rulebook.Mistake("round", "fcref.mistake.no.round.choose.round", "Round", req.Round)
	}
	if req.Hand == nil {
		return Judgement{}, rulebook.Mistake("hand", "fcref.mistake.hand.missing")
	}
	hand, err := ParseCards("hand", req.Hand)
	if err != nil {
		return Judgement{}, err
	}
	if err := CheckCards("hand", hand); err != nil {
		return Judgement{}, err
	}
	if err := CheckHandSize("hand", req.Round, len(hand)); err != nil {
		return Judgement{}, err
	}
	discard, err := readDiscard(req, hand)
	if err != nil {
		return Judgement{}, err
	}
	var melds [][]Card
	for i, m := range req.Melds {
		cs, err := ParseCards(fmt.Sprintf("melds[%d]", i), m)
		if err != nil {
			return Judgement{}, err
		}
		melds = append(melds, cs)
	}
	table, err := readTable(req, hand, opts)
	if err != nil {
		return Judgement{}, err
	}
	layOff, err := readLayOff(req, table)
	if err != nil {
		return Judgement{}, err
	}
	j := Judgement{Round: req.Round, Hand: hand, Table: table, Settings: settings, Best: SolveAt(req.Round, hand, table, opts)}
	if req.Melds != nil {
		ld := LayDown{Melds: melds, Discard: discard, LayOff: layOff}
		v := CheckLayDown(req.Round, hand, ld, table, opts)
		j.Declared, j.Verdict = &ld, &v
	}
	return j, nil
}

// readDiscard reads the declared discard, which goes with melds and a hand
// just after drawing.
func readDiscard(req HandRequest, hand []Card) (*Card, error) {
	if req.Discard == nil {
		return nil, nil
	}
	if req.Melds == nil {
		return nil, rulebook.Mistake("discard", "fcref.mistake.discard.read.only.melds")
	}
	if len(hand) != CardsDealt(req.Round)+1 {
		return nil, rulebook.Mistake("discard", "fcref.mistake.hand.cards.round.already", "Hand", len(hand), "Round", req.Round)
	}
	c, err := ParseCard(*req.Discard)
	if err != nil {
		return nil, rulebook.Mistake("discard", "fcref.mistake.not.card", "Card", *req.Discard)
	}
	return &c, nil
}

// checkOutCards refuses out melds that do not hold every card of the round
// but the discard: the player who went out melded all his round+2 cards
// after discarding («poser leur main en formant une ou plusieurs combinaisons avec la totalité de leurs cartes»), or all round+3 under
// goOutWithoutDiscard. The error names "outMelds".
func checkOutCards(round int, melds [][]Card, opts Options) error {
	n := 0
	for _, m := range melds {
		n += len(m)
	}
	d := CardsDealt(round)
	if n == d || (opts.GoOutWithoutDiscard && n == d+1) {
		return nil
	}
	if opts.GoOutWithoutDiscard {
		return rulebook.Mistake("outMelds", "fcref.mistake.out.melded.all", "Round", round, "Dealt", d, "Drawn", d+1, "Num", n)
	}
	return rulebook.Mistake("outMelds", "fcref.mistake.out.melded.but.discard", "Round", round, "Dealt", d, "Num", n)
}
