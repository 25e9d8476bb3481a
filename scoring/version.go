package scoring

import (
	"fmt"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// DecodeVersion reads a stored round entry's "v": 0 (an entry stored before
// entries carried a version) is version 1, and a version this build does not
// know (written by a newer one) is refused, on the field "v". Every game's
// DecodeEntry asks it, so an unknown version reads the same in every game.
func DecodeVersion(v, latest int) (int, error) {
	if v == 0 {
		v = 1
	}
	if v < 1 || v > latest {
		return 0, rulebook.Invalid("v",
			fmt.Sprintf("This round was stored in version %d of its form, which this release cannot read (it reads up to version %d).", v, latest),
			fmt.Sprintf("Cette manche a été enregistrée dans la version %d de sa saisie, que cette version du logiciel ne sait pas lire (elle lit jusqu'à la version %d).", v, latest))
	}
	return v, nil
}
