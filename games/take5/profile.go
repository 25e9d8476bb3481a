package take5

import (
	"github.com/tablekeeper/tablekeeper/games/kit"
	t5 "github.com/tablekeeper/tablekeeper/referee/take5"
	"github.com/tablekeeper/tablekeeper/rulebook"
	t5score "github.com/tablekeeper/tablekeeper/scoring/take5"
)

// Profile declares Take 5! to the generic pages. "Take 5" (and "Take 5!",
// "6 nimmt!", "Take Five") are not among its BG Stats names: in BG Stats
// they are most often 6 nimmt!, which is not this game.
func (Take5) Profile() kit.Profile {
	return kit.Profile{Icon: "🐮", Deals: true,
		BGStats: kit.BGStatsNames{Export: "Take 5! (Kramer)", Known: []string{"Take 5! (Kramer)",
			"Take 5 (Kramer)", "Take 5! (Amigo)", "Hornochsen", "Hornochsen!"}}}
}

// Endpoints are Take 5!'s JSON endpoints (docs/API.md).
func (Take5) Endpoints() []kit.Endpoint {
	return []kit.Endpoint{kit.Answer("play", t5.AnswerPlay), kit.Answer("score", t5score.AnswerScore)}
}

// RuleBook is the rules the referee page cites.
func (Take5) RuleBook() []rulebook.Rule { return t5.Rules }
