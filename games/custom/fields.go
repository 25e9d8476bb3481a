package custom

import (
	"context"

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
