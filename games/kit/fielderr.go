package kit

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/views"
)

// An engine names the field of its request that is wrong with a path
// ("seats[2].points", "players[1].leftover[3]", "state.top"). Every form
// reads those paths here; what stays per game is only which field of its
// form each path stands for.

// EnginePath is an engine's field path split at its first list index.
type EnginePath struct {
	List  string // the path up to the index: "seats"; the whole path when it has none
	Index int    // the index, −1 when the path has none
	Rest  string // what follows the index, without its dot: "points", "leftover[3]", "[0]"
	Field string // the whole path
}

// ParsePath splits an engine's field path: "seats[2].points" is
// ("seats", 2, "points"), "round" is ("round", −1, "").
func ParsePath(field string) EnginePath {
	p := EnginePath{List: field, Index: -1, Field: field}
	open := strings.IndexByte(field, '[')
	if open < 0 {
		return p
	}
	num, rest, ok := strings.Cut(field[open+1:], "]")
	n, err := strconv.Atoi(num)
	if !ok || err != nil || n < 0 {
		return p
	}
	p.List, p.Index, p.Rest = field[:open], n, strings.TrimPrefix(rest, ".")
	return p
}

// FormField names the form field behind an engine path from a game's map
// of engine paths to its form's fields: the longest path in names that the
// field starts with, whole segment by whole segment ("turn.counter.player"
// before "turn.counter"; "state.top[0]" is "state.top"). ok is false when
// no path in names covers it.
func FormField(field string, names map[string]string) (string, bool) {
	for f := field; f != ""; {
		if name, ok := names[f]; ok {
			return name, true
		}
		cut := strings.LastIndexAny(f, ".[")
		if cut < 0 {
			break
		}
		f = f[:cut]
	}
	return "", false
}

// InputMessage is an engine's input error in the page's language; any other
// error (a bug, never the player's) reads as "not understood".
func InputMessage(err error, ctx context.Context) string {
	var ie *rulebook.InputError
	if errors.As(err, &ie) {
		return views.Mistake(ctx, ie)
	}
	return views.T(ctx, "error.badrequest")
}

// ShowErrors hands each input mistake in err (one, or several joined) to
// place, with its path and its message in the page's language. What place
// does not put on a field (it returns false), and an error that is not an
// input mistake, comes back as the form's own message ("" when none).
func ShowErrors(ctx context.Context, err error, place func(at EnginePath, msg string) bool) string {
	var left []string
	for _, err := range Mistakes(err) {
		msg := InputMessage(err, ctx)
		var ie *rulebook.InputError
		if !errors.As(err, &ie) || !place(ParsePath(ie.Field), msg) {
			left = append(left, msg)
		}
	}
	return strings.Join(left, " ")
}

// Mistakes is every mistake in err: those it joins (errors.Join,
// rulebook.All), or err alone; none for nil.
func Mistakes(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// in reports whether the path is in element i of list, for a form showing
// n of them (0 ≤ i < n).
func (p EnginePath) In(list string, n int) bool {
	return p.List == list && p.Index >= 0 && p.Index < n
}
