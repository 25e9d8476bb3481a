package taki

import "testing"

// Each action card alone, inside a TAKI run (only the last card acts), as the
// last card of a hand, with 2 and with 10 players.
func TestActionCards(t *testing.T) {
	red4 := st(4, 0, "cw", "R5", `"color": "R"`)
	red10 := st(10, 9, "cw", "R5", `"color": "R"`)
	red2 := st(2, 1, "cw", "R5", `"color": "R"`)
	runTurnCases(t, []turnCase{
		// Stop (TK-R4).
		{name: "Stop skips the next player", state: red4, turn: `{"play": ["RSTOP"]}`, next: 2, skipped: []int{1}},
		{name: "Stop counter-clockwise", state: st(4, 0, "ccw", "R5", `"color": "R"`), turn: `{"play": ["RSTOP"]}`, next: 2, skipped: []int{3}},
		{name: "Stop with 10 players wraps round", state: red10, turn: `{"play": ["RSTOP"]}`, next: 1, skipped: []int{0}},
		{name: "Stop mid-run is cancelled", state: red4, turn: `{"play": ["RTAKI", "RSTOP", "R7"], "closeTaki": true}`, next: 1},
		{name: "Stop as the last card ends the round, no skip", state: red4, hand: `["RSTOP"]`, turn: `{"play": ["RSTOP"]}`, next: 1,
			check: func(t *testing.T, r TurnResponse) {
				if !r.RoundOver {
					t.Errorf("last-card Stop: roundOver = false, want true")
				}
			}},
		// Change of direction (TK-R5, TK-A6).
		{name: "direction change reverses play", state: red4, turn: `{"play": ["RDIR"]}`, next: 3, wantState: `"direction":"ccw"`},
		{name: "direction change back to clockwise", state: st(4, 0, "ccw", "R5", `"color": "R"`), turn: `{"play": ["RDIR"]}`, next: 1, wantState: `"direction":"cw"`},
		{name: "direction change with 10 players", state: red10, turn: `{"play": ["RDIR"]}`, next: 8},
		{name: "direction change with 2 players has no visible effect", state: red2, turn: `{"play": ["RDIR"]}`, next: 0, wantState: `"direction":"ccw"`},
		{name: "direction change with 2 players acts as Stop (house rule)", state: red2, turn: `{"play": ["RDIR"]}`,
			rules: `{"twoPlayerReverseActsAsStop": true}`, next: 1, skipped: []int{0}},
		{name: "direction change mid-run is cancelled", state: red4, turn: `{"play": ["RTAKI", "RDIR", "R7"], "closeTaki": true}`, next: 1, wantState: `"direction":"cw"`},
		{name: "direction change on a change of direction of another colour", state: red4, turn: `{"play": ["GDIR"]}`, wantRule: RuleMatch, wantStep: 0},
		// Change of colour (TK-R6).
		{name: "colour change names the colour", state: red4, turn: `{"play": ["COLOR"], "color": "B"}`, next: 1, wantState: `"color":"B"`},
		{name: "next player must follow the named colour", state: st(4, 1, "cw", "COLOR", `"color": "B"`), turn: `{"play": ["B7"]}`, next: 2},
		{name: "the named colour rules out the old one", state: st(4, 1, "cw", "COLOR", `"color": "B"`), turn: `{"play": ["R7"]}`, wantRule: RuleMatch, wantStep: 0},
		{name: "colour change ends a run", state: red4, turn: `{"play": ["RTAKI", "R7", "COLOR"], "color": "G", "closeTaki": true}`, next: 1, wantState: `"color":"G"|"openTaki":null`},
		{name: "colour change ends a run even unclosed", state: red4, turn: `{"play": ["RTAKI", "R7", "COLOR"], "color": "G"}`, next: 1, wantState: `"openTaki":null`},
		{name: "no card after the colour change that ends a run", state: red4, turn: `{"play": ["RTAKI", "COLOR", "G7"], "color": "G"}`, wantRule: RuleTaki, wantStep: 2},
		{name: "one card only after a colour change", state: red4, turn: `{"play": ["COLOR", "G7"], "color": "G"}`, wantRule: RuleTurn, wantStep: 1},
		// +2 (TK-R3).
		{name: "+2 makes the next player owe 2", state: red4, turn: `{"play": ["R+2"]}`, next: 1, wantState: `"pendingDraw":2`},
		{name: "+2 on a +2 of another colour without debt", state: st(4, 0, "cw", "G+2", `"color": "G"`), turn: `{"play": ["R+2"]}`, next: 1, wantState: `"pendingDraw":2`},
		{name: "+2 mid-run does nothing", state: red4, turn: `{"play": ["RTAKI", "R+2", "R7"], "closeTaki": true}`, next: 1, wantState: `"pendingDraw":0`},
		{name: "+2 ending a run acts", state: red4, turn: `{"play": ["RTAKI", "R7", "R+2"], "closeTaki": true}`, next: 1, wantState: `"pendingDraw":2`},
		{name: "+2 as the last card: no draw", state: red4, hand: `["R+2"]`, turn: `{"play": ["R+2"]}`, next: 1, wantState: `"pendingDraw":0`},
		{name: "+2 as the last card still draws (house rule)", state: red4, hand: `["R+2"]`, turn: `{"play": ["R+2"]}`,
			rules: `{"finalPlus2StillDraws": true}`, next: 1, draws: map[string]int{"1": 2}},
		{name: "a chain of +2 grows to 6", state: st(10, 3, "cw", "Y+2", `"color": "Y"`, `"pendingDraw": 4`), turn: `{"play": ["G+2"]}`, next: 4, wantState: `"pendingDraw":6`},
		{name: "only one +2 per answer", state: st(4, 1, "cw", "G+2", `"color": "G"`, `"pendingDraw": 2`), turn: `{"play": ["B+2", "Y+2"]}`, wantRule: RuleTurn, wantStep: 1},
		{name: "a TAKI run does not answer a +2", state: st(4, 1, "cw", "G+2", `"color": "G"`, `"pendingDraw": 2`),
			turn: `{"play": ["GTAKI", "G4", "G+2"], "closeTaki": true}`, wantRule: RulePlus2, wantStep: 0},
		{name: "a TAKI run ending in +2 answers a +2 (house rule)", state: st(4, 1, "cw", "G+2", `"color": "G"`, `"pendingDraw": 2`),
			rules: `{"answerPlus2WithTakiRun": true}`, turn: `{"play": ["GTAKI", "G4", "G+2"], "closeTaki": true}`, next: 2, wantState: `"pendingDraw":4`},
		{name: "a TAKI run not ending in +2 does not answer (house rule)", state: st(4, 1, "cw", "G+2", `"color": "G"`, `"pendingDraw": 2`),
			rules: `{"answerPlus2WithTakiRun": true}`, turn: `{"play": ["GTAKI", "G+2", "G4"], "closeTaki": true}`, wantRule: RulePlus2, wantStep: 2},
		{name: "a pending draw comes before an open TAKI", state: st(4, 1, "cw", "G+2", `"color": "G"`, `"pendingDraw": 2`, `"openTaki": "G"`),
			turn: `{"play": ["G4"]}`, wantRule: RulePlus2, wantStep: 0},
		{name: "paying a +2 closes the open TAKI", state: st(4, 1, "cw", "G+2", `"color": "G"`, `"pendingDraw": 2`, `"openTaki": "G"`),
			turn: `{"draw": true}`, next: 2, draws: map[string]int{"1": 2}, wantState: `"openTaki":null`},
		// TAKI (TK-R7).
		{name: "a lone TAKI closed by «TAKI fermé»", state: red4, turn: `{"play": ["RTAKI"], "closeTaki": true}`, next: 1, wantState: `"openTaki":null`},
		{name: "a lone TAKI not closed stays open", state: red4, turn: `{"play": ["RTAKI"]}`, next: 1, wantState: `"openTaki":"R"`},
		{name: "an unclosed run stays open", state: red4, turn: `{"play": ["RTAKI", "R7"]}`, next: 1, wantState: `"openTaki":"R"`},
		{name: "the next player continues the open TAKI", state: st(4, 1, "cw", "R7", `"color": "R"`, `"openTaki": "R"`),
			turn: `{"play": ["R1", "R9", "RSTOP"], "closeTaki": true}`, next: 3, skipped: []int{2}, wantState: `"openTaki":null`},
		{name: "a TAKI of another colour on an open TAKI's TAKI", state: st(4, 1, "cw", "RTAKI", `"color": "R"`, `"openTaki": "R"`),
			turn: `{"play": ["BTAKI", "B3"], "closeTaki": true}`, next: 2, wantState: `"color":"B"|"openTaki":null`},
		{name: "no TAKI of another colour on an open TAKI's red 7", state: st(4, 1, "cw", "R7", `"color": "R"`, `"openTaki": "R"`),
			turn: `{"play": ["BTAKI", "B3"], "closeTaki": true}`, wantRule: RuleTaki, wantStep: 0},
		{name: "a number card of another colour on an open TAKI ends it", state: st(4, 1, "cw", "R7", `"color": "R"`, `"openTaki": "R"`),
			turn: `{"play": ["B7", "B3"]}`, wantRule: RuleTurn, wantStep: 1},
		{name: "no switch to another TAKI during one's own run", state: red4, turn: `{"play": ["RTAKI", "R4", "BTAKI"]}`, wantRule: RuleTaki, wantStep: 2},
		{name: "a run takes only its colour", state: red4, turn: `{"play": ["RTAKI", "R4", "B4"]}`, wantRule: RuleTaki, wantStep: 2},
		{name: "a drawing player leaves an open TAKI open", state: st(4, 1, "cw", "R7", `"color": "R"`, `"openTaki": "R"`), turn: `{"draw": true}`,
			next: 2, draws: map[string]int{"1": 1}, wantState: `"openTaki":"R"`},
		{name: "a whole hand in one TAKI run ends the round", state: red4, hand: `["RTAKI", "R1", "R9"]`, turn: `{"play": ["RTAKI", "R1", "R9"]}`,
			next: 1, wantState: `"openTaki":null`, check: func(t *testing.T, r TurnResponse) {
				if !r.RoundOver {
					t.Errorf("whole hand played: roundOver = false")
				}
			}},
		// Super TAKI (TK-R8, TK-A7).
		{name: "Super TAKI takes the colour of the next card", state: red4, turn: `{"play": ["SUPERTAKI", "G4", "G6"], "closeTaki": true}`, next: 1, wantState: `"color":"G"|"openTaki":null`},
		{name: "Super TAKI named green cannot go on in blue", state: red4, turn: `{"play": ["SUPERTAKI", "B4"], "color": "G"}`, wantRule: RuleSuperTaki, wantStep: 1},
		{name: "Super TAKI without choice takes the colour in force", state: red4, rules: `{"superTakiChoosesColour": false}`,
			turn: `{"play": ["SUPERTAKI", "R4"], "closeTaki": true}`, next: 1, wantState: `"color":"R"`},
		{name: "Super TAKI without choice cannot switch colour", state: red4, rules: `{"superTakiChoosesColour": false}`,
			turn: `{"play": ["SUPERTAKI", "G4"]}`, wantRule: RuleTaki, wantStep: 1},
		{name: "Super TAKI without choice alone stays red and open", state: red4, rules: `{"superTakiChoosesColour": false}`,
			turn: `{"play": ["SUPERTAKI"]}`, next: 1, wantState: `"color":"R"|"openTaki":"R"`},
		// Plus (TK-R9, TK-A4.5).
		{name: "Plus chain ending in a card of its colour", state: red4, turn: `{"play": ["RPLUS", "RPLUS", "R8"]}`, next: 1, wantState: `"top":"R8"`},
		{name: "Plus chain ending in a Plus is illegal", state: red4, turn: `{"play": ["RPLUS", "RPLUS"]}`, wantRule: RulePlus, wantStep: 1},
		{name: "Plus followed by a colourless card is illegal", state: red4, turn: `{"play": ["RPLUS", "COLOR"], "color": "G"}`, wantRule: RulePlus, wantStep: 1},
		{name: "Plus followed by a Stop: the Stop acts", state: red4, turn: `{"play": ["RPLUS", "RSTOP"]}`, next: 2, skipped: []int{1}},
		{name: "Plus on a Plus symbol is still TK-R2", state: red4, turn: `{"play": ["GPLUS", "G8"]}`, wantRule: RuleMatch, wantStep: 0},
		{name: "Plus then TAKI opens a run", state: red4, turn: `{"play": ["RPLUS", "RTAKI", "R1", "R6"], "closeTaki": true}`, next: 1, wantState: `"top":"R6"`},
		{name: "Plus chain of +3 after another Plus", state: red4, turn: `{"play": ["RPLUS", "RPLUS", "R3"]}`, next: 1,
			draws: map[string]int{"1": 3, "2": 3, "3": 3}},
		{name: "Plus inside a run must be followed too", state: red4, turn: `{"play": ["RTAKI", "R7", "RPLUS"], "closeTaki": true}`, wantRule: RulePlus, wantStep: 2},
		{name: "only one card after a Plus follow-up", state: red4, turn: `{"play": ["RPLUS", "R8", "R9"]}`, wantRule: RuleTurn, wantStep: 2},
	})
}
