package taki

import "slices"

// Row is one line of the deck composition (RULES.md §4.1 table): a kind of
// card and how many copies the deck holds.
type Row struct {
	Kind      Kind
	Values    []int // the numbers printed, for Kind == Number only
	PerColour int   // copies of each card in each colour (coloured kinds)
	Copies    int   // copies in all (colourless kinds)
}

// Cards is how many cards the row puts in the deck.
func (r Row) Cards() int {
	if r.Kind.Colourless() {
		return r.Copies
	}
	n := r.PerColour * len(Colours)
	if r.Kind == Number {
		n *= len(r.Values)
	}
	return n
}

// copies is how many copies of c the row holds: 0 when c is not in it.
func (r Row) copies(c Card) int {
	switch {
	case r.Kind != c.Kind:
		return 0
	case c.Kind.Colourless():
		if c.Colour != NoColour || c.Value != 0 {
			return 0
		}
		return r.Copies
	case c.Colour < Red || c.Colour > Yellow:
		return 0
	case c.Kind != Number:
		if c.Value != 0 {
			return 0
		}
		return r.PerColour
	case slices.Contains(r.Values, c.Value):
		return r.PerColour
	}
	return 0
}

// Composition is the 112-card deck as RULES.md §4.1 derives it. The split of
// the colourless cards (4 / 2 / 2) is unconfirmed (TK-A1), which is why it is
// data: correct it here and every count, check and picker follows.
var Composition = []Row{
	{Kind: Number, Values: []int{1, 3, 4, 5, 6, 7, 8, 9}, PerColour: 2},
	{Kind: Plus2, PerColour: 2},
	{Kind: Stop, PerColour: 2},
	{Kind: Direction, PerColour: 2},
	{Kind: Plus, PerColour: 2},
	{Kind: Taki, PerColour: 2},
	{Kind: ChangeColour, Copies: 4},
	{Kind: SuperTaki, Copies: 2},
	{Kind: Crazy, Copies: 2},
}

// SeedOnly are the cards the seed lists that the derived composition has
// not: the plain 2, since the sheet gives «cartes Chiffre : 2 de chaque
// valeur (1-9) dans chaque couleur» (RULES.md §4.1). A player may hold one, so
// the referee and the scorer accept it, worth 2 points, with 2 copies per
// colour like every coloured card; it is not counted in DeckSize, and a group
// whose box has no plain 2 simply never enters one.
var SeedOnly = []Row{
	{Kind: Number, Values: []int{2}, PerColour: 2},
}

// allRows are every row a card may come from: the composition, then
// SeedOnly (joined once: Copies runs for every card checked).
var allRows = slices.Concat(Composition, SeedOnly)

func rows() []Row { return allRows }

// DeckSize is the number of cards in the box.
const DeckSize = 112

// Copies returns how many copies of c may be in sight: 0 for a card that
// does not exist (a coloured COLOR, a colourless 5, a 0…).
func Copies(c Card) int {
	for _, r := range rows() {
		if n := r.copies(c); n > 0 {
			return n
		}
	}
	return 0
}

// Deck lists every distinct card a player may hold once (SeedOnly's plain 2s
// included), in the order a card picker shows them: by colour (red, green,
// blue, yellow), each colour's numbers in order then its actions, then the
// colourless cards.
func Deck() []Card {
	var nums []int
	for _, r := range rows() {
		if r.Kind == Number {
			nums = append(nums, r.Values...)
		}
	}
	slices.Sort(nums)
	var out []Card
	for _, col := range Colours {
		for _, v := range slices.Compact(nums) {
			out = append(out, Card{Colour: col, Kind: Number, Value: v})
		}
		for _, r := range rows() {
			if !r.Kind.Colourless() && r.Kind != Number {
				out = append(out, Card{Colour: col, Kind: r.Kind})
			}
		}
	}
	for _, r := range rows() {
		if r.Kind.Colourless() {
			out = append(out, Card{Kind: r.Kind})
		}
	}
	return out
}
