package take5

import (
	"fmt"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// A refusal built of parts (how many were collected, who kept both
// specials, a count's name) reads word for word in English and French,
// each part agreeing with its number in the reader's language.
func TestRefusalPartsReadInBothLanguages(t *testing.T) {
	const dealt = " and the others leave the game. A player who ends with both his specials in hand laid neither, so none of his was collected."
	const dealtFR = " et les autres sont écartées du jeu. Un joueur qui finit avec ses deux cartes spéciales en main n'en a posé aucune : aucune des siennes n'a été ramassée."
	for _, tt := range []struct {
		name   string
		in     []Tally
		en, fr string
	}{
		{"two x2 collected, one player kept both", []Tally{rows(Tally{X2: 2}), {SpecialsInHand: 2}},
			"2 “x2” were collected and 1 player still holds both his specials, so his “x2” too: that makes 3, but each of the 2 players is dealt one “x2”" + dealt,
			"2 cartes « x2 » ont été ramassées et 1 joueur a encore ses deux cartes spéciales en main, donc aussi son « x2 » : cela fait 3, mais chacun des 2 joueurs ne reçoit qu'une carte « x2 »" + dealtFR},
		{"one +5 collected, two players kept both", []Tally{rows(Tally{Plus5: 1, SpecialsInHand: 2}), {SpecialsInHand: 2}},
			"1 “+5” was collected and 2 players still hold both their specials, so their “+5” too: that makes 3, but each of the 2 players is dealt one “+5”" + dealt,
			"1 carte « +5 » a été ramassée et 2 joueurs ont encore leurs deux cartes spéciales en main, donc aussi leur « +5 » : cela fait 3, mais chacun des 2 joueurs ne reçoit qu'une carte « +5 »" + dealtFR},
		{"a negative count", []Tally{{Green: 5, X2: -1}},
			"The number of x2 cards cannot be negative (-1).", "Le nombre de cartes « x2 » ne peut pas être négatif (-1)."},
		{"red cows no pile of the 7 rows holds", []Tally{{Green: 9, Red: 181}},
			"181 red cows cannot be collected in the 7 rows 2 players lay: «" + sheetRed + "» (2, 3, 5 or 7 red cows a card), so with 9 green cows beside them those rows hold 180 or 182 red cows, never 181.",
			"181 vachettes rouges ne peuvent pas être ramassées dans les 7 rangées posées à 2 joueurs : « " + sheetRed + " », et avec 9 vachettes vertes à côté, ces rangées en portent 180 ou 182, jamais 181."},
	} {
		players := make([]Player, len(tt.in))
		for i, in := range tt.in {
			players[i] = Player{Name: fmt.Sprint("P", i+1), Tally: in}
		}
		_, _, err := Deal(2, players)
		ie, ok := err.(*rulebook.InputError)
		if !ok {
			t.Errorf("%s: Deal error = %v, want an input error", tt.name, err)
			continue
		}
		if got := says(ie); got.EN != tt.en || got.FR != tt.fr {
			t.Errorf("%s: says\n %q\n %q\nwant\n %q\n %q", tt.name, got.EN, got.FR, tt.en, tt.fr)
		}
	}
}
