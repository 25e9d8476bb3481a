package handlers

import (
	"testing"
	"time"
)

func TestHumanTime(t *testing.T) {
	at := time.Date(2026, 2, 7, 20, 5, 0, 0, time.UTC)
	for lang, want := range map[string]string{"en": "7 Feb 2026, 20:05", "fr": "7 févr. 2026, 20:05", "de": "7 Feb 2026, 20:05"} {
		if got := humanTime(at, lang); got != want {
			t.Errorf("humanTime(%v, %q) = %q, want %q", at, lang, got, want)
		}
	}
}
