package take5

// The deck (RULES.md §1.1): number cards 1–98, each once, and two kinds of
// special card, of which each player holds one of each.
const (
	MinCard  = 1  // lowest number card
	MaxCard  = 98 // highest number card
	RowLimit = 5  // the RowLimit-th number card of a row takes it (T5-R4)
	MaxCards = 3  // cards a player may lay in one turn (T5-R1)

	// MaxPlayers is the most players the game seats; each brings one x2
	// and one +5, so at most MaxPlayers specials of each kind are in play.
	MaxPlayers = 6
	MinPlayers = 2
	// MaxRows is the largest circle of the setup table (5 and 6 players).
	MaxRows = 15
)

// Special is a special card: X2 or Plus5, written "x2" and "+5" as in API.md.
type Special string

// The two special cards.
const (
	X2    Special = "x2"
	Plus5 Special = "+5"
)

// Valid reports whether s is one of the two special cards.
func (s Special) Valid() bool { return s == X2 || s == Plus5 }

// dealTable is the sheet's deal by number of players («Joueurs / cartes par
// joueur / cartes posées sur la table»): the number cards in each hand and
// the cards laid in the circle, each the start of its own row. «On ne peut
// pas ajouter une rangée supplémentaire», so a table never has more rows.
var dealTable = map[int]struct{ hand, rows int }{
	2: {14, 7},
	3: {12, 9},
	4: {12, 12},
	5: {12, 15},
	6: {10, 15},
}

// DealFor returns the number cards dealt to each player and the rows laid
// for a table of players; ok is false outside MinPlayers…MaxPlayers.
func DealFor(players int) (hand, rows int, ok bool) {
	d, ok := dealTable[players]
	return d.hand, d.rows, ok
}
