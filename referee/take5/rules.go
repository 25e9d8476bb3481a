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
// rule sheet's French wording as printed (seed 000) and a plain statement.
// RuleCircleOrder, RuleCapacity, RuleRowHistory, RuleSpecials and RuleCows
// are consistency checks: a table or a tally breaking them is reported as an
// input error, not as a violation.
var Rules = []rulebook.Rule{
	{
		ID:    RuleCardsPerTurn,
		Sheet: "Lorsque c'est son tour, le joueur **doit** poser au moins 1 carte. Il peut, s'il le veut, poser 2 ou 3 cartes.",
		Text: rulebook.Text{
			EN: "On your turn you must lay at least 1 card and at most 3, number cards and special cards counted together.",
			FR: "À son tour, on pose au moins 1 carte et au plus 3, cartes vachettes et cartes spéciales comptées ensemble.",
		},
	},
	{
		ID: RuleForcedRow,
		Sheet: "Chaque carte vachette ne peut correspondre qu'à une seule place. Le chiffre de la carte que le joueur pose doit être plus élevé que la dernière carte de la rangée, posée (chiffre final) mais plus petit que le chiffre final de la rangée suivante. " +
			"[…] Si le chiffre d'une carte qu'un joueur veut poser est plus grand que le plus grand chiffre ou plus petit que le plus petit chiffre final, dans les deux cas, le joueur peut poser cette carte à la suite de la rangée qui a le plus grand chiffre final.",
		Text: rulebook.Text{
			EN: "A number card goes on the row whose final number is the largest one below it; if no final is below it, it goes on the row with the largest final. It can go nowhere else.",
			FR: "Une carte vachette va sur la rangée dont le chiffre final est le plus grand de ceux qui lui sont inférieurs ; si aucun chiffre final ne lui est inférieur, elle va sur la rangée qui a le plus grand chiffre final. Elle ne peut aller nulle part ailleurs.",
		},
	},
	{
		ID:    RulePickup,
		Sheet: "Si la carte que pose un joueur est la 5ème de la rangée (cartes spéciales non comprises), il doit ramasser les cartes de cette rangée, y compris les cartes spéciales s'il y en a.",
		Text: rulebook.Text{
			EN: "The player who lays the 5th number card of a row takes the whole row, special cards included; the row leaves the circle and no new row is started.",
			FR: "Le joueur qui pose la 5e carte vachette d'une rangée ramasse toute la rangée, cartes spéciales comprises ; la rangée quitte le cercle et aucune nouvelle rangée n'est commencée.",
		},
	},
	{
		ID:    RuleSpecialRow,
		Sheet: "Il ne peut y avoir qu'une carte „x2” et qu'une carte „+ 5” dans une rangée.",
		Text: rulebook.Text{
			EN: "A special card goes under any row on the table that does not already hold one of its kind: a row holds at most one x2 and one +5.",
			FR: "Une carte spéciale se pose sous n'importe quelle rangée de la table qui n'en a pas déjà une du même type : une rangée porte au plus un « x2 » et un « +5 ».",
		},
	},
	{
		ID:    RuleTurnOver,
		Sheet: "La phase de pose d'un joueur se termine lorsqu'il a posé 1, 2 ou 3 cartes et/ou qu'il a dû ramasser les cartes d'une rangée.",
		Text: rulebook.Text{
			EN: "With the house rule “a pickup ends the turn”, a player who takes a row lays no further card that turn.",
			FR: "Avec la règle maison « ramasser termine le tour », le joueur qui ramasse une rangée ne pose plus de carte ce tour-ci.",
		},
	},
	{
		ID:    RuleCircleOrder,
		Sheet: "Les cartes vachettes posées sur la table sont aussi classées, en ordre croissant, dans le sens des aiguilles d'une montre.",
		Text: rulebook.Text{
			EN: "Going clockwise, the final numbers of the rows always rise, except once where the largest final is followed by the smallest.",
			FR: "Dans le sens des aiguilles d'une montre, les chiffres finals des rangées montent toujours, sauf une fois où le plus grand est suivi du plus petit.",
		},
	},
	{
		ID:    RuleCapacity,
		Sheet: "Si l'on a joué correctement, toutes les rangées ont été ramassées par les joueurs.",
		Text: rulebook.Text{
			EN: "The room left in the rows (5 number cards each) always equals the number cards still in the hands, so every card has a row and the last card takes the last row.",
			FR: "La place libre dans les rangées (5 cartes vachettes chacune) est toujours égale au nombre de cartes vachettes encore en main : chaque carte a une rangée et la dernière ramasse la dernière rangée.",
		},
	},
	{
		ID: RuleRowHistory,
		Sheet: "Les cartes doivent être posées à la suite, en respectant l'ordre croissant, **sur** la carte précédente. " +
			"[…] Si le chiffre d'une carte qu'un joueur veut poser est plus grand que le plus grand chiffre ou plus petit que le plus petit chiffre final, dans les deux cas, le joueur peut poser cette carte à la suite de la rangée qui a le plus grand chiffre final.",
		Text: rulebook.Text{
			EN: "A row's cards, from its starting card, were each laid where the forced row put them: each is higher than the one before, except a card lower than every final, laid on the row with the largest final; and when a card was laid, no other row's final lay between it and the card before it (going round 98 to 1), judging each row's final at that time by its own cards.",
			FR: "Les cartes d'une rangée, depuis sa première, ont chacune été posées là où la règle les envoyait : chacune est plus grande que la précédente, sauf une carte plus petite que tous les chiffres finals, posée sur la rangée qui a le plus grand chiffre final ; et quand une carte a été posée, aucun chiffre final d'une autre rangée ne se trouvait entre elle et la carte précédente (en passant de 98 à 1), le chiffre final de chaque rangée à ce moment se lisant sur ses propres cartes.",
		},
	},
	{
		ID:    RuleSpecials,
		Sheet: "On distribue à chaque joueur une carte „x 2” et une carte „+ 5”. Les cartes spéciales restantes sont écartées du jeu.",
		Text: rulebook.Text{
			EN: "Each player is dealt one x2 and one +5; the others leave the game. So, of each kind, the cards under the rows, the cards collected and the cards still in hand are at most one per player, and a player who ends with both his specials in hand laid neither of them, so none of his was collected.",
			FR: "Chaque joueur reçoit une carte « x2 » et une carte « +5 » ; les autres sont écartées du jeu. Pour chaque sorte, les cartes sous les rangées, les cartes ramassées et les cartes encore en main sont donc au plus une par joueur, et un joueur qui finit avec ses deux cartes spéciales en main n'en a posé aucune : aucune des siennes n'a été ramassée.",
		},
	},
	{
		ID:    RuleCows,
		Sheet: "Sur les cartes vachettes vertes, il y a 1 ou 2 vachettes vertes qui rapportent 1 ou 2 points positifs. Sur les cartes vachettes rouges, il y a 2, 3, 5 ou 7 vachettes rouges qui rapportent 2, 3, 5 ou 7 points négatifs.",
		Text: rulebook.Text{
			EN: "A green card carries 1 or 2 green cows, a red card 2, 3, 5 or 7 red cows, and each row taken is 5 cards. So a player's cows must be what the cards of the rows he can have taken carry: five red cards make 33 or 35 red cows, never 34.",
			FR: "Une carte verte porte 1 ou 2 vachettes vertes, une carte rouge 2, 3, 5 ou 7 vachettes rouges, et chaque rangée ramassée compte 5 cartes. Les vachettes d'un joueur sont donc ce que portent les cartes des rangées qu'il a pu ramasser : cinq cartes rouges font 33 ou 35 vachettes rouges, jamais 34.",
		},
	},
}

// HousePickupEndsTurn is the key of the T5-A1 house rule (RULES.md
// take5.pickupEndsTurn): "true" ends a player's turn at his first pickup.
const HousePickupEndsTurn = "pickupEndsTurn"

// HouseRules are the Take 5! toggles of RULES.md, keys without the game
// prefix, at the product's defaults.
var HouseRules = []rulebook.HouseRule{
	rulebook.Bool(HousePickupEndsTurn, false, rulebook.Text{
		EN: "A pickup ends the turn: a player who takes a row lays no further card that turn. Off by default, because the sheet says a player may take several rows in one turn, which only happens if he may go on after a pickup.",
		FR: "Ramasser termine le tour : le joueur qui ramasse une rangée ne pose plus de carte ce tour-ci. Désactivée par défaut, car la règle dit qu'« il arrive qu'un joueur doive ramasser plusieurs rangées lors de sa phase de jeu », ce qui n'arrive que s'il peut continuer après avoir ramassé.",
	}),
}
