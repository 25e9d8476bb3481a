package takefive

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/referee"
)

// apiExample is the request of API.md, word for word.
const apiExample = `{"state": {"pieces": {"rook": "f6", "knight": "f1", "black-bishop": "a1", "white-bishop": "a6"},
           "empty": ["c3"], "phase": "score",
           "racks": {"Paul": [7, 8, 3, 5], "Alfred": [8, 9, 7, 5]}, "eliminated": []},
 "player": "Paul",
 "turn": {"moves": [{"piece": "knight", "to": "e3", "action": "see"},
                    {"piece": "rook", "to": "f2", "action": "take", "value": 9}]}}`

func decode(t testing.TB, body string) TurnRequest {
	t.Helper()
	var req TurnRequest
	if err := json.Unmarshal([]byte(body), &req); err != nil {
		t.Fatalf("decoding %s: %v", body, err)
	}
	return req
}

func answer(t testing.TB, body, lang string) map[string]any {
	t.Helper()
	resp, err := AnswerTurn(decode(t, body), lang)
	if err != nil {
		t.Fatalf("AnswerTurn(%s) error: %v", body, err)
	}
	b, err := json.Marshal(resp)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestAnswerTurnAPIExample(t *testing.T) {
	got := answer(t, apiExample, "en")
	if got["legal"] != true || got["roundWinner"] != "Paul" {
		t.Errorf("API.md example: legal = %v, roundWinner = %v, want true, Paul", got["legal"], got["roundWinner"])
	}
	if vs := got["violations"].([]any); len(vs) != 0 {
		t.Errorf("API.md example: violations = %v, want []", vs)
	}
	take := got["take"].(map[string]any)
	if take["value"] != 9.0 || take["outcome"] != "won" || take["penalty"] != nil {
		t.Errorf("API.md example: take = %v, want value 9, outcome won", take)
	}
	st := got["state"].(map[string]any)
	if e := st["empty"].([]any); len(e) != 2 || e[0] != "c3" || e[1] != "f2" {
		t.Errorf("API.md example: state.empty = %v, want [c3 f2]", e)
	}
	pieces := st["pieces"].(map[string]any)
	if pieces["rook"] != "f2" || pieces["knight"] != "e3" || pieces["black-bishop"] != "a1" {
		t.Errorf("API.md example: state.pieces = %v", pieces)
	}
	if r := st["racks"].(map[string]any)["Paul"].([]any); len(r) != 5 || r[4] != 9.0 {
		t.Errorf("API.md example: Paul's rack = %v, want 7 8 3 5 9", r)
	}
	if e := st["eliminated"].([]any); len(e) != 0 || st["phase"] != "score" {
		t.Errorf("API.md example: eliminated = %v, phase %v", e, st["phase"])
	}
}

// turnBody builds a request on the API.md example state with other moves.
func turnBody(phase, racks, eliminated, moves, rules string) string {
	b := `{"state": {"pieces": {"rook": "f6", "knight": "f1", "black-bishop": "a1", "white-bishop": "a6"},
		"empty": ["c3"], "phase": "` + phase + `", "racks": ` + racks + `, "eliminated": ` + eliminated + `},
		"player": "Paul", "turn": {"moves": ` + moves + `}`
	if rules != "" {
		b += `, "rules": ` + rules
	}
	return b + "}"
}

const paulAlfred = `{"Paul": [7, 8, 3, 5], "Alfred": [8, 9, 7, 5]}`

func TestAnswerTurn(t *testing.T) {
	tests := []struct {
		name        string
		body        string
		wantLegal   bool
		wantRule    string // first violation
		wantStep    float64
		wantOutcome string // "" when take is null
		wantEmpty   int
	}{
		{"TV-TF-1 Paul takes 6: penalty, token back", turnBody("score", paulAlfred, `[]`,
			`[{"piece": "knight", "to": "e3", "action": "take", "value": 6}, {"piece": "rook", "to": "f2", "action": "see"}]`, ""),
			true, "", 0, "penalty", 1},
		{"see and see", turnBody("score", paulAlfred, `[]`,
			`[{"piece": "knight", "to": "e3", "action": "see"}, {"piece": "rook", "to": "f2", "action": "see", "value": 4}]`, ""),
			true, "", 0, "", 1},
		{"two takes", turnBody("score", paulAlfred, `[]`,
			`[{"piece": "knight", "to": "e3", "action": "take", "value": 1}, {"piece": "rook", "to": "f2", "action": "take", "value": 2}]`, ""),
			false, RuleOneTake, 1, "penalty", 1},
		{"the same piece twice", turnBody("21", `{"Paul": [1], "Alfred": [2]}`, `[]`,
			`[{"piece": "knight", "to": "e3", "action": "see"}, {"piece": "knight", "to": "c4", "action": "see"}]`, ""),
			false, RuleTwoPieces, 1, "", 1},
		{"the same piece twice (allowSamePieceTwice)", turnBody("21", `{"Paul": [1], "Alfred": [2]}`, `[]`,
			`[{"piece": "knight", "to": "e3", "action": "see"}, {"piece": "knight", "to": "c4", "action": "see"}]`, `{"allowSamePieceTwice": true}`),
			true, "", 0, "", 1},
		{"one move only", turnBody("21", `{"Paul": [1], "Alfred": [2]}`, `[]`,
			`[{"piece": "knight", "to": "e3", "action": "see"}]`, ""),
			false, RuleTwoPieces, -1, "", 1},
		{"three moves", turnBody("21", `{"Paul": [1], "Alfred": [2]}`, `[]`,
			`[{"piece": "knight", "to": "e3", "action": "see"}, {"piece": "rook", "to": "f2", "action": "see"}, {"piece": "white-bishop", "to": "b5", "action": "see"}]`, ""),
			false, RuleTwoPieces, 2, "", 1},
		{"no move", turnBody("21", `{"Paul": [1], "Alfred": [2]}`, `[]`, `[]`, ""),
			false, RuleTwoPieces, -1, "", 1},
		{"TV-TF-4 the rook onto the knight", turnBody("score", paulAlfred, `[]`,
			`[{"piece": "rook", "to": "f1", "action": "see"}, {"piece": "knight", "to": "e3", "action": "see"}]`, ""),
			false, RuleOccupied, 0, "", 1},
		{"the second move sees the board the first left: rook passes f1 after the knight left", turnBody("score", paulAlfred, `[]`,
			`[{"piece": "knight", "to": "d2", "action": "see"}, {"piece": "rook", "to": "f1", "action": "see"}]`, ""),
			true, "", 0, "", 1},
		{"liberation (Nota 3): the knight leaves f1, the rook takes the token under it", turnBody("21", `{"Paul": [1], "Alfred": [2]}`, `[]`,
			`[{"piece": "knight", "to": "d2", "action": "see"}, {"piece": "rook", "to": "f1", "action": "take", "value": 4}]`, ""),
			true, "", 0, "kept", 2},
		{"a piece stops on an empty square, the other takes", turnBody("21", `{"Paul": [1], "Alfred": [2]}`, `[]`,
			`[{"piece": "black-bishop", "to": "c3", "action": "none"}, {"piece": "white-bishop", "to": "b5", "action": "take", "value": 1}]`, ""),
			true, "", 0, "kept", 2},
		{"none on a token", turnBody("score", paulAlfred, `[]`,
			`[{"piece": "knight", "to": "e3", "action": "none"}, {"piece": "rook", "to": "f2", "action": "see"}]`, ""),
			false, RuleAction, 0, "", 1},
		{"see on an empty square", turnBody("score", paulAlfred, `[]`,
			`[{"piece": "black-bishop", "to": "c3", "action": "see"}, {"piece": "rook", "to": "f2", "action": "see"}]`, ""),
			false, RuleAction, 0, "", 1},
		{"TV-TF-2 bust: eliminated, Alfred last standing wins", turnBody("21", `{"Paul": [9, 8], "Alfred": [2]}`, `[]`,
			`[{"piece": "knight", "to": "e3", "action": "see"}, {"piece": "rook", "to": "f2", "action": "take", "value": 5}]`, ""),
			true, "", 0, "eliminated", 2},
		{"an eliminated player plays", turnBody("21", `{"Paul": [9, 8, 5], "Alfred": [2], "Zoé": [1]}`, `["Paul"]`,
			`[{"piece": "knight", "to": "e3", "action": "see"}, {"piece": "rook", "to": "f2", "action": "see"}]`, ""),
			false, RuleEliminatedTurn, -1, "", 1},
		{"voluntary return refused by default", turnBody("quinte", `{"Paul": [5], "Alfred": [2]}`, `[]`,
			`[{"piece": "knight", "to": "e3", "action": "see"}, {"piece": "rook", "to": "f2", "action": "take", "value": 6, "giveBack": true}]`, ""),
			false, RuleVoluntaryReturn, 1, "", 1},
		{"voluntary return (allowVoluntaryReturn)", turnBody("quinte", `{"Paul": [5], "Alfred": [2]}`, `[]`,
			`[{"piece": "knight", "to": "e3", "action": "see"}, {"piece": "rook", "to": "f2", "action": "take", "value": 6, "giveBack": true}]`, `{"allowVoluntaryReturn": true}`),
			true, "", 0, "penalty", 1},
		{"no voluntary return at 21 even when allowed", turnBody("21", `{"Paul": [5], "Alfred": [2]}`, `[]`,
			`[{"piece": "knight", "to": "e3", "action": "see"}, {"piece": "rook", "to": "f2", "action": "take", "value": 6, "giveBack": true}]`, `{"allowVoluntaryReturn": true}`),
			false, RuleVoluntaryReturn, 1, "", 1},
	}
	for _, tt := range tests {
		got := answer(t, tt.body, "en")
		vs := got["violations"].([]any)
		if got["legal"] != tt.wantLegal || (tt.wantRule == "") != (len(vs) == 0) {
			t.Errorf("%s: legal = %v, violations = %v, want legal %v rule %q", tt.name, got["legal"], vs, tt.wantLegal, tt.wantRule)
			continue
		}
		if len(vs) > 0 {
			v := vs[0].(map[string]any)
			step, ok := v["step"].(float64)
			if !ok {
				step = -1
			}
			if v["rule"] != tt.wantRule || step != tt.wantStep || v["message"] == "" {
				t.Errorf("%s: violation = %v, want %s at step %v", tt.name, v, tt.wantRule, tt.wantStep)
			}
		}
		take, _ := got["take"].(map[string]any)
		if outcome, _ := take["outcome"].(string); outcome != tt.wantOutcome {
			t.Errorf("%s: take = %v, want outcome %q", tt.name, take, tt.wantOutcome)
		}
		if e := got["state"].(map[string]any)["empty"].([]any); len(e) != tt.wantEmpty {
			t.Errorf("%s: state.empty = %v, want %d squares", tt.name, e, tt.wantEmpty)
		}
	}
}

// On a penalty the token is back on its square and the answer lists the
// tokens the player may give up and the free squares it may go to.
func TestAnswerTurnPenaltyChoices(t *testing.T) {
	body := turnBody("score", paulAlfred, `[]`,
		`[{"piece": "knight", "to": "e3", "action": "see"}, {"piece": "rook", "to": "f2", "action": "take", "value": 8}]`, "")
	got := answer(t, body, "fr")
	take := got["take"].(map[string]any)
	pen, _ := take["penalty"].(map[string]any)
	if take["outcome"] != "penalty" || pen == nil {
		t.Fatalf("take = %v, want a penalty with choices", take)
	}
	if g := pen["giveUp"].([]any); len(g) != 4 || pen["squares"].([]any)[0] != "c3" {
		t.Errorf("penalty = %v, want giveUp 7 8 3 5 and squares [c3]", pen)
	}
	if r := take["reason"].(string); !strings.Contains(r, "Paul a déjà un 8") {
		t.Errorf("reason = %q, want French naming the duplicate 8", r)
	}
	if e := got["state"].(map[string]any)["empty"].([]any); len(e) != 1 {
		t.Errorf("state.empty = %v, want [c3]: the 8 is back on f2", e)
	}
	if r := got["state"].(map[string]any)["racks"].(map[string]any)["Paul"].([]any); len(r) != 4 {
		t.Errorf("Paul's rack = %v, want unchanged", r)
	}
}

func TestAnswerTurnInputErrors(t *testing.T) {
	move2 := `, {"piece": "rook", "to": "f2", "action": "see"}]`
	tests := []struct {
		name      string
		body      string
		wantField string
	}{
		{"no state", `{"player": "Paul", "turn": {"moves": []}}`, "state"},
		{"no player", strings.Replace(apiExample, `"player": "Paul",`, "", 1), "player"},
		{"no turn", `{"state": {"pieces": {"rook": "f6", "knight": "f1", "black-bishop": "a1", "white-bishop": "a6"}, "phase": "score", "racks": {"Paul": [], "Alfred": []}}, "player": "Paul"}`, "turn.moves"},
		{"unknown player", strings.Replace(apiExample, `"player": "Paul"`, `"player": "Zoé"`, 1), "player"},
		{"unknown phase", strings.Replace(apiExample, `"phase": "score"`, `"phase": "poker"`, 1), "state.phase"},
		{"unknown piece", strings.Replace(apiExample, `"piece": "knight"`, `"piece": "queen"`, 1), "turn.moves[0].piece"},
		{"French piece names are not API names", strings.Replace(apiExample, `"piece": "knight"`, `"piece": "cavalier"`, 1), "turn.moves[0].piece"},
		{"bad square", strings.Replace(apiExample, `"to": "e3"`, `"to": "g3"`, 1), "turn.moves[0].to"},
		{"bad action", strings.Replace(apiExample, `"action": "see"`, `"action": "peek"`, 1), "turn.moves[0].action"},
		{"take without value", strings.Replace(apiExample, `, "value": 9`, "", 1), "turn.moves[1].value"},
		{"value 10", strings.Replace(apiExample, `"value": 9`, `"value": 10`, 1), "turn.moves[1].value"},
		{"missing piece square", strings.Replace(apiExample, `"rook": "f6", `, "", 1), "state.pieces.rook"},
		{"unknown piece in state", strings.Replace(apiExample, `"rook": "f6"`, `"rook": "f6", "queen": "d1"`, 1), "state.pieces.queen"},
		{"bad empty square", strings.Replace(apiExample, `"empty": ["c3"]`, `"empty": ["z9"]`, 1), "state.empty[0]"},
		{"no racks", strings.Replace(apiExample, `"racks": {"Paul": [7, 8, 3, 5], "Alfred": [8, 9, 7, 5]}`, `"racks": null`, 1), "state.racks"},
		{"eliminated stranger", strings.Replace(apiExample, `"eliminated": []`, `"eliminated": ["Zoé"]`, 1), "state.eliminated[0]"},
		{"a fifth 8", turnBody("21", `{"Paul": [8, 8], "Alfred": [8, 8]}`, `[]`, `[{"piece": "knight", "to": "e3", "action": "take", "value": 8}`+move2, ""), "turn.moves[0].value"},
		{"value on none", turnBody("score", paulAlfred, `[]`, `[{"piece": "black-bishop", "to": "c3", "action": "none", "value": 3}`+move2, ""), "turn.moves[0].value"},
		{"giveBack on see", turnBody("score", paulAlfred, `[]`, `[{"piece": "knight", "to": "e3", "action": "see", "giveBack": true}`+move2, ""), "turn.moves[0].giveBack"},
		{"unknown house rule", turnBody("score", paulAlfred, `[]`, `[]`, `{"samePieceTwice": true}`), "rules.samePieceTwice"},
		{"bad house rule value", turnBody("score", paulAlfred, `[]`, `[]`, `{"allEliminated": "shrug"}`), "rules.allEliminated"},
		{"duplicate in a score rack", turnBody("score", `{"Paul": [7, 7], "Alfred": []}`, `[]`, `[]`, ""), "state.racks.Paul[1]"},
	}
	for _, tt := range tests {
		_, err := AnswerTurn(decode(t, tt.body), "en")
		var ie *referee.InputError
		if !errors.As(err, &ie) || ie.Field != tt.wantField || ie.Message.EN == "" || ie.Message.FR == "" {
			t.Errorf("%s: AnswerTurn error = %v, want an InputError on %q", tt.name, err, tt.wantField)
		}
	}
}

// Lists are [] and never null, and take/roundWinner are null when unset.
func TestAnswerTurnJSONShape(t *testing.T) {
	body := turnBody("21", `{"Paul": [], "Alfred": []}`, `[]`, `[{"piece": "knight", "to": "e3", "action": "see"}, {"piece": "rook", "to": "f2", "action": "see"}]`, "")
	body = strings.Replace(body, `"empty": ["c3"], `, "", 1)
	resp, err := AnswerTurn(decode(t, body), "en")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(resp)
	for _, want := range []string{`"violations":[]`, `"take":null`, `"roundWinner":null`, `"empty":[]`, `"eliminated":[]`, `"Paul":[]`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("AnswerTurn JSON = %s, want it to contain %s", b, want)
		}
	}
}

func FuzzAnswerTurn(f *testing.F) {
	f.Add([]byte(apiExample))
	f.Add([]byte(turnBody("21", `{"Paul": [9, 8], "Alfred": [2]}`, `[]`, `[{"piece": "knight", "to": "e3", "action": "see"}, {"piece": "rook", "to": "f2", "action": "take", "value": 5}]`, "")))
	f.Add([]byte(turnBody("quinte", `{"Paul": [5], "Alfred": [2]}`, `[]`, `[{"piece": "rook", "to": "f2", "action": "take", "value": 6, "giveBack": true}]`, `{"allowVoluntaryReturn": true, "allowSamePieceTwice": true}`)))
	f.Fuzz(func(t *testing.T, body []byte) {
		var req TurnRequest
		if json.Unmarshal(body, &req) != nil {
			return
		}
		resp, err := AnswerTurn(req, "fr")
		if err != nil {
			var ie *referee.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("AnswerTurn(%s) error %T %v, want an *referee.InputError", body, err, err)
			}
			if !ie.Message.IsSentence() {
				t.Fatalf("input error for %s: message %q / %q is not a sentence", body, ie.Message.EN, ie.Message.FR)
			}
			return
		}
		if resp.Legal != (len(resp.Violations) == 0) {
			t.Fatalf("AnswerTurn(%s): legal %v with violations %v", body, resp.Legal, resp.Violations)
		}
		// at most one take: the racks grow by at most one token in all
		before, after := 0, 0
		for _, r := range req.State.Racks {
			before += len(r)
		}
		for _, r := range resp.State.Racks {
			after += len(r)
		}
		if after < before || after > before+1 || len(resp.State.Empty) != len(req.State.Empty)+(after-before) {
			t.Fatalf("AnswerTurn(%s): racks %d → %d tokens, empty %d → %d", body, before, after, len(req.State.Empty), len(resp.State.Empty))
		}
		for _, r := range resp.State.Racks {
			if len(r) > 5 {
				t.Fatalf("AnswerTurn(%s): a rack of %d tokens", body, len(r))
			}
		}
		if resp.RoundWinner != nil && !resp.RoundOver {
			t.Fatalf("AnswerTurn(%s): a winner without the round being over", body)
		}
	})
}

func BenchmarkAnswerTurn(b *testing.B) {
	req := decode(b, apiExample)
	for b.Loop() {
		if _, err := AnswerTurn(req, "en"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCheckTurn(b *testing.B) {
	st := State{Pieces: Start, Empty: []Square{14}, Phase: Score, Racks: []Rack{
		{Player: "Alfred", Values: []int{8, 9, 7, 5}}, {Player: "Paul", Values: []int{7, 8, 3, 5}}}}
	moves := []Move{{Piece: Knight, To: 16, Action: See}, {Piece: Rook, To: 11, Action: TakeToken, Value: 9}}
	s := referee.Defaults(HouseRules)
	for b.Loop() {
		if _, err := CheckTurn(st, "Paul", moves, s); err != nil {
			b.Fatal(err)
		}
	}
}
