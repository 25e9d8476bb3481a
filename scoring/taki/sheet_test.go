package taki

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	tk "github.com/tablekeeper/tablekeeper/referee/taki"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
)

// ScoreVector is one case of testdata/score_vectors.json, the table shared
// by this package's tests and the handlers' API/page agreement test.
type scoreVector struct {
	Name    string       `json:"name"`
	Request ScoreRequest `json:"request"`
	Points  []int        `json:"points"` // the points when accepted
	Field   string       `json:"field"`  // the field refused otherwise
}

func loadScoreVectors(t *testing.T) []scoreVector {
	t.Helper()
	raw, err := os.ReadFile("testdata/score_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []scoreVector
	if err := json.Unmarshal(raw, &vs); err != nil {
		t.Fatal(err)
	}
	return vs
}

func fieldOf(err error) (string, bool) {
	var ie *rulebook.InputError
	if !errors.As(err, &ie) {
		return "", false
	}
	return ie.Field, ie.Says()
}

func TestScoreVectorsThroughTheAPI(t *testing.T) {
	for _, v := range loadScoreVectors(t) {
		got, err := AnswerScore(v.Request, nil)
		if v.Field != "" {
			if f, ok := fieldOf(err); f != v.Field || !ok {
				t.Errorf("%s: error %v, want an InputError in both languages on %q", v.Name, err, v.Field)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", v.Name, err)
			continue
		}
		var pts []int
		for _, p := range got.Players {
			pts = append(pts, p.Points)
		}
		if !slices.Equal(pts, v.Points) {
			t.Errorf("%s: points %v, want %v", v.Name, pts, v.Points)
		}
	}
}

// The same vectors as scoresheet entries: the same verdict, the field named
// in the entry's terms (seats[i] for players[i]).
func TestScoreVectorsThroughTheSheet(t *testing.T) {
	for _, v := range loadScoreVectors(t) {
		set, err := rulebook.Resolve(tk.HouseRules, v.Request.Rules)
		if err != nil {
			continue // a house rule is refused before any entry exists
		}
		e, err := v.Request.entry()
		if err != nil {
			continue // names: the API's own fields
		}
		m := scoring.Match{Seats: len(e.Seats), Rules: set}
		got, err := Sheet{}.Score(m, nil, e.Encode())
		if v.Field != "" {
			want := strings.Replace(v.Field, "players", "seats", 1)
			if f, _ := fieldOf(err); f != want {
				t.Errorf("%s: Score error %v, want an InputError on %q", v.Name, err, want)
			}
			continue
		}
		if err != nil || !slices.Equal(got, v.Points) {
			t.Errorf("%s: Score = %v, %v, want %v", v.Name, got, err, v.Points)
		}
	}
}

// Rows stored before the entry had a version decode as version 1, exactly
// as the handler stored them, and score the same.
func TestEntryVersions(t *testing.T) {
	old := `{"winner":0,"seats":[{"mode":"out","points":100},{"mode":"cards","cards":["R7","B3","G+2","YSTOP","SUPERTAKI"],"points":-40},{"mode":"points","points":-12}]}`
	e, err := DecodeEntry(json.RawMessage(old))
	if err != nil {
		t.Fatal(err)
	}
	want := Entry{V: 1, Winner: 0, Seats: []Seat{{Mode: ModeOut, Points: 100}, {Mode: ModeCards, Cards: []string{"R7", "B3", "G+2", "YSTOP", "SUPERTAKI"}, Points: -40}, Lost(-12)}}
	if !reflect.DeepEqual(e, want) {
		t.Errorf("DecodeEntry(v1) = %+v, want %+v", e, want)
	}
	m := scoring.Match{Seats: 3, Rules: rulebook.Defaults(tk.HouseRules)}
	if pts, err := (Sheet{}).Score(m, nil, json.RawMessage(old)); err != nil || !slices.Equal(pts, []int{100, -40, -12}) {
		t.Errorf("Score(v1 row) = %v, %v, want 100 −40 −12", pts, err)
	}
	// Written today: version 1 marked, built from code with the constructors.
	raw := Entry{Winner: 0, Seats: []Seat{WentOut(), Holding("R7"), Lost(-12)}}.Encode()
	if !strings.Contains(string(raw), `"v":1`) {
		t.Errorf("Encode = %s, want the version", raw)
	}
	if pts, err := (Sheet{}).Score(m, nil, raw); err != nil || !slices.Equal(pts, []int{100, -7, -12}) {
		t.Errorf("Score(constructed) = %v, %v, want 100 −7 −12", pts, err)
	}
	for _, bad := range []struct{ raw, field string }{
		{`{"v":2,"winner":0,"seats":[]}`, "v"},
		{`[1,2]`, ""},
		{`{"winner":0,"seats":[{"mode":"out"},{"mode":"gone"},{"mode":"points","points":-3}]}`, "seats[1].mode"},
		{`{"winner":0,"seats":[{"mode":"out"},{"mode":"cards","cards":["R1"]}]}`, "seats"}, // 2 seats in a match of 3
		{`{"winner":1,"seats":[{"mode":"out"},{"mode":"out"},{"mode":"cards","cards":["R1"]}]}`, "seats[0].cards"},
	} {
		if _, err := (Sheet{}).Score(m, nil, json.RawMessage(bad.raw)); err == nil {
			t.Errorf("Score(%s) accepted", bad.raw)
		} else if f, _ := fieldOf(err); f != bad.field {
			t.Errorf("Score(%s) refused on %q, want %q", bad.raw, f, bad.field)
		}
	}
}

// Every card of the box (the 112 of the composition; the seed's plain 2s
// stand in for nothing here) in the losers' hands: each count is possible,
// but the winner's last card must lie on the discard pile.
func TestScoreRefusesTheWholeDeckInHand(t *testing.T) {
	var all []string
	for _, c := range tk.Deck() {
		if s := c.String(); len(s) == 2 && s[1] == '2' { // a plain 2, outside the derived composition
			continue
		}
		for range tk.Copies(c) {
			all = append(all, c.String())
		}
	}
	if len(all) != tk.DeckSize {
		t.Fatalf("the box holds %d cards, want %d", len(all), tk.DeckSize)
	}
	half := len(all) / 2
	m := scoring.Match{Seats: 3, Rules: rulebook.Defaults(tk.HouseRules)}
	e := Entry{Winner: 0, Seats: []Seat{WentOut(), Holding(all[:half]...), Holding(all[half:]...)}}
	_, err := Sheet{}.Score(m, nil, e.Encode())
	if f, _ := fieldOf(err); f != "seats[2].cards["+itoa(len(all)-half-1)+"]" {
		t.Errorf("the whole deck in hand: error %v", err)
	}
	e.Seats[2] = Holding(all[half : len(all)-1]...)
	if _, err := (Sheet{}).Score(m, nil, e.Encode()); err != nil {
		t.Errorf("every card but one in hand: %v", err)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestCheckOptions(t *testing.T) {
	tests := []struct {
		seats int
		opts  map[string]string
		want  map[string]string
		field string
	}{
		{3, map[string]string{}, nil, "rounds"},
		{3, map[string]string{"rounds": " 5 "}, map[string]string{"end": "rounds", "rounds": "5"}, ""},
		{3, map[string]string{"end": "limit", "limit": "500", "rounds": "x"}, map[string]string{"end": "limit", "limit": "500"}, ""},
		{2, map[string]string{"end": "rounds", "rounds": "100"}, map[string]string{"end": "rounds", "rounds": "100"}, ""},
		{10, map[string]string{"end": "weird", "rounds": "1"}, map[string]string{"end": "rounds", "rounds": "1"}, ""},
		{3, map[string]string{"end": "rounds", "rounds": "101"}, nil, "rounds"},
		{3, map[string]string{"end": "rounds", "rounds": "0"}, nil, "rounds"},
		{3, map[string]string{"end": "limit", "limit": "-3"}, nil, "limit"},
		{3, map[string]string{"end": "limit", "limit": "100001"}, nil, "limit"},
		{1, map[string]string{"rounds": "5"}, nil, "seats"},
		{11, map[string]string{"rounds": "5"}, nil, "seats"},
	}
	for _, tt := range tests {
		got, err := Sheet{}.CheckOptions(tt.seats, tt.opts)
		if f, _ := fieldOf(err); f != tt.field {
			t.Errorf("CheckOptions(%d, %v) error %v, want on %q", tt.seats, tt.opts, err, tt.field)
			continue
		}
		if tt.field == "" && !equalMaps(got, tt.want) {
			t.Errorf("CheckOptions(%d, %v) = %v, want %v", tt.seats, tt.opts, got, tt.want)
		}
	}
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestProgress(t *testing.T) {
	rounds := func(pts ...[]int) []scoring.Round {
		out := make([]scoring.Round, len(pts))
		for i, p := range pts {
			out[i] = scoring.Round{Points: p}
		}
		return out
	}
	rules := func(sign string) rulebook.Settings {
		s := rulebook.Defaults(tk.HouseRules)
		s[tk.HRLimitSign] = sign
		return s
	}
	byRounds := scoring.Match{Seats: 3, Options: map[string]string{"end": "rounds", "rounds": "2"}, Rules: rules("+")}
	limit := func(sign string) scoring.Match {
		return scoring.Match{Seats: 2, Options: map[string]string{"end": "limit", "limit": "150"}, Rules: rules(sign)}
	}
	tests := []struct {
		name     string
		m        scoring.Match
		rounds   []scoring.Round
		finished bool
		winners  []int
		places   []int
	}{
		{"no round yet", byRounds, nil, false, nil, []int{1, 1, 1}},
		{"1 round of 2", byRounds, rounds([]int{100, -40, -12}), false, nil, []int{1, 3, 2}},
		{"2 rounds of 2: highest total wins", byRounds, rounds([]int{100, -40, -12}, []int{-19, -5, 100}), true, []int{2}, []int{2, 3, 1}},
		{"2 rounds of 2: a tie is shared", byRounds, rounds([]int{100, -40, -12}, []int{-12, -5, 100}), true, []int{0, 2}, []int{1, 3, 1}},
		{"+150 not reached", limit("+"), rounds([]int{100, -32}), false, nil, []int{1, 2}},
		{"+150 reached", limit("+"), rounds([]int{100, -32}, []int{100, -1}), true, []int{0}, []int{1, 2}},
		{"−150: a high total does not end it", limit("-"), rounds([]int{100, -32}, []int{100, -1}), false, nil, []int{1, 2}},
		{"−150 reached by the loser: the highest still wins", limit("-"), rounds([]int{100, -90}, []int{100, -60}), true, []int{0}, []int{1, 2}},
	}
	for _, tt := range tests {
		p := Sheet{}.Progress(tt.m, tt.rounds)
		if p.Finished != tt.finished || !slices.Equal(p.Winners, tt.winners) || !slices.Equal(p.Places, tt.places) || p.Dealer != -1 {
			t.Errorf("%s: Progress = %+v, want finished %v, winners %v, places %v", tt.name, p, tt.finished, tt.winners, tt.places)
		}
	}
}
