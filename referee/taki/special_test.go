package taki

import "testing"

// +3 and its counter (TK-R10, TK-A4), the crazy card (TK-R11, TK-A3), the
// «Taki» call (TK-R12, TK-A5), the starting card (TK-A10), mustPlayIfAble (TK-A9).
func TestPlus3AndCrazy(t *testing.T) {
	red4 := st(4, 0, "cw", "R5", `"color": "R"`)
	ccw := st(4, 2, "ccw", "R5", `"color": "R"`)
	runTurnCases(t, []turnCase{
		{name: "+3 counter-clockwise: the literal left neighbour plays", state: ccw, turn: `{"play": ["RPLUS", "R3"]}`,
			next: 3, draws: map[string]int{"0": 3, "1": 3, "3": 3}},
		{name: "+3 counter-clockwise: the next player in the direction of play (house rule)", state: ccw, rules: `{"plus3NextIsLeftNeighbour": false}`,
			turn: `{"play": ["RPLUS", "R3"]}`, next: 1, draws: map[string]int{"0": 3, "1": 3, "3": 3}},
		{name: "+3 countered counter-clockwise", state: ccw, turn: `{"play": ["RPLUS", "R3"], "counter": {"player": 0, "play": ["YPLUS", "Y3"]}}`,
			next: 3, draws: map[string]int{"2": 3}, wantState: `"top":"Y3"`},
		{name: "+3 with 2 players", state: st(2, 0, "cw", "R5", `"color": "R"`), turn: `{"play": ["RPLUS", "R3"]}`, next: 1, draws: map[string]int{"1": 3}},
		{name: "+3 countered with 2 players", state: st(2, 0, "cw", "R5", `"color": "R"`),
			turn: `{"play": ["RPLUS", "R3"], "counter": {"player": 1, "play": ["BPLUS", "B3"]}}`, next: 1, draws: map[string]int{"0": 3}},
		{name: "+3 with 10 players", state: st(10, 9, "cw", "R5", `"color": "R"`), turn: `{"play": ["RPLUS", "R3"]}`, next: 0,
			draws: map[string]int{"0": 3, "1": 3, "2": 3, "3": 3, "4": 3, "5": 3, "6": 3, "7": 3, "8": 3}},
		{name: "a counter must be Plus and 3 of one colour", state: red4, turn: `{"play": ["RPLUS", "R3"], "counter": {"player": 2, "play": ["GPLUS", "B3"]}}`,
			wantRule: RulePlus3, wantStep: -1},
		{name: "nothing to counter after a plain card", state: red4, turn: `{"play": ["RPLUS", "R4"], "counter": {"player": 2, "play": ["GPLUS", "G3"]}}`,
			wantRule: RulePlus3, wantStep: -1},
		{name: "+3 mid-run does not fire", state: red4, turn: `{"play": ["RTAKI", "RPLUS", "R3", "R7"], "closeTaki": true}`, next: 1},
		{name: "+3 ending a run fires", state: red4, turn: `{"play": ["RTAKI", "R7", "RPLUS", "R3"], "closeTaki": true}`, next: 1,
			draws: map[string]int{"1": 3, "2": 3, "3": 3}},
		{name: "+3 as the last cards ends the round without drawing", state: red4, hand: `["RPLUS", "R3"]`, turn: `{"play": ["RPLUS", "R3"]}`, next: 1},
		{name: "no counter when the +3 ended the round", state: red4, hand: `["RPLUS", "R3"]`, turn: `{"play": ["RPLUS", "R3"], "counter": {"player": 2, "play": ["GPLUS", "G3"]}}`,
			wantRule: RulePlus3, wantStep: -1},
		{name: "a 3 after a Plus of another colour is no +3", state: red4, turn: `{"play": ["RPLUS", "G3"]}`, wantRule: RulePlus, wantStep: 1},
		// Crazy card.
		{name: "crazy card passes hands left, direction unchanged", state: red4, turn: `{"play": ["CRAZY"], "passHands": "left"}`, next: 1,
			wantState: `"direction":"cw"|"color":"R"`, check: wantHands("left")},
		{name: "crazy card passes hands right, counter-clockwise play", state: ccw, turn: `{"play": ["CRAZY"], "passHands": "right"}`, next: 1,
			wantState: `"direction":"ccw"`, check: wantHands("right")},
		// «La carte folle est "transparente", on peut donc jouer une carte de n'importe quelle couleur sur elle.»
		{name: "crazy card is transparent: red goes", state: st(4, 1, "cw", "CRAZY", `"color": "R"`), turn: `{"play": ["R7"]}`, next: 2},
		{name: "crazy card is transparent: blue goes too", state: st(4, 1, "cw", "CRAZY", `"color": "R"`), turn: `{"play": ["B7"]}`, next: 2, wantState: `"color":"B"`},
		{name: "colour underneath only (house rule off): blue does not", state: st(4, 1, "cw", "CRAZY", `"color": "R"`), rules: `{"crazyAnyColour": false}`,
			turn: `{"play": ["B7"]}`, wantRule: RuleCrazyColour, wantStep: 0},
		{name: "colour underneath only (house rule off): red goes", state: st(4, 1, "cw", "CRAZY", `"color": "R"`), rules: `{"crazyAnyColour": false}`,
			turn: `{"play": ["R7"]}`, next: 2},
		{name: "crazy card as the last card: no pass", state: red4, hand: `["CRAZY"]`, turn: `{"play": ["CRAZY"]}`, next: 1, check: wantHands("")},
		{name: "crazy card as the last card still passes (house rule)", state: red4, hand: `["CRAZY"]`, rules: `{"crazyLastCardPasses": true}`,
			turn: `{"play": ["CRAZY"], "passHands": "right"}`, next: 1, check: wantHands("right")},
		{name: "crazy card ends a run", state: red4, turn: `{"play": ["RTAKI", "R4", "CRAZY"], "passHands": "left"}`, next: 1,
			wantState: `"openTaki":null|"color":"R"`, check: wantHands("left")},
		{name: "crazy card mid-run is not allowed to be followed", state: red4, turn: `{"play": ["RTAKI", "CRAZY", "R4"], "passHands": "left"}`, wantRule: RuleTaki, wantStep: 2},
	})
}

func wantHands(side string) func(*testing.T, TurnResponse) {
	return func(t *testing.T, r TurnResponse) {
		got := ""
		if r.HandsPassed != nil {
			got = *r.HandsPassed
		}
		if got != side {
			t.Errorf("handsPassed = %q, want %q", got, side)
		}
	}
}

func TestTakiCall(t *testing.T) {
	red4 := func(extra ...string) string {
		return st(4, 1, "cw", "R5", append([]string{`"color": "R"`}, extra...)...)
	}
	runTurnCases(t, []turnCase{
		{name: "left with one card without calling: listed", state: red4(), hand: `["R7", "B1"]`, turn: `{"play": ["R7"]}`, next: 2, wantState: `"silentOneCard":[1]`},
		{name: "left with one card and calling «Taki»: not listed", state: red4(), hand: `["R7", "B1"]`, turn: `{"play": ["R7"], "callTaki": true}`, next: 2, wantState: `"top":"R7"`,
			check: func(t *testing.T, r TurnResponse) {
				if len(r.State.SilentOneCard) != 0 {
					t.Errorf("after calling «Taki»: silentOneCard = %v, want none", r.State.SilentOneCard)
				}
			}},
		{name: "the next player plays: the silent player draws 4", state: red4(`"silentOneCard": [0]`), turn: `{"play": ["R7"]}`, next: 2,
			draws: map[string]int{"0": 4}, check: func(t *testing.T, r TurnResponse) {
				if len(r.Penalized) != 1 || r.Penalized[0] != 0 {
					t.Errorf("penalized = %v, want [0]", r.Penalized)
				}
			}},
		{name: "the next player draws: the penalty applies too (TK-A5)", state: red4(`"silentOneCard": [0]`), turn: `{"draw": true}`, next: 2,
			draws: map[string]int{"0": 4, "1": 1}},
		{name: "penalty of 1 (house rule)", state: red4(`"silentOneCard": [0]`), rules: `{"lastCardPenalty": 1}`, turn: `{"play": ["R7"]}`, next: 2,
			draws: map[string]int{"0": 1}},
		{name: "the current player is not penalised by his own turn", state: red4(`"silentOneCard": [1]`), hand: `["R7", "R8"]`, turn: `{"play": ["R7"], "callTaki": true}`, next: 2},
		{name: "after hands are passed nobody is listed", state: red4(), hand: `["CRAZY", "B1"]`, turn: `{"play": ["CRAZY"], "passHands": "left"}`, next: 2,
			check: func(t *testing.T, r TurnResponse) {
				if len(r.State.SilentOneCard) != 0 {
					t.Errorf("after a crazy card: silentOneCard = %v, want none", r.State.SilentOneCard)
				}
			}},
	})
}

func TestOpeningAndMustPlay(t *testing.T) {
	open := func(top string, extra ...string) string {
		return st(4, 0, "cw", top, append([]string{`"opening": true`}, extra...)...)
	}
	ignore := `{"startCardAction": "ignore"}`
	runTurnCases(t, []turnCase{
		{name: "starting Stop skips the first player", state: open("RSTOP"), turn: `{"play": ["R4"]}`, wantRule: RuleStartCard, wantStep: -1},
		{name: "starting Stop ignored", state: open("RSTOP"), rules: ignore, turn: `{"play": ["R4"]}`, next: 1},
		{name: "starting +2: the first player owes 2", state: open("G+2"), turn: `{"play": ["G4"]}`, wantRule: RulePlus2, wantStep: 0},
		{name: "starting +2: the first player draws 2", state: open("G+2"), turn: `{"draw": true}`, next: 1, draws: map[string]int{"0": 2}, wantState: `"pendingDraw":0`},
		{name: "starting +2 ignored", state: open("G+2"), rules: ignore, turn: `{"play": ["G4"]}`, next: 1},
		{name: "starting direction change reverses play", state: open("BDIR"), turn: `{"play": ["B4"]}`, next: 3, wantState: `"direction":"ccw"`},
		{name: "starting direction change ignored", state: open("BDIR"), rules: ignore, turn: `{"play": ["B4"]}`, next: 1},
		{name: "starting TAKI is open for the first player", state: open("YTAKI"), turn: `{"play": ["Y4", "Y5"], "closeTaki": true}`, next: 1},
		{name: "starting TAKI ignored: one card only", state: open("YTAKI"), rules: ignore, turn: `{"play": ["Y4", "Y5"]}`, wantRule: RuleTurn, wantStep: 1},
		{name: "starting colour change: any card", state: open("COLOR"), turn: `{"play": ["B4"]}`, next: 1},
		{name: "starting colourless card ignored: any card", state: open("CRAZY"), rules: ignore, turn: `{"play": ["G9"]}`, next: 1},
		{name: "starting colourless card, first player draws: still open to any card", state: open("COLOR"), turn: `{"draw": true}`, next: 1,
			draws: map[string]int{"0": 1}, wantState: `"opening":true|"color":null`},
		{name: "drawing while able to play is allowed", state: st(4, 0, "cw", "R5", `"color": "R"`), hand: `["R1"]`, turn: `{"draw": true}`, next: 1, draws: map[string]int{"0": 1}},
		{name: "drawing while able to play is refused (house rule)", state: st(4, 0, "cw", "R5", `"color": "R"`), hand: `["R1"]`, rules: `{"mustPlayIfAble": true}`,
			turn: `{"draw": true}`, wantRule: RuleMustPlay, wantStep: -1},
		{name: "drawing when unable to play (house rule)", state: st(4, 0, "cw", "R5", `"color": "R"`), hand: `["B1", "RPLUS"]`, rules: `{"mustPlayIfAble": true}`,
			turn: `{"draw": true}`, next: 1, draws: map[string]int{"0": 1}},
	})
}
