package taki

import (
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

func BenchmarkJudgeTakiRun(b *testing.B) {
	s := State{Players: 10, Current: 3, Direction: Clockwise, Top: Card{Colour: Red, Kind: Number, Value: 5}, Colour: Red, SilentOneCard: []int{2}}
	hand := mustCards(b, "RTAKI R1 R3 R4 R6 R7 R8 R9 RPLUS R3 B7 G+2")
	turn := Turn{Play: hand[:10], CloseTaki: true}
	set := rulebook.Defaults(HouseRules)
	for b.Loop() {
		if r, err := Judge(s, hand, turn, set); err != nil || !r.Legal {
			b.Fatal(err, r.Violations)
		}
	}
}

func BenchmarkPlayable(b *testing.B) {
	s := State{Players: 4, Direction: Clockwise, Top: Card{Colour: Red, Kind: Number, Value: 5}, Colour: Red}
	hand := mustCards(b, "RPLUS R8 B5 G7 COLOR CRAZY SUPERTAKI Y+2 BTAKI GPLUS G3 Y9 R1 B1")
	set := rulebook.Defaults(HouseRules)
	for b.Loop() {
		if _, err := Playable(s, hand, set); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAnswerTurn(b *testing.B) {
	req := TurnRequest{
		State: WireState{Players: 4, Direction: "cw", Top: "R5"},
		Hand:  []string{"RPLUS", "R3", "B7"},
		Turn:  WireTurn{Play: []string{"RPLUS", "R3"}, Counter: &WireCounter{Player: 2, Play: []string{"GPLUS", "G3"}}},
	}
	for b.Loop() {
		if r, err := AnswerTurn(req, in("fr")); err != nil || !r.Legal {
			b.Fatal(err, r.Violations)
		}
	}
}

func BenchmarkParseCard(b *testing.B) {
	for b.Loop() {
		if _, err := ParseCard("gtaki"); err != nil {
			b.Fatal(err)
		}
	}
}
