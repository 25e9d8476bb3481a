package takefive

import (
	"net/url"

	"github.com/tablekeeper/tablekeeper/games/kit"
)

// AuditStates is Take Five's page states for the page audits.
func (TakeFive) AuditStates() kit.AuditSeed {
	judge := func(extra ...string) url.Values {
		f := url.Values{"rules_shown": {"1"}, "rule.lastStandingWins21": {"true"}, "rule.resetPiecesEachRound": {"true"},
			"phase": {"score"}, "rack_0": {"Paul: 7 8 3 5"}, "rack_1": {"Alfred: 8 9 7 5"}, "player": {"0"}, "op": {"judge"},
			"m1_piece": {"knight"}, "m1_to": {"e3"}, "m1_action": {"see"}, "empty": {"c3 b3 c2 d1 e1 a3 a4 a5"}}
		for i := 0; i+1 < len(extra); i += 2 {
			f.Set(extra[i], extra[i+1])
		}
		return f
	}
	return kit.AuditSeed{
		Seats:   3,
		Options: url.Values{"firstStarter": {"2"}},
		Rounds:  []url.Values{{"winner": {"2"}, "rack": {"9 8 7 6 5"}}, {"winner": {"0"}, "rack": {"9 8 4"}}},
		Invalid: url.Values{"winner": {"0"}, "rack": {"9 9 7 6 5"}},
		Finished: []url.Values{{"winner": {"2"}, "rack": {"9 8 7 6 5"}}, {"winner": {"0"}, "rack": {"9 8 4"}},
			{"winner": {"0"}, "rack": {"3 4 5 6 7"}}, {"winner": {"0"}}},
		Referee: []kit.AuditForm{
			{Name: "referee: takefive", French: true}, // in French: the longest move labels
			{Name: "verdict: Take Five, legal", Form: judge("m2_piece", "rook", "m2_to", "f2", "m2_action", "take", "m2_value", "9")},
			{Name: "verdict: Take Five, illegal", Form: judge("m1_to", "d3")},
		},
	}
}
