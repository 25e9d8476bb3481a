package taki

import (
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

func mustCards(t testing.TB, s string) []Card {
	t.Helper()
	var out []Card
	for _, f := range strings.Fields(s) {
		c, err := ParseCard(f)
		if err != nil {
			t.Fatalf("ParseCard(%q): %v", f, err)
		}
		out = append(out, c)
	}
	return out
}

func names(cs []Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

func TestPlayable(t *testing.T) {
	red5 := State{Players: 4, Direction: Clockwise, Top: Card{Colour: Red, Kind: Number, Value: 5}, Colour: Red}
	owe := State{Players: 4, Direction: Clockwise, Top: Card{Colour: Green, Kind: Plus2}, Colour: Green, PendingDraw: 2}
	crazy := State{Players: 4, Direction: Clockwise, Top: Card{Kind: Crazy}, Colour: Red}
	stop := State{Players: 4, Direction: Clockwise, Top: Card{Colour: Red, Kind: Stop}, Colour: Red, Opening: true}
	tests := []struct {
		name  string
		s     State
		hand  string
		rules map[string]string
		want  string
	}{
		{"TV-TK-2 hand on red 5", red5, "B5 R9 COLOR CRAZY SUPERTAKI B7", nil, "B5 R9 COLOR CRAZY SUPERTAKI"},
		{"a Plus with a follow-up", red5, "RPLUS R8", nil, "RPLUS R8"},
		{"a Plus alone cannot start", red5, "RPLUS B8", nil, ""},
		{"two Plus and nothing else", red5, "RPLUS RPLUS", nil, ""},
		{"a card held twice is listed twice", red5, "R1 R1", nil, "R1 R1"},
		{"owing: only +2", owe, "G4 B+2 GTAKI G+2", nil, "B+2 G+2"},
		{"owing: a TAKI ending in a +2 (house rule)", owe, "G4 B+2 GTAKI G+2", map[string]string{HRAnswerPlus2WithTakiRun: "true"}, "B+2 GTAKI G+2"},
		{"owing: a TAKI without a +2 of its colour (house rule)", owe, "GTAKI B+2", map[string]string{HRAnswerPlus2WithTakiRun: "true"}, "B+2"},
		{"any colour on a crazy card", crazy, "R1 B1 COLOR", nil, "R1 B1 COLOR"},
		{"colour underneath only on a crazy card (house rule off)", crazy, "R1 B1 COLOR", map[string]string{HRCrazyAnyColour: "false"}, "R1 COLOR"},
		{"starting Stop: nothing", stop, "R1 RSTOP", nil, ""},
		{"starting Stop ignored", stop, "R1 RSTOP B1", map[string]string{HRStartCardAction: "ignore"}, "R1 RSTOP"},
		{"empty hand", red5, "", nil, ""},
	}
	for _, tt := range tests {
		set, _ := rulebook.Resolve(HouseRules, tt.rules)
		got, err := Playable(tt.s, mustCards(t, tt.hand), set)
		if err != nil || got == nil || names(got) != tt.want {
			t.Errorf("%s: Playable(%s) = [%s], %v, want [%s]", tt.name, tt.hand, names(got), err, tt.want)
		}
	}
	if _, err := Playable(State{}, nil, rulebook.Defaults(HouseRules)); err == nil {
		t.Errorf("Playable(zero state) = nil error, want an InputError")
	}
}

// Every card Playable lists (but a Plus, which needs its follow-up) is a
// legal one-card turn, and every other card is not.
func TestPlayableAgreesWithJudge(t *testing.T) {
	set := rulebook.Defaults(HouseRules)
	tops := []State{
		{Players: 3, Direction: Clockwise, Top: Card{Colour: Red, Kind: Number, Value: 5}, Colour: Red},
		{Players: 3, Direction: Clockwise, Top: Card{Colour: Blue, Kind: Stop}, Colour: Blue},
		{Players: 3, Direction: Clockwise, Top: Card{Kind: ChangeColour}, Colour: Yellow},
		{Players: 3, Direction: Clockwise, Top: Card{Colour: Green, Kind: Plus2}, Colour: Green, PendingDraw: 4},
		{Players: 3, Direction: Clockwise, Top: Card{Colour: Green, Kind: Taki}, Colour: Green, OpenTaki: Green},
	}
	for _, s := range tops {
		agree(t, s, set)
	}
}
