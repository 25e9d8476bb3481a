package taki

import "testing"

// The TV-TK vectors of RULES.md §4.6 (TV-TK-1, scoring, is in scoring/taki).
func TestVectors(t *testing.T) {
	redFive := st(4, 0, "cw", "R5", `"color": "R"`)
	runTurnCases(t, []turnCase{
		// API.md's own example: Plus then 3 of red is a +3.
		{name: "API.md example: red Plus + red 3 is a +3", state: st(4, 0, "cw", "R5", `"color": "R"`, `"pendingDraw": 0`, `"openTaki": null`),
			hand: `["RPLUS", "R3", "B7"]`, turn: `{"play": ["RPLUS", "R3"]}`,
			next: 1, draws: map[string]int{"1": 3, "2": 3, "3": 3}, wantState: `"current":1|"top":"R3"|"color":"R"|"pendingDraw":0|"openTaki":null`},
		// TV-TK-2: the top card is red 5.
		{name: "TV-TK-2 blue 5 on red 5", state: redFive, turn: `{"play": ["B5"]}`, next: 1, wantState: `"color":"B"`},
		{name: "TV-TK-2 red 9 on red 5", state: redFive, turn: `{"play": ["R9"]}`, next: 1},
		{name: "TV-TK-2 colour change on red 5", state: redFive, turn: `{"play": ["COLOR"], "color": "G"}`, next: 1, wantState: `"top":"COLOR"|"color":"G"`},
		{name: "TV-TK-2 crazy card on red 5", state: redFive, turn: `{"play": ["CRAZY"], "passHands": "left"}`, next: 1, wantState: `"top":"CRAZY"|"color":"R"`},
		{name: "TV-TK-2 Super TAKI on red 5", state: redFive, turn: `{"play": ["SUPERTAKI"], "color": "Y"}`, next: 1, wantState: `"color":"Y"|"openTaki":"Y"`},
		{name: "TV-TK-2 blue 7 on red 5 is illegal", state: redFive, turn: `{"play": ["B7"]}`, wantRule: RuleMatch, wantStep: 0},
		{name: "TV-TK-2 red Plus then red 8", state: redFive, turn: `{"play": ["RPLUS", "R8"]}`, next: 1, wantState: `"top":"R8"`},
		{name: "TV-TK-2 red Plus then blue 8 is illegal", state: redFive, turn: `{"play": ["RPLUS", "B8"]}`, wantRule: RulePlus, wantStep: 1},
		{name: "TV-TK-2 red Plus as the only card is illegal", state: redFive, hand: `["RPLUS"]`, turn: `{"play": ["RPLUS"]}`, wantRule: RulePlus, wantStep: 0},
		// TV-TK-3: A plays red Plus + red 3; C counters with green Plus + green 3.
		{name: "TV-TK-3 +3: B, C and D draw 3, B plays", state: redFive, turn: `{"play": ["RPLUS", "R3"]}`,
			next: 1, draws: map[string]int{"1": 3, "2": 3, "3": 3}},
		{name: "TV-TK-3 countered by C: A draws 3, B plays", state: redFive,
			turn: `{"play": ["RPLUS", "R3"], "counter": {"player": 2, "play": ["GPLUS", "G3"]}}`,
			next: 1, draws: map[string]int{"0": 3}, wantState: `"top":"G3"|"color":"G"`},
		// TV-TK-4: A green +2, B blue +2, C draws 4, D follows blue.
		{name: "TV-TK-4 B answers the green +2 with a blue +2", state: st(4, 1, "cw", "G+2", `"color": "G"`, `"pendingDraw": 2`),
			turn: `{"play": ["B+2"]}`, next: 2, wantState: `"pendingDraw":4|"color":"B"`},
		{name: "TV-TK-4 C has no +2 and draws 4", state: st(4, 2, "cw", "B+2", `"color": "B"`, `"pendingDraw": 4`), hand: `["R1", "B5"]`,
			turn: `{"draw": true}`, next: 3, draws: map[string]int{"2": 4}, wantState: `"top":"B+2"|"color":"B"|"pendingDraw":0`},
		{name: "TV-TK-4 C may not play a blue card instead", state: st(4, 2, "cw", "B+2", `"color": "B"`, `"pendingDraw": 4`),
			turn: `{"play": ["B5"]}`, wantRule: RulePlus2, wantStep: 0},
		{name: "TV-TK-4 D follows blue", state: st(4, 3, "cw", "B+2", `"color": "B"`), turn: `{"play": ["B9"]}`, next: 0},
		{name: "TV-TK-4 D may start a new chain", state: st(4, 3, "cw", "B+2", `"color": "B"`), turn: `{"play": ["Y+2"]}`, next: 0, wantState: `"pendingDraw":2`},
		{name: "TV-TK-4 D may not play yellow", state: st(4, 3, "cw", "B+2", `"color": "B"`), turn: `{"play": ["Y9"]}`, wantRule: RuleMatch, wantStep: 0},
		// TV-TK-5: red TAKI, red 4, red Stop, «TAKI fermé»: B is skipped.
		{name: "TV-TK-5 TAKI run ending on Stop skips B", state: redFive, turn: `{"play": ["RTAKI", "R4", "RSTOP"], "closeTaki": true}`,
			next: 2, skipped: []int{1}, wantState: `"top":"RSTOP"|"openTaki":null`},
		{name: "TV-TK-5 a Stop before the red 4 is cancelled", state: redFive, turn: `{"play": ["RTAKI", "RSTOP", "R4"], "closeTaki": true}`,
			next: 1, wantState: `"top":"R4"`},
		// TV-TK-6: two players, a Stop lets A play again.
		{name: "TV-TK-6 Stop with two players", state: st(2, 0, "cw", "R5", `"color": "R"`), turn: `{"play": ["RSTOP"]}`,
			next: 0, skipped: []int{1}},
	})
}
