package fivecrowns

import (
	"github.com/tablekeeper/tablekeeper/rulebook"
)

// House-rule keys (RULES.md §3.7), without the "fiveCrowns." prefix.
const (
	KeyMinNaturals     = "minNaturalsPerMeld"
	KeyRunsWrap        = "runsWrap"
	KeyGoOutNoDiscard  = "goOutWithoutDiscard"
	KeyAllowLayOff     = "allowLayOff"
	KeyForbidRediscard = "forbidImmediateRediscard"
)

// HouseRules are the game's TOGGLEs with the product's defaults; what each
// means is in views/locales/fivecrowns.en.toml and .fr.toml ("house.<key>").
var HouseRules = []rulebook.HouseRule{
	rulebook.Choice(KeyMinNaturals, "0", []string{"0", "1"}),
	rulebook.Bool(KeyRunsWrap, false),
	rulebook.Bool(KeyGoOutNoDiscard, false),
	rulebook.Bool(KeyAllowLayOff, false),
	rulebook.Bool(KeyForbidRediscard, false),
}

// Options are the house rules that change which melds are valid and what a
// hand's best lay-down is.
type Options struct {
	MinNaturals         int  // fewest non-wild cards per meld: 0 or 1
	RunsWrap            bool // Q K 3 is a run
	GoOutWithoutDiscard bool // a player may go out with no discard
	AllowLayOff         bool // a final-turn player may add cards to the melds of the one who went out
	ForbidRediscard     bool // the card taken from the discard pile may not be discarded the same turn
}

// OptionsFrom reads Options from resolved settings.
func OptionsFrom(s rulebook.Settings) Options {
	return Options{
		MinNaturals:         s.Int(KeyMinNaturals),
		RunsWrap:            s.Bool(KeyRunsWrap),
		GoOutWithoutDiscard: s.Bool(KeyGoOutNoDiscard),
		AllowLayOff:         s.Bool(KeyAllowLayOff),
		ForbidRediscard:     s.Bool(KeyForbidRediscard),
	}
}

// CheckHandSize returns an *rulebook.InputError on field unless n is the
// number of cards held in round at the end of a turn (round + 2) or after
// drawing (round + 3).
func CheckHandSize(field string, round, n int) error {
	d := CardsDealt(round)
	if n == d || n == d+1 {
		return nil
	}
	return rulebook.Mistake(field, "fcref.mistake.hand.round.holds.cards", "Round", round, "Dealt", d, "Drawn", d+1, "Num", n)
}
