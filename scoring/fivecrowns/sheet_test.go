package fivecrowns

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"

	fc "github.com/tablekeeper/tablekeeper/referee/fivecrowns"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
)

func match(seats int, start string, rules map[string]string) scoring.Match {
	return scoring.Match{Seats: seats, Options: map[string]string{OptFirstDealer: "0", OptStartRound: start},
		Rules: rulebook.ResolveKnown(fc.HouseRules, rules)}
}

func field(err error) string {
	var ie *rulebook.InputError
	if errors.As(err, &ie) && ie.Says() {
		return ie.Field
	}
	return fmt.Sprint("not an input error: ", err)
}

// Rows stored before the entry had a version decode as version 1, exactly.
func TestDecodeEntryVersion1(t *testing.T) {
	old := `{"round":4,"seats":[{"mode":"out","points":0},{"mode":"hand","cards":["JH","JS","JD","8S","9S","KC"],"points":30},{"mode":"points","points":7}]}`
	e, err := DecodeEntry(json.RawMessage(old))
	want := Entry{V: 1, Round: 4, Seats: []Seat{WentOut(), {Mode: ModeHand, Cards: []string{"JH", "JS", "JD", "8S", "9S", "KC"}, Points: 30}, Typed(7)}}
	if err != nil || e.V != want.V || e.Round != 4 || len(e.Seats) != 3 || e.Seats[1].Points != 30 || !slices.Equal(e.Seats[1].Cards, want.Seats[1].Cards) || e.Seats[2].Points != 7 {
		t.Fatalf("DecodeEntry(v1 row) = %+v, %v", e, err)
	}
	if got := string(e.Encode()); got != `{"v":1,"round":4,"seats":[{"mode":"out","points":0},{"mode":"hand","cards":["JH","JS","JD","8S","9S","KC"],"points":30},{"mode":"points","points":7}]}` {
		t.Errorf("Encode = %s", got)
	}
	if _, err := DecodeEntry(json.RawMessage(`{"v":9,"round":1}`)); field(err) != "v" {
		t.Errorf("DecodeEntry(v9) error = %v, want field v", err)
	}
	if _, err := DecodeEntry(json.RawMessage(`[1]`)); field(err) != "entry" {
		t.Errorf("DecodeEntry(not an object) error = %v", err)
	}
}

func TestScoreRefusesTablesThatCannotExist(t *testing.T) {
	s := Sheet{}
	m := match(3, "1", nil)
	score := func(m scoring.Match, before int, e Entry) ([]int, error) {
		return s.Score(m, make([]scoring.Round, before), e.Encode())
	}
	ok := Entry{Round: 1, Seats: []Seat{WentOut(), Typed(3), Leftover("JK", "QH")}}
	if pts, err := score(m, 0, ok); err != nil || !slices.Equal(pts, []int{0, 3, 62}) {
		t.Errorf("Score(round 1) = %v, %v, want [0 3 62]", pts, err)
	}
	bad := []struct {
		name  string
		m     scoring.Match
		e     Entry
		field string
	}{
		{"typed 1: no card is worth less than 3", m, Entry{Round: 1, Seats: []Seat{WentOut(), Typed(1), Typed(3)}}, "seats[1].points"},
		{"typed 2", m, Entry{Round: 1, Seats: []Seat{WentOut(), Typed(3), Typed(2)}}, "seats[2].points"},
		{"typed more than 3 jokers in round 1", m, Entry{Round: 1, Seats: []Seat{WentOut(), Typed(151), Typed(3)}}, "seats[1].points"},
		{"nobody went out", m, Entry{Round: 1, Seats: []Seat{Typed(3), Typed(4), Typed(5)}}, "seats"},
		{"two went out", m, Entry{Round: 1, Seats: []Seat{WentOut(), WentOut(), Typed(5)}}, "seats[1].mode"},
		{"the wrong round", m, Entry{Round: 2, Seats: []Seat{WentOut(), Typed(3), Typed(4)}}, "round"},
		{"a seat missing", m, Entry{Round: 1, Seats: []Seat{WentOut(), Typed(3)}}, "seats"},
		{"one player", match(1, "1", nil), Entry{Round: 1, Seats: []Seat{WentOut()}}, "seats"},
		{"eight players", match(8, "1", nil), Entry{Round: 1, Seats: []Seat{WentOut(), Typed(3), Typed(3), Typed(3), Typed(3), Typed(3), Typed(3), Typed(3)}}, "seats"},
		{"a third copy", m, Entry{Round: 1, Seats: []Seat{WentOut(), Leftover("KH", "KH"), Leftover("KH")}}, "seats[2].cards[0]"},
		{"not a card", m, Entry{Round: 1, Seats: []Seat{WentOut(), Leftover("KH", "1H"), Typed(3)}}, "seats[1].cards[1]"},
		{"a whole hand of the wrong size", m, Entry{Round: 1, Seats: []Seat{WentOut(), WholeHand("KH"), Typed(3)}}, "seats[1].cards"},
		{"an unknown mode", m, Entry{Round: 1, Seats: []Seat{WentOut(), {Mode: "guess"}, Typed(3)}}, "seats[1].mode"},
	}
	for _, tt := range bad {
		if _, err := score(tt.m, 0, tt.e); field(err) != tt.field {
			t.Errorf("%s: Score error = %v, want field %q", tt.name, err, tt.field)
		}
	}
	// The express variant: round 3 of a match started at 6 is game round 8.
	if _, err := score(match(2, "6", nil), 2, Entry{Round: 8, Seats: []Seat{WentOut(), Typed(10)}}); err != nil {
		t.Errorf("express round 8: %v", err)
	}
}

// A whole hand's penalty follows the match's house rules, and a stale key
// among them changes nothing (it used to reset every rule to its default).
func TestWholeHandHouseRulesAndUnknownKey(t *testing.T) {
	s := Sheet{}
	e := Entry{Round: 1, Seats: []Seat{WentOut(), WholeHand("JK", "JK", "3H")}}.Encode()
	for _, tt := range []struct {
		rules map[string]string
		want  int
	}{
		{nil, 0},
		{map[string]string{"minNaturalsPerMeld": "1"}, 120},
		{map[string]string{"minNaturalsPerMeld": "1", "staleKey": "true"}, 120},
		{map[string]string{"minNaturalsPerMeld": "1", "runsWrap": "maybe"}, 120},
	} {
		pts, err := s.Score(match(2, "1", tt.rules), nil, e)
		if err != nil || pts[1] != tt.want {
			t.Errorf("JK JK 3♥ under %v = %v, %v, want %d", tt.rules, pts, err, tt.want)
		}
	}
	// runsWrap both ways: Q♥ K♥ 3♥ in round 2 (4s wild).
	e = Entry{Round: 2, Seats: []Seat{WentOut(), WholeHand("QH", "KH", "3H", "9S")}}.Encode()
	for wrap, want := range map[string]int{"false": 37, "true": 9} {
		pts, err := s.Score(match(2, "2", map[string]string{"runsWrap": wrap, "old": "x"}), nil, e)
		if err != nil || pts[1] != want {
			t.Errorf("TV-FC-3 with runsWrap=%s = %v, %v, want %d", wrap, pts, err, want)
		}
	}
}

func TestProgressDealerAndEnd(t *testing.T) {
	s := Sheet{}
	m := match(3, "9", nil)
	m.Options[OptFirstDealer] = "2"
	r := func(pts ...int) scoring.Round { return scoring.Round{Points: pts} }
	p := s.Progress(m, nil)
	if p.Finished || p.Dealer != 2 {
		t.Errorf("before round 9: %+v, want dealer seat 2", p)
	}
	p = s.Progress(m, []scoring.Round{r(0, 10, 20)})
	if p.Finished || p.Dealer != 0 || !slices.Equal(p.Leaders(), []int{0}) {
		t.Errorf("after one round: %+v, want dealer seat 0 (the deal passes left), Ana ahead", p)
	}
	p = s.Progress(m, []scoring.Round{r(0, 10, 20), r(10, 0, 20), r(5, 5, 0)})
	if !p.Finished || p.Dealer != -1 || !slices.Equal(p.Winners, []int{0, 1}) || !slices.Equal(p.Places, []int{1, 1, 3}) {
		t.Errorf("after round 11: %+v, want finished, Ana and Ben sharing the win", p)
	}
}

func TestCheckOptions(t *testing.T) {
	s := Sheet{}
	got, err := s.CheckOptions(4, map[string]string{OptFirstDealer: "3", OptStartRound: "6"})
	if err != nil || got[OptFirstDealer] != "3" || got[OptStartRound] != "6" {
		t.Errorf("CheckOptions(seat 4 of 4, express) = %v, %v", got, err)
	}
	if got, err := s.CheckOptions(2, nil); err != nil || got[OptFirstDealer] != "0" || got[OptStartRound] != "1" {
		t.Errorf("CheckOptions(no options) = %v, %v, want the defaults", got, err)
	}
	for _, tt := range []struct {
		seats int
		o     map[string]string
		field string
	}{
		{4, map[string]string{OptFirstDealer: "4"}, OptFirstDealer},
		{4, map[string]string{OptFirstDealer: "x"}, OptFirstDealer},
		{4, map[string]string{OptStartRound: "12"}, OptStartRound},
		{1, nil, "seats"},
		{8, nil, "seats"},
	} {
		if _, err := s.CheckOptions(tt.seats, tt.o); field(err) != tt.field {
			t.Errorf("CheckOptions(%d, %v) = %v, want field %s", tt.seats, tt.o, err, tt.field)
		}
	}
}

// A round with a mistake on three seats names all three at once (a table
// should not need three saves to learn them), each at its seat's field.
func TestScoreNamesEverySeatsMistake(t *testing.T) {
	e := Entry{Round: 1, Seats: []Seat{Typed(1), Typed(2), WentOut(), WentOut(), Typed(999)}}
	_, err := Sheet{}.Score(match(5, "1", nil), nil, e.Encode())
	j, ok := err.(interface{ Unwrap() []error })
	if !ok {
		t.Fatalf("Score = %v, want the mistakes joined", err)
	}
	var fields []string
	for _, e := range j.Unwrap() {
		fields = append(fields, field(e))
	}
	// Both players marked out are told (nothing says which mark is wrong);
	// the first last, so that a single answer's first mistake stays the
	// second mark's, as before.
	want := []string{"seats[0].points", "seats[1].points", "seats[3].mode", "seats[4].points", "seats[2].mode"}
	if !slices.Equal(fields, want) {
		t.Errorf("the mistakes are at %q, want %q", fields, want)
	}
}
