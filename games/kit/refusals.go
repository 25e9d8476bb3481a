package kit

import (
	"context"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/views"
)

// A refused round is said where the thumb is: every mistake of the round,
// each naming its player, in the save bar next to Save, and only there.
// The handler reads the mistakes once (Refusals) and hands them to the
// form it draws (WithRefusals); RoundForm draws them, so no game draws them
// itself. A game marks the field at fault where it is (aria-invalid, Flag
// beside its name) and links it to its sentence (Describe): each sentence
// has an id from the field it is about, SeatRefusal for a player's row,
// FieldRefusal for another field.

// Refusal is one sentence of the save bar: a player's mistakes (his name
// first), or a mistake of the round's.
type Refusal struct {
	ID   string // the element's id, which the field at fault points to
	Text string
}

type refusalsKey struct{}

// WithRefusals is form drawn with msgs, the round's refusals, in its save bar.
func WithRefusals(form templ.Component, msgs []Refusal) templ.Component {
	if form == nil || len(msgs) == 0 {
		return form
	}
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		return form.Render(context.WithValue(ctx, refusalsKey{}, msgs), w)
	})
}

// refusals is what WithRefusals gave the form being drawn.
func refusals(ctx context.Context) []Refusal {
	msgs, _ := ctx.Value(refusalsKey{}).([]Refusal)
	return msgs
}

// SeatRefusal is the id of the sentence about the player of seat i (the
// form's i-th row, the engine's seats[i] or players[i]).
func SeatRefusal(i int) string { return "refusal-seat-" + strconv.Itoa(i) }

// FieldRefusal is the id of the sentence about an engine field that is no
// player's ("winner", "rack").
func FieldRefusal(field string) string {
	b := []byte("refusal-")
	for _, r := range ParsePath(field).List {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b = append(b, byte(r))
		} else {
			b = append(b, '-')
		}
	}
	return string(b)
}

// Describe is the attributes that link a field to its sentence next to
// Save (id), when msg says it is refused and the save bar says it; none
// otherwise.
func Describe(ctx context.Context, msg, id string) templ.Attributes {
	if msg == "" || !slices.ContainsFunc(refusals(ctx), func(r Refusal) bool { return r.ID == id }) {
		return templ.Attributes{}
	}
	return templ.Attributes{"aria-describedby": id}
}

// Refusals is every mistake in err (one, or several joined) in the page's
// language: first the round's own, in the order the engine found them,
// then each player's in seat order, a player's mistakes in one sentence
// starting with his name ("Ana: …"): an engine names a player by its seat
// (the error's Seat), the table by name. The same sentence twice is
// said once; so is the rule of mistakes that say it apart (InputError's
// Rule): each player's sentence short, the rule once, last.
func Refusals(ctx context.Context, err error, seats []string) []Refusal {
	var round []Refusal
	bySeat := make([][]string, len(seats))
	seen := map[string]bool{}
	var rules []string // said once, after the sentences that break them
	for _, e := range Mistakes(err) {
		msg := InputMessage(e, ctx)
		var ie *rulebook.InputError
		seat, field := -1, ""
		if errors.As(e, &ie) {
			field = ie.Field
			if ie.Seat >= 0 && ie.Seat < len(seats) {
				seat = ie.Seat
			}
			if rule := views.Say(ctx, ie.Rule); rule != "" {
				msg = views.Say(ctx, ie.Msg)
				if !slices.Contains(rules, rule) {
					rules = append(rules, rule)
				}
			}
		}
		if key := strconv.Itoa(seat) + "|" + msg; seen[key] {
			continue
		} else {
			seen[key] = true
		}
		if seat >= 0 {
			bySeat[seat] = append(bySeat[seat], msg)
			continue
		}
		id := FieldRefusal(field)
		for n := 2; slices.ContainsFunc(round, func(r Refusal) bool { return r.ID == id }); n++ {
			id = FieldRefusal(field) + "-" + strconv.Itoa(n) // ids are unique; a field points to its first
		}
		round = append(round, Refusal{ID: id, Text: msg})
	}
	for i, msgs := range bySeat {
		if len(msgs) > 0 {
			round = append(round, Refusal{ID: SeatRefusal(i),
				Text: views.T(ctx, "round.refusal.player", "Name", seats[i], "Message", strings.Join(msgs, " "))})
		}
	}
	for i, rule := range rules {
		id := FieldRefusal("rule")
		if i > 0 {
			id += "-" + strconv.Itoa(i+1)
		}
		round = append(round, Refusal{ID: id, Text: rule})
	}
	return round
}
