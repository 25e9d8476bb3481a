package fivecrowns

import (
	"fmt"

	"github.com/tablekeeper/tablekeeper/referee"
)

// HandRequest is the body of POST /api/v1/fivecrowns/hand. Hand holds
// round+2 cards (as scored at the end of a round) or round+3 (just after
// drawing). Without Melds the answer is the best lay-down; with Melds (nil
// means absent, [] is a lay-down of no meld) the declared lay-down is checked,
// with Discard required for a hand of round+3 cards.
type HandRequest struct {
	Round   int               `json:"round"`
	Hand    []string          `json:"hand"`
	Melds   [][]string        `json:"melds,omitempty"`
	Discard *string           `json:"discard,omitempty"`
	Rules   referee.JSONRules `json:"rules,omitempty"`
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
	Melds    [][]string `json:"melds"`
	Leftover []string   `json:"leftover"`
	Discard  *string    `json:"discard"`
}

// WireDeclared is the verdict on a declared lay-down. Penalty counts the
// cards kept, those of an invalid meld included.
type WireDeclared struct {
	Valid      bool                    `json:"valid"`
	Violations []referee.WireViolation `json:"violations"`
	Penalty    int                     `json:"penalty"`
}

// AnswerHand answers POST /api/v1/fivecrowns/hand in lang. It returns an
// *referee.InputError, and no other error, for a round outside 1…11, an
// unknown card, a hand that holds a suited card more than twice or more than
// six jokers, a hand of the wrong size for the round, a discard given with a
// hand already after its discard or without melds, or an unknown house rule;
// Field is the JSON path ("hand[3]", "melds[1][0]", "discard", "rules.x").
func AnswerHand(req HandRequest, lang string) (HandResponse, error) {
	settings, err := referee.Resolve(HouseRules, req.Rules)
	if err != nil {
		return HandResponse{}, err
	}
	opts := OptionsFrom(settings)
	if !ValidRound(req.Round) {
		return HandResponse{}, referee.Invalid("round",
			fmt.Sprintf("The round must be 1 to 11, not %d.", req.Round),
			fmt.Sprintf("La manche doit être comprise entre 1 et 11, pas %d.", req.Round))
	}
	if req.Hand == nil {
		return HandResponse{}, referee.Invalid("hand", "The hand is missing.", "La main est absente.")
	}
	hand, err := ParseCards("hand", req.Hand)
	if err != nil {
		return HandResponse{}, err
	}
	if err := CheckCards("hand", hand); err != nil {
		return HandResponse{}, err
	}
	if err := CheckHandSize("hand", req.Round, len(hand)); err != nil {
		return HandResponse{}, err
	}
	afterDraw := len(hand) == CardsDealt(req.Round)+1
	var discard *Card
	if req.Discard != nil {
		if req.Melds == nil {
			return HandResponse{}, referee.Invalid("discard",
				"A discard is read only with the melds it goes with.",
				"La défausse n'est lue qu'avec les combinaisons qui l'accompagnent.")
		}
		if !afterDraw {
			return HandResponse{}, referee.Invalid("discard",
				fmt.Sprintf("A hand of %d cards in round %d is already after its discard.", len(hand), req.Round),
				fmt.Sprintf("Une main de %d cartes à la manche %d a déjà défaussé.", len(hand), req.Round))
		}
		c, err := ParseCard(*req.Discard)
		if err != nil {
			return HandResponse{}, referee.Invalid("discard",
				fmt.Sprintf("%q is not a Five Crowns card.", *req.Discard),
				fmt.Sprintf("« %s » n'est pas une carte des Cinq Rois.", *req.Discard))
		}
		discard = &c
	}
	var melds [][]Card
	for i, m := range req.Melds {
		cs, err := ParseCards(fmt.Sprintf("melds[%d]", i), m)
		if err != nil {
			return HandResponse{}, err
		}
		melds = append(melds, cs)
	}

	best := Solve(req.Round, hand, opts)
	resp := HandResponse{
		Wild:       WildRank(req.Round).Label(),
		CardsDealt: CardsDealt(req.Round),
		MinPenalty: best.Penalty,
		CanGoOut:   best.CanGoOut,
		Best:       WireLayDown{Melds: wireMelds(best.Melds), Leftover: wireCards(best.Leftover), Discard: wireCard(best.Discard)},
	}
	if req.Melds != nil {
		v := CheckLayDown(req.Round, hand, melds, discard, opts)
		resp.Declared = &WireDeclared{Valid: v.Valid, Violations: referee.WireAll(v.Violations, lang), Penalty: v.Penalty}
	}
	return resp, nil
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
