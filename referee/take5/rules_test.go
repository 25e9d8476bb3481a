package take5

import (
	"strings"
	"testing"
)

func TestRulesCatalogue(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules {
		if !strings.HasPrefix(r.ID, "take5.") || seen[r.ID] || r.Sheet == "" || r.Statement().ID != "rule."+r.ID {
			t.Errorf("rule %+v: want a unique take5.* id, the sheet's wording and its statement in the message files (rule.<id>)", r)
		}
		seen[r.ID] = true
	}
	for _, id := range []string{RuleCardsPerTurn, RuleForcedRow, RulePickup, RuleSpecialRow, RuleTurnOver, RuleCircleOrder, RuleCapacity, RuleRowHistory, RuleSpecials, RuleCows} {
		if !seen[id] {
			t.Errorf("rule %q is enforced but missing from Rules", id)
		}
	}
	for _, h := range HouseRules {
		if h.Statement().ID != "house."+h.Key || strings.Contains(h.Key, ".") {
			t.Errorf("house rule %+v: want a key without the game prefix and its meaning in the message files (house.<key>)", h)
		}
	}
	if defaults.Bool(HousePickupEndsTurn) {
		t.Errorf("pickupEndsTurn defaults to true, want false (RULES.md T5-A1)")
	}
}
