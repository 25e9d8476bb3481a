package takefive

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

func TestHouseRulesDeclared(t *testing.T) {
	want := map[string]string{
		HouseSamePieceTwice:   "false",
		HouseVoluntaryReturn:  "false",
		HouseLastStandingWins: "true",
		HouseAllEliminated:    AllEliminatedReplay,
	}
	if len(HouseRules) != len(want) {
		t.Errorf("len(HouseRules) = %d, want %d", len(HouseRules), len(want))
	}
	for _, h := range HouseRules {
		if def, ok := want[h.Key]; !ok || h.Default != def || h.Statement().ID != "house."+h.Key {
			t.Errorf("house rule %+v, want key among %v with default %q and its meaning in the message files (house.<key>)", h, want, def)
		}
	}
}

// Every rule id the code can report is in the catalogue, with the sheet's
// words, its statement in the message files (TestEveryRuleIsStated, in
// package referee, holds it in both languages).
func TestRulesCatalogue(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules {
		if seen[r.ID] || !strings.HasPrefix(r.ID, "takefive.") || r.Sheet == "" || r.Statement().ID != "rule."+r.ID {
			t.Errorf("rule %+v: duplicate, badly named, or not stated in the message files (rule.<id>)", r)
		}
		seen[r.ID] = true
	}
	ids := regexp.MustCompile(`Rule[A-Z][A-Za-z0-9]* *= "(takefive\.[a-z0-9-]+)"`)
	src, err := os.ReadFile("rules.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ids.FindAllStringSubmatch(string(src), -1) {
		if _, ok := RuleByID(m[1]); !ok {
			t.Errorf("rule id %s is declared but not in Rules", m[1])
		}
	}
}

// TF-A1 allows a single move when no other piece can move. On 6×6 with four
// pieces that never happens: every position leaves at least two pieces free.
func TestTwoPiecesCanAlwaysMove(t *testing.T) {
	if testing.Short() {
		t.Skip("walks every position")
	}
	for a := range Square(36) {
		for b := range Square(36) {
			for c := range Square(36) {
				for d := range Square(36) {
					p := Position{a, b, c, d}
					if p.Check() != nil {
						continue
					}
					movers := 0
					for _, pc := range Pieces {
						if len(Destinations(p, pc)) > 0 {
							movers++
						}
					}
					if movers < 2 {
						t.Fatalf("position %v: only %d piece(s) can move", p, movers)
					}
				}
			}
		}
	}
}

// resetPiecesEachRound was removed: neither engine could act on it (the
// referee is told where the pieces stand, the scoresheet records winners,
// not positions), so the pieces go back to the corners as TF-A8 resolves.
// A group's stored value is dropped alone; a client naming it gets a 400.
func TestResetPiecesEachRoundIsGone(t *testing.T) {
	s := rulebook.ResolveKnown(HouseRules, map[string]string{"resetPiecesEachRound": "false", HouseSamePieceTwice: "true"})
	if _, ok := s["resetPiecesEachRound"]; ok || !s.Bool(HouseSamePieceTwice) {
		t.Errorf("stored rules with the old key resolve to %v; want it dropped and allowSamePieceTwice kept", s)
	}
	if _, err := rulebook.Resolve(HouseRules, map[string]string{"resetPiecesEachRound": "true"}); err == nil {
		t.Errorf("a client naming resetPiecesEachRound is not told it does not exist")
	}
}
