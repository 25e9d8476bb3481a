package fivecrowns

import (
	"github.com/tablekeeper/tablekeeper/games/kit"
	fc "github.com/tablekeeper/tablekeeper/referee/fivecrowns"
	"github.com/tablekeeper/tablekeeper/rulebook"
	fcscore "github.com/tablekeeper/tablekeeper/scoring/fivecrowns"
)

// Profile declares Five Crowns to the generic pages.
func (FiveCrowns) Profile() kit.Profile {
	return kit.Profile{Icon: "♛", FirstDealer: "firstDealer", DealerDeals: true,
		BGStats: kit.BGStatsNames{Export: "Five Crowns",
			Known: []string{"Five Crowns", "5 Crowns", "Les Cinq Rois", "Five Crowns (5 Rois)",
				"Cinq Rois", "Les 5 Rois", "5 Rois"}, BGGID: 1472}}
}

// Endpoints are Five Crowns' JSON endpoints (docs/API.md).
func (FiveCrowns) Endpoints() []kit.Endpoint {
	return []kit.Endpoint{kit.Answer("score", fcscore.AnswerScore), kit.Answer("hand", fc.AnswerHand)}
}

// RuleBook is the rules the referee page cites.
func (FiveCrowns) RuleBook() []rulebook.Rule { return fc.Rules }
