package taki

import "github.com/tablekeeper/tablekeeper/rulebook"

// Violation messages: full sentences a player reads at the table, saying
// why, from the message files ("taki.v.…"). French names cards in «…» to
// stay clear of grammatical gender.

func msgMatch(c Card, top Card, col Colour, step int) rulebook.Violation {
	if top.Kind == Crazy {
		return rulebook.Violation{Rule: RuleCrazyColour, Step: step,
			Message: rulebook.Say("taki.v.crazycolour", "Colour", col.Name(), "Card", c.Name())}
	}
	return rulebook.Violation{Rule: RuleMatch, Step: step,
		Message: rulebook.Say("taki.v.match", "Card", c.Name(), "Top", top.Name(), "Colour", col.Name())}
}

func msgOpenTaki(open Colour, c, top Card, step int) rulebook.Violation {
	return rulebook.Violation{Rule: RuleTaki, Step: step, Message: rulebook.Say("taki.v.opentaki", "Colour", open.Name(),
		"Colours", open.agreed(true), "Top", top.Name(), "Card", c.Name(), "IsTaki", c.Kind == Taki)}
}

func msgPending(owed int, c Card, step int) rulebook.Violation {
	return rulebook.Violation{Rule: RulePlus2, Step: step, Message: rulebook.Say("taki.v.pending", "Owed", owed, "Card", c.Name())}
}

func msgRunPlus2(owed int, step int) rulebook.Violation {
	return rulebook.Violation{Rule: RulePlus2, Step: step, Message: rulebook.Say("taki.v.runplus2", "Owed", owed)}
}

func msgPlusFollow(col Colour, c Card, step int) rulebook.Violation {
	return rulebook.Violation{Rule: RulePlus, Step: step,
		Message: rulebook.Say("taki.v.plusfollow", "Colour", col.Name(), "Agreed", col.agreed(false), "Card", c.Name())}
}

func msgPlusAlone(col Colour, canFollow bool, step int) rulebook.Violation {
	return rulebook.Violation{Rule: RulePlus, Step: step,
		Message: rulebook.Say("taki.v.plusalone", "Colour", col.Name(), "Agreed", col.agreed(false), "CanFollow", canFollow)}
}

func msgRunColour(run Colour, c Card, step int) rulebook.Violation {
	return rulebook.Violation{Rule: RuleTaki, Step: step, Message: rulebook.Say("taki.v.runcolour", "Colour", run.Name(),
		"Agreed", run.agreed(false), "Colours", run.agreed(true), "Card", c.Name())}
}

func msgRunEnded(ender, c Card, step int) rulebook.Violation {
	return rulebook.Violation{Rule: RuleTaki, Step: step, Message: rulebook.Say("taki.v.runended", "Ender", ender.Name(), "Card", c.Name())}
}

func msgOneCard(prev, c Card, step int) rulebook.Violation {
	return rulebook.Violation{Rule: RuleTurn, Step: step, Message: rulebook.Say("taki.v.onecard", "Card", c.Name(), "Prev", prev.Name())}
}

func msgSuperColour(named Colour, c Card, step int) rulebook.Violation {
	return rulebook.Violation{Rule: RuleSuperTaki, Step: step,
		Message: rulebook.Say("taki.v.supercolour", "Colour", named.Name(), "Agreed", named.agreed(false), "Card", c.Name())}
}

func msgCounterCards(cards []Card) rulebook.Violation {
	return rulebook.Violation{Rule: RulePlus3, Step: rulebook.NoStep, Message: rulebook.Say("taki.v.countercards", "Cards", joinCards(cards))}
}

func msgNoPlus3(roundOver bool) rulebook.Violation {
	if roundOver {
		return rulebook.Violation{Rule: RulePlus3, Step: rulebook.NoStep, Message: rulebook.Say("taki.v.noplus3.over")}
	}
	return rulebook.Violation{Rule: RulePlus3, Step: rulebook.NoStep, Message: rulebook.Say("taki.v.noplus3")}
}

func msgMustPlay(cards []Card) rulebook.Violation {
	return rulebook.Violation{Rule: RuleMustPlay, Step: rulebook.NoStep, Message: rulebook.Say("taki.v.mustplay", "Cards", joinCards(cards))}
}

func msgStartStop(cur, next int) rulebook.Violation {
	return rulebook.Violation{Rule: RuleStartCard, Step: rulebook.NoStep,
		Message: rulebook.Say("taki.v.startstop", "Player", SeatName(cur), "Next", SeatName(next))}
}

// joinCards names cards for a sentence: "the red 5, the blue 5" / "« 5
// rouge », « 5 bleu »".
func joinCards(cards []Card) rulebook.Msg {
	if len(cards) == 0 {
		return rulebook.Say("taki.v.nocard")
	}
	list := rulebook.Say("taki.v.thecard", "Card", cards[len(cards)-1].Name())
	for i := len(cards) - 2; i >= 0; i-- {
		list = rulebook.Say("taki.v.cards", "First", rulebook.Say("taki.v.thecard", "Card", cards[i].Name()), "Rest", list)
	}
	return list
}
