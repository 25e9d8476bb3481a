// Package taki referees TAKI (Haim Shafir, French Gigamic edition, 112
// cards): the cards and their notation, the state of the table, one turn's
// legality and effects, and which cards of a hand may start a turn.
//
// The specification is RULES.md §4; rule ids are "taki.<name>" and house
// rules are the §4.7 TOGGLEs without the "taki." prefix.
package taki

import (
	"strings"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// Colour is a card colour, or NoColour for the colourless cards (and, in a
// state, for a colour that is not fixed yet).
type Colour uint8

// The four colours, in picker order.
const (
	NoColour Colour = iota
	Red
	Green
	Blue
	Yellow
)

// Colours lists the four colours in picker order.
var Colours = [4]Colour{Red, Green, Blue, Yellow}

// Letter is the API's letter for the colour ("R", "G", "B", "Y"), "" for none.
func (c Colour) Letter() string {
	return [...]string{"", "R", "G", "B", "Y"}[c]
}

// Name is the colour's name for players (nothing for NoColour), as the
// colour itself and in the cards' names ("le 5 vert"): the masculine in
// French.
func (c Colour) Name() rulebook.Msg {
	switch c {
	case Red:
		return rulebook.Say("taki.colour.red")
	case Green:
		return rulebook.Say("taki.colour.green")
	case Blue:
		return rulebook.Say("taki.colour.blue")
	case Yellow:
		return rulebook.Say("taki.colour.yellow")
	}
	return rulebook.Msg{}
}

// agreed is the colour agreeing with a feminine noun such as "carte" or
// "série", one or several ("une carte verte", "des cartes bleues"): the
// French feminine, the name alone in English.
func (c Colour) agreed(plural bool) rulebook.Msg {
	switch {
	case c == Red && plural:
		return rulebook.Say("taki.colour.red.fp")
	case c == Red:
		return rulebook.Say("taki.colour.red.f")
	case c == Green && plural:
		return rulebook.Say("taki.colour.green.fp")
	case c == Green:
		return rulebook.Say("taki.colour.green.f")
	case c == Blue && plural:
		return rulebook.Say("taki.colour.blue.fp")
	case c == Blue:
		return rulebook.Say("taki.colour.blue.f")
	case c == Yellow && plural:
		return rulebook.Say("taki.colour.yellow.fp")
	case c == Yellow:
		return rulebook.Say("taki.colour.yellow.f")
	}
	return rulebook.Msg{}
}

// ParseColour reads a colour letter or English name, case-insensitively.
// It reports false for anything else, including "".
func ParseColour(s string) (Colour, bool) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "R", "RED":
		return Red, true
	case "G", "GREEN":
		return Green, true
	case "B", "BLUE":
		return Blue, true
	case "Y", "YELLOW":
		return Yellow, true
	}
	return NoColour, false
}

// Kind is what a card does.
type Kind uint8

// The kinds of card, in picker order: coloured kinds first, then colourless.
const (
	Number       Kind = iota // 1…9; the plain 2 is SeedOnly (the derived deck's +2 stands in its slot)
	Plus2                    // +2: the next player draws 2 or answers with a +2 (TK-R3)
	Stop                     // Passer: the next player loses his turn (TK-R4)
	Direction                // Changement de sens (TK-R5)
	Plus                     // Plus: must be followed by a card of its colour (TK-R9)
	Taki                     // TAKI: play any number of cards of its colour (TK-R7)
	ChangeColour             // Changement de couleur, colourless (TK-R6)
	SuperTaki                // Super TAKI, colourless (TK-R8)
	Crazy                    // Carte folle, colourless (TK-R11)
)

// Colourless reports whether cards of this kind have no colour.
func (k Kind) Colourless() bool { return k >= ChangeColour }

// IsAction reports whether the kind is an action card (everything but a
// number; the seed counts the +2 among the actions).
func (k Kind) IsAction() bool { return k != Number }

var symbols = [...]string{"", "+2", "STOP", "DIR", "PLUS", "TAKI", "COLOR", "SUPERTAKI", "CRAZY"}

// Card is one TAKI card. The zero Card is not a card; build cards with
// ParseCard or as composite literals that satisfy Valid.
type Card struct {
	Colour Colour // NoColour exactly for colourless kinds
	Kind   Kind
	Value  int // 1…9 for a Number, 0 otherwise
}

// Valid reports whether the card exists in the deck.
func (c Card) Valid() bool { return Copies(c) > 0 }

// String is the API's canonical notation: "R5", "R2", "G+2", "BSTOP", "YDIR",
// "RPLUS", "GTAKI", "COLOR", "SUPERTAKI", "CRAZY".
func (c Card) String() string {
	if c.Kind.Colourless() {
		return symbols[c.Kind]
	}
	if c.Kind == Number {
		return c.Colour.Letter() + string(rune('0'+c.Value))
	}
	return c.Colour.Letter() + symbols[c.Kind]
}

// Name is the card as players say it ("red 5" / "5 rouge", "green Stop" /
// "Passer vert").
func (c Card) Name() rulebook.Msg {
	col := c.Colour.Name()
	switch c.Kind {
	case Number:
		return rulebook.Say("taki.card.number", "Colour", col, "Value", string(rune('0'+c.Value)))
	case Plus2:
		return rulebook.Say("taki.card.plus2", "Colour", col)
	case Stop:
		return rulebook.Say("taki.card.stop", "Colour", col)
	case Direction:
		return rulebook.Say("taki.card.direction", "Colour", col)
	case Plus:
		return rulebook.Say("taki.card.plus", "Colour", col)
	case Taki:
		return rulebook.Say("taki.card.taki", "Colour", col)
	case ChangeColour:
		return rulebook.Say("taki.card.changecolour")
	case SuperTaki:
		return rulebook.Say("taki.card.supertaki")
	case Crazy:
		return rulebook.Say("taki.card.crazy")
	}
	return rulebook.Say("taki.card.unknown")
}

// ParseCard reads the API notation, case-insensitively ("r5", "R2", "G+2",
// "bstop"); "COLOUR" is accepted for "COLOR". It returns an *rulebook.InputError
// with an empty Field (the caller sets it) for anything that is not a card.
func ParseCard(s string) (Card, error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	switch u {
	case "COLOR", "COLOUR":
		return Card{Kind: ChangeColour}, nil
	case "SUPERTAKI":
		return Card{Kind: SuperTaki}, nil
	case "CRAZY":
		return Card{Kind: Crazy}, nil
	}
	if len(u) >= 2 {
		if col, ok := ParseColour(u[:1]); ok {
			rest := u[1:]
			for k := Plus2; k <= Taki; k++ {
				if rest == symbols[k] {
					return Card{Colour: col, Kind: k}, nil
				}
			}
			if len(rest) == 1 {
				if c := (Card{Colour: col, Kind: Number, Value: int(rest[0]) - '0'}); c.Valid() {
					return c, nil
				}
			}
		}
	}
	return Card{}, rulebook.Mistake("", "taki.mistake.not.taki.card.examples", "Card", s)
}

// parseAt is ParseCard with the error's Field set to field.
func parseAt(s, field string) (Card, error) {
	c, err := ParseCard(s)
	if err != nil {
		ie := err.(*rulebook.InputError)
		ie.Field = field
		return c, ie
	}
	return c, nil
}
