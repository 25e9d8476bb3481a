package take5

import (
	"errors"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// A refusal reads the same in English and in French through the message
// files as the players have always read it: a special card quoted in each
// language's way, rows counted from 1.
func TestRefusalsReadInBothLanguages(t *testing.T) {
	for _, tt := range []struct {
		name   string
		err    error
		en, fr string
	}{
		{"three x2 under the rows of two players", withX2(singles(10, 20, 30, 40), 0, 1, 2).Validate([]int{1, 1}),
			"There are 3 “x2” cards here, but 2 players are dealt only 2 “x2”, one each, and the others leave the game.",
			"Il y a ici 3 cartes « x2 », mais 2 joueurs n'en reçoivent que 2, une chacun, et les autres sont écartées du jeu."},
		{"more cards in hand than room in the rows", singles(10, 20, 30, 40).Validate([]int{11, 0}),
			"The rows have room for 16 more number cards but the hands hold 11: the two are always equal (5 per row, less the cards already laid), so the table or the hands were entered wrongly.",
			"Les rangées peuvent encore recevoir 16 cartes vachettes mais les mains en contiennent 11 : les deux sont toujours égaux (5 par rangée, moins les cartes déjà posées), la table ou les mains sont donc mal saisies."},
		{"an unknown special", func() error { _, err := fromWire(1, WirePlay{Special: ptr("x3")}); return err }(),
			`There is no special card "x3": the special cards are "x2" and "+5".`,
			"La carte spéciale « x3 » n'existe pas : les cartes spéciales sont « x2 » et « +5 »."},
		{"a special without its row", func() error { _, err := PlayTurn(singles(10, 40), []Play{{Special: X2}}, defaults); return err }(),
			"Say under which row the x2 goes.",
			"Indiquez sous quelle rangée va le « x2 »."},
	} {
		var ie *rulebook.InputError
		if !errors.As(tt.err, &ie) {
			t.Errorf("%s: error = %v, want an input error", tt.name, tt.err)
			continue
		}
		if got := says(ie); got.EN != tt.en || got.FR != tt.fr {
			t.Errorf("%s: says\n %q\n %q\nwant\n %q\n %q", tt.name, got.EN, got.FR, tt.en, tt.fr)
		}
	}
}

func ptr[T any](v T) *T { return &v }
