package kit

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/views"
)

// Every mistake of a refused round is said, each naming its player by name
// (an engine names a seat), the round's own ones as they are, none twice.
func TestRefusalsNameEachPlayer(t *testing.T) {
	err := errors.Join(
		rulebook.Invalid("seats[0].points", "No hand is worth 1 points.", "Aucune main ne vaut 1 point."),
		rulebook.Invalid("players[2].cows", "Too many cows.", "Trop de têtes."),
		rulebook.Invalid("seats", "Nobody scored 0.", "Personne n'a 0."),
		rulebook.Invalid("seats[7].points", "Out of the table.", "Hors de la table."),
		rulebook.Invalid("seats[0].points", "No hand is worth 1 points.", "Aucune main ne vaut 1 point."),
	)
	tr, terr := views.NewTranslator()
	if terr != nil {
		t.Fatal(terr)
	}
	ctx := views.WithEnv(context.Background(), tr.NewEnv("en", "/", "", "", ""))
	got := Refusals(ctx, err, []string{"Ana", "Ben", "Cleo"})
	// The round's own first, then each player's in seat order; ids unique.
	want := []Refusal{{"refusal-seats", "Nobody scored 0."}, {"refusal-seats-2", "Out of the table."},
		{"refusal-seat-0", "Ana: No hand is worth 1 points."}, {"refusal-seat-2", "Cleo: Too many cows."}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Refusals = %q, want %q", got, want)
	}
	fr := views.WithEnv(context.Background(), tr.NewEnv("fr", "/", "", "", ""))
	if got := Refusals(fr, err, []string{"Ana"}); got[len(got)-1].Text != "Ana : Aucune main ne vaut 1 point." {
		t.Errorf("in French: %q", got)
	}
	// Two players with the same mistake: each is named; one player's two
	// mistakes make one sentence, which his field points to.
	two := errors.Join(
		rulebook.Invalid("seats[1].cards", "No cards.", "Pas de cartes."),
		rulebook.Invalid("seats[0].cards", "No cards.", "Pas de cartes."),
		rulebook.Invalid("seats[1].points", "Too many.", "Trop."),
	)
	got = Refusals(ctx, two, []string{"Ana", "Ben"})
	want = []Refusal{{"refusal-seat-0", "Ana: No cards."}, {"refusal-seat-1", "Ben: No cards. Too many."}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Refusals = %q, want %q", got, want)
	}
	if got := Refusals(ctx, nil, nil); got != nil {
		t.Errorf("no error: %q", got)
	}
}

// A mistake is a player's by the seat its engine gives, whatever its field
// (a check that names only a field, given its seat by the seat loop), and
// said from the game's message files in the page's language.
func TestRefusalsFollowTheSeatNotTheField(t *testing.T) {
	err := errors.Join(
		rulebook.OfSeat(1, rulebook.Mistake("points", "custom.mistake.score.between", "MaxPoints", 9999)),
		rulebook.Mistake("places", "custom.mistake.choose.who.won"),
		rulebook.SeatMistake(0, "winner", "custom.mistake.give.every.player.place"),
	)
	tr, terr := views.NewTranslator()
	if terr != nil {
		t.Fatal(terr)
	}
	ctx := views.WithEnv(context.Background(), tr.NewEnv("en", "/", "", "", ""))
	got := Refusals(ctx, err, []string{"Ana", "Ben"})
	want := []Refusal{{"refusal-places", "Choose who won."}, {"refusal-seat-0", "Ana: Give every player a place."},
		{"refusal-seat-1", "Ben: A score is between −9999 and 9999."}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Refusals = %q, want %q", got, want)
	}
	fr := views.WithEnv(context.Background(), tr.NewEnv("fr", "/", "", "", ""))
	if got := Refusals(fr, err, []string{"Ana", "Ben"}); got[2].Text != "Ben : Un score est compris entre −9999 et 9999." {
		t.Errorf("in French: %q", got)
	}
}
