package kit

import (
	"strconv"

	"github.com/tablekeeper/tablekeeper/store"
)

// Palette is how many colours tell a table's players apart: ten, the most
// seats a game has (static/app.css: .s0 to .s9).
const Palette = 10

// Colours is the colour (0 to Palette-1) of each seat of a table: the
// player's own, by player and not by seat, so that a player keeps it from
// round to round and from match to match; when two players of one table
// would share a colour, the later seat takes the next one free. Every page
// that colours a player asks here (the scoresheet, the round form, the
// picker, the new match's list).
func Colours(seats []store.Seat) []int {
	ids := make([]int64, len(seats))
	for i, st := range seats {
		ids[i] = st.PlayerID
	}
	return ColoursOf(ids)
}

// ColoursOf is Colours for players given by id.
func ColoursOf(players []int64) []int {
	out := make([]int, len(players))
	var taken [Palette]int
	for i, id := range players {
		c := int(id % Palette)
		if c < 0 {
			c = -c
		}
		if taken[c] > 0 && i < Palette*8 {
			for k := 1; k < Palette; k++ { // the next free one, from the player's own
				if n := (c + k) % Palette; taken[n] < taken[c] {
					c = n
					break
				}
			}
		}
		taken[c]++
		out[i] = c
	}
	return out
}

// ColourClass is the class of colour c (static/app.css).
func ColourClass(c int) string { return "s" + strconv.Itoa(c%Palette) }
