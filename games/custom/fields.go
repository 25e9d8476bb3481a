package custom

import (
	"context"
	"strings"

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
