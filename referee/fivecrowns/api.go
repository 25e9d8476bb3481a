package fivecrowns

import (
	"fmt"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// HandRequest is the body of POST /api/v1/fivecrowns/hand. Hand holds
// round+2 cards (as scored at the end of a round) or round+3 (just after
// drawing). Without Melds the answer is the best lay-down; with Melds (nil
// means absent, [] is a lay-down of no meld) the declared lay-down is checked,
// with Discard required for a hand of round+3 cards, and LayOff the cards it
// lays off onto OutMelds.
//
// TookFromDiscard (a hand of round+3 cards) is the card taken from the
// discard pile this turn, which forbidImmediateRediscard keeps from being
// discarded. OutMelds are the melds of the player who went out, which
// allowLayOff lets the hand lay cards off onto.
type HandRequest struct {
	Round           int                `json:"round"`
	Hand            []string           `json:"hand"`
	Melds           [][]string         `json:"melds,omitempty"`
	Discard         *string            `json:"discard,omitempty"`
	LayOff          []WireLayOff       `json:"layOff,omitempty"`
	TookFromDiscard *string            `json:"tookFromDiscard,omitempty"`
	OutMelds        [][]string         `json:"outMelds,omitempty"`
	Rules           rulebook.JSONRules `json:"rules,omitempty"`
}

// WireLayOff is cards laid off onto out meld Meld (an index of outMelds).
type WireLayOff struct {
	Meld  int      `json:"meld"`
	Cards []string `json:"cards"`
}

// HandResponse answers a HandRequest.
type HandResponse struct {
	Wild       string        `json:"wild"`       // the round's wild rank, e.g. "6", "K"
	CardsDealt int           `json:"cardsDealt"` // round + 2
	MinPenalty int           `json:"minPenalty"`
	CanGoOut   bool          `json:"canGoOut"` // every card but the discard can be melded
	Best       WireLayDown   `json:"best"`
	Declared   *WireDeclared `json:"declared"` // null without melds
}

// WireLayDown is a lay-down in API notation. Discard is null for a hand of
// round+2 cards.
type WireLayDown struct {
	Melds    [][]string   `json:"melds"`
	LayOff   []WireLayOff `json:"layOff"`
	Leftover []string     `json:"leftover"`
	Discard  *string      `json:"discard"`
}

// WireDeclared is the verdict on a declared lay-down. Penalty counts the
// cards kept, those of an invalid meld included.
type WireDeclared struct {
	Valid      bool                     `json:"valid"`
	Violations []rulebook.WireViolation `json:"violations"`
	Penalty    int                      `json:"penalty"`
}

// AnswerHand answers POST /api/v1/fivecrowns/hand, its sentences said by
// say (in the answer's language): Judge decides,
// and the answer is written in API notation. Errors are Judge's.
func AnswerHand(req HandRequest, say rulebook.Speaker) (HandResponse, error) {
	j, err := Judge(req)
	if err != nil {
		return HandResponse{}, err
	}
	best := j.Best
	resp := HandResponse{
		Wild:       WildRank(j.Round).Label(),
		CardsDealt: CardsDealt(j.Round),
		MinPenalty: best.Penalty,
		CanGoOut:   best.CanGoOut,
		Best: WireLayDown{Melds: wireMelds(best.Melds), LayOff: wireLayOff(best.LayOff),
			Leftover: wireCards(best.Leftover), Discard: wireCard(best.Discard)},
	}
	if v := j.Verdict; v != nil {
		resp.Declared = &WireDeclared{Valid: v.Valid, Violations: rulebook.WireAll(v.Violations, say), Penalty: v.Penalty}
	}
	return resp, nil
}

// readTable reads tookFromDiscard and outMelds.
func readTable(req HandRequest, hand []Card, opts Options) (Table, error) {
	var t Table
	if req.TookFromDiscard != nil {
		c, err := ParseCard(*req.TookFromDiscard)
		if err != nil {
			return t, rulebook.Mistake("tookFromDiscard", "fcref.mistake.not.card", "Card", *req.TookFromDiscard)
		}
		if err := CheckTaken("tookFromDiscard", req.Round, hand, c); err != nil {
			return t, err
		}
		t.Taken = &c
	}
	for i, m := range req.OutMelds {
		cs, err := ParseCards(fmt.Sprintf("outMelds[%d]", i), m)
		if err != nil {
			return t, err
		}
		t.OutMelds = append(t.OutMelds, cs)
	}
	field := func(i int) string {
		if i < 0 {
			return "outMelds"
		}
		return fmt.Sprintf("outMelds[%d]", i)
	}
	if err := CheckOutMelds(field, req.Round, hand, t.OutMelds, opts); err != nil {
		return t, err
	}
	if req.OutMelds != nil {
		return t, checkOutCards(req.Round, t.OutMelds, opts)
	}
	return t, nil
}

// readLayOff reads the declared lay-offs, which need melds and name an out meld.
func readLayOff(req HandRequest, t Table) ([]LayOff, error) {
	if req.LayOff != nil && req.Melds == nil {
		return nil, rulebook.Mistake("layOff", "fcref.mistake.lay.off.read.only")
	}
	var out []LayOff
	for i, l := range req.LayOff {
		if l.Meld < 0 || l.Meld >= len(t.OutMelds) {
			return nil, rulebook.Mistake(fmt.Sprintf("layOff[%d].meld", i), "fcref.mistake.meld.not.one.out", "Meld", l.Meld, "OutMelds", len(t.OutMelds))
		}
		if len(l.Cards) == 0 {
			return nil, rulebook.Mistake(fmt.Sprintf("layOff[%d].cards", i), "fcref.mistake.lay.off.holds.least")
		}
		cs, err := ParseCards(fmt.Sprintf("layOff[%d].cards", i), l.Cards)
		if err != nil {
			return nil, err
		}
		out = append(out, LayOff{Meld: l.Meld, Cards: cs})
	}
	return out, nil
}

func wireLayOff(ls []LayOff) []WireLayOff {
	out := make([]WireLayOff, len(ls))
	for i, l := range ls {
		out[i] = WireLayOff{Meld: l.Meld, Cards: wireCards(l.Cards)}
	}
	return out
}

func wireCards(cs []Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

func wireMelds(ms [][]Card) [][]string {
	out := make([][]string, len(ms))
	for i, m := range ms {
		out[i] = wireCards(m)
	}
	return out
}

func wireCard(c *Card) *string {
	if c == nil {
		return nil
	}
	s := c.String()
	return &s
}
