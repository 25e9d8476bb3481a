package kit

import (
	"net/url"
	"strconv"
	"strings"
)

// Lines is a game whose round each player can enter alone, their own line
// from their own phone (issue 37): a line is the part of the round form
// that is one row's. The handlers store the lines as posted and, when every
// seated player's is in, put them together into one form that the game
// reads as a whole round (ReadRound, then the engine's Score: one rule, one
// place).
type Lines interface {
	// Line is row's own fields in a posted round form (the row's player's
	// values), nil when the row holds nothing.
	Line(form url.Values, row int) url.Values
}

// WinnerLine is a game whose round is one line, its winner's (Take Five:
// who won, with the winning rack): that line alone is the whole round,
// checked whole when it is sent and saved then; the other players send
// none. Its Line is nil for a row that does not claim the round.
type WinnerLine interface {
	Lines
	// NotWinnerLine is the refusal of row's line when it does not claim
	// the round (its player did not win, or nobody did): said to the
	// sender, naming the row's player.
	NotWinnerLine(row int) error
}

// RowLine is the fields of form that belong to row: those named
// "<field>_<row>", and each of claims (a whole-form field whose value is a
// row, as a radio naming the winner) when its value names row.
func RowLine(form url.Values, row int, claims ...string) url.Values {
	suffix := "_" + strconv.Itoa(row)
	var out url.Values
	add := func(k string, v []string) {
		if out == nil {
			out = url.Values{}
		}
		out[k] = append(out[k], v...)
	}
	for k, v := range form {
		if strings.HasSuffix(k, suffix) && len(k) > len(suffix) {
			add(k, v)
		}
	}
	for _, c := range claims {
		if form.Get(c) == strconv.Itoa(row) {
			add(c, []string{strconv.Itoa(row)})
		}
	}
	return out
}
