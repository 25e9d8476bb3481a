package views

import "testing"

func TestCardNameLeadsWithWhatTheCardShows(t *testing.T) {
	for _, tt := range []struct{ label, name, want string }{
		{"7♥", "7 of hearts", "7 of hearts"},
		{"Q♥", "queen of hearts", "Q♥ queen of hearts"},
		{"D♥", "dame de cœur", "D♥ dame de cœur"},
		{"Joker", "joker", "joker"},
		{"+2", "red +2", "red +2"},
		{"STOP", "blue stop", "blue stop"},
	} {
		if got := CardName(tt.label, tt.name); got != tt.want {
			t.Errorf("CardName(%q, %q) = %q, want %q", tt.label, tt.name, got, tt.want)
		}
	}
}
