// Package fivecrowns is the rule engine for Les Cinq Rois (Five Crowns):
// cards and their notation, the round's wild rank, card values, meld
// validation and an exact solver for the lowest penalty of a hand.
//
// It follows RULES.md §3: 116 cards (5 suits × 3..K, each twice, plus 6
// jokers), 11 rounds of 3…13 cards, the rank equal to the number of cards
// dealt is wild, and jokers are always wild.
package fivecrowns

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// Suit is one of the five suits. The zero Suit is "no suit", the joker's.
type Suit uint8

// The suits, in the order of the card picker (★ ♥ ♣ ♠ ♦).
const (
	NoSuit Suit = iota
	Stars
	Hearts
	Clubs
	Spades
	Diamonds
)

// Suits lists the five suits in picker order.
var Suits = [...]Suit{Stars, Hearts, Clubs, Spades, Diamonds}

var suitInfo = [...]struct{ letter, symbol string }{
	NoSuit:   {"", ""},
	Stars:    {"*", "★"},
	Hearts:   {"H", "♥"},
	Clubs:    {"C", "♣"},
	Spades:   {"S", "♠"},
	Diamonds: {"D", "♦"},
}

// Letter is the suit's letter in API notation: S, H, D, C or *.
func (s Suit) Letter() string { return suitInfo[s%6].letter }

// Symbol is the suit's printed symbol: ★ ♥ ♣ ♠ ♦.
func (s Suit) Symbol() string { return suitInfo[s%6].symbol }

// Name is the suit's name, from the message files ("stars", "étoile").
func (s Suit) Name() rulebook.Msg {
	switch s {
	case Stars:
		return rulebook.Say("fcref.suit.stars")
	case Hearts:
		return rulebook.Say("fcref.suit.hearts")
	case Clubs:
		return rulebook.Say("fcref.suit.clubs")
	case Spades:
		return rulebook.Say("fcref.suit.spades")
	case Diamonds:
		return rulebook.Say("fcref.suit.diamonds")
	}
	return rulebook.Msg{}
}

// Rank is a card's rank: 3…10, Jack (11), Queen (12), King (13), or
// JokerRank. The zero Rank is not a card.
type Rank uint8

// The named ranks.
const (
	Three     Rank = 3
	Ten       Rank = 10
	Jack      Rank = 11
	Queen     Rank = 12
	King      Rank = 13
	JokerRank Rank = 14
)

// Label is the rank as written on the card and in API notation: "3"…"10",
// "J", "Q", "K", or "JK" for the joker.
func (r Rank) Label() string {
	switch {
	case r >= Three && r <= Ten:
		return fmt.Sprint(int(r))
	case r == Jack:
		return "J"
	case r == Queen:
		return "Q"
	case r == King:
		return "K"
	case r == JokerRank:
		return "JK"
	}
	return "?"
}

// Name is the rank's name, from the message files: "7", "jack" ("valet"),
// "joker".
func (r Rank) Name() rulebook.Msg {
	switch r {
	case Jack:
		return rulebook.Say("fcref.rank.jack")
	case Queen:
		return rulebook.Say("fcref.rank.queen")
	case King:
		return rulebook.Say("fcref.rank.king")
	case JokerRank:
		return rulebook.Say("fcref.card.joker")
	}
	return rulebook.Say("fcref.rank.number", "Rank", r.Label())
}

// Card is one card kind. A joker is Card{Rank: JokerRank}; any other valid
// card has a rank 3…13 and a suit. Two physical copies of a card compare equal.
type Card struct {
	Rank Rank
	Suit Suit
}

// Joker is the joker card.
var Joker = Card{Rank: JokerRank}

// IsJoker reports whether c is a joker.
func (c Card) IsJoker() bool { return c.Rank == JokerRank }

// Valid reports whether c is a card of the game.
func (c Card) Valid() bool {
	if c.IsJoker() {
		return c.Suit == NoSuit
	}
	return c.Rank >= Three && c.Rank <= King && c.Suit >= Stars && c.Suit <= Diamonds
}

// String gives the API notation: "10H", "QS", "4*", "JK".
func (c Card) String() string {
	if c.IsJoker() {
		return "JK"
	}
	return c.Rank.Label() + c.Suit.Letter()
}

// Display gives the card as printed for players: "10♥", "4★", "Joker".
func (c Card) Display() string {
	if c.IsJoker() {
		return "Joker"
	}
	return c.Rank.Label() + c.Suit.Symbol()
}

// Name is the card's name, from the message files: "jack of hearts"
// ("valet de cœur"), "joker".
func (c Card) Name() rulebook.Msg {
	if c.IsJoker() {
		return rulebook.Say("fcref.card.joker")
	}
	return rulebook.Say("fcref.card", "Rank", c.Rank.Name(), "Suit", c.Suit.Name())
}

// Index numbers the 56 card kinds 0…55 in picker order (the order of Deck):
// suit by suit (★ ♥ ♣ ♠ ♦), 3 to K within a suit, the joker last.
// It returns -1 for an invalid card.
func (c Card) Index() int {
	if !c.Valid() {
		return -1
	}
	if c.IsJoker() {
		return 55
	}
	return int(c.Suit-Stars)*11 + int(c.Rank-Three)
}

// Kinds is the number of distinct card kinds.
const Kinds = 56

// Deck returns the 56 distinct card kinds in picker order: each suit in
// ★ ♥ ♣ ♠ ♦ order from 3 to K, then the joker. Each suited kind exists twice
// in the game and the joker six times (see Copies).
func Deck() []Card {
	out := make([]Card, 0, Kinds)
	for _, s := range Suits {
		for r := Three; r <= King; r++ {
			out = append(out, Card{Rank: r, Suit: s})
		}
	}
	return append(out, Joker)
}

// Copies is how many physical cards of kind c the game holds: 2 for a suited
// card, 6 for the joker, 0 for an invalid card.
func Copies(c Card) int {
	switch {
	case !c.Valid():
		return 0
	case c.IsJoker():
		return 6
	}
	return 2
}

// ErrBadCard is wrapped by ParseCard's errors.
var ErrBadCard = errors.New("fivecrowns: not a card")

// ParseCard reads API notation: <rank><suit> with rank 3…10, J, Q, K and
// suit S, H, D, C or * (or ♠ ♥ ♦ ♣ ★), or JK for a joker, in any case and
// with surrounding spaces ignored. It returns an error wrapping ErrBadCard
// for anything else.
func ParseCard(s string) (Card, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	if t == "JK" || t == "JOKER" {
		return Joker, nil
	}
	for _, suit := range Suits {
		for _, mark := range []string{suit.Letter(), suit.Symbol()} {
			label, ok := strings.CutSuffix(t, mark)
			if !ok {
				continue
			}
			for r := Three; r <= King; r++ {
				if r.Label() == label {
					return Card{Rank: r, Suit: suit}, nil
				}
			}
		}
	}
	return Card{}, fmt.Errorf("%w: %q", ErrBadCard, s)
}
