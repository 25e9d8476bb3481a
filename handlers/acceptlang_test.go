package handlers

import (
	"strconv"
	"testing"
)

// The language kept per Accept-Language text is the one parsing it gives,
// asked once or many times, and the table of kept answers stays bounded.
func TestAcceptLangKeptAnswersAreTheParsedOnes(t *testing.T) {
	headers := []string{"", "fr-FR,fr;q=0.9,en;q=0.8", "en-US,en;q=0.9", "de-DE,de;q=0.9,fr;q=0.5",
		"de, en;q=0.1, fr;q=0.2", "fr-CA", "*", "nonsense;;;q=x", "es-ES,es;q=0.9"}
	want := map[string]string{"": "en", "fr-FR,fr;q=0.9,en;q=0.8": "fr", "en-US,en;q=0.9": "en",
		"de-DE,de;q=0.9,fr;q=0.5": "fr", "de, en;q=0.1, fr;q=0.2": "fr", "fr-CA": "fr", "*": "en",
		"nonsense;;;q=x": "en", "es-ES,es;q=0.9": "en"}
	for round := 0; round < 3; round++ {
		for _, h := range headers {
			if got := acceptLang(h); got != want[h] || got != parseAcceptLang(h) {
				t.Errorf("acceptLang(%q) = %q, want %q (parsed %q)", h, got, want[h], parseAcceptLang(h))
			}
		}
	}
	for i := 0; i < 3*acceptLangKept; i++ {
		acceptLang("x-" + strconv.Itoa(i))
	}
	acceptLangs.RLock()
	n := len(acceptLangs.m)
	acceptLangs.RUnlock()
	if n > acceptLangKept {
		t.Errorf("%d answers kept, at most %d wanted", n, acceptLangKept)
	}
}
