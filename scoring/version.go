package scoring

import (
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
		return 0, rulebook.Mistake("v", "round.mistake.version", "Version", v, "Latest", latest)
	}
	return v, nil
}
