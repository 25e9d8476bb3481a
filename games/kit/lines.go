package kit

import (
	"context"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/tablekeeper/tablekeeper/rulebook"
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

// NoLines is a game whose Lines do not apply to every game it stands for:
// a group's own co-operative game is won or lost by the whole table, a
// result no player's line holds, so its rounds are entered whole.
type NoLines interface {
	NoLines() bool
}

// LinesOf is g's lines when its rounds may be entered a line per player:
// g is Lines and does not say NoLines. Every decision on lines asks here.
func LinesOf(g any) (Lines, bool) {
	lg, ok := g.(Lines)
	if n, no := g.(NoLines); ok && no && n.NoLines() {
		return nil, false
	}
	return lg, ok
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

// LineReader is a game that says how one of its lines reads, each value
// labelled as its form labels it ("Green cows 5, x2 1"), for the round's
// history and a conflict's sentence. A game without one has its line read
// as its values ("12", "out").
type LineReader interface {
	Lines
	LineText(ctx context.Context, line url.Values) string
}

// LineField is a line's field's name without its row ("green" of
// "green_2"), and whether it has one.
func LineField(key string) (string, bool) {
	i := strings.LastIndexByte(key, '_')
	if i <= 0 {
		return "", false
	}
	if _, err := strconv.Atoi(key[i+1:]); err != nil {
		return "", false
	}
	return key[:i], true
}

// ClaimLines is a game whose round form has fields no row owns, each
// naming the one row that claims it (TAKI's winner, a radio): a row's line
// carries such a field only when its row claims it (RowLine's claims). Two
// lines claiming the same field cannot both stand, whatever the rest of the
// round: the lines put together are refused (Contested), every claimant
// named, next to their line.
type ClaimLines interface {
	Lines
	// Claims is each such field, with its refusal said to each claimant.
	Claims() []Claim
}

// Claim is a whole-form field naming one row, and its refusal when several
// rows' lines claim it.
type Claim struct {
	Field string                           // the form's field, as RowLine's claims
	Twice func(others string) rulebook.Msg // said to each claimant, naming the others
}

// ClaimFields are g's claim fields, for its Line (RowLine's claims).
func ClaimFields(claims []Claim) []string {
	out := make([]string, len(claims))
	for i, c := range claims {
		out[i] = c.Field
	}
	return out
}

// Contested is the refusal of lines (a row's line by its row) when more
// than one of them claims the same field of lg's (ClaimLines): one mistake
// per claimant, of its seat, naming the others (names: the rows' players);
// nil when no claim is made twice or lg declares none.
func Contested(lg Lines, lines map[int]url.Values, names []string) error {
	cl, ok := lg.(ClaimLines)
	if !ok {
		return nil
	}
	var errs []error
	for _, c := range cl.Claims() {
		var rows []int
		for row, line := range lines {
			if _, claims := line[c.Field]; claims {
				rows = append(rows, row)
			}
		}
		if len(rows) < 2 {
			continue
		}
		slices.Sort(rows)
		for _, row := range rows {
			var others []string
			for _, o := range rows {
				if o != row && o >= 0 && o < len(names) {
					others = append(others, names[o])
				}
			}
			errs = append(errs, &rulebook.InputError{Field: c.Field, Seat: row, Msg: c.Twice(strings.Join(others, ", "))})
		}
	}
	return rulebook.All(errs)
}
