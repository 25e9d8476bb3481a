package taki

import "github.com/tablekeeper/tablekeeper/rulebook"

// Rule ids, stable: the API and the pages cite them.
const (
	RuleTurn        = "taki.turn"         // TK-R1: play one card (or several), or draw one
	RuleMatch       = "taki.match"        // TK-R2: same colour or same symbol, or a colourless card
	RulePlus2       = "taki.plus2"        // TK-R3: answer a +2 with a +2, or draw the total
	RuleStop        = "taki.stop"         // TK-R4
	RuleDirection   = "taki.direction"    // TK-R5
	RuleColour      = "taki.colour"       // TK-R6
	RuleTaki        = "taki.taki"         // TK-R7: a TAKI run stays in its colour
	RuleSuperTaki   = "taki.super-taki"   // TK-R8
	RulePlus        = "taki.plus"         // TK-R9: a Plus is followed by a card of its colour
	RulePlus3       = "taki.plus3"        // TK-R10: the +3 combination and its counter
	RuleCrazy       = "taki.crazy"        // TK-R11: hands are passed; any card may follow (TK-A3)
	RuleCrazyColour = "taki.crazy-colour" // TK-A3 house rule crazyAnyColour off: the colour underneath
	RuleLastCard    = "taki.last-card"    // TK-R12: «Taki» at one card
	RuleRoundEnd    = "taki.round-end"    // TK-R13
	RuleMustPlay    = "taki.must-play"    // TK-A9 house rule
	RuleStartCard   = "taki.start-card"   // TK-A10
)

// sheetTurn is the sheet's sentence on a turn, which two rules cite.
const sheetTurn = "A son tour, un joueur doit, soit jouer une carte (ou plusieurs), soit piocher une carte (le tour du joueur est alors terminé)."

// sheetTransparent is the sheet's sentence on what follows a crazy card.
const sheetTransparent = "La carte folle est \"transparente\", on peut donc jouer une carte de n'importe quelle couleur sur elle."

// Rules is the catalogue of the rules this referee enforces, each with the
// French sheet's words as printed in the seed: whole sentences, the card's
// name that heads its paragraph included (sheet_test.go checks them against
// testdata/seed004.md). Each is stated plainly in views/locales/taki.en.toml
// and .fr.toml ("rule.<id>").
var Rules = []rulebook.Rule{
	{ID: RuleTurn, Sheet: sheetTurn},
	{ID: RuleMatch, Sheet: "Il faut respecter les règles suivantes lorsque l'on joue une carte : les cartes jouées doivent soit être de la même couleur, soit avoir le même chiffre que la carte supérieure de la défausse. Les cartes \"Super Taki\", \"changement de couleur\" ou \"carte folle\" peuvent toujours être jouées."},
	{ID: RulePlus2, Sheet: "+2 : le joueur suivant doit piocher 2 cartes ou poser une autre carte +2 sur la pile de défausse. Le joueur suivant devra alors piocher 4 cartes ou jouer une carte +2, etc. Après avoir pioché, le joueur ne peut jouer aucune carte. Le +2 sur le dessus de la défausse indique la couleur de la carte qui doit maintenant être jouée."},
	{ID: RuleStop, Sheet: "Passer (une main) : le joueur suivant doit passer son tour."},
	{ID: RuleDirection, Sheet: "Changement de sens (deux flèches inversées) : cela modifie le sens du jeu."},
	{ID: RuleColour, Sheet: "Changement de couleur (4 cubes de 4 couleurs) : le joueur qui joue cette carte choisit une couleur que le joueur suivant doit jouer."},
	{ID: RuleTaki, Sheet: "TAKI : lorsqu'une carte TAKI est jouée, il est possible de jouer en même temps autant de cartes de la couleur de la carte TAKI qu'on le souhaite. IMPORTANT : une carte TAKI doit être fermée en annonçant \"TAKI fermé\". Si, après avoir joué sa dernière carte, le joueur oublie de le dire, le TAKI reste ouvert et le joueur suivant a alors la possibilité de jouer toutes les cartes de cette couleur qu'il a en main. Le TAKI reste ouvert jusqu'à ce qu'un joueur le ferme."},
	{ID: RuleSuperTaki, Sheet: "Super TAKI : cette carte fonctionne comme la carte TAKI, mais le joueur choisit la couleur de son choix."},
	{ID: RulePlus, Sheet: "Plus (+): cette carte ne peut être jouée qu'avec une autre carte de la même couleur. La carte \"Plus\" est jouée en premier, puis la carte de la même couleur."},
	{ID: RulePlus3, Sheet: "+3 : la combinaison d'une carte \"Plus\" avec une carte \"3\" de la même couleur a un effet spécial : lorsque cette combinaison est jouée, tous les autres joueurs doivent piocher 3 cartes. Ceci ne peut être contré que si un autre joueur joue la même combinaison (quelle que soit sa couleur). Il peut le faire même si ce n'est pas son tour de jouer. Si un +3 est contré par un +3, l'effet est annulé. Le joueur qui a joué en premier son +3 doit maintenant piocher 3 cartes. Dans les deux cas, c'est maintenant au tour du voisin de gauche du joueur qui a joué le +3 en premier."},
	{ID: RuleCrazy, Sheet: "Carte folle (une flèche courbe) : lorsque cette carte est jouée, les joueurs donnent leur main de cartes à leur voisin. Le joueur qui joue la carte décide si on le donne à son voisin de droite ou à son voisin de gauche. " + sheetTransparent},
	{ID: RuleCrazyColour, Sheet: sheetTransparent},
	{ID: RuleLastCard, Sheet: "Lorsqu'un joueur n'a plus qu'une seule carte en main, il doit annoncer \"Taki\" à haute voix. S'il ne le fait pas avant que le joueur suivant ait joué une carte, il doit piocher 4 cartes."},
	{ID: RuleRoundEnd, Sheet: "Le jeu prend fin dès qu'un joueur joue sa dernière carte."},
	{ID: RuleMustPlay, Sheet: sheetTurn},
	{ID: RuleStartCard, Sheet: "La première carte de cette pioche est retournée et sert de carte de départ."},
}

// House-rule keys (RULES.md §4.7 TOGGLEs, "taki." prefix dropped).
const (
	HRAnswerPlus2WithTakiRun = "answerPlus2WithTakiRun"
	HRCrazyAnyColour         = "crazyAnyColour"
	HRCrazyLastCardPasses    = "crazyLastCardPasses"
	HRPlus3NextIsLeft        = "plus3NextIsLeftNeighbour"
	HRLastCardPenalty        = "lastCardPenalty"
	HRTwoPlayerReverseIsStop = "twoPlayerReverseActsAsStop"
	HRSuperTakiChoosesColour = "superTakiChoosesColour"
	HRMustPlayIfAble         = "mustPlayIfAble"
	HRStartCardAction        = "startCardAction"
	HRPlus2ScoresAs          = "plus2ScoresAs"
	HRFinalPlus2StillDraws   = "finalPlus2StillDraws"
	HRLimitSign              = "limitSign"
)

// HouseRules are the TAKI TOGGLEs of RULES.md §4.7 with the product's
// defaults; the referee and the scorer both resolve against this list. What
// each means is in views/locales/taki.en.toml and .fr.toml ("house.<key>").
var HouseRules = []rulebook.HouseRule{
	rulebook.Bool(HRAnswerPlus2WithTakiRun, false),
	rulebook.Bool(HRCrazyAnyColour, true),
	rulebook.Bool(HRCrazyLastCardPasses, false),
	rulebook.Bool(HRPlus3NextIsLeft, true),
	rulebook.Choice(HRLastCardPenalty, "4", []string{"1", "4"}),
	rulebook.Bool(HRTwoPlayerReverseIsStop, false),
	rulebook.Bool(HRSuperTakiChoosesColour, true),
	rulebook.Bool(HRMustPlayIfAble, false),
	rulebook.Choice(HRStartCardAction, "apply", []string{"apply", "ignore"}),
	rulebook.Choice(HRPlus2ScoresAs, "10", []string{"10", "2"}),
	rulebook.Bool(HRFinalPlus2StillDraws, false),
	rulebook.Choice(HRLimitSign, "+", []string{"+", "-"}),
}

// RuleByID returns the catalogue entry for id, and whether it exists.
func RuleByID(id string) (rulebook.Rule, bool) {
	for _, r := range Rules {
		if r.ID == id {
			return r, true
		}
	}
	return rulebook.Rule{}, false
}
