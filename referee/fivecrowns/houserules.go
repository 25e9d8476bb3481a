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

// HouseRules are the game's TOGGLEs with the product's defaults.
var HouseRules = []rulebook.HouseRule{
	rulebook.Choice(KeyMinNaturals, "0", []string{"0", "1"}, rulebook.Text{
		EN: "Fewest natural (non-wild) cards in a meld. 0 (the sheet read literally): a meld may be all wilds. 1: every meld needs at least one card that is not wild.",
		FR: "Nombre minimal de cartes naturelles (non atouts) par combinaison. 0 (lecture littérale de la règle) : une combinaison peut n'être faite que d'atouts et de jokers. 1 : chaque combinaison doit contenir au moins une carte qui n'est pas un atout.",
	}),
	rulebook.Bool(KeyRunsWrap, false, rulebook.Text{
		EN: "Runs may wrap from king to 3 (Q K 3). Off by default: the ranks run from 3 to king only.",
		FR: "Les suites peuvent boucler du roi au 3 (D R 3). Désactivé par défaut : les rangs vont du 3 au roi seulement.",
	}),
	rulebook.Bool(KeyGoOutNoDiscard, false, rulebook.Text{
		EN: "A player may go out by melding every card without discarding. Off by default: going out needs a discard.",
		FR: "Un joueur peut poser sa main en combinant toutes ses cartes sans défausser. Désactivé par défaut : il faut défausser une carte pour poser sa main.",
	}),
	rulebook.Bool(KeyAllowLayOff, false, rulebook.Text{
		EN: "In their final turn, players may add cards to the melds of the player who went out. Off by default.",
		FR: "Lors de leur dernier tour, les joueurs peuvent compléter les combinaisons du joueur qui a posé sa main. Désactivé par défaut.",
	}),
	rulebook.Bool(KeyForbidRediscard, false, rulebook.Text{
		EN: "A player who takes the top of the discard pile may not discard that same card in the same turn. Off by default.",
		FR: "Un joueur qui prend la carte de la défausse ne peut pas la redéfausser au même tour. Désactivé par défaut.",
	}),
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
