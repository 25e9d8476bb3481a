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

// Rules is the catalogue of every rule this engine enforces; each is stated
// plainly in views/locales/fcref.en.toml and .fr.toml ("rule.<id>").
var Rules = []rulebook.Rule{
	{ID: RuleMeldSize, Sheet: sheetRun + " ; " + sheetBook},
	{ID: RuleBookRank, Sheet: sheetBook},
	{ID: RuleRunSuit, Sheet: sheetRun},
	{ID: RuleRunDuplicate, Sheet: sheetRun},
	{ID: RuleRunGap, Sheet: sheetRun + " ; " + sheetWild},
	{ID: RuleRunWrap, Sheet: sheetRanks},
	{ID: RuleRunLength, Sheet: sheetRanks},
	{ID: RuleMinNaturals, Sheet: sheetWild},
	{ID: RuleNotInHand, Sheet: sheetLayOut},
	{ID: RuleDiscardRequired, Sheet: sheetTurn},
	{ID: RuleRediscard, Sheet: sheetTurn},
	{ID: RuleLayOff, Sheet: sheetFinal},
	{ID: RuleLayOffFit, Sheet: sheetRun + " ; " + sheetBook},
}
