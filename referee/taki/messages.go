package taki

import (
	"fmt"
	"strings"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// Violation messages: full sentences a player reads at the table, saying why.
// French names cards in «…» to stay clear of grammatical gender.

func violation(rule string, step int, en, fr string) rulebook.Violation {
	return rulebook.Violation{Rule: rule, Step: step, Message: rulebook.Text{EN: en, FR: fr}.Msg()}
}

func msgMatch(c Card, top Card, col Colour, step int) rulebook.Violation {
	if top.Kind == Crazy {
		return violation(RuleCrazyColour, step,
			fmt.Sprintf("House rule: on a crazy card only the colour underneath, %s, may be played (or a colourless card), and the %s is not %s.", col.Name().EN, c.Name().EN, col.Name().EN),
			fmt.Sprintf("Règle maison : sur une carte folle on ne joue que la couleur du dessous, le %s (ou une carte sans couleur), et « %s » n'est pas %s.", col.Name().FR, c.Name().FR, col.Name().FR))
	}
	return violation(RuleMatch, step,
		fmt.Sprintf("The %s cannot go on the %s: it is neither %s (the colour in force) nor the same number or symbol.", c.Name().EN, top.Name().EN, col.Name().EN),
		fmt.Sprintf("« %s » ne peut pas aller sur « %s » : ni %s (la couleur en vigueur), ni le même chiffre ou symbole.", c.Name().FR, top.Name().FR, col.Name().FR))
}

func msgOpenTaki(open Colour, c, top Card, step int) rulebook.Violation {
	en := fmt.Sprintf("On the open %s TAKI you go on with %s cards, or play a card of the same number or symbol as the %s: the %s is neither.", open.Name().EN, open.Name().EN, top.Name().EN, c.Name().EN)
	fr := fmt.Sprintf("Sur le TAKI %s ouvert on continue avec des cartes %s, ou on joue une carte de même chiffre ou symbole que « %s » : « %s » n'est ni l'un ni l'autre.", open.Name().FR, open.frAgreed(true), top.Name().FR, c.Name().FR)
	if c.Kind == Taki {
		en += " A TAKI of another colour goes only on a TAKI."
		fr += " Un TAKI d'une autre couleur ne va que sur un TAKI."
	}
	return violation(RuleTaki, step, en, fr)
}

func msgPending(owed int, c Card, step int) rulebook.Violation {
	return violation(RulePlus2, step,
		fmt.Sprintf("You owe %d cards from the +2 chain: answer with a +2 or draw %d, so the %s cannot be played now.", owed, owed, c.Name().EN),
		fmt.Sprintf("Vous devez %d cartes (suite de +2) : répondez par un +2 ou piochez-en %d ; « %s » ne peut pas être joué maintenant.", owed, owed, c.Name().FR))
}

func msgRunPlus2(owed int, step int) rulebook.Violation {
	return violation(RulePlus2, step,
		fmt.Sprintf("You owe %d cards: a TAKI run answers a +2 only when it ends with a +2.", owed),
		fmt.Sprintf("Vous devez %d cartes : une série TAKI ne répond à un +2 que si elle se termine par un +2.", owed))
}

func msgPlusFollow(col Colour, c Card, step int) rulebook.Violation {
	return violation(RulePlus, step,
		fmt.Sprintf("A Plus must be followed by a card of its colour: after the %s Plus comes a %s card, and the %s is not %s.", col.Name().EN, col.Name().EN, c.Name().EN, col.Name().EN),
		fmt.Sprintf("Un Plus doit être suivi d'une carte de sa couleur : après « Plus %s » vient une carte %s, et « %s » ne l'est pas.", col.Name().FR, col.frAgreed(false), c.Name().FR))
}

func msgPlusAlone(col Colour, canFollow bool, step int) rulebook.Violation {
	en := fmt.Sprintf("The %s Plus cannot end the turn: a Plus must be followed by another %s card in the same turn.", col.Name().EN, col.Name().EN)
	fr := fmt.Sprintf("« Plus %s » ne peut pas finir le tour : un Plus doit être suivi d'une autre carte %s dans le même tour.", col.Name().FR, col.frAgreed(false))
	if !canFollow {
		en += fmt.Sprintf(" With no other %s card in hand, draw instead.", col.Name().EN)
		fr += fmt.Sprintf(" Sans autre carte %s en main, piochez plutôt.", col.frAgreed(false))
	}
	return violation(RulePlus, step, en, fr)
}

func msgRunColour(run Colour, c Card, step int) rulebook.Violation {
	return violation(RuleTaki, step,
		fmt.Sprintf("During a %s TAKI run only %s cards may follow (a change of colour or a crazy card may end it): the %s is not %s.", run.Name().EN, run.Name().EN, c.Name().EN, run.Name().EN),
		fmt.Sprintf("Pendant une série TAKI %s, seules des cartes %s peuvent suivre (un changement de couleur ou une carte folle peut la terminer) : « %s » n'est pas %s.", run.frAgreed(false), run.frAgreed(true), c.Name().FR, run.Name().FR))
}

func msgRunEnded(ender, c Card, step int) rulebook.Violation {
	return violation(RuleTaki, step,
		fmt.Sprintf("The %s ended the TAKI run: no card may follow it in this turn, so the %s cannot be played.", ender.Name().EN, c.Name().EN),
		fmt.Sprintf("« %s » a terminé la série TAKI : aucune carte ne peut la suivre dans ce tour, donc « %s » ne peut pas être jouée.", ender.Name().FR, c.Name().FR))
}

func msgOneCard(prev, c Card, step int) rulebook.Violation {
	return violation(RuleTurn, step,
		fmt.Sprintf("Only one card is played per turn unless it is a TAKI, a Super TAKI or a Plus: the %s cannot follow the %s.", c.Name().EN, prev.Name().EN),
		fmt.Sprintf("On ne joue qu'une carte par tour, sauf après un TAKI, un Super TAKI ou un Plus : « %s » ne peut pas suivre « %s ».", c.Name().FR, prev.Name().FR))
}

func msgSuperColour(named Colour, c Card, step int) rulebook.Violation {
	return violation(RuleSuperTaki, step,
		fmt.Sprintf("You named %s for the Super TAKI, so its run is %s: the %s cannot follow it.", named.Name().EN, named.Name().EN, c.Name().EN),
		fmt.Sprintf("Vous avez annoncé %s pour le Super TAKI, sa série est donc %s : « %s » ne peut pas le suivre.", named.Name().FR, named.frAgreed(false), c.Name().FR))
}

func msgCounterCards(cards []Card) rulebook.Violation {
	return violation(RulePlus3, rulebook.NoStep,
		fmt.Sprintf("A +3 is countered only by a Plus followed by a 3 of the same colour, and %s is not that combination.", joinCards(cards, "en")),
		fmt.Sprintf("On ne contre un +3 qu'avec un Plus suivi d'un 3 de la même couleur, et %s n'est pas cette combinaison.", joinCards(cards, "fr")))
}

func msgNoPlus3(roundOver bool) rulebook.Violation {
	if roundOver {
		return violation(RulePlus3, rulebook.NoStep,
			"There is no +3 to counter: the round ended with that card, so its action does not happen.",
			"Il n'y a pas de +3 à contrer : la manche s'est terminée sur cette carte, son action n'a pas lieu.")
	}
	return violation(RulePlus3, rulebook.NoStep,
		"There is no +3 to counter: the turn did not end with a Plus followed by a 3 of its colour.",
		"Il n'y a pas de +3 à contrer : le tour ne s'est pas terminé par un Plus suivi d'un 3 de sa couleur.")
}

func msgMustPlay(cards []Card) rulebook.Violation {
	return violation(RuleMustPlay, rulebook.NoStep,
		fmt.Sprintf("House rule: a player who can play may not draw, and you can play %s.", joinCards(cards, "en")),
		fmt.Sprintf("Règle maison : qui peut jouer ne peut pas piocher, et vous pouvez jouer %s.", joinCards(cards, "fr")))
}

func msgStartStop(cur, next int) rulebook.Violation {
	return violation(RuleStartCard, rulebook.NoStep,
		fmt.Sprintf("The starting card is a Stop, which acts on the first player: player %s loses this turn and player %s starts.", SeatName(cur), SeatName(next)),
		fmt.Sprintf("La carte de départ est un Passer, qui agit sur le premier joueur : le joueur %s passe son tour et le joueur %s commence.", SeatName(cur), SeatName(next)))
}

// joinCards names cards for a sentence: "the red 5, the blue 5" / "« 5 rouge », « 5 bleu »".
func joinCards(cards []Card, lang string) string {
	parts := make([]string, len(cards))
	for i, c := range cards {
		if lang == "fr" {
			parts[i] = "« " + c.Name().FR + " »"
		} else {
			parts[i] = "the " + c.Name().EN
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}
