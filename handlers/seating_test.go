package handlers

import (
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/store"
)

// The new-match form's seating, as a table: who sits where, who deals
// first, and what is refused, for the forms a phone and an API client post.
func TestSeatTable(t *testing.T) {
	gone := time.Now()
	roster := []store.Player{
		{ID: 1, Name: "Ana"}, {ID: 2, Name: "Ben"}, {ID: 3, Name: "Cy"}, {ID: 4, Name: "Dee"},
		{ID: 5, Name: "Old", ArchivedAt: &gone}, {ID: 6, Name: "Visitor", Guest: true},
	}
	fc := tableRule{min: 2, max: 7, game: "Five Crowns", dealer: true}
	tests := []struct {
		name    string
		form    url.Values
		rule    tableRule
		names   []string
		ids     []int64
		dealer  int
		refused map[string]string // field → message key
	}{
		{name: "ticked, in the page's order; the first seat deals",
			form: url.Values{"play": {"3", "1"}}, rule: fc, names: []string{"Cy", "Ana"}, ids: []int64{3, 1}, dealer: 1},
		{name: "a seat typed is kept, the ticked fill the others",
			form: url.Values{"play": {"1", "2"}, "seat_3": {"1"}}, rule: fc, names: []string{"Cy", "Ana", "Ben"}, ids: []int64{3, 1, 2}, dealer: 1},
		{name: "seats typed for everyone, ticked or not",
			form: url.Values{"seat_2": {"2"}, "seat_4": {"1"}}, rule: fc, names: []string{"Dee", "Ben"}, ids: []int64{4, 2}, dealer: 1},
		{name: "the dealer picked by name deals from his seat",
			form: url.Values{"play": {"1", "2", "3"}, "dealer": {"3"}}, rule: fc, names: []string{"Ana", "Ben", "Cy"}, ids: []int64{1, 2, 3}, dealer: 3},
		{name: "a client's dealer seat is taken as posted",
			form: url.Values{"play": {"1", "2"}, "firstDealer": {" 2 "}}, rule: fc, names: []string{"Ana", "Ben"}, ids: []int64{1, 2}, dealer: 2},
		{name: "a dealer seat that is no number is 0, for the engine to refuse",
			form: url.Values{"play": {"1", "2"}, "firstDealer": {"x"}}, rule: fc, names: []string{"Ana", "Ben"}, ids: []int64{1, 2}, dealer: 0},
		{name: "a game without a first dealer has none",
			form: url.Values{"play": {"1", "2"}, "dealer": {"2"}}, rule: tableRule{min: 2, max: 10}, names: []string{"Ana", "Ben"}, ids: []int64{1, 2}, dealer: 0},
		{name: "a guest sits after the players",
			form: url.Values{"play": {"1"}, "seat_2": {"1"}, "guest": {" Zoé "}}, rule: fc, names: []string{"Ben", "Ana", "Zoé"}, ids: []int64{2, 1}, dealer: 1},
		{name: "archived players and guests of the roster are not seated, unknown ids ignored",
			form: url.Values{"play": {"1", "5", "6", "99", "x"}, "seat_5": {"1"}, "seat_6": {"2"}, "seat_2": {"3"}}, rule: fc, names: []string{"Ana", "Ben"}, ids: []int64{1, 2}, dealer: 1},
		{name: "a seat that is not a number",
			form: url.Values{"play": {"1"}, "seat_2": {"two"}}, rule: fc, names: []string{"Ana"}, ids: []int64{1}, dealer: 1,
			refused: map[string]string{"players": "newmatch.badseat"}},
		{name: "a seat past the roster",
			form: url.Values{"seat_1": {"1"}, "seat_2": {"7"}}, rule: fc, names: []string{"Ana"}, ids: []int64{1}, dealer: 1,
			refused: map[string]string{"players": "newmatch.badseat"}},
		{name: "two players on one seat",
			form: url.Values{"seat_1": {"1"}, "seat_2": {"1"}}, rule: fc, names: []string{"Ben"}, ids: []int64{2}, dealer: 1,
			refused: map[string]string{"players": "newmatch.sameseat"}},
		{name: "too few players",
			form: url.Values{"play": {"1"}}, rule: fc, names: []string{"Ana"}, ids: []int64{1}, dealer: 1,
			refused: map[string]string{"players": "newmatch.toofew.one"}},
		{name: "too many players",
			form: url.Values{"play": {"1", "2", "3"}}, rule: tableRule{min: 2, max: 2}, names: []string{"Ana", "Ben", "Cy"}, ids: []int64{1, 2, 3},
			refused: map[string]string{"players": "newmatch.toomany.one"}},
		{name: "too many players, a guest among them",
			form: url.Values{"play": {"1", "2"}, "guest": {"Zoé"}}, rule: tableRule{min: 1, max: 1}, names: []string{"Ana", "Ben", "Zoé"}, ids: []int64{1, 2},
			refused: map[string]string{"players": "newmatch.toomany"}},
		{name: "the dealer picked does not play",
			form: url.Values{"play": {"1", "2"}, "dealer": {"4"}}, rule: fc, names: []string{"Ana", "Ben"}, ids: []int64{1, 2}, dealer: 1,
			refused: map[string]string{"players": "newmatch.dealerplays"}},
		{name: "a dealer who does not play is not said over another mistake",
			form: url.Values{"play": {"1"}, "dealer": {"4"}}, rule: fc, names: []string{"Ana"}, ids: []int64{1}, dealer: 1,
			refused: map[string]string{"players": "newmatch.toofew.one"}},
		{name: "a guest named as a roster player",
			form: url.Values{"play": {"1", "2"}, "guest": {"ana"}}, rule: fc, names: []string{"Ana", "Ben", "ana"}, ids: []int64{1, 2}, dealer: 1,
			refused: map[string]string{"guest": "comego.guest.taken"}},
		{name: "a guest's name too long is not seated",
			form: url.Values{"play": {"1", "2"}, "guest": {"An extraordinarily long guest name, surely too long"}}, rule: fc, names: []string{"Ana", "Ben"}, ids: []int64{1, 2}, dealer: 1,
			refused: map[string]string{"guest": "form.name." + store.NameTooLong}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems := seatTable(roster, parseMatchForm(tt.form, "firstDealer"), tt.rule)
			if !slices.Equal(got.names, tt.names) || !slices.Equal(got.ids, tt.ids) || got.dealer != tt.dealer {
				t.Errorf("seated %q (ids %v), dealer %d; want %q (ids %v), dealer %d", got.names, got.ids, got.dealer, tt.names, tt.ids, tt.dealer)
			}
			keys := map[string]string{}
			for field, p := range problems {
				keys[field] = p.key
			}
			if len(keys) != len(tt.refused) {
				t.Errorf("refused %v, want %v", keys, tt.refused)
			}
			for field, key := range tt.refused {
				if keys[field] != key {
					t.Errorf("refused %v, want %v", keys, tt.refused)
				}
			}
		})
	}
}
