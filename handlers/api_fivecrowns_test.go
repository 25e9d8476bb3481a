package handlers

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// POST /api/v1/fivecrowns/hand with the two house rules' fields: answers
// with the lay-off and the locked discard, and a 400 naming the field for
// anything that cannot be on the table.
func TestAPIFiveCrownsHandHouseRules(t *testing.T) {
	app := newTestApp(t)
	post := func(body string) (int, map[string]any) {
		req := httptest.NewRequest(http.MethodPost, "/api/v1/fivecrowns/hand", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := serveReq(app, req)
		var got map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
			t.Fatalf("%s: answer %q is not JSON", body, rec.Body)
		}
		return rec.Code, got
	}
	field := func(got map[string]any) string {
		e, _ := got["error"].(map[string]any)
		f, _ := e["field"].(string)
		return f
	}

	code, got := post(`{"round": 2, "hand": ["5H","QD","JS","JD","JC"], "outMelds": [["6H","7H","8H","9H"]], "rules": {"allowLayOff": true}}`)
	best, _ := got["best"].(map[string]any)
	if b, _ := json.Marshal(best["layOff"]); code != http.StatusOK || got["minPenalty"] != 0.0 || string(b) != `[{"cards":["5H"],"meld":0}]` {
		t.Errorf("going out by laying off 5♥: %d %v", code, got)
	}
	code, got = post(`{"round": 2, "hand": ["5H","QD","JS","JD","JC"], "outMelds": [["6H","7H","8H","9H"]]}`)
	if code != http.StatusOK || got["minPenalty"] != 5.0 {
		t.Errorf("the same without allowLayOff: %d %v, want 5 points", code, got)
	}
	code, got = post(`{"round": 4, "hand": ["JH","JS","JD","8S","9S","10S","3C"], "tookFromDiscard": "3C", "rules": {"forbidImmediateRediscard": true}}`)
	best, _ = got["best"].(map[string]any)
	if code != http.StatusOK || best["discard"] == "3C" || got["minPenalty"] != 14.0 {
		t.Errorf("Sophie's hand with 3♣ taken from the discard pile: %d %v", code, got)
	}

	bad := []struct{ name, body, field string }{
		{"taken card not in hand", `{"round": 4, "hand": ["JH","JS","JD","8S","9S","10S","3C"], "tookFromDiscard": "QH"}`, "tookFromDiscard"},
		{"taken card after the discard", `{"round": 5, "hand": ["JH","JS","JD","8S","9S","10S","3C"], "tookFromDiscard": "3C"}`, "tookFromDiscard"},
		{"out meld not a meld", `{"round": 2, "hand": ["5H","QD","JS","JD","JC"], "outMelds": [["6H","9S","8H"]]}`, "outMelds[0]"},
		{"out meld card a third time", `{"round": 2, "hand": ["5H","QD","JS","JD","JC"], "outMelds": [["JS","JC","JS"]]}`, "outMelds[0][2]"},
		{"out meld card unknown", `{"round": 2, "hand": ["5H","QD","JS","JD","JC"], "outMelds": [["6H","7H","8Z"]]}`, "outMelds[0][2]"},
		{"lay-off onto no meld", `{"round": 2, "hand": ["5H","QD","JS","JD","JC"], "melds": [], "discard": "QD", "layOff": [{"meld": 3, "cards": ["5H"]}]}`, "layOff[0].meld"},
		{"lay-off without melds", `{"round": 2, "hand": ["5H","QD","JS","JD","JC"], "outMelds": [["6H","7H","8H","9H"]], "layOff": [{"meld": 0, "cards": ["5H"]}]}`, "layOff"},
		{"out melds not a list of lists", `{"round": 2, "hand": ["5H","QD","JS","JD","JC"], "outMelds": ["6H"]}`, "outMelds"},
		{"misspelled field", `{"round": 2, "hand": ["5H","QD","JS","JD","JC"], "outmeld": []}`, "outmeld"},
	}
	for _, tt := range bad {
		code, got := post(tt.body)
		if code != http.StatusBadRequest || field(got) != tt.field {
			t.Errorf("%s: %d %v, want 400 on %q", tt.name, code, got, tt.field)
		}
	}
}
