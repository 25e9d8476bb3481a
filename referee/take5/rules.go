// Package take5 referees Take 5! by Wolfgang Kramer (AMIGO; German original
// Hornochsen!), RULES.md §1: 98 number cards laid in a circle of rows, 1 to 3
// cards a turn, the 5th number card of a row takes the row, and the "x2" and
// "+5" special cards slid under a row. It is not 6 nimmt!.
//
// The package answers one question, the turn: given the rows on the table
// (Circle) and the cards a player lays (Play), where each card goes, which
// rows are taken, and which rule a wrong claim breaks. A table that cannot
// occur is an *rulebook.InputError naming the JSON path of the culprit; an
// illegal move is a rulebook.Violation citing one of the Rules below.
package take5

import "github.com/tablekeeper/tablekeeper/rulebook"

// Rule ids, stable: clients and stored verdicts refer to them.
const (
	RuleCardsPerTurn = "take5.cards-per-turn" // T5-R1: 1 to 3 cards a turn
	RuleForcedRow    = "take5.forced-row"     // T5-R3: a number card has exactly one place
	RulePickup       = "take5.pickup"         // T5-R4: the 5th number card takes the row
	RuleSpecialRow   = "take5.special-row"    // T5-R5: at most one x2 and one +5 under a row
	RuleTurnOver     = "take5.turn-over"      // T5-A1 house rule: a pickup ends the turn
	RuleCircleOrder  = "take5.circle-order"   // T5-R3: finals stay cyclically ascending (consistency check)
	RuleCapacity     = "take5.capacity"       // T5-R7: room left in the rows = number cards in hands
	RuleRowHistory   = "take5.row-history"    // T5-R9: some order of play builds each row from its starting card
	RuleSpecials     = "take5.specials-dealt" // T5-R9: one x2 and one +5 per player, the rest out of the game
	RuleCows         = "take5.cows"           // §1.1: a green card carries 1 or 2 cows, a red one 2, 3, 5 or 7
)

// Rules is the catalogue of the rules this referee enforces, each with the
// rule sheet's French wording as printed (seed 000); each is stated plainly
// in views/locales/take5.en.toml and .fr.toml ("rule.<id>").
// RuleCircleOrder, RuleCapacity, RuleRowHistory, RuleSpecials and RuleCows
// are consistency checks: a table or a tally breaking them is reported as an
// input error, not as a violation.
var Rules = []rulebook.Rule{
	{
		ID:    RuleCardsPerTurn,
		Sheet: "Lorsque c'est son tour, le joueur **doit** poser au moins 1 carte. Il peut, s'il le veut, poser 2 ou 3 cartes.",
	},
	{
		ID: RuleForcedRow,
		Sheet: "Chaque carte vachette ne peut correspondre qu'à une seule place. Le chiffre de la carte que le joueur pose doit être plus élevé que la dernière carte de la rangée, posée (chiffre final) mais plus petit que le chiffre final de la rangée suivante. " +
			"[…] Si le chiffre d'une carte qu'un joueur veut poser est plus grand que le plus grand chiffre ou plus petit que le plus petit chiffre final, dans les deux cas, le joueur peut poser cette carte à la suite de la rangée qui a le plus grand chiffre final.",
	},
	{
		ID:    RulePickup,
		Sheet: "Si la carte que pose un joueur est la 5ème de la rangée (cartes spéciales non comprises), il doit ramasser les cartes de cette rangée, y compris les cartes spéciales s'il y en a.",
	},
	{
		ID:    RuleSpecialRow,
		Sheet: "Il ne peut y avoir qu'une carte „x2” et qu'une carte „+ 5” dans une rangée.",
	},
	{
		ID:    RuleTurnOver,
		Sheet: "La phase de pose d'un joueur se termine lorsqu'il a posé 1, 2 ou 3 cartes et/ou qu'il a dû ramasser les cartes d'une rangée.",
	},
	{
		ID:    RuleCircleOrder,
		Sheet: "Les cartes vachettes posées sur la table sont aussi classées, en ordre croissant, dans le sens des aiguilles d'une montre.",
	},
	{
		ID:    RuleCapacity,
		Sheet: "Si l'on a joué correctement, toutes les rangées ont été ramassées par les joueurs.",
	},
	{
		ID: RuleRowHistory,
		Sheet: "Les cartes doivent être posées à la suite, en respectant l'ordre croissant, **sur** la carte précédente. " +
			"[…] Si le chiffre d'une carte qu'un joueur veut poser est plus grand que le plus grand chiffre ou plus petit que le plus petit chiffre final, dans les deux cas, le joueur peut poser cette carte à la suite de la rangée qui a le plus grand chiffre final.",
	},
	{
		ID:    RuleSpecials,
		Sheet: "On distribue à chaque joueur une carte „x 2” et une carte „+ 5”. Les cartes spéciales restantes sont écartées du jeu.",
	},
	{
		ID:    RuleCows,
		Sheet: "Sur les cartes vachettes vertes, il y a 1 ou 2 vachettes vertes qui rapportent 1 ou 2 points positifs. Sur les cartes vachettes rouges, il y a 2, 3, 5 ou 7 vachettes rouges qui rapportent 2, 3, 5 ou 7 points négatifs.",
	},
}

// HousePickupEndsTurn is the key of the T5-A1 house rule (RULES.md
// take5.pickupEndsTurn): "true" ends a player's turn at his first pickup.
const HousePickupEndsTurn = "pickupEndsTurn"

// HouseRules are the Take 5! toggles of RULES.md, keys without the game
// prefix, at the product's defaults.
var HouseRules = []rulebook.HouseRule{
	rulebook.Bool(HousePickupEndsTurn, false),
}
