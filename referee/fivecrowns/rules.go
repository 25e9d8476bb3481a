package fivecrowns

import "github.com/tablekeeper/tablekeeper/referee"

// Rule ids this engine reports.
const (
	RuleMeldSize        = "fivecrowns.meld-size"
	RuleBookRank        = "fivecrowns.book-rank"
	RuleRunSuit         = "fivecrowns.run-suit"
	RuleRunDuplicate    = "fivecrowns.run-duplicate"
	RuleRunGap          = "fivecrowns.run-gap"
	RuleRunWrap         = "fivecrowns.run-wrap"
	RuleRunLength       = "fivecrowns.run-length"
	RuleMinNaturals     = "fivecrowns.min-naturals"
	RuleNotInHand       = "fivecrowns.not-in-hand"
	RuleDiscardRequired = "fivecrowns.discard-required"
)

const (
	sheetRun    = "une suite se compose de 3 cartes ou plus se suivant dans une même couleur"
	sheetBook   = "une famille se compose de 3 cartes ou plus d'une même valeur quelle que soit la couleur"
	sheetWild   = "N'importe quelle carte d'une suite ou d'une famille peut être remplacée par un Atout ou un Joker. Il est possible de cumuler plusieurs Atouts et/ou Jokers dans une même suite ou une même famille."
	sheetRanks  = "Chaque couleur comprend 11 cartes : roi, dame, valet, 10, 9, 8, 7, 6, 5, 4, 3."
	sheetLayOut = "les joueurs tentent d'être les premiers à poser leur main en formant une ou plusieurs combinaisons avec la totalité de leurs cartes"
	sheetTurn   = "un joueur choisit d'abord de prendre soit la carte supérieure de la pioche, soit celle de la défausse. Puis il remet une carte de sa main sur la défausse"
)

// Rules is the catalogue of every rule this engine enforces.
var Rules = []referee.Rule{
	{ID: RuleMeldSize, Sheet: sheetRun + " ; " + sheetBook, Text: referee.Text{
		EN: "A meld (run or book) has at least 3 cards.",
		FR: "Une combinaison (suite ou famille) compte au moins 3 cartes."}},
	{ID: RuleBookRank, Sheet: sheetBook, Text: referee.Text{
		EN: "The natural cards of a book all have the same rank; suits are free and the same card may appear twice.",
		FR: "Les cartes naturelles d'une famille ont toutes la même valeur ; les couleurs sont libres et une même carte peut figurer deux fois."}},
	{ID: RuleRunSuit, Sheet: sheetRun, Text: referee.Text{
		EN: "The natural cards of a run are all of one suit.",
		FR: "Les cartes naturelles d'une suite sont toutes de la même couleur."}},
	{ID: RuleRunDuplicate, Sheet: sheetRun, Text: referee.Text{
		EN: "A run follows on rank by rank, so it cannot hold the same rank twice.",
		FR: "Une suite avance d'une valeur à la fois : elle ne peut pas contenir deux fois la même valeur."}},
	{ID: RuleRunGap, Sheet: sheetRun + " ; " + sheetWild, Text: referee.Text{
		EN: "The cards of a run follow on; each missing rank must be filled by a wild card (the round's wild rank or a joker).",
		FR: "Les cartes d'une suite se suivent ; chaque valeur manquante doit être remplacée par un atout ou un joker."}},
	{ID: RuleRunWrap, Sheet: sheetRanks, Text: referee.Text{
		EN: "Ranks go from 3 up to the king; a run does not continue from the king back to 3 (unless the house rule “runs wrap from king to 3” is on).",
		FR: "Les valeurs vont du 3 au roi ; une suite ne repart pas du roi vers le 3 (sauf règle maison « les suites continuent du roi au 3 »)."}},
	{ID: RuleRunLength, Sheet: sheetRanks, Text: referee.Text{
		EN: "A suit has 11 ranks, so a run has at most 11 cards.",
		FR: "Une couleur compte 11 valeurs : une suite a donc au plus 11 cartes."}},
	{ID: RuleMinNaturals, Sheet: sheetWild, Text: referee.Text{
		EN: "House rule minNaturalsPerMeld: every meld needs at least that many cards that are not wild.",
		FR: "Règle maison minNaturalsPerMeld : chaque combinaison doit contenir au moins ce nombre de cartes qui ne sont pas des atouts."}},
	{ID: RuleNotInHand, Sheet: sheetLayOut, Text: referee.Text{
		EN: "A player melds and discards only cards from his own hand, each card once.",
		FR: "Un joueur ne pose et ne défausse que des cartes de sa main, chacune une seule fois."}},
	{ID: RuleDiscardRequired, Sheet: sheetTurn, Text: referee.Text{
		EN: "Every turn ends with a discard, including the turn in which a player goes out (unless the house rule “going out without discarding” is on).",
		FR: "Chaque tour se termine par une défausse, y compris celui où le joueur pose sa main (sauf règle maison « sortir sans défausser »)."}},
}
