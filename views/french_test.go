package views

import (
	"testing"
	"time"
)

// French elides "de" and "que" before a name that begins with a vowel or a
// mute h, as a French player writes it, and leaves the other names alone;
// English is as written.
func TestFrenchElidesBeforeAName(t *testing.T) {
	tr, err := NewTranslator()
	if err != nil {
		t.Fatal(err)
	}
	fr := WithEnv(t.Context(), tr.NewEnv("fr", "/", "", "", ""))
	en := WithEnv(t.Context(), tr.NewEnv("en", "/", "", "", ""))
	for name, want := range map[string]string{
		"Ana":    "Points d'Ana",
		"Inès":   "Points d'Inès",
		"Hugo":   "Points d'Hugo",
		"Élodie": "Points d'Élodie",
		"Bob":    "Points de Bob",
		"Yves":   "Points d'Yves",
	} {
		for range 2 { // asked again: the kept message reads the same
			if got := T(fr, "entry.points", "Name", name); got != want {
				t.Errorf("fr %s: %q, want %q", name, got, want)
			}
		}
	}
	if got := T(en, "entry.points", "Name", "Ana"); got != "Ana's points" {
		t.Errorf("en: %q", got)
	}
	if got := elide("Le monde Ana, de Ana", []string{"Ana"}); got != "Le monde Ana, d'Ana" {
		t.Errorf("elide inside a word: %q", got)
	}
}

// French writes the first of the month "1er": "1er janv. 2026".
func TestFrenchFirstOfTheMonth(t *testing.T) {
	first := time.Date(2026, time.January, 1, 20, 15, 0, 0, time.UTC)
	second := time.Date(2026, time.January, 2, 20, 15, 0, 0, time.UTC)
	for _, c := range []struct{ got, want string }{
		{DayText("fr", first), "1er janv. 2026"},
		{ShortDay("fr", first), "1er janv."},
		{HumanTime(first, "fr"), "1er janv. 2026, 20:15"},
		{DayText("fr", second), "2 janv. 2026"},
		{DayText("en", first), "1 Jan 2026"},
		{HumanTime(first, "en"), "1 Jan 2026, 20:15"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}
