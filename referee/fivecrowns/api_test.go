package fivecrowns

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

const apiExample = `{"round": 4, "hand": ["JH", "JS", "JD", "8S", "9S", "10S", "3C"], "melds": [["JH","JS","JD"], ["8S","9S","10S"]], "discard": "3C"}`

func TestAnswerHandAPIExample(t *testing.T) {
	var req HandRequest
	if err := json.Unmarshal([]byte(apiExample), &req); err != nil {
		t.Fatal(err)
	}
	got, err := AnswerHand(req, in("en"))
	if err != nil {
		t.Fatalf("AnswerHand(API.md example) error = %v", err)
	}
	b, _ := json.Marshal(got)
	want := `{"wild":"6","cardsDealt":6,"minPenalty":0,"canGoOut":true,"best":{"melds":[["JH","JS","JD"],["8S","9S","10S"]],"layOff":[],"leftover":[],"discard":"3C"},"declared":{"valid":true,"violations":[],"penalty":0}}`
	if string(b) != want {
		t.Errorf("AnswerHand(API.md example) =\n%s\nwant\n%s", b, want)
	}
}

func TestAnswerHandBestOnly(t *testing.T) {
	got, err := AnswerHand(HandRequest{Round: 2, Hand: []string{"QH", "KH", "3H", "9S"}}, in("en"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(got)
	want := `{"wild":"4","cardsDealt":4,"minPenalty":37,"canGoOut":false,"best":{"melds":[],"layOff":[],"leftover":["3H","QH","KH","9S"],"discard":null},"declared":null}`
	if string(b) != want {
		t.Errorf("AnswerHand(TV-FC-3 hand) =\n%s\nwant\n%s", b, want)
	}
	got, _ = AnswerHand(HandRequest{Round: 2, Hand: []string{"QH", "KH", "3H", "9S"}, Rules: rulebook.JSONRules{"runsWrap": "true"}}, in("en"))
	if got.MinPenalty != 9 {
		t.Errorf("AnswerHand(TV-FC-3 hand, runsWrap).MinPenalty = %d, want 9", got.MinPenalty)
	}
}

func TestAnswerHandDeclaredInFrench(t *testing.T) {
	req := HandRequest{Round: 4, Hand: []string{"7S", "8S", "9H", "JS", "JD", "QC", "3C"}, Melds: [][]string{{"7S", "8S", "9H"}}, Discard: ptr("3C")}
	got, err := AnswerHand(req, in("fr"))
	if err != nil {
		t.Fatal(err)
	}
	d := got.Declared
	if d == nil || d.Valid || len(d.Violations) != 1 || d.Violations[0].Rule != RuleRunSuit ||
		!strings.Contains(d.Violations[0].Message, "7♠ et 9♥ ne sont pas de la même couleur") || d.Violations[0].Step == nil || *d.Violations[0].Step != 0 {
		t.Errorf("AnswerHand(mixed-suit run, fr).Declared = %+v, want one run-suit violation at step 0 in French", d)
	}
	if d != nil && d.Penalty != 7+8+9+11+11+12 {
		t.Errorf("declared penalty = %d, want %d", d.Penalty, 7+8+9+11+11+12)
	}
}

func TestAnswerHandInputErrors(t *testing.T) {
	hand := []string{"JH", "JS", "JD", "8S", "9S", "10S", "3C"}
	tests := []struct {
		name      string
		req       HandRequest
		wantField string
	}{
		{"round 0", HandRequest{Round: 0, Hand: hand}, "round"},
		{"no hand", HandRequest{Round: 4}, "hand"},
		{"unknown card", HandRequest{Round: 4, Hand: []string{"JH", "JS", "JD", "8S", "9S", "1S", "3C"}}, "hand[5]"},
		{"a card three times", HandRequest{Round: 4, Hand: []string{"JH", "JH", "JD", "8S", "JH", "10S", "3C"}}, "hand[4]"},
		{"seven jokers", HandRequest{Round: 5, Hand: []string{"JK", "JK", "JK", "JK", "JK", "JK", "JK"}}, "hand[6]"},
		{"too few cards", HandRequest{Round: 4, Hand: hand[:5]}, "hand"},
		{"too many cards", HandRequest{Round: 3, Hand: hand}, "hand"},
		{"discard after the discard", HandRequest{Round: 5, Hand: hand, Melds: [][]string{}, Discard: ptr("3C")}, "discard"},
		{"discard without melds", HandRequest{Round: 4, Hand: hand, Discard: ptr("3C")}, "discard"},
		{"bad discard", HandRequest{Round: 4, Hand: hand, Melds: [][]string{}, Discard: ptr("ZZ")}, "discard"},
		{"bad meld card", HandRequest{Round: 4, Hand: hand, Melds: [][]string{{"JH"}, {"JS", "XX"}}, Discard: ptr("3C")}, "melds[1][1]"},
		{"unknown house rule", HandRequest{Round: 4, Hand: hand, Rules: rulebook.JSONRules{"wrap": "true"}}, "rules.wrap"},
		{"bad house-rule value", HandRequest{Round: 4, Hand: hand, Rules: rulebook.JSONRules{"minNaturalsPerMeld": "2"}}, "rules.minNaturalsPerMeld"},
		{"taken card not in the hand", HandRequest{Round: 4, Hand: hand, TookFromDiscard: ptr("QH")}, "tookFromDiscard"},
		{"taken card not a card", HandRequest{Round: 4, Hand: hand, TookFromDiscard: ptr("1H")}, "tookFromDiscard"},
		{"taken card after the discard", HandRequest{Round: 5, Hand: hand, TookFromDiscard: ptr("3C")}, "tookFromDiscard"},
		{"an out meld that is not a meld", HandRequest{Round: 4, Hand: hand, OutMelds: [][]string{{"5H", "8S", "7H"}}}, "outMelds[0]"},
		{"an out meld card unknown", HandRequest{Round: 4, Hand: hand, OutMelds: [][]string{{"5H", "6H", "7H"}, {"5X"}}}, "outMelds[1][0]"},
		{"an out meld card a third time", HandRequest{Round: 4, Hand: hand, OutMelds: [][]string{{"JH", "JC", "JH"}}}, "outMelds[0][2]"},
		{"out melds short of the round's cards", HandRequest{Round: 2, Hand: []string{"5H", "QD", "JS", "JD", "JC"}, OutMelds: [][]string{{"6H", "7H", "8H"}}}, "outMelds"},
		{"out melds with the discard", HandRequest{Round: 1, Hand: []string{"5H", "6H", "7H"}, OutMelds: [][]string{{"9S", "9D", "9C", "9H"}}}, "outMelds"},
		{"no out meld at all", HandRequest{Round: 1, Hand: []string{"5H", "6H", "7H"}, OutMelds: [][]string{}}, "outMelds"},
		{"too many out melds", HandRequest{Round: 1, Hand: []string{"5H", "6H", "7H", "8H"}, OutMelds: [][]string{{"9S", "9D", "9C"}, {"10S", "10D", "10C"}}}, "outMelds"},
		{"a lay-off without melds", HandRequest{Round: 4, Hand: hand, OutMelds: [][]string{{"5H", "6H", "7H"}, {"QS", "QD", "QC"}}, LayOff: []WireLayOff{{Meld: 0, Cards: []string{"8S"}}}}, "layOff"},
		{"a lay-off onto no out meld", HandRequest{Round: 4, Hand: hand, Melds: [][]string{}, Discard: ptr("3C"), LayOff: []WireLayOff{{Meld: 0, Cards: []string{"8S"}}}}, "layOff[0].meld"},
		{"a lay-off of no card", HandRequest{Round: 4, Hand: hand, Melds: [][]string{}, Discard: ptr("3C"), OutMelds: [][]string{{"5H", "6H", "7H"}, {"QS", "QD", "QC"}}, LayOff: []WireLayOff{{Meld: 0}}}, "layOff[0].cards"},
		{"a lay-off card unknown", HandRequest{Round: 4, Hand: hand, Melds: [][]string{}, Discard: ptr("3C"), OutMelds: [][]string{{"5H", "6H", "7H"}, {"QS", "QD", "QC"}}, LayOff: []WireLayOff{{Meld: 0, Cards: []string{"8S", "ZZ"}}}}, "layOff[0].cards[1]"},
	}
	for _, tt := range tests {
		_, err := AnswerHand(tt.req, in("en"))
		var ie *rulebook.InputError
		if !errors.As(err, &ie) || ie.Field != tt.wantField {
			t.Errorf("%s: AnswerHand error = %v, want field %q", tt.name, err, tt.wantField)
		}
	}
}

func ptr(s string) *string { return &s }

func FuzzAnswerHand(f *testing.F) {
	f.Add([]byte(apiExample))
	f.Add([]byte(`{"round": 2, "hand": ["QH","KH","3H","9S"], "rules": {"runsWrap": true}}`))
	f.Add([]byte(`{"round": 11, "hand": ["JK","JK","JK","JK","JK","JK","KS","KH","3S","4S","9D","9D","QC","10*"]}`))
	f.Add([]byte(`{"round": 1, "hand": ["JK","JK","3H","8C"], "melds": [["JK","JK","3H"]], "discard": "8C", "rules": {"minNaturalsPerMeld": 1}}`))
	f.Add([]byte(layOffExample))
	f.Add([]byte(rediscardExample))
	f.Add([]byte(`{"round": 2, "hand": ["3H","9S","9C","9D"], "outMelds": [["JH","QH","KH","JK"]], "melds": [["9S","9C","9D"]], "layOff": [{"meld": 0, "cards": ["3H"]}], "rules": {"allowLayOff": true, "runsWrap": true}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var req HandRequest
		if json.Unmarshal(b, &req) != nil {
			return
		}
		resp, err := AnswerHand(req, in("fr"))
		if err != nil {
			var ie *rulebook.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("AnswerHand(%s) error %v is not an InputError", b, err)
			}
			if msg := says(ie); !msg.IsSentence() {
				t.Fatalf("input error for %s: message %q / %q is not a sentence", b, msg.EN, msg.FR)
			}
			return
		}
		// the best lay-down is a valid declared lay-down with the minimum penalty
		check := HandRequest{Round: req.Round, Hand: req.Hand, Melds: resp.Best.Melds, Discard: resp.Best.Discard, LayOff: resp.Best.LayOff,
			TookFromDiscard: req.TookFromDiscard, OutMelds: req.OutMelds, Rules: req.Rules}
		again, err := AnswerHand(check, in("en"))
		if err != nil || !again.Declared.Valid || again.Declared.Penalty != resp.MinPenalty {
			t.Fatalf("best lay-down of %s = %+v does not check: %v %+v", b, resp.Best, err, again.Declared)
		}
		if resp.CanGoOut != (resp.MinPenalty == 0) || resp.Best.Leftover == nil || resp.Best.Melds == nil || resp.Best.LayOff == nil {
			t.Fatalf("AnswerHand(%s) = %+v: canGoOut or lists inconsistent", b, resp)
		}
	})
}

// The examples of API.md for the two house rules, word for word.
const (
	layOffExample    = `{"round": 2, "hand": ["5H", "QD", "JS", "JD", "JC"], "outMelds": [["6H", "7H", "8H", "9H"]], "melds": [["JS", "JD", "JC"]], "layOff": [{"meld": 0, "cards": ["5H"]}], "discard": "QD", "rules": {"allowLayOff": true}}`
	rediscardExample = `{"round": 4, "hand": ["JH", "JS", "JD", "8S", "9S", "10S", "3C"], "tookFromDiscard": "3C", "melds": [["JH","JS","JD"], ["8S","9S","10S"]], "discard": "3C", "rules": {"forbidImmediateRediscard": true}}`
)

func answer(t *testing.T, body string) HandResponse {
	t.Helper()
	var req HandRequest
	if err := json.Unmarshal([]byte(body), &req); err != nil {
		t.Fatal(err)
	}
	got, err := AnswerHand(req, in("en"))
	if err != nil {
		t.Fatalf("AnswerHand(%s) error = %v", body, err)
	}
	return got
}

func TestAnswerHandAPIExamplesHouseRules(t *testing.T) {
	tests := []struct{ name, body, want string }{
		{"lay-off, rule on", layOffExample,
			`{"wild":"4","cardsDealt":4,"minPenalty":0,"canGoOut":true,"best":{"melds":[["JC","JS","JD"]],"layOff":[{"meld":0,"cards":["5H"]}],"leftover":[],"discard":"QD"},"declared":{"valid":true,"violations":[],"penalty":0}}`},
		{"lay-off, rule off", strings.Replace(layOffExample, `"allowLayOff": true`, `"allowLayOff": false`, 1),
			`{"wild":"4","cardsDealt":4,"minPenalty":5,"canGoOut":false,"best":{"melds":[["JC","JS","JD"]],"layOff":[],"leftover":["5H"],"discard":"QD"},"declared":{"valid":false,"violations":[{"rule":"fivecrowns.lay-off","message":"5♥ cannot be laid off onto meld 1 of the player who went out: players may not add cards to another player's melds (the house rule “laying off” is off).","step":1}],"penalty":5}}`},
		{"rediscard, rule on", rediscardExample,
			`{"wild":"6","cardsDealt":6,"minPenalty":14,"canGoOut":false,"best":{"melds":[["8S","9S","10S","JS"]],"layOff":[],"leftover":["JH","3C"],"discard":"JD"},"declared":{"valid":false,"violations":[{"rule":"fivecrowns.rediscard","message":"3♣ was just taken from the discard pile, and the house rule forbids discarding it again in the same turn."}],"penalty":0}}`},
		{"rediscard, rule off", strings.Replace(rediscardExample, `true`, `false`, 1),
			`{"wild":"6","cardsDealt":6,"minPenalty":0,"canGoOut":true,"best":{"melds":[["JH","JS","JD"],["8S","9S","10S"]],"layOff":[],"leftover":[],"discard":"3C"},"declared":{"valid":true,"violations":[],"penalty":0}}`},
	}
	for _, tt := range tests {
		b, _ := json.Marshal(answer(t, tt.body))
		if string(b) != tt.want {
			t.Errorf("%s: AnswerHand =\n%s\nwant\n%s", tt.name, b, tt.want)
		}
	}
}

func TestAnswerHandDeclaredHouseRules(t *testing.T) {
	out := `"outMelds": [["8H","6S","10H"], ["KS","KD","KH"]]` // round 4: 6s wild, the 6♠ stands for 9♥
	tests := []struct {
		name, body string
		wantRules  []string
		penalty    int
	}{
		{"a valid lay-off at both ends", `{"round": 4, "hand": ["7H","JH","QS","QD","3C","4D"], ` + out + `, "melds": [], "layOff": [{"meld": 0, "cards": ["7H"]}, {"meld": 0, "cards": ["JH"]}], "rules": {"allowLayOff": true}}`, nil, 31},
		{"a card into the run", `{"round": 4, "hand": ["9H","JH","QS","QD","3C","4D"], ` + out + `, "melds": [], "layOff": [{"meld": 0, "cards": ["9H"]}], "rules": {"allowLayOff": true}}`, []string{RuleLayOffFit}, 9 + 11 + 31},
		{"wilds laid off onto a book", `{"round": 4, "hand": ["6S","JK","QS","QD","3C","4D"], ` + out + `, "melds": [], "layOff": [{"meld": 1, "cards": ["6S","JK"]}], "rules": {"allowLayOff": true}}`, nil, 31},
		{"a lay-off with the rule off", `{"round": 4, "hand": ["6S","JK","QS","QD","3C","4D"], ` + out + `, "melds": [], "layOff": [{"meld": 1, "cards": ["6S","JK"]}]}`, []string{RuleLayOff}, 70 + 31},
		{"a lay-off of a card not held", `{"round": 4, "hand": ["6S","JK","QS","QD","3C","4D"], ` + out + `, "melds": [], "layOff": [{"meld": 1, "cards": ["KC"]}], "rules": {"allowLayOff": true}}`, []string{RuleNotInHand}, 70 + 31},
		{"the taken card discarded, its twin held", `{"round": 2, "hand": ["5H","5S","5D","KC","KC"], "tookFromDiscard": "KC", "melds": [["5H","5S","5D"]], "discard": "KC", "rules": {"forbidImmediateRediscard": true}}`, nil, 13},
		{"the taken card discarded", `{"round": 2, "hand": ["5H","5S","5D","KC","QC"], "tookFromDiscard": "KC", "melds": [["5H","5S","5D"]], "discard": "KC", "rules": {"forbidImmediateRediscard": true}}`, []string{RuleRediscard}, 12},
		{"the taken card discarded, rule off", `{"round": 2, "hand": ["5H","5S","5D","KC","QC"], "tookFromDiscard": "KC", "melds": [["5H","5S","5D"]], "discard": "KC"}`, nil, 12},
	}
	for _, tt := range tests {
		d := answer(t, tt.body).Declared
		var rules []string
		for _, v := range d.Violations {
			rules = append(rules, v.Rule)
		}
		if strings.Join(rules, " ") != strings.Join(tt.wantRules, " ") || d.Penalty != tt.penalty || d.Valid != (len(tt.wantRules) == 0) {
			t.Errorf("%s: declared = %+v, want rules %v, penalty %d", tt.name, d, tt.wantRules, tt.penalty)
		}
	}
}
