package kit

import (
	"context"
	"errors"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/views"
)

func TestParsePath(t *testing.T) {
	for _, tt := range []struct {
		field, list string
		index       int
		rest        string
	}{
		{"seats[2].points", "seats", 2, "points"},
		{"players[1].leftover[3]", "players", 1, "leftover[3]"},
		{"melds[1][0]", "melds", 1, "[0]"},
		{"round", "round", -1, ""},
		{"seats[x]", "seats[x]", -1, ""},
		{"seats[-1]", "seats[-1]", -1, ""},
	} {
		p := ParsePath(tt.field)
		if p.List != tt.list || p.Index != tt.index || p.Rest != tt.rest || p.Field != tt.field {
			t.Errorf("parsePath(%q) = %+v, want %s %d %q", tt.field, p, tt.list, tt.index, tt.rest)
		}
	}
	if ParsePath("seats").In("seats", 4) || !ParsePath("seats[3]").In("seats", 4) || ParsePath("seats[4]").In("seats", 4) {
		t.Error("in: a path without an index, or past the form's last, is placed in the list")
	}
}

func TestFormFieldTakesTheLongestPath(t *testing.T) {
	names := map[string]string{"turn.counter": "counter", "turn.counter.player": "counterPlayer", "state": "racks", "hand": "hand"}
	for field, want := range map[string]string{
		"turn.counter.player":  "counterPlayer",
		"turn.counter.play[1]": "counter",
		"state.racks.Paul[2]":  "racks",
		"hand[3]":              "hand",
		"handful":              "",
		"turn":                 "",
	} {
		if got, _ := FormField(field, names); got != want {
			t.Errorf("formField(%q) = %q, want %q", field, got, want)
		}
	}
}

// Joined mistakes each reach their field; what has none, and an error that
// is no input mistake, is the form's message.
func TestShowErrors(t *testing.T) {
	placed := map[int]string{}
	err := errors.Join(rulebook.SeatMistake(1, "seats[1].cards", "custom.mistake.whole"), rulebook.Mistake("winner", "custom.mistake.choose.who.won"))
	msg := ShowErrors(views.Messages().In("en"), err, func(at EnginePath, msg string) bool {
		if !at.In("seats", 3) {
			return false
		}
		placed[at.Index] = msg
		return true
	})
	if placed[1] != "Type a whole number." || msg != "Choose who won." {
		t.Errorf("placed %v, form message %q", placed, msg)
	}
	if msg := ShowErrors(context.Background(), errors.New("disk on fire"), func(EnginePath, string) bool { return true }); msg == "" || msg == "disk on fire" {
		t.Errorf("a failure that is no input mistake reads %q", msg)
	}
}
