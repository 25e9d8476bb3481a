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
func (ph Phase) Name() rulebook.Msg { return rulebook.Say("takefive.ref.phase", "Phase", ph.String()) }

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
	Reason  rulebook.Msg
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
			return penalty(t, RuleQuinteMisfit, rulebook.Say("takefive.ref.why.quinte.twice", "Player", who, "Value", v))
		}
		lo, hi := slices.Min(after), slices.Max(after)
		if hi-lo > 4 {
			return penalty(t, RuleQuinteMisfit, rulebook.Say("takefive.ref.why.quinte.misfit", "Value", v, "Rack", list(t.Rack, ", "),
				"Lo", lo, "Hi", hi, "Span", hi-lo+1))
		}
		if t.GiveBack {
			return voluntary(t)
		}
		if len(after) == 5 {
			sorted := slices.Sorted(slices.Values(after))
			return Effect{Outcome: Won, Rule: RuleQuinteGoal, Rack: after, RoundOver: true, Winner: who,
				Reason: rulebook.Say("takefive.ref.why.quinte.won", "Player", who, "Tokens", list(sorted, ", "))}
		}
		return Effect{Outcome: Kept, Rule: RuleQuinteGoal, Rack: after,
			Reason: rulebook.Say("takefive.ref.why.quinte.kept", "Player", who, "Value", v, "Tokens", list(after, ", "))}
	default: // Score
		if slices.Contains(t.Rack, v) {
			return penalty(t, RuleScoreDuplicate, rulebook.Say("takefive.ref.why.score.twice", "Player", who, "Value", v))
		}
		if len(after) < 5 {
			if t.GiveBack {
				return voluntary(t)
			}
			return Effect{Outcome: Kept, Rule: RuleScoreGoal, Rack: after,
				Reason: rulebook.Say("takefive.ref.why.score.kept", "Player", who, "Value", v, "Held", len(after))}
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
			return penalty(t, RuleScoreFifth, rulebook.Say("takefive.ref.why.score.short", "Player", who, "Working", working,
				"Rival", bestName, "Best", best, "Value", v))
		}
		if t.GiveBack {
			return voluntary(t)
		}
		return Effect{Outcome: Won, Rule: RuleScoreFifth, Rack: after, RoundOver: true, Winner: who,
			Reason: rulebook.Say("takefive.ref.why.score.won", "Player", who, "Working", working, "Rival", bestName, "Best", best)}
	}
}

// take21 is TF-P-21 and TF-A7: no penalty, no return; 21 wins, over 21 or
// five tokens short of it eliminates.
func take21(t Take, after []int, s rulebook.Settings) Effect {
	who, total, working := t.Player, sum(after), list(after, " + ")+" = "+strconv.Itoa(sum(after))
	switch {
	case total == 21:
		return Effect{Outcome: Won, Rule: Rule21Goal, Rack: after, RoundOver: true, Winner: who,
			Reason: rulebook.Say("takefive.ref.why.21.won", "Player", who, "Working", working)}
	case total < 21 && len(after) < 5:
		return Effect{Outcome: Kept, Rule: Rule21Goal, Rack: after,
			Reason: rulebook.Say("takefive.ref.why.21.kept", "Player", who, "Value", t.Value, "Working", working, "More", 5-len(after))}
	}
	e := Effect{Outcome: Eliminated, Rule: Rule21Eliminated, Rack: after,
		Reason: rulebook.Say("takefive.ref.why.21.short", "Player", who, "Working", working)}
	if total > 21 {
		e.Reason = rulebook.Say("takefive.ref.why.21.over", "Player", who, "Working", working)
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
		e.Reason = rulebook.Both(e.Reason, rulebook.Say("takefive.ref.why.21.last", "Player", standing[0]))
	case len(standing) == 0 && s.Get(HouseAllEliminated) == AllEliminatedNoWinner:
		e.Rule, e.RoundOver = RuleLastStanding, true
		e.Reason = rulebook.Both(e.Reason, rulebook.Say("takefive.ref.why.21.nowinner"))
	case len(standing) == 0:
		e.Rule, e.RoundOver, e.Replay = RuleLastStanding, true, true
		e.Reason = rulebook.Both(e.Reason, rulebook.Say("takefive.ref.why.21.replay"))
	}
	return e
}

// penalty is the PENALTY of the score and quinte phases: the token goes back,
// and the player gives up any one of his tokens.
func penalty(t Take, rule string, why rulebook.Msg) Effect {
	e := Effect{Outcome: Penalty, Rule: rule, Rack: slices.Clone(t.Rack), GiveUp: slices.Clone(t.Rack), Reason: why}
	if len(t.Rack) > 0 {
		e.Reason = rulebook.Both(why, rulebook.Say("takefive.ref.why.giveup", "Player", t.Player, "Tokens", list(t.Rack, ", ")))
	}
	if e.GiveUp == nil {
		e.GiveUp = []int{}
	}
	return e
}

func voluntary(t Take) Effect {
	return penalty(t, RuleVoluntaryReturn, rulebook.Say("takefive.ref.why.giveback", "Player", t.Player, "Value", t.Value))
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
