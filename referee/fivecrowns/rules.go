package fivecrowns

import "github.com/tablekeeper/tablekeeper/rulebook"

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
	RuleRediscard       = "fivecrowns.rediscard"
	RuleLayOff          = "fivecrowns.lay-off"
	RuleLayOffFit       = "fivecrowns.lay-off-fit"
)

const (
	sheetRun    = "une suite se compose de 3 cartes ou plus se suivant dans une même couleur"
	sheetBook   = "une famille se compose de 3 cartes ou plus d'une même valeur quelle que soit la couleur"
	sheetWild   = "N'importe quelle carte d'une suite ou d'une famille peut être remplacée par un Atout ou un Joker. Il est possible de cumuler plusieurs Atouts et/ou Jokers dans une même suite ou une même famille."
	sheetRanks  = "Chaque couleur comprend 11 cartes : roi, dame, valet, 10, 9, 8, 7, 6, 5, 4, 3."
	sheetLayOut = "les joueurs tentent d'être les premiers à poser leur main en formant une ou plusieurs combinaisons avec la totalité de leurs cartes"
	sheetTurn   = "un joueur choisit d'abord de prendre soit la carte supérieure de la pioche, soit celle de la défausse. Puis il remet une carte de sa main sur la défausse"
	sheetFinal  = "chacun pioche une dernière carte, en défausse une puis pose les suites et les familles qu'il peut éventuellement former"
)

// Rules is the catalogue of every rule this engine enforces.
var Rules = []rulebook.Rule{
	{ID: RuleMeldSize, Sheet: sheetRun + " ; " + sheetBook, Text: rulebook.Text{
		EN: "A meld (run or book) has at least 3 cards.",
		FR: "Une combinaison (suite ou famille) compte au moins 3 cartes."}},
	{ID: RuleBookRank, Sheet: sheetBook, Text: rulebook.Text{
		EN: "The natural cards of a book all have the same rank; suits are free and the same card may appear twice.",
		FR: "Les cartes naturelles d'une famille ont toutes la même valeur ; les couleurs sont libres et une même carte peut figurer deux fois."}},
	{ID: RuleRunSuit, Sheet: sheetRun, Text: rulebook.Text{
		EN: "The natural cards of a run are all of one suit.",
		FR: "Les cartes naturelles d'une suite sont toutes de la même couleur."}},
	{ID: RuleRunDuplicate, Sheet: sheetRun, Text: rulebook.Text{
		EN: "A run follows on rank by rank, so it cannot hold the same rank twice.",
		FR: "Une suite avance d'une valeur à la fois : elle ne peut pas contenir deux fois la même valeur."}},
	{ID: RuleRunGap, Sheet: sheetRun + " ; " + sheetWild, Text: rulebook.Text{
		EN: "The cards of a run follow on; each missing rank must be filled by a wild card (the round's wild rank or a joker).",
		FR: "Les cartes d'une suite se suivent ; chaque valeur manquante doit être remplacée par un atout ou un joker."}},
	{ID: RuleRunWrap, Sheet: sheetRanks, Text: rulebook.Text{
		EN: "Ranks go from 3 up to the king; a run does not continue from the king back to 3 (unless the house rule “runs wrap from king to 3” is on).",
		FR: "Les valeurs vont du 3 au roi ; une suite ne repart pas du roi vers le 3 (sauf règle maison « les suites continuent du roi au 3 »)."}},
	{ID: RuleRunLength, Sheet: sheetRanks, Text: rulebook.Text{
		EN: "A suit has 11 ranks, so a run has at most 11 cards.",
		FR: "Une couleur compte 11 valeurs : une suite a donc au plus 11 cartes."}},
	{ID: RuleMinNaturals, Sheet: sheetWild, Text: rulebook.Text{
		EN: "House rule minNaturalsPerMeld: every meld needs at least that many cards that are not wild.",
		FR: "Règle maison minNaturalsPerMeld : chaque combinaison doit contenir au moins ce nombre de cartes qui ne sont pas des atouts."}},
	{ID: RuleNotInHand, Sheet: sheetLayOut, Text: rulebook.Text{
		EN: "A player melds and discards only cards from his own hand, each card once.",
		FR: "Un joueur ne pose et ne défausse que des cartes de sa main, chacune une seule fois."}},
	{ID: RuleDiscardRequired, Sheet: sheetTurn, Text: rulebook.Text{
		EN: "Every turn ends with a discard, including the turn in which a player goes out (unless the house rule “going out without discarding” is on).",
		FR: "Chaque tour se termine par une défausse, y compris celui où le joueur pose sa main (sauf règle maison « sortir sans défausser »)."}},
	{ID: RuleRediscard, Sheet: sheetTurn, Text: rulebook.Text{
		EN: "House rule forbidImmediateRediscard (a common rummy house rule; the sheet is silent): a player who took the top card of the discard pile may not discard that same card in the same turn. A hand holding that card twice may discard the other copy, since the two cannot be told apart.",
		FR: "Règle maison forbidImmediateRediscard (courante au rami ; la règle du jeu n'en dit rien) : un joueur qui a pris la carte de la défausse ne peut pas redéfausser cette même carte au même tour. Une main qui tient cette carte en deux exemplaires peut défausser l'autre, les deux étant indiscernables."}},
	{ID: RuleLayOff, Sheet: sheetFinal, Text: rulebook.Text{
		EN: "In his final turn a player lays down only melds of his own: nobody may add cards to another player's melds (“It is not allowed to play on another player's books or runs”, official rules), unless the house rule allowLayOff is on.",
		FR: "Lors de son dernier tour, un joueur ne pose que ses propres combinaisons : personne ne peut ajouter de cartes aux combinaisons d'un autre joueur (« It is not allowed to play on another player's books or runs », règle officielle), sauf règle maison allowLayOff."}},
	{ID: RuleLayOffFit, Sheet: sheetRun + " ; " + sheetBook, Text: rulebook.Text{
		EN: "House rule allowLayOff: in his final turn a player may add cards to the melds of the player who went out, extending a run at either end (within 3 to king, unless runs wrap) or adding to a book, wild cards included; each meld must stay a valid run or book.",
		FR: "Règle maison allowLayOff : lors de son dernier tour, un joueur peut ajouter des cartes aux combinaisons du joueur qui a posé sa main, en prolongeant une suite à l'un ou l'autre bout (du 3 au roi, sauf si les suites bouclent) ou en complétant une famille, atouts compris ; chaque combinaison doit rester une suite ou une famille valide."}},
}
