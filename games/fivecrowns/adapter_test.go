package fivecrowns

import (
	"fmt"
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

// The picker names each card as a player says it, from the message files,
// in each language (a screen reader reads these names on every button).
func TestCardNamesAreSaid(t *testing.T) {
	tests := []struct {
		c      fc.Card
		en, fr string
	}{
		{fc.Card{Rank: fc.Jack, Suit: fc.Hearts}, "jack of hearts", "valet de cœur"},
		{fc.Card{Rank: fc.Queen, Suit: fc.Spades}, "queen of spades", "dame de pique"},
		{fc.Card{Rank: fc.King, Suit: fc.Diamonds}, "king of diamonds", "roi de carreau"},
		{fc.Card{Rank: 7, Suit: fc.Clubs}, "7 of clubs", "7 de trèfle"},
		{fc.Card{Rank: 10, Suit: fc.Stars}, "10 of stars", "10 d'étoile"},
		{fc.Joker, "joker", "joker"},
	}
	for _, tt := range tests {
		for lang, want := range map[string]string{"en": tt.en, "fr": tt.fr} {
			if got := cardLook(tt.c, lang, false).Name; got != want {
				t.Errorf("%v in %s: %q, want %q", tt.c, lang, got, want)
			}
		}
	}
	suits := fcSuits("fr", pickerDeck("fr"), nil)
	var names []string
	for _, s := range suits {
		names = append(names, s.Name)
	}
	if got, want := fmt.Sprint(names), "[étoile cœur trèfle pique carreau joker]"; got != want {
		t.Errorf("the French picker's rows: %s, want %s", got, want)
	}
}
