package handlers

import (
	"context"
	"io"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/views"
)

type templComponent = templ.Component

// flashThen shows a message above a component.
func flashThen(msg string, c templ.Component) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if err := views.Flash(msg).Render(ctx, w); err != nil {
			return err
		}
		return c.Render(ctx, w)
	})
}
