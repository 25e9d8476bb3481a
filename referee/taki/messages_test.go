package taki

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// The messages name seats as the page does (A = seat 0) and agree French
// colours with the feminine nouns they follow.
func TestMessagesForPlayers(t *testing.T) {
	for _, tt := range []struct {
		name, body, lang, want string
	}{
		{"a starting Stop names the seats by letter",
			`{"state": {"players": 4, "current": 0, "direction": "cw", "top": "RSTOP", "opening": true}, "turn": {"play": ["R4"]}}`,
			"en", "player A loses this turn and player B starts."},
		{"a starting Stop in French",
			`{"state": {"players": 4, "current": 2, "direction": "cw", "top": "RSTOP", "opening": true}, "turn": {"play": ["R4"]}}`,
			"fr", "le joueur C passe son tour et le joueur D commence."},
		{"a green TAKI run wants green cards, in the feminine plural",
			`{"state": {"players": 2, "current": 0, "direction": "cw", "top": "G5", "color": "G"}, "turn": {"play": ["GTAKI", "G4", "B4"]}}`,
			"fr", "Pendant une série TAKI verte, seules des cartes vertes peuvent suivre"},
		{"a blue Plus wants another blue card, in the feminine",
			`{"state": {"players": 2, "current": 0, "direction": "cw", "top": "B5", "color": "B"}, "turn": {"play": ["BPLUS"]}}`,
			"fr", "un Plus doit être suivi d'une autre carte bleue dans le même tour."},
	} {
		var req TurnRequest
		if err := json.Unmarshal([]byte(tt.body), &req); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		got, err := AnswerTurn(req, in(tt.lang))
		if err != nil || len(got.Violations) == 0 {
			t.Errorf("%s: AnswerTurn = %+v, %v, want a violation", tt.name, got.Violations, err)
			continue
		}
		if msg := got.Violations[0].Message; !strings.Contains(msg, tt.want) {
			t.Errorf("%s: message = %q, want it to contain %q", tt.name, msg, tt.want)
		}
	}
}

func TestInputErrorsNameSeatsByLetter(t *testing.T) {
	body := `{"state": {"players": 3, "current": 5, "direction": "cw", "top": "R5", "color": "R"}, "turn": {"draw": true}}`
	var req TurnRequest
	if err := json.Unmarshal([]byte(body), &req); err != nil {
		t.Fatal(err)
	}
	_, err := AnswerTurn(req, in("en"))
	want := sentence{EN: "The current player must be one of the seats A to C at this table of 3.",
		FR: "Le joueur courant doit être l'une des places A à C à cette table de 3."}
	var ie *rulebook.InputError
	if !errors.As(err, &ie) || ie.Field != "state.current" || says(ie) != want {
		t.Errorf("AnswerTurn(%s) error = %v, want %q on state.current", body, err, want)
	}
}

func TestSeatName(t *testing.T) {
	for seat, want := range map[int]string{0: "A", 1: "B", 9: "J", 10: "10", -1: "-1"} {
		if got := SeatName(seat); got != want {
			t.Errorf("SeatName(%d) = %q, want %q", seat, got, want)
		}
	}
}
