package takefive

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"testing"

	tf "github.com/tablekeeper/tablekeeper/referee/takefive"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
)

func match(seats, first int, rules map[string]string) scoring.Match {
	return scoring.Match{Seats: seats, Options: map[string]string{OptionFirstStarter: strconv.Itoa(first)},
		Rules: rulebook.ResolveKnown(tf.HouseRules, rules)}
}

// won builds the stored rounds won, in order, by ws (NoWinner for nobody).
func won(seats int, ws ...int) []scoring.Round {
	var out []scoring.Round
	for _, w := range ws {
		pts := make([]int, seats)
		if w >= 0 {
			pts[w] = 1
		}
		out = append(out, scoring.Round{Entry: Entry{Winner: w}.Encode(), Points: pts})
	}
	return out
}

func fieldOf(err error) string {
	var ie *rulebook.InputError
	if errors.As(err, &ie) {
		return ie.Field
	}
	return ""
}

// Rows stored before the entry had a version carry no "v": they read as
// version 1, field for field.
func TestDecodeEntryVersions(t *testing.T) {
	e, err := DecodeEntry(json.RawMessage(`{"phase":"21","starter":2,"winner":-1}`))
	if err != nil || e.V != 1 || e.Phase != "21" || e.Starter != 2 || e.Winner != NoWinner || e.Rack != nil {
		t.Errorf("a stored row without v = %+v, %v; want version 1, 21, starter 2, no winner", e, err)
	}
	e, err = DecodeEntry(json.RawMessage(`{"phase":"score","starter":0,"winner":1,"rack":[9,8,7,6,5]}`))
	if err != nil || e.Winner != 1 || !slices.Equal(e.Rack, []int{9, 8, 7, 6, 5}) {
		t.Errorf("a stored row with a rack = %+v, %v", e, err)
	}
	raw := Entry{Phase: "quinte", Starter: 1, Winner: 0, Rack: []int{3, 4, 5, 6, 7}}.Encode()
	if back, err := DecodeEntry(raw); err != nil || back.V != EntryVersion || back.Phase != "quinte" || back.Starter != 1 {
		t.Errorf("Encode %s then DecodeEntry = %+v, %v", raw, back, err)
	}
	for body, field := range map[string]string{`{"phase":"score","starter":0}`: "winner", `{"v":2,"winner":0}`: "v", `[1]`: "entry", ``: "entry"} {
		if _, err := DecodeEntry(json.RawMessage(body)); fieldOf(err) != field {
			t.Errorf("DecodeEntry(%s) error %v, want one on %q", body, err, field)
		}
	}
}

func TestCheckOptions(t *testing.T) {
	g := Game{}
	if got, err := g.CheckOptions(3, nil); err != nil || got[OptionFirstStarter] != "0" {
		t.Errorf("no first starter given: %v, %v; want seat 0", got, err)
	}
	if got, err := g.CheckOptions(4, map[string]string{OptionFirstStarter: "3"}); err != nil || got[OptionFirstStarter] != "3" {
		t.Errorf("seat 4 of 4 starts: %v, %v", got, err)
	}
	for _, tt := range []struct {
		seats int
		first string
		field string
	}{{2, "2", OptionFirstStarter}, {2, "-1", OptionFirstStarter}, {3, "", OptionFirstStarter}, {3, "x", OptionFirstStarter},
		{1, "0", "players"}, {5, "0", "players"}} {
		if _, err := g.CheckOptions(tt.seats, map[string]string{OptionFirstStarter: tt.first}); fieldOf(err) != tt.field {
			t.Errorf("%d seats, first %q: error %v, want one on %q", tt.seats, tt.first, err, tt.field)
		}
	}
}

// Score is the one validator of a round: the phase is the one the rounds
// before decide, and the rack must reach its goal.
func TestScore(t *testing.T) {
	g := Game{}
	m := match(3, 1, nil)
	score := func(before []scoring.Round, w int, rack ...int) ([]int, error) {
		return g.Score(m, before, g.EntryFor(m, before, w, rack).Encode())
	}
	tests := []struct {
		name   string
		before []scoring.Round
		winner int
		rack   []int
		want   []int
		field  string
	}{
		{"score round won with five different tokens", nil, 2, []int{9, 8, 7, 6, 5}, []int{0, 0, 1}, ""},
		{"score round won, rack not told", nil, 0, nil, []int{1, 0, 0}, ""},
		{"nobody wins a score round", nil, NoWinner, nil, nil, "winner"},
		{"seat 4 of 3", nil, 3, nil, nil, "winner"},
		{"seat −2", nil, -2, nil, nil, "winner"},
		{"a duplicate does not win the score round", nil, 2, []int{9, 9, 7, 6, 5}, nil, "rack"},
		{"four tokens do not win the score round", nil, 2, []int{9, 8, 7, 6}, nil, "rack"},
		{"a token 10", nil, 2, []int{10, 8, 7, 6, 5}, nil, "rack"},
		{"21: 9 8 4 wins (TV-TF-2)", won(3, 2), 0, []int{9, 8, 4}, []int{1, 0, 0}, ""},
		{"21: 1 1 1 9 9 wins with five tokens (TV-TF-2)", won(3, 2), 0, []int{1, 1, 1, 9, 9}, []int{1, 0, 0}, ""},
		{"21: 9 8 5 makes 22", won(3, 2), 0, []int{9, 8, 5}, nil, "rack"},
		{"21: everyone eliminated", won(3, 2), NoWinner, nil, []int{0, 0, 0}, ""},
		{"21: nobody won but a rack is told", won(3, 2), NoWinner, []int{9, 8, 4}, nil, "rack"},
		{"quinte: 3 4 5 6 7 wins (TV-TF-3)", won(3, 2, 0), 1, []int{7, 3, 5, 4, 6}, []int{0, 1, 0}, ""},
		{"quinte: 3 5 6 7 8 is no quinte", won(3, 2, 0), 1, []int{3, 5, 6, 7, 8}, nil, "rack"},
		{"after the match is won", won(3, 2, 2, 2), 0, nil, nil, "winner"},
	}
	for _, tt := range tests {
		got, err := score(tt.before, tt.winner, tt.rack...)
		if fieldOf(err) != tt.field || !slices.Equal(got, tt.want) {
			t.Errorf("%s: Score = %v, %v; want %v, error on %q", tt.name, got, err, tt.want, tt.field)
		}
		if err != nil && tt.field == "" {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
	// the stored phase records the round as saved; the rounds before decide
	stale := Entry{Phase: "quinte", Starter: 0, Winner: 2, Rack: []int{9, 8, 7, 6, 2}}.Encode()
	if got, err := g.Score(m, nil, stale); err != nil || !slices.Equal(got, []int{0, 0, 1}) {
		t.Errorf("a score-round rack under a stale quinte label: %v, %v; want scored as the score round it is", got, err)
	}
	if _, err := g.Score(m, nil, json.RawMessage(`{"phase":"score"}`)); fieldOf(err) != "winner" {
		t.Errorf("an entry without its winner: %v, want an error on winner", err)
	}
}

// The match is decided by round wins: totals are markers, the first to three
// wins alone, and the next round is started left of the last winner.
func TestProgress(t *testing.T) {
	g := Game{}
	m := match(4, 3, nil)
	p := g.Progress(m, won(4, 1, 1, 2))
	if p.Finished || !slices.Equal(p.Totals, []int{0, 2, 1, 0}) || !slices.Equal(p.Places, []int{3, 1, 2, 3}) || p.Dealer != 3 || p.Winners != nil {
		t.Errorf("4 players after wins by 1, 1, 2: %+v; want totals 0 2 1 0, places 3 1 2 3, seat 3 starts", p)
	}
	p = g.Progress(m, won(4, 1, 1, 2, 1))
	if !p.Finished || !slices.Equal(p.Winners, []int{1}) || p.Dealer != -1 || !slices.Equal(p.Totals, []int{0, 3, 1, 0}) {
		t.Errorf("4 players, seat 1's third win: %+v; want finished, won by seat 1", p)
	}
	p = g.Progress(match(2, 0, nil), nil)
	if p.Finished || p.Dealer != 0 || !slices.Equal(p.Places, []int{1, 1}) {
		t.Errorf("2 players, no round yet: %+v; want seat 0 to start, both first", p)
	}
	// a tie in round wins is shared until someone reaches three
	p = g.Progress(match(2, 0, nil), won(2, 0, 1, 0, 1))
	if p.Finished || !slices.Equal(p.Places, []int{1, 1}) || !slices.Equal(p.Leaders(), []int{0, 1}) {
		t.Errorf("2 players at 2–2: %+v; want not finished, both placed first", p)
	}
}

// allEliminated decides the round after a 21 round nobody won, both ways.
func TestNextAfterEveryoneEliminated(t *testing.T) {
	g := Game{}
	for _, tt := range []struct {
		rule  string
		phase tf.Phase
	}{{tf.AllEliminatedReplay, tf.TwentyOne}, {tf.AllEliminatedNoWinner, tf.Quinte}} {
		m := match(3, 0, map[string]string{tf.HouseAllEliminated: tt.rule})
		ph, starter, known := g.Next(m, won(3, 0, NoWinner))
		if ph != tt.phase || starter != 2 || !known {
			t.Errorf("allEliminated=%s: next round %s started by %d (%v); want %s started by seat 2", tt.rule, ph, starter, known, tt.phase)
		}
	}
	// a correction that leaves a later round impossible: the phase is
	// counted, the starter unknown, and the sheet keeps what stands
	m := match(3, 0, nil)
	if ph, _, known := g.Next(m, won(3, 0, 1, NoWinner)); known || ph != tf.Score {
		t.Errorf("after «nobody» in a quinte round: %s, known %v; want score, unknown", ph, known)
	}
}
