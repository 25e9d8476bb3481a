package taki

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

// DeckSize is the number of cards in the box.
const DeckSize = 112

// Copies returns how many copies of c the deck holds: 0 for a card that does
// not exist (a 2, a coloured COLOR, a colourless 5…).
func Copies(c Card) int {
	for _, r := range Composition {
		if r.Kind != c.Kind {
			continue
		}
		if c.Kind.Colourless() {
			if c.Colour != NoColour || c.Value != 0 {
				return 0
			}
			return r.Copies
		}
		if c.Colour < Red || c.Colour > Yellow {
			return 0
		}
		if c.Kind != Number {
			if c.Value != 0 {
				return 0
			}
			return r.PerColour
		}
		for _, v := range r.Values {
			if v == c.Value {
				return r.PerColour
			}
		}
		return 0
	}
	return 0
}

// Deck lists every distinct card once, in the order a card picker shows
// them: by colour (red, green, blue, yellow), each colour's numbers then its
// actions, then the colourless cards.
func Deck() []Card {
	var out []Card
	for _, col := range Colours {
		for _, r := range Composition {
			if r.Kind.Colourless() {
				continue
			}
			if r.Kind == Number {
				for _, v := range r.Values {
					out = append(out, Card{Colour: col, Kind: Number, Value: v})
				}
				continue
			}
			out = append(out, Card{Colour: col, Kind: r.Kind})
		}
	}
	for _, r := range Composition {
		if r.Kind.Colourless() {
			out = append(out, Card{Kind: r.Kind})
		}
	}
	return out
}
