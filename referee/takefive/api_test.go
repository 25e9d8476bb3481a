package takefive

import (
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// apiExample is the request of API.md, word for word.
const apiExample = `{"state": {"pieces": {"rook": "f6", "knight": "f1", "black-bishop": "a1", "white-bishop": "a6"},
           "empty": ["c3", "b3", "c2", "d1", "e1", "a3", "a4", "a5"], "phase": "score",
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
	resp, err := AnswerTurn(decode(t, body), in(lang))
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
	if e := st["empty"].([]any); len(e) != 9 || e[0] != "c3" || e[8] != "f2" {
		t.Errorf("API.md example: state.empty = %v, want the 8 squares then f2", e)
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

// emptyList is where the tests' taken tokens came from: squares no test
// moves to, c3 first (the tests' "empty square" is c3).
var emptyList = strings.Fields("c3 b3 c2 d1 e1 a3 a4 a5 b4 c5 d5 d6 e4 e2 b1 d3 e6 c1 f3 f4")

// emptyFor is the JSON list of as many empty squares as racks (JSON) hold
// tokens, so that the table can exist: every token taken left its square.
func emptyFor(racks string) string {
	var rs map[string][]int
	_ = json.Unmarshal([]byte(racks), &rs)
	n := 0
	for _, r := range rs {
		n += len(r)
	}
	b, _ := json.Marshal(emptyList[:max(n, 1)])
	return string(b)
}

// turnBody builds a request on the API.md example state with other moves;
// the empty squares match the racks (and c3 is empty).
func turnBody(phase, racks, eliminated, moves, rules string) string {
	b := `{"state": {"pieces": {"rook": "f6", "knight": "f1", "black-bishop": "a1", "white-bishop": "a6"},
		"empty": ` + emptyFor(racks) + `, "phase": "` + phase + `", "racks": ` + racks + `, "eliminated": ` + eliminated + `},
		"player": "Paul", "turn": {"moves": ` + moves + `}`
	if rules != "" {
		b += `, "rules": ` + rules
	}
	return b + "}"
}

const paulAlfred = `{"Paul": [7, 8, 3, 5], "Alfred": [8, 9, 7, 5]}`

// TurnVector is one API test vector of testdata/turns.json: a request and
// the verdict (legal, the first violation's rule and step, the take's
// outcome, the round's end) or the field of the 400. The handlers' agreement
// test posts every vector through the referee page too.
type TurnVector struct {
	Name        string          `json:"name"`
	Request     json.RawMessage `json:"request"`
	Legal       *bool           `json:"legal"`
	Rule        string          `json:"rule"`
	Step        *int            `json:"step"`
	Outcome     string          `json:"outcome"`
	RoundWinner *string         `json:"roundWinner"`
	RoundOver   *bool           `json:"roundOver"`
	ReplayRound *bool           `json:"replayRound"`
	Field       string          `json:"field"` // set for a table that cannot exist
}

func loadVectors(t testing.TB) []TurnVector {
	t.Helper()
	b, err := os.ReadFile("testdata/turns.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []TurnVector
	if err := json.Unmarshal(b, &vs); err != nil {
		t.Fatal(err)
	}
	return vs
}

func TestAnswerTurnVectors(t *testing.T) {
	for _, v := range loadVectors(t) {
		resp, err := AnswerTurn(decode(t, string(v.Request)), in("en"))
		var ie *rulebook.InputError
		if v.Field != "" {
			if !errors.As(err, &ie) || ie.Field != v.Field || !says(ie).IsSentence() {
				t.Errorf("%s: AnswerTurn error = %v, want an InputError on %q", v.Name, err, v.Field)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: AnswerTurn error %v", v.Name, err)
			continue
		}
		if resp.Legal != *v.Legal || (v.Rule == "") != (len(resp.Violations) == 0) {
			t.Errorf("%s: legal = %v, violations = %v, want legal %v rule %q", v.Name, resp.Legal, resp.Violations, *v.Legal, v.Rule)
			continue
		}
		if len(resp.Violations) > 0 {
			got := resp.Violations[0]
			step := rulebook.NoStep
			if got.Step != nil {
				step = *got.Step
			}
			if got.Rule != v.Rule || v.Step == nil || step != *v.Step || got.Message == "" {
				t.Errorf("%s: violation = %+v, want %s at step %v", v.Name, got, v.Rule, v.Step)
			}
		}
		outcome := ""
		if resp.Take != nil {
			outcome = resp.Take.Outcome
		}
		if outcome != v.Outcome {
			t.Errorf("%s: take = %+v, want outcome %q", v.Name, resp.Take, v.Outcome)
		}
		if v.RoundOver != nil && (resp.RoundOver != *v.RoundOver || resp.ReplayRound != *v.ReplayRound ||
			(resp.RoundWinner == nil) != (v.RoundWinner == nil) || (v.RoundWinner != nil && *resp.RoundWinner != *v.RoundWinner)) {
			t.Errorf("%s: roundWinner %v over %v replay %v, want %v %v %v", v.Name, resp.RoundWinner, resp.RoundOver, resp.ReplayRound, v.RoundWinner, *v.RoundOver, *v.ReplayRound)
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
	if g, sq := pen["giveUp"].([]any), pen["squares"].([]any); len(g) != 4 || len(sq) != 8 || !slices.Contains(sq, any("c3")) {
		t.Errorf("penalty = %v, want giveUp 7 8 3 5 and the 8 empty squares", pen)
	}
	if r := take["reason"].(string); !strings.Contains(r, "Paul a déjà un 8") {
		t.Errorf("reason = %q, want French naming the duplicate 8", r)
	}
	if e := got["state"].(map[string]any)["empty"].([]any); len(e) != 8 {
		t.Errorf("state.empty = %v, want the 8 squares as given: the 8 is back on f2", e)
	}
	if r := got["state"].(map[string]any)["racks"].(map[string]any)["Paul"].([]any); len(r) != 4 {
		t.Errorf("Paul's rack = %v, want unchanged", r)
	}
}

// Lists are [] and never null, and take/roundWinner are null when unset.
func TestAnswerTurnJSONShape(t *testing.T) {
	body := turnBody("21", `{"Paul": [], "Alfred": []}`, `[]`, `[{"piece": "knight", "to": "e3", "action": "see"}, {"piece": "rook", "to": "f2", "action": "see"}]`, "")
	body = strings.Replace(body, `"empty": ["c3"], `, "", 1)
	resp, err := AnswerTurn(decode(t, body), in("en"))
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
		resp, err := AnswerTurn(req, in("fr"))
		if err != nil {
			var ie *rulebook.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("AnswerTurn(%s) error %T %v, want an *rulebook.InputError", body, err, err)
			}
			if msg := says(ie); !msg.IsSentence() {
				t.Fatalf("input error for %s: message %q / %q is not a sentence", body, msg.EN, msg.FR)
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
		if _, err := AnswerTurn(req, in("en")); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCheckTurn(b *testing.B) {
	st := State{Pieces: Start, Empty: squares(b, strings.Join(emptyList[:8], " ")), Phase: Score, Racks: []Rack{
		{Player: "Alfred", Values: []int{8, 9, 7, 5}}, {Player: "Paul", Values: []int{7, 8, 3, 5}}}}
	moves := []Move{{Piece: Knight, To: 16, Action: See}, {Piece: Rook, To: 11, Action: TakeToken, Value: 9}}
	s := rulebook.Defaults(HouseRules)
	for b.Loop() {
		if _, err := CheckTurn(st, "Paul", moves, s); err != nil {
			b.Fatal(err)
		}
	}
}
