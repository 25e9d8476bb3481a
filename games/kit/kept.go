package kit

import (
	"strconv"

	"github.com/a-h/templ"
)

// A round kept on a phone without a connection (issue 37: the table keeps
// going offline) counts in that phone's totals, marked as waiting, until
// the server scores it. A round form says, on its fields, what a row's
// points are as typed; static/app.js reads it and nothing else, naming no
// game: the server's Score stays the one judge once the round is sent (a
// round that cannot stand is refused then, as any save is).

// CountsTyped marks a row's points field: the row scores the number typed
// times sign (1: as typed; −1: a loss typed as a positive number).
func CountsTyped(sign int) templ.Attributes {
	return templ.Attributes{"data-counts": strconv.Itoa(sign)}
}

// CountsAs marks a row's box (a checkbox or a radio button) that, ticked,
// scores the row points whatever is typed (went out: 0; won: +100).
func CountsAs(points int) templ.Attributes {
	return templ.Attributes{"data-counts-as": strconv.Itoa(points)}
}
