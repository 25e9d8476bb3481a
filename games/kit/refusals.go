package kit

import (
	"context"
	"errors"
	"io"
	"strings"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/referee"
	"github.com/tablekeeper/tablekeeper/views"
)

// A refused round is said where the thumb is: every mistake of the round,
// each naming its player, in the save bar next to Save. The handler reads
// the mistakes once (Refusals) and hands them to the form it draws
// (WithRefusals); RoundForm draws them, so no game draws them itself.

type refusalsKey struct{}

// WithRefusals is form drawn with msgs, the round's refusals, in its save bar.
func WithRefusals(form templ.Component, msgs []string) templ.Component {
	if form == nil || len(msgs) == 0 {
		return form
	}
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		return form.Render(context.WithValue(ctx, refusalsKey{}, msgs), w)
	})
}

// refusals is what WithRefusals gave the form being drawn.
func refusals(ctx context.Context) []string {
	msgs, _ := ctx.Value(refusalsKey{}).([]string)
	return msgs
}

// Refusals is every mistake in err (one, or several joined) in the page's
// language, in the order the engine found them, each about one player
// starting with that player's name ("Ana: …"): an engine names a player by
// its seat ("seats[2]", "players[2]"), the table by name. The same sentence
// twice is said once.
func Refusals(ctx context.Context, err error, seats []string) []string {
	if err == nil {
		return nil
	}
	errs := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	}
	var out []string
	seen := map[string]bool{}
	for _, e := range errs {
		msg := InputMessage(e, ctx)
		var ie *referee.InputError
		if errors.As(e, &ie) {
			if name := seatName(ie.Field, seats); name != "" {
				msg = views.T(ctx, "round.refusal.player", "Name", name, "Message", msg)
			}
		}
		if !seen[msg] {
			seen[msg] = true
			out = append(out, msg)
		}
	}
	return out
}

// seatName is the player an engine's field path is about, "" when none.
func seatName(field string, seats []string) string {
	p := ParsePath(field)
	list := p.List[strings.LastIndexByte(p.List, '.')+1:]
	if (list != "seats" && list != "players") || p.Index < 0 || p.Index >= len(seats) {
		return ""
	}
	return seats[p.Index]
}
