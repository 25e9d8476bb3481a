package takefive

import "github.com/tablekeeper/tablekeeper/rulebook"

// Rule ids, stable: the API and stored verdicts name rules by them.
const (
	RuleOccupied        = "takefive.occupied"         // TF-M1
	RuleKnight          = "takefive.knight"           // TF-M2
	RuleRook            = "takefive.rook"             // TF-M3
	RuleBishop          = "takefive.bishop"           // TF-M4
	RuleNoJump          = "takefive.no-jump"          // TF-M3, TF-M4
	RuleTwoPieces       = "takefive.two-pieces"       // TF-T1, TF-A1
	RuleAction          = "takefive.action"           // TF-T2, TF-A2
	RuleOneTake         = "takefive.one-take"         // TF-T2
	RuleEliminatedTurn  = "takefive.eliminated-turn"  // TF-A7
	RuleScoreGoal       = "takefive.score-goal"       // TF-P-score
	RuleScoreDuplicate  = "takefive.score-duplicate"  // TF-P-score
	RuleScoreFifth      = "takefive.score-fifth"      // TF-P-score, TF-A3
	Rule21Goal          = "takefive.21-goal"          // TF-P-21
	Rule21Eliminated    = "takefive.21-eliminated"    // TF-P-21
	RuleLastStanding    = "takefive.21-last-standing" // TF-A7
	RuleQuinteGoal      = "takefive.quinte-goal"      // TF-P-quinte
	RuleQuinteMisfit    = "takefive.quinte-misfit"    // TF-P-quinte
	RulePenalty         = "takefive.penalty"          // PENALTY, TF-A6
	RuleVoluntaryReturn = "takefive.voluntary-return" // TF-A5
)

// Rules is the catalogue of every rule this referee enforces, with the
// sheet's French words as printed (OCR slips corrected); each is stated
// plainly in views/locales/takefive.en.toml and .fr.toml ("rule.<id>").
var Rules = []rulebook.Rule{
	{ID: RuleOccupied,
		Sheet: "Une pièce peut se poser sur une case vide ou sur une case occupée par un pion, mais jamais sur une case occupée par une autre pièce d'échec."},
	{ID: RuleKnight,
		Sheet: "Le cavalier se déplace de 3 cases. Le déplacement se fait en deux parties. Un premier déplacement de 2 cases est fait horizontalement ou verticalement par rapport à la position de départ, puis un second de 1 case, soit vers la gauche ou vers la droite."},
	{ID: RuleRook,
		Sheet: "La Tour ne peut se déplacer que verticalement ou horizontalement, c'est-à-dire perpendiculairement aux bandes du damier, d'autant de cases que l'on veut, à condition qu'elle ne rencontre pas d'obstacle sur sa route."},
	{ID: RuleBishop,
		Sheet: "Le Fou se déplace, à volonté, uniquement sur les diagonales, à condition qu'il ne rencontre pas d'obstacle sur sa route. Il doit se trouver toujours sur les cases de sa couleur."},
	{ID: RuleNoJump,
		Sheet: "A l'exception du Cavalier, aucune pièce ne peut sauter par-dessus une autre pièce."},
	{ID: RuleTwoPieces,
		Sheet: "Chaque joueur, à son tour dans un même coup, déplace deux des quatre pièces d'échec de son choix."},
	{ID: RuleAction,
		Sheet: "Voir secrètement, sans les prendre, les deux pions sur lesquels il a posé les pièces d'échec. — Une pièce peut se poser sur une case vide."},
	{ID: RuleOneTake,
		Sheet: "Chaque joueur à son tour ne peut donc prendre qu'un « pion chiffre »."},
	{ID: RuleEliminatedTurn,
		Sheet: "Tout joueur qui n'atteint pas 21 points avec 5 pions ou qui dépasse 21 points avec 5 pions ou moins, est aussitôt éliminé de la manche."},
	{ID: RuleScoreGoal,
		Sheet: "Phase « score » : être le premier à réaliser le plus fort total avec cinq pions différents."},
	{ID: RuleScoreDuplicate,
		Sheet: "Chaque joueur ne peut conserver que des pions de valeurs différentes."},
	{ID: RuleScoreFifth,
		Sheet: "La prise du cinquième pion doit assurer le gain de la manche. […] Paul doit donc obtenir, pour gagner, un total supérieur à celui d'Alfred."},
	{ID: Rule21Goal,
		Sheet: "Phase « 21 » : être le premier à réaliser le total de 21 points, en 3, 4 ou 5 pions (de valeurs différentes ou non)."},
	{ID: Rule21Eliminated,
		Sheet: "Tout joueur qui n'atteint pas 21 points avec 5 pions ou qui dépasse 21 points avec 5 pions ou moins, est aussitôt éliminé de la manche."},
	{ID: RuleLastStanding,
		Sheet: "Tout joueur qui […] dépasse 21 points […] est aussitôt éliminé de la manche. (La feuille ne dit pas qui gagne quand il ne reste qu'un joueur.)"},
	{ID: RuleQuinteGoal,
		Sheet: "Phase « quinte » : être le premier à réaliser une combinaison de 5 chiffres se suivant sans interruption : (1, 2, 3, 4, 5), (3, 4, 5, 6, 7), etc. L'ordre des prises est indifférent."},
	{ID: RuleQuinteMisfit,
		Sheet: "Chaque joueur ne peut conserver que des pions de valeurs différentes lui permettant de réaliser une quinte."},
	{ID: RulePenalty,
		Sheet: "La prise d'un pion chiffre ne convenant pas ou jugé de valeur insuffisante oblige le joueur à le replacer, après l'avoir montré aux autres joueurs, à sa place initiale, face cachée (la pièce d'échec revient dessus). Il doit également se dessaisir d'un pion déjà pris par lui (à son gré) qu'il replace, face cachée, sur le damier à une case vide et de son choix."},
	{ID: RuleVoluntaryReturn,
		Sheet: "La prise d'un pion chiffre ne convenant pas ou jugé de valeur insuffisante oblige le joueur à le replacer."},
}

// House-rule keys (RULES.md §2.8, game prefix "takeFive." dropped).
const (
	HouseSamePieceTwice   = "allowSamePieceTwice"
	HouseVoluntaryReturn  = "allowVoluntaryReturn"
	HouseLastStandingWins = "lastStandingWins21"
	HouseAllEliminated    = "allEliminated"
	AllEliminatedReplay   = "replay"
	AllEliminatedNoWinner = "noWinner"
)

// HouseRules are the TOGGLEs of RULES.md §2.8 with the product's defaults.
var HouseRules = []rulebook.HouseRule{
	rulebook.Bool(HouseSamePieceTwice, false),
	rulebook.Bool(HouseVoluntaryReturn, false),
	rulebook.Bool(HouseLastStandingWins, true),
	rulebook.Choice(HouseAllEliminated, AllEliminatedReplay, []string{AllEliminatedReplay, AllEliminatedNoWinner}),
}

// RuleByID returns the catalogue entry for id, or false when id is unknown.
func RuleByID(id string) (rulebook.Rule, bool) {
	for _, r := range Rules {
		if r.ID == id {
			return r, true
		}
	}
	return rulebook.Rule{}, false
}
