package fivecrowns

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/referee"
)

const apiExample = `{"round": 4, "hand": ["JH", "JS", "JD", "8S", "9S", "10S", "3C"], "melds": [["JH","JS","JD"], ["8S","9S","10S"]], "discard": "3C"}`

func TestAnswerHandAPIExample(t *testing.T) {
	var req HandRequest
	if err := json.Unmarshal([]byte(apiExample), &req); err != nil {
		t.Fatal(err)
	}
	got, err := AnswerHand(req, "en")
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
	got, err := AnswerHand(HandRequest{Round: 2, Hand: []string{"QH", "KH", "3H", "9S"}}, "en")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(got)
	want := `{"wild":"4","cardsDealt":4,"minPenalty":37,"canGoOut":false,"best":{"melds":[],"layOff":[],"leftover":["3H","QH","KH","9S"],"discard":null},"declared":null}`
	if string(b) != want {
		t.Errorf("AnswerHand(TV-FC-3 hand) =\n%s\nwant\n%s", b, want)
	}
	got, _ = AnswerHand(HandRequest{Round: 2, Hand: []string{"QH", "KH", "3H", "9S"}, Rules: referee.JSONRules{"runsWrap": "true"}}, "en")
	if got.MinPenalty != 9 {
		t.Errorf("AnswerHand(TV-FC-3 hand, runsWrap).MinPenalty = %d, want 9", got.MinPenalty)
	}
}

func TestAnswerHandDeclaredInFrench(t *testing.T) {
	req := HandRequest{Round: 4, Hand: []string{"7S", "8S", "9H", "JS", "JD", "QC", "3C"}, Melds: [][]string{{"7S", "8S", "9H"}}, Discard: ptr("3C")}
	got, err := AnswerHand(req, "fr")
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
		{"unknown house rule", HandRequest{Round: 4, Hand: hand, Rules: referee.JSONRules{"wrap": "true"}}, "rules.wrap"},
		{"bad house-rule value", HandRequest{Round: 4, Hand: hand, Rules: referee.JSONRules{"minNaturalsPerMeld": "2"}}, "rules.minNaturalsPerMeld"},
	}
	for _, tt := range tests {
		_, err := AnswerHand(tt.req, "en")
		var ie *referee.InputError
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
	f.Fuzz(func(t *testing.T, b []byte) {
		var req HandRequest
		if json.Unmarshal(b, &req) != nil {
			return
		}
		resp, err := AnswerHand(req, "fr")
		if err != nil {
			var ie *referee.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("AnswerHand(%s) error %v is not an InputError", b, err)
			}
			if !ie.Message.IsSentence() {
				t.Fatalf("input error for %s: message %q / %q is not a sentence", b, ie.Message.EN, ie.Message.FR)
			}
			return
		}
		// the best lay-down is a valid declared lay-down with the minimum penalty
		check := HandRequest{Round: req.Round, Hand: req.Hand, Melds: resp.Best.Melds, Discard: resp.Best.Discard, Rules: req.Rules}
		again, err := AnswerHand(check, "en")
		if err != nil || !again.Declared.Valid || again.Declared.Penalty != resp.MinPenalty {
			t.Fatalf("best lay-down of %s = %+v does not check: %v %+v", b, resp.Best, err, again.Declared)
		}
		if resp.CanGoOut != (resp.MinPenalty == 0) || resp.Best.Leftover == nil || resp.Best.Melds == nil {
			t.Fatalf("AnswerHand(%s) = %+v: canGoOut or lists inconsistent", b, resp)
		}
	})
}
