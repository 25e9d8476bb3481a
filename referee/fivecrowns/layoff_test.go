package fivecrowns

import (
	"strings"
	"testing"
)

func TestCanLayOff(t *testing.T) {
	wrap := Options{RunsWrap: true}
	tests := []struct {
		name      string
		round     int
		meld, add string
		opts      Options
		want      bool
	}{
		{"a run extended at both ends", 2, "6H 7H 8H", "5H 9H", Options{}, true},
		{"a gap below left open", 2, "6H 7H 8H", "3H 5H", Options{}, false},
		{"a gap below left open, the wild too low", 2, "6H 7H 8H", "3H 4S", Options{}, false}, // 4s wild: 3 4 _ 6
		{"a gap below filled by a wild (round 3)", 3, "7H 8H 9H", "4H 5S 6H", Options{}, true},
		{"a card of another suit", 2, "6H 7H 8H", "9S", Options{}, false},
		{"a rank the run holds", 2, "6H 7H 8H", "7H", Options{}, false},
		{"a card into the place of the run's own wild", 2, "5H JK 7H", "6H", Options{}, false},
		{"one natural and two wilds may slide", 5, "5H 7S 7H", "6H", Options{}, true}, // 7s wild: 3 4 5, then 6
		{"past the king", 2, "JH QH KH", "3H", Options{}, false},
		{"past the king with runsWrap", 2, "JH QH KH", "3H", wrap, true},
		{"a gap across the king with runsWrap", 1, "4H 5H 6H", "KH", wrap, false}, // 3s wild: K _ 4
		{"the gap filled by a wild with runsWrap", 1, "4H 5H 6H", "KH 3S", wrap, true},
		{"a twelfth card", 1, "4S 5S 6S 7S 8S 9S 10S JS QS KS JK", "JK", Options{}, false},
		{"wilds onto a run", 2, "6H 7H 8H", "JK 4C", Options{}, true},
		{"wilds onto a book", 1, "9H 9S 9D", "JK JK 3C 3D", Options{}, true},
		{"a book takes its rank", 1, "9H 9S 9D", "9H 9C", Options{}, true},
		{"a book refuses another rank", 1, "9H 9S 9D", "8H", Options{}, false},
		{"one natural and wilds reads as a book", 2, "9H 4S JK", "9C", Options{}, true},
		{"… or as a run", 2, "9H 4S JK", "10H JH", Options{}, true},
		{"… but not both at once", 2, "9H 4S JK", "9C 10H", Options{}, false},
		{"an all-wild meld takes a book", 1, "3H JK JK", "KS KD", Options{}, true},
		{"an all-wild meld takes a run", 1, "3H JK JK", "KS QS", Options{}, true},
	}
	for _, tt := range tests {
		if got := CanLayOff(cards(t, tt.meld), cards(t, tt.add), tt.round, tt.opts); got != tt.want {
			t.Errorf("%s: CanLayOff(round %d, %s + %s, %+v) = %v, want %v", tt.name, tt.round, tt.meld, tt.add, tt.opts, got, tt.want)
		}
	}
}

func TestSolveAtHouseRules(t *testing.T) {
	layOff := Options{AllowLayOff: true}
	rediscard := Options{ForbidRediscard: true}
	tests := []struct {
		name        string
		round       int
		hand        string
		taken       string // "" none
		out         string // melds separated by "|", "" none
		opts        Options
		want        int
		wantDiscard string // "" not checked
		wantLayOff  string // the cards laid off, in order, "" none
	}{
		{"TV-FC-1 Sophie, 3♣ taken, rule off", 4, "JH JS JD 8S 9S 10S 3C", "3C", "", Options{}, 0, "3C", ""},
		{"TV-FC-1 Sophie, 3♣ taken, rule on: she cannot go out", 4, "JH JS JD 8S 9S 10S 3C", "3C", "", rediscard, 11 + 3, "JD", ""},
		{"the taken card twice: either copy may go", 2, "5H 5S 5D KC KC", "KC", "", rediscard, 13, "KC", ""},
		{"the taken joker is kept, the king thrown", 1, "JK 9H KC QD", "JK", "", rediscard, 50 + 9 + 12, "KC", ""},
		{"the taken joker goes into a meld, another wild is thrown", 1, "JK 3H 8C 8D", "JK", "", rediscard, 0, "3H", ""},
		{"the taken card with the rule on but a stock draw", 1, "7H 7S 7D 9C", "", "", rediscard, 0, "9C", ""},
		{"a run extended at both ends", 2, "5H 9H KS KD", "", "6H 7H 8H", layOff, 26, "", "5H 9H"},
		{"… not without the house rule", 2, "5H 9H KS KD", "", "6H 7H 8H", Options{}, 40, "", ""},
		{"going out only by laying off", 2, "5H QD JS JD JC", "", "6H 7H 8H", layOff, 0, "QD", "5H"},
		{"… and not without the house rule", 2, "5H QD JS JD JC", "", "6H 7H 8H", Options{}, 5, "QD", ""},
		{"a wild laid off to reach a card", 2, "10H 4S KC QD", "", "6H 7H 8H", layOff, 25, "", "10H 4S"},
		{"a wrap only with runsWrap", 2, "3H 9S 9C 9D", "", "JH QH KH", layOff, 3, "", ""},
		{"a wrap with runsWrap", 2, "3H 9S 9C 9D", "", "JH QH KH", Options{AllowLayOff: true, RunsWrap: true}, 0, "", "3H"},
		{"a lone wild laid off onto a book", 2, "4S 9H KC QD", "", "7S 7D 7H", layOff, 34, "", "4S"},
		{"a locked card laid off instead of discarded", 2, "5H 9H JS JD JC", "5H", "6H 7H 8H", Options{AllowLayOff: true, ForbidRediscard: true}, 0, "9H", "5H"},
	}
	for _, tt := range tests {
		hand := cards(t, tt.hand)
		var table Table
		if tt.taken != "" {
			c := cards(t, tt.taken)[0]
			table.Taken = &c
		}
		if tt.out != "" {
			table = Table{Taken: table.Taken, OutMelds: layOffTable(t, tt.out).OutMelds}
		}
		sol := SolveAt(tt.round, hand, table, tt.opts)
		var laid []string
		for _, l := range sol.LayOff {
			for _, c := range l.Cards {
				laid = append(laid, c.String())
			}
		}
		if sol.Penalty != tt.want || strings.Join(laid, " ") != tt.wantLayOff ||
			(tt.wantDiscard != "" && (sol.Discard == nil || sol.Discard.String() != tt.wantDiscard)) {
			t.Errorf("%s: SolveAt(%s) = penalty %d, discard %v, lay-off %v (melds %v, leftover %v); want %d, %q, %q",
				tt.name, tt.hand, sol.Penalty, sol.Discard, sol.LayOff, sol.Melds, sol.Leftover, tt.want, tt.wantDiscard, tt.wantLayOff)
		}
		checkSolutionAt(t, tt.round, hand, table, tt.opts, sol)
		if want := bruteForceAt(tt.round, hand, table, tt.opts); want != sol.Penalty {
			t.Errorf("%s: brute force says %d", tt.name, want)
		}
	}
}
