package kit

import (
	"context"
	"io"
	"strings"

	"github.com/a-h/templ"
)

// LineView is what a round form shows of the lines sent for its round
// (issue 37): whose line is in and whose is awaited, the row of the
// member's own player (drawn first, marked as theirs), and where a line is
// sent. The handlers hand it to the form they draw (WithLines); the game's
// rows are wrapped by Line, so no game draws it itself.
type LineView struct {
	Action string    // where a row's line posts
	Own    int       // the form's row of the member's own player, -1 when none
	Rows   []LineRow // one per form row
	Active bool      // a line of the round is in: every row says whether its is
	// Blank is the round's form drawn with no line in, when some are
	// (drawn inert in the form, for a phone that keeps the round offline
	// and moves on to the next); nil otherwise.
	Blank templ.Component
}

// LineRow is one row's line as the form shows it.
type LineRow struct {
	Name  string
	In    bool   // its line is sent
	By    string // who sent it, when another member than its player did
	Error string // why the round its line completes cannot stand, as said to its player
	Send  string // the send button's label
	State string // "Line in" / "Awaited", said beside it
}

type linesKey struct{}

// WithLines is form drawn with lv, the lines of its round.
func WithLines(form templ.Component, lv *LineView) templ.Component {
	if form == nil || lv == nil {
		return form
	}
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		return form.Render(context.WithValue(ctx, linesKey{}, lv), w)
	})
}

// lines is what WithLines gave the form being drawn, nil for none.
func lines(ctx context.Context) *LineView {
	lv, _ := ctx.Value(linesKey{}).(*LineView)
	return lv
}

// lineRow is row i of the lines, and whether the form has lines.
func lineRow(ctx context.Context, i int) (LineRow, bool) {
	lv := lines(ctx)
	if lv == nil || i < 0 || i >= len(lv.Rows) {
		return LineRow{}, false
	}
	return lv.Rows[i], true
}

// IsOwn reports whether row i is the member's own line, for a game that
// words it so ("on your pile").
func IsOwn(ctx context.Context, i int) bool { return isOwn(ctx, i) }

func isOwn(ctx context.Context, i int) bool {
	lv := lines(ctx)
	return lv != nil && lv.Own == i
}

// ownAttrs marks the member's own line for the tests and the scripts.
func ownAttrs(ctx context.Context, i int, name string) templ.Attributes {
	if !isOwn(ctx, i) {
		return templ.Attributes{}
	}
	return templ.Attributes{"data-testid": "own-line", "data-player": name}
}

// blankAttr carries, on a form with lines in, its round's form drawn with
// none (LineView.Blank) as HTML in data-blank-form: a phone without a
// connection that keeps this round moves on to the next from it (app.js
// advance), not from a form holding this round's lines. An attribute, not
// elements: nothing in it is on the page, for a browser or any parser.
func blankAttr(ctx context.Context) templ.Attributes {
	lv := lines(ctx)
	if lv == nil || lv.Blank == nil {
		return templ.Attributes{}
	}
	var b strings.Builder
	if err := lv.Blank.Render(ctx, &b); err != nil {
		return templ.Attributes{}
	}
	return templ.Attributes{"data-blank-form": b.String()}
}
