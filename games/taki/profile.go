package taki

import (
	"github.com/tablekeeper/tablekeeper/games/kit"
	tk "github.com/tablekeeper/tablekeeper/referee/taki"
	"github.com/tablekeeper/tablekeeper/rulebook"
	tkscore "github.com/tablekeeper/tablekeeper/scoring/taki"
)

// Profile declares TAKI to the generic pages.
func (Taki) Profile() kit.Profile {
	return kit.Profile{Icon: "✦", BGStats: kit.BGStatsNames{Export: "TAKI", Known: []string{"TAKI"}}}
}

// Endpoints are TAKI's JSON endpoints (docs/API.md).
func (Taki) Endpoints() []kit.Endpoint {
	return []kit.Endpoint{kit.Answer("turn", tk.AnswerTurn), kit.Answer("score", tkscore.AnswerScore)}
}

// RuleBook is the rules the referee page cites.
func (Taki) RuleBook() []rulebook.Rule { return tk.Rules }
