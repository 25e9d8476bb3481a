package takefive

import (
	"github.com/tablekeeper/tablekeeper/games/kit"
	tf "github.com/tablekeeper/tablekeeper/referee/takefive"
	"github.com/tablekeeper/tablekeeper/rulebook"
	tfscore "github.com/tablekeeper/tablekeeper/scoring/takefive"
)

// Profile declares Take Five to the generic pages.
func (TakeFive) Profile() kit.Profile {
	return kit.Profile{Icon: "♞", FirstDealer: tfscore.OptionFirstStarter,
		BGStats: kit.BGStatsNames{Export: "Take Five (tablekeeper)", Known: []string{"Take Five (tablekeeper)", "Take Five (Laffont)"}}}
}

// Endpoints are Take Five's JSON endpoint (docs/API.md).
func (TakeFive) Endpoints() []kit.Endpoint {
	return []kit.Endpoint{kit.Answer("turn", tf.AnswerTurn)}
}

// RuleBook is the rules the referee page cites.
func (TakeFive) RuleBook() []rulebook.Rule { return tf.Rules }
