package fivecrowns

import (
	"testing"

	fc "github.com/tablekeeper/tablekeeper/referee/fivecrowns"
)

// The picker decks mark each round's wild cards, in each language, the same
// as marking a fresh copy; a kept round's deck is one deck shared by every
// form, clipped so that no form can append into it.
func TestWildDecksMarkEachRoundsWildCards(t *testing.T) {
	for _, lang := range []string{"en", "fr", "de"} {
		for r := -1; r <= keptWildRounds+1; r++ {
			d, again := wildDeck(lang, r), wildDeck(lang, r)
			want := pickerDeck(lang)
			if len(d) != len(want) || cap(d) != len(d) {
				t.Fatalf("%s round %d: %d cards (capacity %d), want %d", lang, r, len(d), cap(d), len(want))
			}
			for i, c := range fc.Deck() {
				if d[i].Code != want[i].Code || d[i].Label != want[i].Label || d[i].Wild != c.IsWild(r) {
					t.Fatalf("%s round %d: card %d is %+v, want %s wild=%v", lang, r, i, d[i], want[i].Code, c.IsWild(r))
				}
			}
			if kept := r >= 0 && r < keptWildRounds; kept != (&d[0] == &again[0]) {
				t.Errorf("%s round %d: shared %v, want %v", lang, r, !kept, kept)
			}
		}
	}
}
