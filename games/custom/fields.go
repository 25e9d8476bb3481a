package custom

import (
	"context"
	"strings"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// inputMode: places are whole positive numbers; scores may be negative.
func inputMode(kind string) string {
	if kind == store.KindRanking {
		return "numeric"
	}
	return "text"
}

func fieldLabel(ctx context.Context, kind, name string) string {
	if kind == store.KindRanking {
		return views.T(ctx, "custom.placeof", "Name", name)
	}
	return views.T(ctx, "entry.points", "Name", name)
}

// names is the seats' names, joined for a sentence.
func names(seats []SeatField) string {
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = s.Name
	}
	return strings.Join(out, ", ")
}

// counts says what a row's field scores as typed, for a round kept on a
// phone without a connection (kit.CountsTyped): points typed are the
// row's points; a place in a ranking is not (the scorer gives its points).
func counts(kind string) templ.Attributes {
	if kind == store.KindRounds || kind == store.KindFinal {
		return kit.CountsTyped(1)
	}
	return templ.Attributes{}
}
