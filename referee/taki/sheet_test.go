package taki

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// Rulings the sheet (seed 004) decides and the referee once got wrong
// (issue 14). Each group quotes the sentence it rests on.

// «La carte folle est "transparente", on peut donc jouer une carte de
// n'importe quelle couleur sur elle.» (TK-R11, TK-A3); house rule
// crazyAnyColour off demands the colour underneath (the AMIGO reading).
func TestSheetCrazyCardTakesAnyColour(t *testing.T) {
	onCrazy := st(4, 1, "cw", "CRAZY", `"color": "R"`)
	off := `{"crazyAnyColour": false}`
	runTurnCases(t, []turnCase{
		{name: "a blue 7 on a crazy card over red", state: onCrazy, turn: `{"play": ["B7"]}`, next: 2, wantState: `"top":"B7"|"color":"B"`},
		{name: "a green TAKI run on a crazy card", state: onCrazy, turn: `{"play": ["GTAKI", "G4"], "closeTaki": true}`, next: 2, wantState: `"color":"G"|"openTaki":null`},
		{name: "a yellow Plus and its follow-up on a crazy card", state: onCrazy, turn: `{"play": ["YPLUS", "Y8"]}`, next: 2, wantState: `"color":"Y"`},
		{name: "a blue +2 on a crazy card", state: onCrazy, turn: `{"play": ["B+2"]}`, next: 2, wantState: `"pendingDraw":2`},
		{name: "said explicitly: crazyAnyColour true", state: onCrazy, rules: `{"crazyAnyColour": true}`, turn: `{"play": ["B7"]}`, next: 2},
		{name: "house rule off: a blue 7 is refused", state: onCrazy, rules: off, turn: `{"play": ["B7"]}`, wantRule: RuleCrazyColour, wantStep: 0},
		{name: "house rule off: a red 7 goes", state: onCrazy, rules: off, turn: `{"play": ["R7"]}`, next: 2},
		{name: "house rule off: a colourless card goes", state: onCrazy, rules: off, turn: `{"play": ["COLOR"], "color": "Y"}`, next: 2, wantState: `"color":"Y"`},
		{name: "house rule off: a green TAKI is refused", state: onCrazy, rules: off, turn: `{"play": ["GTAKI", "G4"]}`, wantRule: RuleCrazyColour, wantStep: 0},
		{name: "2 players: a blue 7 on a crazy card", state: st(2, 0, "cw", "CRAZY", `"color": "Y"`), turn: `{"play": ["B7"]}`, next: 1},
		{name: "2 players, house rule off: refused", state: st(2, 0, "cw", "CRAZY", `"color": "Y"`), rules: off, turn: `{"play": ["B7"]}`, wantRule: RuleCrazyColour, wantStep: 0},
		{name: "a last card of any colour on a crazy card ends the round", state: onCrazy, hand: `["G9"]`, turn: `{"play": ["G9"]}`, next: 2,
			check: wantRoundOver(true)},
		{name: "house rule off: the last card must have the colour underneath", state: onCrazy, hand: `["G9"]`, rules: off, turn: `{"play": ["G9"]}`,
			wantRule: RuleCrazyColour, wantStep: 0},
		{name: "house rule off: with nothing of the colour underneath, draw", state: onCrazy, hand: `["G9"]`, rules: `{"crazyAnyColour": false, "mustPlayIfAble": true}`,
			turn: `{"draw": true}`, next: 2, draws: map[string]int{"1": 1}},
		{name: "a crazy card on a crazy card, then any colour still", state: onCrazy, turn: `{"play": ["CRAZY"], "passHands": "right"}`, next: 2,
			wantState: `"top":"CRAZY"|"color":"R"`, check: wantHands("right")},
	})
	// The house rule changes Playable both ways, and Playable agrees with Judge.
	crazy := State{Players: 3, Direction: Clockwise, Top: Card{Kind: Crazy}, Colour: Red}
	for _, tt := range []struct {
		rules map[string]string
		want  string
	}{
		{nil, "R1 B1 G+2 YTAKI COLOR"},
		{map[string]string{HRCrazyAnyColour: "false"}, "R1 COLOR"},
	} {
		set, _ := rulebook.Resolve(HouseRules, tt.rules)
		if got, err := Playable(crazy, mustCards(t, "R1 B1 G+2 YTAKI COLOR"), set); err != nil || names(got) != tt.want {
			t.Errorf("Playable on a crazy card, rules %v = [%s], %v, want [%s]", tt.rules, names(got), err, tt.want)
		}
		agree(t, crazy, set)
	}
}

// «une carte TAKI doit être fermée en annonçant "TAKI fermé". […] Le TAKI
// reste ouvert jusqu'à ce qu'un joueur le ferme.» and the Super TAKI «fonctionne
// comme la carte TAKI» (TK-R7, TK-R8, TK-A8): only the announcement closes.
func TestSheetOnlyTakiFermeCloses(t *testing.T) {
	red5 := st(4, 0, "cw", "R5", `"color": "R"`)
	runTurnCases(t, []turnCase{
		{name: "a TAKI alone, «TAKI fermé»: closed", state: red5, turn: `{"play": ["RTAKI"], "closeTaki": true}`, next: 1, wantState: `"top":"RTAKI"|"openTaki":null`},
		{name: "a TAKI alone, nothing said: open", state: red5, turn: `{"play": ["RTAKI"]}`, next: 1, wantState: `"openTaki":"R"`},
		{name: "a Super TAKI alone, «TAKI fermé»: closed", state: red5, turn: `{"play": ["SUPERTAKI"], "color": "Y", "closeTaki": true}`, next: 1, wantState: `"color":"Y"|"openTaki":null`},
		{name: "a Super TAKI alone, nothing said: open", state: red5, turn: `{"play": ["SUPERTAKI"], "color": "Y"}`, next: 1, wantState: `"color":"Y"|"openTaki":"Y"`},
		{name: "a Super TAKI alone without choosing (house rule), «TAKI fermé»: closed", state: red5, rules: `{"superTakiChoosesColour": false}`,
			turn: `{"play": ["SUPERTAKI"], "closeTaki": true}`, next: 1, wantState: `"color":"R"|"openTaki":null`},
		{name: "a run ending on a TAKI, «TAKI fermé»: closed", state: red5, turn: `{"play": ["RTAKI", "R4", "RTAKI"], "closeTaki": true}`, next: 1, wantState: `"top":"RTAKI"|"openTaki":null`},
		{name: "a run ending on a TAKI, nothing said: open", state: red5, turn: `{"play": ["RTAKI", "R4", "RTAKI"]}`, next: 1, wantState: `"openTaki":"R"`},
		{name: "a Super TAKI then a TAKI of its colour, «TAKI fermé»: closed", state: red5, turn: `{"play": ["SUPERTAKI", "GTAKI"], "closeTaki": true}`, next: 1,
			wantState: `"top":"GTAKI"|"color":"G"|"openTaki":null`},
		{name: "a Plus then a TAKI, nothing said: open", state: red5, turn: `{"play": ["RPLUS", "RTAKI"]}`, next: 1, wantState: `"openTaki":"R"`},
		{name: "the next player closes an open TAKI", state: st(4, 1, "cw", "RTAKI", `"color": "R"`, `"openTaki": "R"`),
			turn: `{"play": ["R1", "R9"], "closeTaki": true}`, next: 2, wantState: `"top":"R9"|"openTaki":null`},
		{name: "the next player leaves it open", state: st(4, 1, "cw", "RTAKI", `"color": "R"`, `"openTaki": "R"`),
			turn: `{"play": ["R1"]}`, next: 2, wantState: `"openTaki":"R"`},
		{name: "on a closed TAKI the next player plays one card", state: st(4, 1, "cw", "RTAKI", `"color": "R"`),
			turn: `{"play": ["R1", "R9"]}`, wantRule: RuleTurn, wantStep: 1},
		{name: "2 players: A leaves a TAKI open, B goes on", state: st(2, 1, "cw", "GTAKI", `"color": "G"`, `"openTaki": "G"`),
			turn: `{"play": ["G3", "G8"], "closeTaki": true}`, next: 0, wantState: `"openTaki":null`},
		{name: "a TAKI as the last card ends the round, nothing left open", state: red5, hand: `["RTAKI"]`, turn: `{"play": ["RTAKI"]}`, next: 1,
			wantState: `"openTaki":null`, check: wantRoundOver(true)},
	})
}

// «le joueur suivant a alors la possibilité de jouer toutes les cartes de
// cette couleur qu'il a en main» (TK-R7): on an open TAKI the cards of its
// colour go on; any other card matches the top card by colour or symbol, so a
// TAKI of another colour goes only on a TAKI.
func TestSheetOnAnOpenTaki(t *testing.T) {
	onSeven := st(4, 1, "cw", "R7", `"color": "R"`, `"openTaki": "R"`)
	onTaki := st(4, 1, "cw", "RTAKI", `"color": "R"`, `"openTaki": "R"`)
	runTurnCases(t, []turnCase{
		{name: "a blue TAKI on the red 7 of an open TAKI is refused", state: onSeven, turn: `{"play": ["BTAKI"]}`, wantRule: RuleTaki, wantStep: 0},
		{name: "a blue TAKI on the open red TAKI itself", state: onTaki, turn: `{"play": ["BTAKI", "B1"], "closeTaki": true}`, next: 2, wantState: `"color":"B"|"openTaki":null`},
		{name: "a blue TAKI on the open red TAKI, nothing said: blue is open", state: onTaki, turn: `{"play": ["BTAKI"]}`, next: 2, wantState: `"openTaki":"B"`},
		{name: "a blue 7 on the red 7 ends the open TAKI", state: onSeven, turn: `{"play": ["B7"]}`, next: 2, wantState: `"color":"B"|"openTaki":null`},
		{name: "a green 5 on the red 7 is refused", state: onSeven, turn: `{"play": ["G5"]}`, wantRule: RuleTaki, wantStep: 0},
		{name: "a red TAKI on the red 7 goes on", state: onSeven, turn: `{"play": ["RTAKI", "R2"], "closeTaki": true}`, next: 2, wantState: `"top":"R2"|"openTaki":null`},
		{name: "a Super TAKI on the open TAKI starts its own run", state: onSeven, turn: `{"play": ["SUPERTAKI", "Y4"], "closeTaki": true}`, next: 2, wantState: `"color":"Y"`},
		{name: "2 players: a yellow TAKI on the green 4 of an open TAKI is refused", state: st(2, 0, "cw", "G4", `"color": "G"`, `"openTaki": "G"`),
			turn: `{"play": ["YTAKI"]}`, wantRule: RuleTaki, wantStep: 0},
		{name: "last card: a blue TAKI on the open red TAKI ends the round", state: onTaki, hand: `["BTAKI"]`, turn: `{"play": ["BTAKI"]}`, next: 2,
			check: wantRoundOver(true)},
	})
	set := rulebook.Defaults(HouseRules)
	seven := State{Players: 4, Current: 1, Direction: Clockwise, Top: Card{Colour: Red, Kind: Number, Value: 7}, Colour: Red, OpenTaki: Red}
	if got, _ := Playable(seven, mustCards(t, "BTAKI R1 B7 G5 SUPERTAKI"), set); names(got) != "R1 B7 SUPERTAKI" {
		t.Errorf("Playable on an open TAKI's red 7 = [%s], want [R1 B7 SUPERTAKI]", names(got))
	}
	agree(t, seven, set)
	agree(t, State{Players: 4, Current: 1, Direction: Clockwise, Top: Card{Colour: Red, Kind: Taki}, Colour: Red, OpenTaki: Red}, set)
}

// «cartes Chiffre : 2 de chaque valeur (1-9) dans chaque couleur» (§4.1): a
// plain 2 is a card, two of each colour.
func TestSheetPlain2(t *testing.T) {
	red5 := st(4, 0, "cw", "R5", `"color": "R"`)
	runTurnCases(t, []turnCase{
		{name: "a red 2 on a red 5", state: red5, turn: `{"play": ["R2"]}`, next: 1, wantState: `"top":"R2"`},
		{name: "a green 2 on a red 2", state: st(4, 0, "cw", "R2", `"color": "R"`), turn: `{"play": ["g2"]}`, next: 1, wantState: `"top":"G2"|"color":"G"`},
		{name: "a green 2 on a red +2 is not the same symbol", state: st(4, 0, "cw", "R+2", `"color": "R"`), turn: `{"play": ["G2"]}`, wantRule: RuleMatch, wantStep: 0},
		{name: "a green +2 on a red 2 is not the same symbol", state: st(4, 0, "cw", "R2", `"color": "R"`), turn: `{"play": ["G+2"]}`, wantRule: RuleMatch, wantStep: 0},
		{name: "a 2 does not answer a +2", state: st(4, 1, "cw", "G+2", `"color": "G"`, `"pendingDraw": 2`), turn: `{"play": ["G2"]}`, wantRule: RulePlus2, wantStep: 0},
		{name: "a Plus then a 2 is no +3 and no +2", state: red5, turn: `{"play": ["RPLUS", "R2"]}`, next: 1, wantState: `"top":"R2"|"pendingDraw":0`},
		{name: "2s in a TAKI run", state: red5, turn: `{"play": ["RTAKI", "R2", "R2"], "closeTaki": true}`, next: 1},
		{name: "2 players, a 2 as the last card", state: st(2, 1, "cw", "Y7", `"color": "Y"`), hand: `["Y2"]`, turn: `{"play": ["Y2"]}`, next: 0,
			check: wantRoundOver(true)},
		{name: "a hand of 2s", state: red5, hand: `["R2", "R2", "B2", "B2"]`, turn: `{"play": ["R2"]}`, next: 1},
	})
	for _, tt := range []struct{ name, body, field string }{
		{"a third red 2 in sight", `{"state": ` + st(4, 0, "cw", "R2", `"color": "R"`) + `, "hand": ["R2", "R2"], "turn": {"play": ["R2"]}}`, "hand[1]"},
		{"a third blue 2 played", `{"state": ` + st(4, 0, "cw", "B2", `"color": "B"`) + `, "turn": {"play": ["BTAKI", "B2", "B2"]}}`, "turn.play[2]"},
		{"a 0", `{"state": ` + st(4, 0, "cw", "R5") + `, "turn": {"play": ["R0"]}}`, "turn.play[0]"},
	} {
		wantInputError(t, tt.name, tt.body, tt.field)
	}
}

// «Le jeu prend fin dès qu'un joueur joue sa dernière carte.» (TK-R13): a
// player whose turn it is holds a card, so an empty hand is no table.
func TestEmptyHandIsNoTable(t *testing.T) {
	for _, turn := range []string{`{"draw": true}`, `{"play": ["R1"]}`} {
		wantInputError(t, "empty hand, "+turn, `{"state": `+st(2, 0, "cw", "R5", `"color": "R"`)+`, "hand": [], "turn": `+turn+`}`, "hand")
	}
	// Without a hand the referee judges the cards alone, as before.
	runTurnCases(t, []turnCase{{name: "no hand given", state: st(2, 0, "cw", "R5", `"color": "R"`), turn: `{"draw": true}`, next: 1, draws: map[string]int{"0": 1}}})
}

// Every rule quotes whole sentences of the sheet, as printed: the crazy
// card's quote goes on to «on peut donc…» (issue 14).
func TestSheetQuotesAreWholeSentences(t *testing.T) {
	flat, starts := sheetText(t)
	for _, r := range Rules {
		q := r.Sheet
		i := strings.Index(flat, q)
		if i < 0 {
			t.Errorf("%s: %q is not in the sheet as printed", r.ID, q)
			continue
		}
		if !(starts[i] || strings.HasSuffix(flat[:i], ". ")) {
			t.Errorf("%s: %q starts mid-sentence, after %q", r.ID, q, flat[max(0, i-30):i])
		}
		if end := i + len(q); !strings.HasSuffix(q, ".") || (end < len(flat) && flat[end] != ' ') {
			t.Errorf("%s: %q stops mid-sentence", r.ID, q)
		}
	}
	crazy, _ := RuleByID(RuleCrazy)
	if !strings.HasSuffix(crazy.Sheet, "on peut donc jouer une carte de n'importe quelle couleur sur elle.") {
		t.Errorf("%s quotes %q, want it to end on «on peut donc jouer une carte de n'importe quelle couleur sur elle.»", RuleCrazy, crazy.Sheet)
	}
}

// sheetText reads testdata/seed004.md without its markup: the paragraphs,
// each on one line, joined by spaces, and where each paragraph starts.
func sheetText(t *testing.T) (string, map[int]bool) {
	t.Helper()
	b, err := os.ReadFile("testdata/seed004.md")
	if err != nil {
		t.Fatal(err)
	}
	text := regexp.MustCompile(`(?s)<!--.*?-->`).ReplaceAllString(string(b), "")
	var flat strings.Builder
	starts := map[int]bool{}
	for _, p := range regexp.MustCompile(`\n\s*\n`).Split(text, -1) {
		p = strings.Join(strings.Fields(strings.NewReplacer("*", "", "#", "").Replace(p)), " ")
		if p == "" {
			continue
		}
		if flat.Len() > 0 {
			flat.WriteByte(' ')
		}
		starts[flat.Len()] = true
		flat.WriteString(p)
	}
	return flat.String(), starts
}

// agree checks that Playable lists exactly the cards Judge accepts as a
// one-card turn on s (a Plus, which needs its follow-up, aside).
func agree(t *testing.T, s State, set rulebook.Settings) {
	t.Helper()
	for _, c := range Deck() {
		if c.Kind == Plus {
			continue
		}
		turn := Turn{Play: []Card{c}}
		switch c.Kind {
		case ChangeColour, SuperTaki:
			turn.Colour = Red
		case Crazy:
			turn.PassHands = Left
		}
		can, _ := Playable(s, []Card{c}, set)
		r, err := Judge(s, nil, turn, set)
		if err != nil {
			t.Fatalf("Judge(%+v, %v): %v", s, c, err)
		}
		if r.Legal != (len(can) == 1) {
			t.Errorf("on %v (%v): Playable lists %v = %v but Judge says legal %v (%+v)", s.Top, set, c, len(can) == 1, r.Legal, r.Violations)
		}
	}
}

func wantRoundOver(want bool) func(*testing.T, TurnResponse) {
	return func(t *testing.T, r TurnResponse) {
		if r.RoundOver != want {
			t.Errorf("roundOver = %v, want %v", r.RoundOver, want)
		}
	}
}

func wantInputError(t *testing.T, name, body, field string) {
	t.Helper()
	var req TurnRequest
	if err := jsonStrict(body, &req); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	_, err := AnswerTurn(req, in("en"))
	ie, ok := err.(*rulebook.InputError)
	if !ok || ie.Field != field || !says(ie).IsSentence() {
		t.Errorf("%s: AnswerTurn(%s) error = %v, want an InputError on %q", name, body, err, field)
	}
}

func jsonStrict(body string, v any) error {
	dec := json.NewDecoder(strings.NewReader(body))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}
