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
		rulebook.SeatMistake(0, "seats[0].points", "fc.err.points", "Max", 50),
		rulebook.SeatMistake(2, "players[2].cows", "custom.mistake.whole"),
		rulebook.Mistake("seats", "final.mistake.players", "Min", 2, "Max", 7),
		rulebook.SeatMistake(7, "seats[7].points", "fc.err.nopoints"),
		rulebook.SeatMistake(0, "seats[0].points", "fc.err.points", "Max", 50),
	)
	tr, terr := views.NewTranslator()
	if terr != nil {
		t.Fatal(terr)
	}
	ctx := views.WithEnv(context.Background(), tr.NewEnv("en", "/", "", "", ""))
	got := Refusals(ctx, err, []string{"Ana", "Ben", "Cleo"})
	// The round's own first, then each player's in seat order; ids unique.
	want := []Refusal{{"refusal-seats", "This game is played by 2 to 7 players."}, {"refusal-seats-2", "Type the points, mark “went out”, or tap the cards left."},
		{"refusal-seat-0", "Ana: Points are a whole number from 0 to 50."}, {"refusal-seat-2", "Cleo: Type a whole number."}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Refusals = %q, want %q", got, want)
	}
	fr := views.WithEnv(context.Background(), tr.NewEnv("fr", "/", "", "", ""))
	if got := Refusals(fr, err, []string{"Ana"}); got[len(got)-1].Text != "Ana : Les points sont un nombre entier de 0 à 50." {
		t.Errorf("in French: %q", got)
	}
	// Two players with the same mistake: each is named; one player's two
	// mistakes make one sentence, which his field points to.
	two := errors.Join(
		rulebook.SeatMistake(1, "seats[1].cards", "custom.mistake.whole"),
		rulebook.SeatMistake(0, "seats[0].cards", "custom.mistake.whole"),
		rulebook.SeatMistake(1, "seats[1].points", "fc.err.points", "Max", 50),
	)
	got = Refusals(ctx, two, []string{"Ana", "Ben"})
	want = []Refusal{{"refusal-seat-0", "Ana: Type a whole number."}, {"refusal-seat-1", "Ben: Type a whole number. Points are a whole number from 0 to 50."}}
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

// Mistakes that say the rule they break apart (InputError's Rule) are said
// short, one sentence a player, and the rule once, last (issue 37: four
// impossible piles filled the screen with the same rule four times).
func TestRefusalsSayTheRuleOnce(t *testing.T) {
	rule := rulebook.Say("take5.rule.pile", "Rows", 12)
	err := errors.Join(
		rulebook.SeatMistake(0, "seats[0].green", "take5.mistake.green.red.cows.x2", "Green", 999, "Red", 0, "X2", 0, "Plus5", 0).Because(rule),
		rulebook.SeatMistake(1, "seats[1].green", "take5.mistake.green.red.cows.x2", "Green", 99, "Red", 0, "X2", 0, "Plus5", 0).Because(rule),
	)
	tr, terr := views.NewTranslator()
	if terr != nil {
		t.Fatal(terr)
	}
	ctx := views.WithEnv(context.Background(), tr.NewEnv("en", "/", "", "", ""))
	got := Refusals(ctx, err, []string{"Ana", "Ben"})
	want := []Refusal{
		{"refusal-seat-0", "Ana: 999 green and 0 red cows cannot be one pile (with 0 x2 and 0 +5)."},
		{"refusal-seat-1", "Ben: 99 green and 0 red cows cannot be one pile (with 0 x2 and 0 +5)."},
		{"refusal-rule", "Such counts make no pile of at most 12 rows: each row taken is 5 cards, a green card has 1 or 2 cows, a red one 2, 3, 5 or 7, and a row holds at most one x2 and one +5."},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Refusals = %q, want %q", got, want)
	}
	// Said alone (next to a field, to the API), a mistake keeps its rule.
	if msg := InputMessage(Mistakes(err)[0], ctx); msg != "999 green and 0 red cows cannot be one pile (with 0 x2 and 0 +5). "+want[2].Text {
		t.Errorf("one mistake said alone: %q", msg)
	}
}
