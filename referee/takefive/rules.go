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
// sheet's French words as printed (OCR slips corrected) and a plain statement.
var Rules = []rulebook.Rule{
	{ID: RuleOccupied,
		Sheet: "Une pièce peut se poser sur une case vide ou sur une case occupée par un pion, mais jamais sur une case occupée par une autre pièce d'échec.",
		Text: rulebook.Text{EN: "A piece may stop on an empty square or on a token, never on a square where another piece stands. There are no captures.",
			FR: "Une pièce s'arrête sur une case vide ou sur un pion, jamais sur la case d'une autre pièce. Il n'y a pas de prise."}},
	{ID: RuleKnight,
		Sheet: "Le cavalier se déplace de 3 cases. Le déplacement se fait en deux parties. Un premier déplacement de 2 cases est fait horizontalement ou verticalement par rapport à la position de départ, puis un second de 1 case, soit vers la gauche ou vers la droite.",
		Text: rulebook.Text{EN: "The knight moves two squares along a file or a rank, then one square to the side, and may jump over pieces.",
			FR: "Le cavalier avance de deux cases en ligne droite puis d'une case sur le côté, et peut sauter par-dessus les pièces."}},
	{ID: RuleRook,
		Sheet: "La Tour ne peut se déplacer que verticalement ou horizontalement, c'est-à-dire perpendiculairement aux bandes du damier, d'autant de cases que l'on veut, à condition qu'elle ne rencontre pas d'obstacle sur sa route.",
		Text: rulebook.Text{EN: "The rook moves any number of squares along its file or its rank.",
			FR: "La tour se déplace d'autant de cases que l'on veut sur sa colonne ou sa rangée."}},
	{ID: RuleBishop,
		Sheet: "Le Fou se déplace, à volonté, uniquement sur les diagonales, à condition qu'il ne rencontre pas d'obstacle sur sa route. Il doit se trouver toujours sur les cases de sa couleur.",
		Text: rulebook.Text{EN: "A bishop moves any number of squares along a diagonal, so it always stays on its colour: the white bishop on light squares, the black bishop on dark ones.",
			FR: "Un fou se déplace d'autant de cases que l'on veut en diagonale et reste donc sur sa couleur : le fou blanc sur les cases claires, le fou noir sur les sombres."}},
	{ID: RuleNoJump,
		Sheet: "A l'exception du Cavalier, aucune pièce ne peut sauter par-dessus une autre pièce.",
		Text: rulebook.Text{EN: "Except the knight, no piece may pass over another piece. Tokens never block.",
			FR: "Sauf le cavalier, aucune pièce ne passe par-dessus une autre pièce. Les pions chiffre ne bloquent jamais."}},
	{ID: RuleTwoPieces,
		Sheet: "Chaque joueur, à son tour dans un même coup, déplace deux des quatre pièces d'échec de son choix.",
		Text: rulebook.Text{EN: "On his turn a player moves two different pieces, one after the other; the second moves on the board as the first left it.",
			FR: "À son tour, le joueur déplace deux pièces différentes, l'une après l'autre ; la seconde part du damier tel que la première l'a laissé."}},
	{ID: RuleAction,
		Sheet: "Voir secrètement, sans les prendre, les deux pions sur lesquels il a posé les pièces d'échec. — Une pièce peut se poser sur une case vide.",
		Text: rulebook.Text{EN: "A piece that stops on a token lets the player see it or take it; a piece that stops on an empty square sees and takes nothing.",
			FR: "Une pièce posée sur un pion permet de le voir ou de le prendre ; posée sur une case vide, elle ne permet rien."}},
	{ID: RuleOneTake,
		Sheet: "Chaque joueur à son tour ne peut donc prendre qu'un « pion chiffre ».",
		Text: rulebook.Text{EN: "A player takes at most one token per turn: see and see, or see and take.",
			FR: "Un joueur prend au plus un pion par tour : voir et voir, ou voir et prendre."}},
	{ID: RuleEliminatedTurn,
		Sheet: "Tout joueur qui n'atteint pas 21 points avec 5 pions ou qui dépasse 21 points avec 5 pions ou moins, est aussitôt éliminé de la manche.",
		Text: rulebook.Text{EN: "A player eliminated from a 21 round keeps his tokens off the board and plays no more turns in that round.",
			FR: "Un joueur éliminé d'une manche « 21 » garde ses pions hors du damier et ne joue plus de la manche."}},
	{ID: RuleScoreGoal,
		Sheet: "Phase « score » : être le premier à réaliser le plus fort total avec cinq pions différents.",
		Text: rulebook.Text{EN: "Score phase: collect five tokens of different values with the highest total.",
			FR: "Phase « score » : réunir cinq pions de valeurs différentes au plus fort total."}},
	{ID: RuleScoreDuplicate,
		Sheet: "Chaque joueur ne peut conserver que des pions de valeurs différentes.",
		Text: rulebook.Text{EN: "Score phase: a token whose value the player already holds cannot be kept; it is a penalty.",
			FR: "Phase « score » : un pion d'une valeur que le joueur a déjà ne peut être gardé ; c'est une pénalité."}},
	{ID: RuleScoreFifth,
		Sheet: "La prise du cinquième pion doit assurer le gain de la manche. […] Paul doit donc obtenir, pour gagner, un total supérieur à celui d'Alfred.",
		Text: rulebook.Text{EN: "Score phase: the fifth token must give a total higher than every opponent's present total, and then wins the round; otherwise it is a penalty.",
			FR: "Phase « score » : le cinquième pion doit donner un total supérieur au total actuel de chaque adversaire, et gagne alors la manche ; sinon c'est une pénalité."}},
	{ID: Rule21Goal,
		Sheet: "Phase « 21 » : être le premier à réaliser le total de 21 points, en 3, 4 ou 5 pions (de valeurs différentes ou non).",
		Text: rulebook.Text{EN: "21 phase: the first player whose tokens add up to exactly 21, with at most five tokens, wins the round.",
			FR: "Phase « 21 » : le premier joueur dont les pions font exactement 21, avec cinq pions au plus, gagne la manche."}},
	{ID: Rule21Eliminated,
		Sheet: "Tout joueur qui n'atteint pas 21 points avec 5 pions ou qui dépasse 21 points avec 5 pions ou moins, est aussitôt éliminé de la manche.",
		Text: rulebook.Text{EN: "21 phase: a player who goes over 21, or holds five tokens short of 21, is eliminated from the round at once.",
			FR: "Phase « 21 » : un joueur qui dépasse 21, ou qui a cinq pions sans atteindre 21, est aussitôt éliminé de la manche."}},
	{ID: RuleLastStanding,
		Sheet: "Tout joueur qui […] dépasse 21 points […] est aussitôt éliminé de la manche. (La feuille ne dit pas qui gagne quand il ne reste qu'un joueur.)",
		Text: rulebook.Text{EN: "21 phase (house reading): when all but one player are eliminated, the last one standing wins the round; when all are eliminated, the round is replayed unless the group says it has no winner.",
			FR: "Phase « 21 » (lecture maison) : quand tous les joueurs sauf un sont éliminés, le dernier gagne la manche ; quand tous le sont, la manche est rejouée, sauf si le groupe décide qu'elle n'a pas de gagnant."}},
	{ID: RuleQuinteGoal,
		Sheet: "Phase « quinte » : être le premier à réaliser une combinaison de 5 chiffres se suivant sans interruption : (1, 2, 3, 4, 5), (3, 4, 5, 6, 7), etc. L'ordre des prises est indifférent.",
		Text: rulebook.Text{EN: "Quinte phase: the first player holding five consecutive values, taken in any order, wins the round.",
			FR: "Phase « quinte » : le premier joueur qui réunit cinq valeurs qui se suivent, prises dans n'importe quel ordre, gagne la manche."}},
	{ID: RuleQuinteMisfit,
		Sheet: "Chaque joueur ne peut conserver que des pions de valeurs différentes lui permettant de réaliser une quinte.",
		Text: rulebook.Text{EN: "Quinte phase: a token may be kept only if it differs from the player's tokens and still fits five consecutive values with them; otherwise it is a penalty.",
			FR: "Phase « quinte » : un pion n'est gardé que s'il diffère des pions du joueur et tient encore avec eux dans cinq valeurs qui se suivent ; sinon c'est une pénalité."}},
	{ID: RulePenalty,
		Sheet: "La prise d'un pion chiffre ne convenant pas ou jugé de valeur insuffisante oblige le joueur à le replacer, après l'avoir montré aux autres joueurs, à sa place initiale, face cachée (la pièce d'échec revient dessus). Il doit également se dessaisir d'un pion déjà pris par lui (à son gré) qu'il replace, face cachée, sur le damier à une case vide et de son choix.",
		Text: rulebook.Text{EN: "Penalty: the token taken is shown and put back face down where it was, under its piece; the player also gives up one token of his choice and lays it face down on a free square (no token, no piece), or under a piece when no square is free.",
			FR: "Pénalité : le pion pris est montré puis reposé face cachée à sa place, sous sa pièce ; le joueur rend aussi un pion de son choix, posé face cachée sur une case libre (sans pion ni pièce), ou sous une pièce si aucune case n'est libre."}},
	{ID: RuleVoluntaryReturn,
		Sheet: "La prise d'un pion chiffre ne convenant pas ou jugé de valeur insuffisante oblige le joueur à le replacer.",
		Text: rulebook.Text{EN: "A player may give back a token he has just taken only when the group allows it (house rule), and then pays the same penalty; in the 21 phase there is no return.",
			FR: "Un joueur ne peut rendre un pion qu'il vient de prendre que si le groupe l'autorise (règle maison), avec la même pénalité ; en phase « 21 », pas de retour."}},
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
	rulebook.Bool(HouseSamePieceTwice, false, rulebook.Text{
		EN: "A player may move the same piece twice in one turn (the sheet says «deux des quatre pièces»: two different pieces).",
		FR: "Un joueur peut déplacer deux fois la même pièce dans un tour (la règle dit « deux des quatre pièces » : deux pièces différentes)."}),
	rulebook.Bool(HouseVoluntaryReturn, false, rulebook.Text{
		EN: "A player may give back a token he has just taken even when he could keep it, paying the usual penalty (score and quinte phases).",
		FR: "Un joueur peut rendre un pion qu'il vient de prendre même s'il pouvait le garder, avec la pénalité habituelle (phases « score » et « quinte »)."}),
	rulebook.Bool(HouseLastStandingWins, true, rulebook.Text{
		EN: "In a 21 round, when all other players are eliminated, the last one standing wins the round.",
		FR: "En manche « 21 », quand tous les autres joueurs sont éliminés, le dernier en lice gagne la manche."}),
	rulebook.Choice(HouseAllEliminated, AllEliminatedReplay, []string{AllEliminatedReplay, AllEliminatedNoWinner}, rulebook.Text{
		EN: "When every player is eliminated from a 21 round: replay the 21 round, or count it as a round without a winner and go on to the quinte.",
		FR: "Quand tous les joueurs sont éliminés d'une manche « 21 » : rejouer la manche « 21 », ou la compter sans gagnant et passer à la quinte."}),
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
