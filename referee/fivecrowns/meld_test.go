package fivecrowns

import (
	"strings"
	"testing"
)

func cards(t testing.TB, s string) []Card {
	t.Helper()
	var out []Card
	for _, f := range strings.Fields(s) {
		c, err := ParseCard(f)
		if err != nil {
			t.Fatalf("cards(%q): %v", s, err)
		}
		out = append(out, c)
	}
	return out
}

func TestCheckMeld(t *testing.T) {
	wrap := Options{RunsWrap: true}
	one := Options{MinNaturals: 1}
	tests := []struct {
		name     string
		round    int
		meld     string
		opts     Options
		wantKind MeldKind
		wantRule string
		wantSays string // part of the English explanation
	}{
		{"TV-FC-1 Sophie's book of three jacks", 4, "JH JS JD", Options{}, Book, "", ""},
		{"TV-FC-1 Sophie's run 8 9 10", 4, "8S 9S 10S", Options{}, Run, "", ""},
		{"TV-FC-2 run 9♦ 7♣ J♦, the 7♣ as 10♦", 5, "9D 7C JD", Options{}, Run, "", ""},
		{"TV-FC-2 run 6♦ 7★ 7♥ 9♦, the 7s as 7♦ and 8♦", 5, "6D 7* 7H 9D", Options{}, Run, "", ""},
		{"TV-FC-2 book K♠ K♦ K♥ K♥ (the same card twice)", 5, "KS KD KH KH", Options{}, Book, "", ""},
		{"TV-FC-2 with 8s wild, 8♠ Q♠ Q♥ is a book", 6, "8S QS QH", Options{}, Book, "", ""},
		{"TV-FC-3 no wrap: Q♥ K♥ 3♥ in round 2", 2, "QH KH 3H", Options{}, 0, RuleRunWrap, "king back to 3"},
		{"TV-FC-3 with runsWrap: Q♥ K♥ 3♥", 2, "QH KH 3H", wrap, Run, "", ""},
		{"TV-FC-5 3♠ 3♦ 9♣ read as three 9s", 1, "3S 3D 9C", Options{}, Book, "", ""},
		{"TV-FC-6 all wild by default", 1, "JK JK 3H", Options{}, Book, "", ""},
		{"TV-FC-6 all wild refused with minNaturalsPerMeld=1", 1, "JK JK 3H", one, 0, RuleMinNaturals, "only of wild cards"},
		{"TV-FC-6 one natural is enough", 1, "JK JK 5H", one, Book, "", ""},
		{"TV-FC-7 5♠ 6♠ 6♠ 7♠ has a rank twice", 1, "5S 6S 6S 7S", Options{}, 0, RuleRunDuplicate, "6♠ and 6♠"},
		{"fewer than 3 cards", 4, "JH JS", Options{}, 0, RuleMeldSize, "only 2 card"},
		{"mixed suits", 4, "7S 8S 9H", Options{}, 0, RuleRunSuit, "7♠ and 9♥ are of different suits"},
		{"book with two ranks", 4, "7S 7H 9H", Options{}, 0, RuleBookRank, "7♠ and 9♥ have different ranks"},
		{"mixed suits with a gap", 5, "5S 6H 9S", Options{}, 0, RuleRunSuit, "different suits"},
		{"gap with one wild too few", 4, "5S 6C 9S", Options{}, 0, RuleRunGap, "needs 3 wild card(s) to fill the missing ranks between 5♠ and 9♠, but holds only 1"},
		{"gap filled by two wilds", 4, "5S 6C JK 8S", Options{}, Run, "", ""},
		{"wilds extend a run at its end", 3, "QS KS 5H", Options{}, Run, "", ""},
		{"a run of 11 with wilds", 11, "3H 4H 5H 6H 7H 8H 9H 10H JH QH KS", Options{}, Run, "", ""},
		{"a run of 12 is too long", 11, "3H 4H 5H 6H 7H 8H 9H 10H JH QH KS JK", Options{}, 0, RuleRunLength, "only 11 ranks"},
		{"wrap needs the whole circle to be short", 1, "QH 5H 8H", wrap, 0, RuleRunGap, ""},
	}
	for _, tt := range tests {
		kind, v, ok := CheckMeld(cards(t, tt.meld), tt.round, tt.opts)
		if ok != (tt.wantRule == "") || kind != tt.wantKind || v.Rule != tt.wantRule {
			t.Errorf("%s: CheckMeld(%s, round %d) = %v, %q, %v, want kind %v rule %q", tt.name, tt.meld, tt.round, kind, v.Rule, ok, tt.wantKind, tt.wantRule)
			continue
		}
		if !strings.Contains(said(v.Message).EN, tt.wantSays) || (!ok && said(v.Message).FR == "") {
			t.Errorf("%s: CheckMeld(%s) says %q / %q, want it to say %q", tt.name, tt.meld, said(v.Message).EN, said(v.Message).FR, tt.wantSays)
		}
	}
}

func TestCheckLayDown(t *testing.T) {
	c := func(s string) *Card { x, _ := ParseCard(s); return &x }
	tests := []struct {
		name        string
		round       int
		hand        string
		melds       []string
		discard     *Card
		opts        Options
		wantRules   []string
		wantPenalty int
	}{
		{"TV-FC-1 Sophie discards 3♣ and goes out", 4, "JH JS JD 8S 9S 10S 3C", []string{"JH JS JD", "8S 9S 10S"}, c("3C"), Options{}, nil, 0},
		{"TV-FC-5 discard K★, book of 9s", 1, "3S 3D 9C K*", []string{"3S 3D 9C"}, c("K*"), Options{}, nil, 0},
		{"TV-FC-6 all-wild meld goes out by default", 1, "JK JK 3H 8C", []string{"JK JK 3H"}, c("8C"), Options{}, nil, 0},
		{"TV-FC-6 all-wild meld refused with minNaturalsPerMeld=1", 1, "JK JK 3H 8C", []string{"JK JK 3H"}, c("8C"), Options{MinNaturals: 1}, []string{RuleMinNaturals}, 120},
		{"going out without a discard is refused", 1, "5H 5S 5D 5C", []string{"5H 5S 5D 5C"}, nil, Options{}, []string{RuleDiscardRequired}, 0},
		{"going out without a discard, house rule on", 1, "5H 5S 5D 5C", []string{"5H 5S 5D 5C"}, nil, Options{GoOutWithoutDiscard: true}, nil, 0},
		{"house rule on, but cards left and no discard", 2, "5H 5S 5D 9C 10C", []string{"5H 5S 5D"}, nil, Options{GoOutWithoutDiscard: true}, []string{RuleDiscardRequired}, 19},
		{"a card not in the hand", 1, "5H 5S 5D 9C", []string{"5H 5S 5C"}, c("9C"), Options{}, []string{RuleNotInHand}, 15},
		{"a card used twice", 1, "5H 5S 5D 9C", []string{"5H 5S 5D", "5D 9C JK"}, nil, Options{}, []string{RuleNotInHand, RuleDiscardRequired}, 9},
		{"discard not in the hand", 1, "5H 5S 5D 9C", []string{"5H 5S 5D"}, c("KC"), Options{}, []string{RuleNotInHand}, 9},
		{"final turn, partial lay-down after the discard", 3, "7H 7S 7D KC QC", []string{"7H 7S 7D"}, nil, Options{}, nil, 25},
	}
	for _, tt := range tests {
		var melds [][]Card
		for _, m := range tt.melds {
			melds = append(melds, cards(t, m))
		}
		got := CheckLayDown(tt.round, cards(t, tt.hand), LayDown{Melds: melds, Discard: tt.discard}, Table{}, tt.opts)
		var rules []string
		for _, v := range got.Violations {
			rules = append(rules, v.Rule)
		}
		if strings.Join(rules, ",") != strings.Join(tt.wantRules, ",") || got.Penalty != tt.wantPenalty || got.Valid != (len(tt.wantRules) == 0) {
			t.Errorf("%s: CheckLayDown = valid %v, rules %v, penalty %d, want rules %v, penalty %d", tt.name, got.Valid, rules, got.Penalty, tt.wantRules, tt.wantPenalty)
		}
	}
}
