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
		if got := doc(t, rec).Find(".error").Text(); !strings.Contains(got, tt.want) || !strings.Contains(got, judge[tt.lang]) {
			t.Errorf("%s, %s: the page says %q, want %q and %q", tt.lang, tt.name, got, judge[tt.lang], tt.want)
		}
	}
}

// judge is what the referee page says above an impossible table's fields.
var judge = map[string]string{
	"en": "The table described cannot occur: see the field marked below.",
	"fr": "La table décrite est impossible : voyez le champ signalé ci-dessous.",
}

// The board's squares are named for a screen reader in the reader's
// language: the square, the move that lands there, its piece and token.
func TestTakeFiveRefereeBoardSaysSquares(t *testing.T) {
	app := newTestApp(t)
	for lang, want := range map[string][2]string{
		"en": {"e3 1: move 1, token", "f1: knight, token"},
		"fr": {"e3 1: déplacement 1, pion", "f1: cavalier, pion"},
	} {
		c := app.client()
		c.lang = lang
		rec := c.post("/referee/takefive", tfDispute(url.Values{"op": {""}}))
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: status %d", lang, rec.Code)
		}
		d := doc(t, rec)
		for i, sq := range []string{"e3", "f1"} {
			if got := d.Find(`[data-testid="sq-`+sq+`"]`).AttrOr("aria-label", ""); got != want[i] {
				t.Errorf("%s: square %s is named %q, want %q", lang, sq, got, want[i])
			}
		}
	}
}
