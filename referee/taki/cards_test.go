package taki

import (
	"errors"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

func TestCompositionTotals112(t *testing.T) {
	total := 0
	for _, r := range Composition {
		total += r.Cards()
	}
	if total != DeckSize {
		t.Errorf("sum of Composition = %d, want %d", total, DeckSize)
	}
	// Deck() adds the seed's plain 2s, 2 per colour, to the derived 112.
	copies := 0
	for _, c := range Deck() {
		copies += Copies(c)
	}
	if copies != DeckSize+2*4 {
		t.Errorf("sum of Copies over Deck() = %d, want %d", copies, DeckSize+2*4)
	}
}

func TestDeckIsDistinctAndRoundTrips(t *testing.T) {
	deck := Deck()
	if len(deck) != 4*14+3 {
		t.Errorf("len(Deck()) = %d, want %d", len(deck), 4*14+3)
	}
	seen := map[Card]bool{}
	for _, c := range deck {
		if seen[c] {
			t.Errorf("Deck() lists %v twice", c)
		}
		seen[c] = true
		got, err := ParseCard(c.String())
		if err != nil || got != c {
			t.Errorf("ParseCard(%q) = %v, %v, want %v", c.String(), got, err, c)
		}
		if n := said(c.Name()); n.EN == "" || n.FR == "" || n.EN == "?" {
			t.Errorf("%v.Name() = %+v, want both languages", c, n)
		}
	}
	if deck[0].String() != "R1" || deck[1].String() != "R2" || deck[2].String() != "R3" || deck[len(deck)-1].String() != "CRAZY" {
		t.Errorf("Deck() runs %v %v %v … %v, want R1 R2 R3 … CRAZY", deck[0], deck[1], deck[2], deck[len(deck)-1])
	}
}

func TestParseCard(t *testing.T) {
	tests := []struct {
		in   string
		want string
		name string
	}{
		{"R5", "R5", "red 5"},
		{"r5", "R5", "red 5"},
		{" g+2 ", "G+2", "green +2"},
		{"BSTOP", "BSTOP", "blue Stop"},
		{"ydir", "YDIR", "yellow change of direction"},
		{"RPLUS", "RPLUS", "red Plus"},
		{"GTaki", "GTAKI", "green TAKI"},
		{"COLOR", "COLOR", "change of colour"},
		{"colour", "COLOR", "change of colour"},
		{"SuperTaki", "SUPERTAKI", "Super TAKI"},
		{"crazy", "CRAZY", "crazy card"},
		{"Y9", "Y9", "yellow 9"},
		{"R2", "R2", "red 2"},
		{"b2", "B2", "blue 2"},
	}
	for _, tt := range tests {
		c, err := ParseCard(tt.in)
		if err != nil {
			t.Errorf("ParseCard(%q) error %v", tt.in, err)
			continue
		}
		if c.String() != tt.want || said(c.Name()).EN != tt.name {
			t.Errorf("ParseCard(%q) = %s (%s), want %s (%s)", tt.in, c, said(c.Name()).EN, tt.want, tt.name)
		}
	}
}

func TestParseCardRejects(t *testing.T) {
	for _, in := range []string{"", "R0", "R10", "X5", "RCOLOR", "R", "5", "SUPER", "R+3", "RR5", "B+2X", "R:", "R/", "2", "C2"} {
		_, err := ParseCard(in)
		var ie *rulebook.InputError
		if !errors.As(err, &ie) {
			t.Errorf("ParseCard(%q) error = %v, want an *InputError", in, err)
			continue
		}
		if !says(ie).IsSentence() {
			t.Errorf("ParseCard(%q) message = %+v, want both languages", in, says(ie))
		}
	}
}

func TestCopies(t *testing.T) {
	tests := []struct {
		c    Card
		want int
	}{
		{Card{Colour: Red, Kind: Number, Value: 5}, 2},
		{Card{Colour: Red, Kind: Number, Value: 2}, 2},
		{Card{Colour: Yellow, Kind: Number, Value: 2}, 2},
		{Card{Kind: Number, Value: 2}, 0},
		{Card{Colour: Red, Kind: Number, Value: 0}, 0},
		{Card{Colour: Red, Kind: Number, Value: 10}, 0},
		{Card{Colour: Red, Kind: Plus2, Value: 2}, 0},
		{Card{Colour: Blue, Kind: Plus2}, 2},
		{Card{Kind: ChangeColour}, 4},
		{Card{Kind: SuperTaki}, 2},
		{Card{Kind: Crazy}, 2},
		{Card{Colour: Red, Kind: Crazy}, 0},
		{Card{Kind: Stop}, 0},
		{Card{}, 0},
	}
	for _, tt := range tests {
		if got := Copies(tt.c); got != tt.want {
			t.Errorf("Copies(%+v) = %d, want %d", tt.c, got, tt.want)
		}
	}
}
