package takefive

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// Phase is the goal of a round: score, 21 or quinte, in that order, over and
// over (TF-P).
type Phase int8

// The three phases, in the order the rounds play them.
const (
	Score Phase = iota
	TwentyOne
	Quinte
	NumPhases = 3
)

var phaseIDs = [NumPhases]string{"score", "21", "quinte"}

// String returns the phase's API name: "score", "21" or "quinte".
func (ph Phase) String() string {
	if ph < 0 || ph >= NumPhases {
		return "?"
	}
	return phaseIDs[ph]
}

// Name returns the phase as players say it, «score», «21», «quinte».
func (ph Phase) Name() rulebook.Text {
	n := ph.String()
	return rulebook.Text{EN: "the " + n + " phase", FR: "la phase « " + n + " »"}
}

// ParsePhase reads "score", "21" or "quinte". Returns an error otherwise.
func ParsePhase(name string) (Phase, error) {
	if i := slices.Index(phaseIDs[:], name); i >= 0 {
		return Phase(i), nil
	}
	return -1, fmt.Errorf("takefive: %q is not a phase (score, 21, quinte)", name)
}

// Outcome is what a take does to the player's rack and round.
type Outcome int8

// The outcomes of a take.
const (
	Kept       Outcome = iota // the token joins the rack
	Penalty                   // the token goes back; the player gives up one of his
	Won                       // the token joins the rack and wins the round
	Eliminated                // phase 21: the token joins the rack and the player is out
)

var outcomeIDs = [...]string{"kept", "penalty", "won", "eliminated"}

// String returns the API name: "kept", "penalty", "won" or "eliminated".
func (o Outcome) String() string {
	if o < 0 || int(o) >= len(outcomeIDs) {
		return "?"
	}
	return outcomeIDs[o]
}

// Opponent is another player of the round as a take sees him.
type Opponent struct {
	Name       string
	Rack       []int
	Eliminated bool // out of a 21 round
}

// Take is the question "what does this take do?": the phase, the taker and
// his rack before the take, the other players, and the value revealed.
// GiveBack asks for a voluntary return (house rule allowVoluntaryReturn); the
// caller checks that it is allowed (see CheckTurn).
type Take struct {
	Phase     Phase
	Player    string
	Rack      []int
	Opponents []Opponent
	Value     int
	GiveBack  bool
}

// Effect is the answer: the outcome, the rule that decides it and why, the
// taker's rack afterwards (unchanged on a penalty), and how the round ends.
type Effect struct {
	Outcome Outcome
	Rule    string
	Reason  rulebook.Text
	Rack    []int
	// GiveUp lists the values the player may give up on a penalty: any of
	// his tokens, in rack order. Empty otherwise.
	GiveUp []int
	// RoundOver is true when the round ends with this take. Winner is then
	// the round's winner ("" when there is none), and Replay says that the
	// 21 round is to be played again (everyone eliminated, allEliminated=replay).
	RoundOver bool
	Winner    string
	Replay    bool
}

// TakeEffect says what taking t.Value does under t.Phase (TF-P-score,
// TF-P-21, TF-P-quinte, PENALTY, TF-A3..A7) with settings s. It is pure: the
// inputs are not modified. t must describe a valid state (see CheckState)
// and 1 ≤ t.Value ≤ 9.
func TakeEffect(t Take, s rulebook.Settings) Effect {
	after := append(slices.Clip(t.Rack), t.Value)
	v, who := t.Value, t.Player
	switch t.Phase {
	case TwentyOne:
		return take21(t, after, s)
	case Quinte:
		if slices.Contains(t.Rack, v) {
			return penalty(t, RuleQuinteMisfit,
				fmt.Sprintf("%s already holds %s: a quinte needs five different values, so the %d goes back (penalty).", who, aToken(v), v),
				fmt.Sprintf("%s a déjà un %d : une quinte demande cinq valeurs différentes, le %d est donc replacé (pénalité).", who, v, v))
		}
		lo, hi := slices.Min(after), slices.Max(after)
		if hi-lo > 4 {
			return penalty(t, RuleQuinteMisfit,
				fmt.Sprintf("The %d does not fit a quinte with %s: from %d to %d is %d values, more than five, so it goes back (penalty).", v, list(t.Rack, ", "), lo, hi, hi-lo+1),
				fmt.Sprintf("Le %d ne tient pas dans une quinte avec %s : de %d à %d il y a %d valeurs, plus que cinq, il est donc replacé (pénalité).", v, list(t.Rack, ", "), lo, hi, hi-lo+1))
		}
		if t.GiveBack {
			return voluntary(t)
		}
		if len(after) == 5 {
			sorted := slices.Sorted(slices.Values(after))
			return Effect{Outcome: Won, Rule: RuleQuinteGoal, Rack: after, RoundOver: true, Winner: who, Reason: rulebook.Text{
				EN: fmt.Sprintf("%s's tokens %s follow each other: %s wins the quinte round.", who, list(sorted, ", "), who),
				FR: fmt.Sprintf("Les pions de %s, %s, se suivent : %s gagne la manche « quinte ».", who, list(sorted, ", "), who)}}
		}
		return Effect{Outcome: Kept, Rule: RuleQuinteGoal, Rack: after, Reason: rulebook.Text{
			EN: fmt.Sprintf("%s keeps the %d: %s still fit in five consecutive values.", who, v, list(after, ", ")),
			FR: fmt.Sprintf("%s garde le %d : %s tiennent encore dans cinq valeurs qui se suivent.", who, v, list(after, ", "))}}
	default: // Score
		if slices.Contains(t.Rack, v) {
			return penalty(t, RuleScoreDuplicate,
				fmt.Sprintf("%s already holds %s: in the score phase the five tokens must all differ, so the %d goes back (penalty).", who, aToken(v), v),
				fmt.Sprintf("%s a déjà un %d : en phase « score », les cinq pions doivent être différents, le %d est donc replacé (pénalité).", who, v, v))
		}
		if len(after) < 5 {
			if t.GiveBack {
				return voluntary(t)
			}
			return Effect{Outcome: Kept, Rule: RuleScoreGoal, Rack: after, Reason: rulebook.Text{
				EN: fmt.Sprintf("%s keeps the %d: it differs from his other tokens (%d of 5).", who, v, len(after)),
				FR: fmt.Sprintf("%s garde le %d : il diffère de ses autres pions (%d sur 5).", who, v, len(after))}}
		}
		total := sum(t.Rack) + v
		best, bestName := -1, ""
		for _, o := range t.Opponents {
			if ot := sum(o.Rack); ot > best {
				best, bestName = ot, o.Name
			}
		}
		working := fmt.Sprintf("%d + %d = %d", sum(t.Rack), v, total)
		if total <= best {
			return penalty(t, RuleScoreFifth,
				fmt.Sprintf("With this fifth token %s makes %s, which is not higher than %s's %d: the fifth token must win the round, so the %d goes back (penalty).", who, working, bestName, best, v),
				fmt.Sprintf("Avec ce cinquième pion, %s fait %s, ce qui ne dépasse pas %d, le total actuel de l'adversaire %s : le cinquième pion doit assurer le gain de la manche, le %d est donc replacé (pénalité).", who, working, best, bestName, v))
		}
		if t.GiveBack {
			return voluntary(t)
		}
		e := Effect{Outcome: Won, Rule: RuleScoreFifth, Rack: after, RoundOver: true, Winner: who, Reason: rulebook.Text{
			EN: fmt.Sprintf("%s's five different tokens make %s, higher than every opponent's total: %s wins the score round.", who, working, who),
			FR: fmt.Sprintf("Les cinq pions différents de %s font %s, plus que le total de chaque adversaire : %s gagne la manche « score ».", who, working, who)}}
		if bestName != "" {
			e.Reason.EN = fmt.Sprintf("%s's five different tokens make %s, higher than every opponent's total (the best is %s's %d): %s wins the score round.", who, working, bestName, best, who)
			e.Reason.FR = fmt.Sprintf("Les cinq pions différents de %s font %s, plus que le total de chaque adversaire (le meilleur : %d pour %s) : %s gagne la manche « score ».", who, working, best, bestName, who)
		}
		return e
	}
}

// take21 is TF-P-21 and TF-A7: no penalty, no return; 21 wins, over 21 or
// five tokens short of it eliminates.
func take21(t Take, after []int, s rulebook.Settings) Effect {
	who, total, working := t.Player, sum(after), list(after, " + ")+" = "+strconv.Itoa(sum(after))
	switch {
	case total == 21:
		return Effect{Outcome: Won, Rule: Rule21Goal, Rack: after, RoundOver: true, Winner: who, Reason: rulebook.Text{
			EN: fmt.Sprintf("%s's tokens make %s: %s wins the 21 round.", who, working, who),
			FR: fmt.Sprintf("Les pions de %s font %s : %s gagne la manche « 21 ».", who, working, who)}}
	case total < 21 && len(after) < 5:
		return Effect{Outcome: Kept, Rule: Rule21Goal, Rack: after, Reason: rulebook.Text{
			EN: fmt.Sprintf("%s keeps the %d: his tokens make %s, with %d more token(s) allowed to reach 21.", who, t.Value, working, 5-len(after)),
			FR: fmt.Sprintf("%s garde le %d : ses pions font %s, et il peut encore prendre %d pion(s) pour atteindre 21.", who, t.Value, working, 5-len(after))}}
	}
	e := Effect{Outcome: Eliminated, Rule: Rule21Eliminated, Rack: after}
	if total > 21 {
		e.Reason = rulebook.Text{
			EN: fmt.Sprintf("%s's tokens make %s, over 21: %s is eliminated from the round.", who, working, who),
			FR: fmt.Sprintf("Les pions de %s font %s, plus de 21 : %s est éliminé de la manche.", who, working, who)}
	} else {
		e.Reason = rulebook.Text{
			EN: fmt.Sprintf("%s holds five tokens making %s, short of 21: %s is eliminated from the round.", who, working, who),
			FR: fmt.Sprintf("%s a cinq pions qui font %s, moins de 21 : %s est éliminé de la manche.", who, working, who)}
	}
	var standing []string
	for _, o := range t.Opponents {
		if !o.Eliminated {
			standing = append(standing, o.Name)
		}
	}
	switch {
	case len(standing) == 1 && s.Get(HouseLastStandingWins) != "false":
		e.Rule, e.RoundOver, e.Winner = RuleLastStanding, true, standing[0]
		e.Reason.EN += fmt.Sprintf(" %s is the last player left in the round and wins it.", standing[0])
		e.Reason.FR += fmt.Sprintf(" %s est le dernier joueur en lice et gagne la manche.", standing[0])
	case len(standing) == 0 && s.Get(HouseAllEliminated) == AllEliminatedNoWinner:
		e.Rule, e.RoundOver = RuleLastStanding, true
		e.Reason.EN += " Every player is eliminated: the 21 round ends without a winner."
		e.Reason.FR += " Tous les joueurs sont éliminés : la manche « 21 » s'achève sans gagnant."
	case len(standing) == 0:
		e.Rule, e.RoundOver, e.Replay = RuleLastStanding, true, true
		e.Reason.EN += " Every player is eliminated: the 21 round is played again."
		e.Reason.FR += " Tous les joueurs sont éliminés : la manche « 21 » est rejouée."
	}
	return e
}

// penalty is the PENALTY of the score and quinte phases: the token goes back,
// and the player gives up any one of his tokens.
func penalty(t Take, rule, en, fr string) Effect {
	e := Effect{Outcome: Penalty, Rule: rule, Rack: slices.Clone(t.Rack), GiveUp: slices.Clone(t.Rack)}
	e.Reason = rulebook.Text{EN: en, FR: fr}
	if len(t.Rack) > 0 {
		e.Reason.EN += fmt.Sprintf(" %s must also give up one of his tokens (%s) and lay it face down on a free square.", t.Player, list(t.Rack, ", "))
		e.Reason.FR += fmt.Sprintf(" %s doit aussi rendre un de ses pions (%s) et le poser face cachée sur une case libre.", t.Player, list(t.Rack, ", "))
	}
	if e.GiveUp == nil {
		e.GiveUp = []int{}
	}
	return e
}

func voluntary(t Take) Effect {
	return penalty(t, RuleVoluntaryReturn,
		fmt.Sprintf("%s gives back the %d he could have kept (house rule): it goes back under its piece (penalty).", t.Player, t.Value),
		fmt.Sprintf("%s rend le %d qu'il pouvait garder (règle maison) : il est replacé sous sa pièce (pénalité).", t.Player, t.Value))
}

// aToken writes "a 5" or "an 8" in English.
func aToken(v int) string {
	if v == 8 {
		return "an 8"
	}
	return "a " + strconv.Itoa(v)
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

func list(xs []int, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, sep)
}
