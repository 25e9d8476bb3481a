package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// The Take Five referee page says what it refuses in the reader's
// language: its form's own refusals and the referee's, a piece beginning
// a sentence capitalised.
func TestTakeFiveRefereeRefusesInEachLanguage(t *testing.T) {
	app := newTestApp(t)
	for _, tt := range []struct {
		lang, name string
		form       url.Values
		want       string
	}{
		{"en", "a rack without a name", tfDispute(url.Values{"rack_0": {"7 8 3 5"}}),
			"Write the player's name, a colon, then his tokens: «Paul: 7 8 3 5»."},
		{"fr", "a rack without a name", tfDispute(url.Values{"rack_0": {"7 8 3 5"}}),
			"Écrivez le nom du joueur, deux-points, puis ses pions : « Paul : 7 8 3 5 »."},
		{"en", "tokens that are no numbers", tfDispute(url.Values{"rack_0": {"Paul: 7 x"}}),
			"Tokens are numbers from 1 to 9, separated by spaces."},
		{"fr", "tokens that are no numbers", tfDispute(url.Values{"rack_0": {"Paul: 7 x"}}),
			"Les pions sont des nombres de 1 à 9, séparés par des espaces."},
		{"fr", "a player twice", tfDispute(url.Values{"rack_1": {"Paul: 8 9 7 5"}}),
			"Un joueur apparaît deux fois."},
		{"en", "two pieces on a square", tfDispute(url.Values{"sq_rook": {"a1"}}),
			"The black bishop and the rook are both on a1, but a square holds one piece at most."},
		{"fr", "two pieces on a square", tfDispute(url.Values{"sq_rook": {"a1"}}),
			"Le fou noir et la tour sont tous les deux sur a1, or une case ne porte qu'une pièce."},
	} {
		c := app.client()
		c.lang = tt.lang
		rec := c.post("/referee/takefive", tt.form)
		if rec.Code != http.StatusUnprocessableEntity {
			t.Errorf("%s, %s: status %d, want 422", tt.lang, tt.name, rec.Code)
			continue
		}
		if got := doc(t, rec).Find(".error").Text(); !strings.Contains(got, tt.want) {
			t.Errorf("%s, %s: the page says %q, want %q", tt.lang, tt.name, got, tt.want)
		}
	}
}
