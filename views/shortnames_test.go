package views

import (
	"strings"
	"testing"
)

// A big table's column heads: short, each told apart, the whole name when
// it is short already.
func TestShortNames(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Anne-Sophie Ben Anne-Charlotte Dimitri Éloïse Fatima Gaspard", "AS Ben AC Dim Élo Fat Gas"},
		{"Ana Anabelle Anaïs", "Ana Anab Anaï"},
		{"Ben Benoît Bo", "Ben Beno Bo"},
		{"Marie Mario", "Marie Mario"},
		{"Li", "Li"},
	} {
		got := strings.Join(shortNames(strings.Fields(c.in)), " ")
		if got != c.want {
			t.Errorf("shortNames(%s) = %s, want %s", c.in, got, c.want)
		}
	}
	// Same initials and first part: cut where they differ.
	if got := strings.Join(shortNames([]string{"Jean-Paul", "Jean-Pierre"}), " "); got != "Jean-Pa Jean-Pi" {
		t.Errorf("Jean-Paul and Jean-Pierre read %s, want Jean-Pa Jean-Pi", got)
	}
}
