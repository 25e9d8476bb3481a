package takefive

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/referee"
)

func TestHouseRulesDeclared(t *testing.T) {
	want := map[string]string{
		HouseSamePieceTwice:   "false",
		HouseVoluntaryReturn:  "false",
		HouseLastStandingWins: "true",
		HouseAllEliminated:    AllEliminatedReplay,
		HouseResetPieces:      "true",
	}
	if len(HouseRules) != len(want) {
		t.Errorf("len(HouseRules) = %d, want %d", len(HouseRules), len(want))
	}
	for _, h := range HouseRules {
		if def, ok := want[h.Key]; !ok || h.Default != def || h.Text.EN == "" || h.Text.FR == "" {
			t.Errorf("house rule %+v, want key among %v with default %q and both texts", h, want, def)
		}
	}
}

// Every rule id the code can report is in the catalogue, with the sheet's
// words and both statements.
func TestRulesCatalogue(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules {
		if seen[r.ID] || !strings.HasPrefix(r.ID, "takefive.") || r.Sheet == "" || r.Text.EN == "" || r.Text.FR == "" {
			t.Errorf("rule %+v: duplicate, badly named or missing text", r)
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

func TestNextRoundPosition(t *testing.T) {
	moved := Position{BlackBishop: 14, WhiteBishop: 1, Knight: 16, Rook: 11}
	tests := []struct {
		name string
		s    referee.Settings
		want Position
	}{
		{"resetPiecesEachRound=true (default): back to the corners", defaults, Start},
		{"resetPiecesEachRound=false: they stay", settings(t, HouseResetPieces, "false"), moved},
	}
	for _, tt := range tests {
		if got := NextRoundPosition(moved, tt.s); got != tt.want {
			t.Errorf("%s: NextRoundPosition(%v) = %v, want %v", tt.name, moved, got, tt.want)
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

// The two 21-round house rules through the API, each both ways.
func TestAnswerTurnEliminationHouseRules(t *testing.T) {
	bust := `[{"piece": "knight", "to": "e3", "action": "see"}, {"piece": "rook", "to": "f2", "action": "take", "value": 9}]`
	tests := []struct {
		name       string
		racks      string
		eliminated string
		rules      string
		wantWinner any
		wantOver   bool
		wantReplay bool
	}{
		{"last standing wins", `{"Paul": [9, 8], "Alfred": [2]}`, `[]`, "", "Alfred", true, false},
		{"last standing plays on", `{"Paul": [9, 8], "Alfred": [2]}`, `[]`, `{"lastStandingWins21": false}`, nil, false, false},
		{"all eliminated: replay", `{"Paul": [9, 8], "Alfred": [8, 8, 8]}`, `["Alfred"]`, `{"lastStandingWins21": false}`, nil, true, true},
		{"all eliminated: no winner", `{"Paul": [9, 8], "Alfred": [8, 8, 8]}`, `["Alfred"]`, `{"lastStandingWins21": false, "allEliminated": "noWinner"}`, nil, true, false},
	}
	for _, tt := range tests {
		got := answer(t, turnBody("21", tt.racks, tt.eliminated, bust, tt.rules), "en")
		if got["roundWinner"] != tt.wantWinner || got["roundOver"] != tt.wantOver || got["replayRound"] != tt.wantReplay {
			t.Errorf("%s: roundWinner %v over %v replay %v, want %v %v %v", tt.name, got["roundWinner"], got["roundOver"], got["replayRound"], tt.wantWinner, tt.wantOver, tt.wantReplay)
		}
		if e := got["state"].(map[string]any)["eliminated"].([]any); e[len(e)-1] != "Paul" {
			t.Errorf("%s: state.eliminated = %v, want Paul last", tt.name, e)
		}
	}
}
