package handlers

import (
	"testing"

	fc "github.com/tablekeeper/tablekeeper/referee/fivecrowns"
)

// The shared picker decks mark each round's wild cards, in each language,
// kept or not: the same as marking a fresh copy.
func TestWildDecksMarkEachRoundsWildCards(t *testing.T) {
	for _, lang := range []string{"en", "fr", "de"} {
		for r := -1; r <= maxKeptDeckRound+2; r++ {
			for pass := range 2 { // built, then kept
				d := wildDeck(lang, r)
				want := pickerDeck(lang)
				if len(d) != len(want) {
					t.Fatalf("%s round %d: %d cards, want %d", lang, r, len(d), len(want))
				}
				for i, c := range fc.Deck() {
					if d[i].Code != want[i].Code || d[i].Label != want[i].Label || d[i].Wild != c.IsWild(r) {
						t.Fatalf("%s round %d (pass %d): card %d is %+v, want %s wild=%v", lang, r, pass, i, d[i], want[i].Code, c.IsWild(r))
					}
				}
			}
		}
	}
}
