package fivecrowns

import (
	"errors"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

func TestParseCard(t *testing.T) {
	tests := []struct {
		in   string
		want Card
	}{
		{"3S", Card{3, Spades}},
		{"10h", Card{10, Hearts}},
		{"jd", Card{Jack, Diamonds}},
		{"QC", Card{Queen, Clubs}},
		{"K*", Card{King, Stars}},
		{"JK", Joker},
		{"jk", Joker},
		{"7♠", Card{7, Spades}},
		{"7♥", Card{7, Hearts}},
		{"7♦", Card{7, Diamonds}},
		{"7♣", Card{7, Clubs}},
		{"q★", Card{Queen, Stars}},
		{" 4* ", Card{4, Stars}},
	}
	for _, tt := range tests {
		got, err := ParseCard(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseCard(%q) = %v, %v, want %v", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "2S", "AS", "1S", "11S", "KX", "K", "S", "JKS", "10", "0xS", "♠"} {
		if c, err := ParseCard(bad); !errors.Is(err, ErrBadCard) {
			t.Errorf("ParseCard(%q) = %v, %v, want ErrBadCard", bad, c, err)
		}
	}
}

func TestCardStringRoundTrip(t *testing.T) {
	deck := Deck()
	if len(deck) != Kinds {
		t.Fatalf("len(Deck()) = %d, want %d", len(deck), Kinds)
	}
	for i, c := range deck {
		if c.Index() != i {
			t.Errorf("Deck()[%d].Index() = %d, want %d", i, c.Index(), i)
		}
		back, err := ParseCard(c.String())
		if err != nil || back != c {
			t.Errorf("ParseCard(%q) = %v, %v, want %v", c.String(), back, err, c)
		}
		back, err = ParseCard(c.Display())
		if !c.IsJoker() && (err != nil || back != c) {
			t.Errorf("ParseCard(%q) = %v, %v, want %v", c.Display(), back, err, c)
		}
	}
	if deck[0] != (Card{3, Stars}) || deck[11] != (Card{3, Hearts}) || deck[55] != Joker {
		t.Errorf("Deck() order = %v…, want stars, hearts, clubs, spades, diamonds, joker", deck[:12])
	}
}

// TestNames: a card's notation and printed face; its name is a message of
// the message files (said in games/fivecrowns' TestCardNamesAreSaid).
func TestNames(t *testing.T) {
	tests := []struct {
		c        Card
		name     string
		str, sym string
	}{
		{Card{Jack, Hearts}, "fcref.card", "JH", "J♥"},
		{Card{Queen, Spades}, "fcref.card", "QS", "Q♠"},
		{Card{King, Diamonds}, "fcref.card", "KD", "K♦"},
		{Card{7, Clubs}, "fcref.card", "7C", "7♣"},
		{Card{10, Stars}, "fcref.card", "10*", "10★"},
		{Joker, "fcref.card.joker", "JK", "Joker"},
	}
	for _, tt := range tests {
		if got := tt.c.Name().ID; got != tt.name {
			t.Errorf("%v.Name() = %q, want %q", tt.c, got, tt.name)
		}
		if got := tt.c.String(); got != tt.str {
			t.Errorf("%v.String() = %q, want %q", tt.c, got, tt.str)
		}
		if got := tt.c.Display(); got != tt.sym {
			t.Errorf("%v.Display() = %q, want %q", tt.c, got, tt.sym)
		}
	}
}

func TestRoundHelpers(t *testing.T) {
	tests := []struct {
		round, dealt int
		wild         Rank
	}{{1, 3, 3}, {4, 6, 6}, {6, 8, 8}, {8, 10, 10}, {9, 11, Jack}, {10, 12, Queen}, {11, 13, King}}
	for _, tt := range tests {
		if got := CardsDealt(tt.round); got != tt.dealt {
			t.Errorf("CardsDealt(%d) = %d, want %d", tt.round, got, tt.dealt)
		}
		if got := WildRank(tt.round); got != tt.wild {
			t.Errorf("WildRank(%d) = %v, want %v", tt.round, got, tt.wild)
		}
	}
	for _, r := range []int{0, 12, -1} {
		if ValidRound(r) {
			t.Errorf("ValidRound(%d) = true, want false", r)
		}
	}
}

func TestValue(t *testing.T) {
	tests := []struct {
		round int
		c     Card
		want  int
		wild  bool
	}{
		{5, Joker, 50, true},
		{5, Card{7, Hearts}, 20, true},
		{5, Card{King, Clubs}, 13, false},
		{5, Card{4, Stars}, 4, false},
		{11, Card{King, Spades}, 20, true},
		{11, Card{Queen, Hearts}, 12, false},
		{9, Card{Jack, Hearts}, 20, true},
		{1, Card{Jack, Hearts}, 11, false},
		{1, Card{3, Hearts}, 20, true},
	}
	for _, tt := range tests {
		if got := tt.c.Value(tt.round); got != tt.want {
			t.Errorf("%v.Value(%d) = %d, want %d", tt.c, tt.round, got, tt.want)
		}
		if got := tt.c.IsWild(tt.round); got != tt.wild {
			t.Errorf("%v.IsWild(%d) = %v, want %v", tt.c, tt.round, got, tt.wild)
		}
	}
}

func TestCheckCards(t *testing.T) {
	js := func(n int) []Card {
		out := make([]Card, n)
		for i := range out {
			out[i] = Joker
		}
		return out
	}
	k := Card{King, Hearts}
	tests := []struct {
		name      string
		cards     []Card
		wantField string
	}{
		{"two of a card is fine", []Card{k, k}, ""},
		{"six jokers are fine", js(6), ""},
		{"a card three times", []Card{k, Joker, k, k}, "hand[3]"},
		{"seven jokers", js(7), "hand[6]"},
		{"not a card", []Card{{2, Hearts}}, "hand[0]"},
	}
	for _, tt := range tests {
		err := CheckCards("hand", tt.cards)
		var ie *rulebook.InputError
		switch {
		case tt.wantField == "" && err != nil:
			t.Errorf("%s: CheckCards(%v) = %v, want nil", tt.name, tt.cards, err)
		case tt.wantField != "" && (!errors.As(err, &ie) || ie.Field != tt.wantField):
			t.Errorf("%s: CheckCards(%v) = %v, want field %q", tt.name, tt.cards, err, tt.wantField)
		}
	}
}
