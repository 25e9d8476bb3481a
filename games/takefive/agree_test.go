package takefive_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/games/gametest"
	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/games/takefive"
	tf "github.com/tablekeeper/tablekeeper/referee/takefive"
	"github.com/tablekeeper/tablekeeper/rulebook"
)

// tfVector is a request and where it comes from: the engine's API test
// vectors (referee/takefive/testdata/turns.json) and the examples of
// docs/API.md, with the answer the document pastes.
type tfVector struct {
	name    string
	request json.RawMessage
	docs    string // the answer docs/API.md shows; "" for engine vectors
}

func tfVectors(t *testing.T) []tfVector {
	t.Helper()
	var out []tfVector
	for _, v := range gametest.Vectors[struct {
		Name    string          `json:"name"`
		Request json.RawMessage `json:"request"`
	}](t, "../../referee/takefive/testdata/turns.json") {
		out = append(out, tfVector{name: v.Name, request: v.Request})
	}
	engine := len(out)
	// docs/API.md: each request of the Take Five section and the answer after it
	doc, err := os.ReadFile("../../docs/API.md")
	if err != nil {
		t.Fatal(err)
	}
	section := string(doc[bytes.Index(doc, []byte("\n## Take Five\n")):])
	section = section[:strings.Index(section[1:], "\n## ")+1]
	blocks := strings.Split(section, "```json\n")[1:]
	for i := 0; i+1 < len(blocks); i++ {
		req, _, _ := strings.Cut(blocks[i], "```")
		if !strings.HasPrefix(req, `{"state"`) {
			continue
		}
		resp, _, _ := strings.Cut(blocks[i+1], "```")
		out = append(out, tfVector{name: fmt.Sprintf("docs/API.md example %d", len(out)), request: json.RawMessage(req), docs: strings.TrimSpace(resp)})
	}
	if len(out) < engine+2 {
		t.Fatalf("found %d vectors, want the engine's %d and docs/API.md's examples", len(out), engine)
	}
	return out
}

// tfPageForm writes a request as the referee page's form, or says why the
// form cannot say it (the page offers two move lines, four racks, the
// declared house rules, and players chosen among the racks).
func tfPageForm(raw json.RawMessage) (url.Values, string) {
	var req tf.TurnRequest
	if err := json.Unmarshal(raw, &req); err != nil {
		return nil, "not a request: " + err.Error()
	}
	st := req.State
	switch {
	case st == nil || st.Racks == nil || req.Turn == nil || req.Turn.Moves == nil:
		return nil, "a part missing: the page always sends the state, the racks and the moves"
	case len(st.Racks) > takefive.RackLines || len(req.Turn.Moves) > takefive.MoveLines:
		return nil, "more racks or moves than the page has lines"
	case len(st.Pieces) != tf.NumPieces:
		return nil, "the page places each of the four pieces"
	}
	if _, ok := st.Racks[req.Player]; !ok {
		return nil, "the page chooses the player among the racks"
	}
	f := url.Values{"rules_shown": {"1"}, "op": {"judge"}, "phase": {st.Phase}, "empty": {strings.Join(st.Empty, " ")}}
	for _, p := range tf.Pieces {
		sq, ok := st.Pieces[p.String()]
		if !ok {
			return nil, "the page places each of the four pieces"
		}
		f.Set("sq_"+p.String(), sq)
	}
	for k, v := range req.Rules {
		if !slices.ContainsFunc(tf.HouseRules, func(h rulebook.HouseRule) bool { return h.Key == k }) {
			return nil, "the page offers only the declared house rules"
		}
		f.Set(kit.HouseRuleField(k), v)
	}
	names := make([]string, 0, len(st.Racks))
	for n := range st.Racks {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range st.Eliminated {
		if !slices.Contains(names, n) || strings.Count(strings.Join(st.Eliminated, "\x00")+"\x00", n+"\x00") > 1 {
			return nil, "the page marks the eliminated on their racks"
		}
	}
	for i, n := range names {
		words := []string{n + ":"}
		for _, v := range st.Racks[n] {
			words = append(words, strconv.Itoa(v))
		}
		f.Set(fmt.Sprintf("rack_%d", i), strings.Join(words, " "))
		if slices.Contains(st.Eliminated, n) {
			f.Set(fmt.Sprintf("elim_%d", i), "on")
		}
		if n == req.Player {
			f.Set("player", strconv.Itoa(i))
		}
	}
	for i, m := range req.Turn.Moves {
		if m.GiveBack {
			return nil, "the page has no «give back» switch"
		}
		if m.Piece == "" && m.To == "" {
			return nil, "the page drops a move line left blank"
		}
		k := fmt.Sprintf("m%d_", i+1)
		f.Set(k+"piece", m.Piece)
		f.Set(k+"to", m.To)
		f.Set(k+"action", m.Action)
		if m.Value != nil {
			f.Set(k+"value", strconv.Itoa(*m.Value))
		}
	}
	return f, ""
}

// Every API vector of Take Five gets the same verdict from the referee page:
// legal or not, the first rule broken, the take's outcome; a table that
// cannot exist is refused by both with the same message, on the page's field
// for the API's path. The examples of docs/API.md are answered as printed.
func TestTakeFiveAPIAndPageAgree(t *testing.T) {
	c := gametest.Start(t).Phone()
	c.Lang = "en"
	c.Group("Table") // a member's session
	posted := 0
	for _, v := range tfVectors(t) {
		code, answer := c.API("/api/v1/takefive/turn", v.request)
		if v.docs != "" {
			var got, want bytes.Buffer
			_ = json.Compact(&got, answer)
			_ = json.Compact(&want, []byte(v.docs))
			wantCode := http.StatusOK
			if strings.HasPrefix(v.docs, `{"error"`) {
				wantCode = http.StatusBadRequest
			}
			if code != wantCode || got.String() != want.String() {
				t.Errorf("%s: the API answers %d %s\nwhere docs/API.md shows %s", v.name, code, got.String(), want.String())
			}
		}
		form, why := tfPageForm(v.request)
		if form == nil {
			t.Logf("%s: not posted through the page: %s", v.name, why)
			continue
		}
		posted++
		page := c.Post("/referee/takefive", form)
		errs := page.Find(".error").Text()
		if code == http.StatusBadRequest {
			var body struct {
				Error struct{ Message, Field string }
			}
			_ = json.Unmarshal(answer, &body)
			if page.Code != http.StatusUnprocessableEntity || !strings.Contains(errs, body.Error.Message) {
				t.Errorf("%s: the API refuses %q on %s; the page answers %d with %q", v.name, body.Error.Message, body.Error.Field, page.Code, errs)
			}
			continue
		}
		var resp tf.TurnResponse
		if err := json.Unmarshal(answer, &resp); err != nil || code != http.StatusOK {
			t.Errorf("%s: API status %d %s", v.name, code, answer)
			continue
		}
		verdict := page.Find("[data-testid=tf-verdict]")
		if page.Code != http.StatusOK || verdict.Length() == 0 {
			t.Errorf("%s: the API judges it; the page answers %d: %s", v.name, page.Code, errs)
			continue
		}
		if legal := verdict.Find("[data-testid=tf-legal]").Length() == 1; legal != resp.Legal {
			t.Errorf("%s: page legal %v, API %v", v.name, legal, resp.Legal)
		}
		if len(resp.Violations) > 0 {
			if got := verdict.Find("[data-rule]").First().AttrOr("data-rule", ""); got != resp.Violations[0].Rule {
				t.Errorf("%s: page cites %q first, API %q", v.name, got, resp.Violations[0].Rule)
			}
		}
		outcome := ""
		if resp.Take != nil {
			outcome = resp.Take.Outcome
		}
		if got := verdict.Find("[data-testid=tf-outcome]").AttrOr("data-outcome", ""); got != outcome {
			t.Errorf("%s: page outcome %q, API %q", v.name, got, outcome)
		}
	}
	if posted < 40 {
		t.Errorf("only %d vectors went through the page", posted)
	}
}
