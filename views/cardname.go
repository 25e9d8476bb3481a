package views

import (
	"strings"
	"unicode"
)

// CardName is a card button's accessible name: its spoken name, led by
// what the card shows when the name does not already say it ("Q♥ queen of
// hearts", but "7 of hearts"), so that a player who taps by voice can say
// what he sees (WCAG 2.5.3, label in name).
func CardName(label, name string) string {
	shown := strings.ToLower(strings.TrimFunc(label, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }))
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if w == shown {
			return name
		}
	}
	if shown == "" {
		return name
	}
	return label + " " + name
}
