package handlers

// What a save, and another phone's live update, answer of a long match
// (issue 40): the rows of the score table the phone holds already are left
// out, so that the answer carries what changed, not the whole sheet (an
// open-ended match of 2,000 rounds answered 662 KB to every save, fetched
// again by every phone watching).
//
// Every sheet gives its table's rows a sum (views.Scoresheet.RowsSum: each
// row as drawn, in order, for the phone's language). A phone with
// JavaScript sends back, with a save or a live fetch, how many rows it
// holds and their sum (rowsHeader); when the first that many rows drawn now
// have that sum, the answer holds the rows after them only, and says from
// which row (RowsFrom): the phone keeps its own before them (static/app.js,
// tkMergeRows). Any other change (a correction, an undo, a player who left,
// a row named otherwise) changes the sum, and the whole table is sent. A
// finished match, a page kept for others, a request without the header
// (without JavaScript: a 303 to the whole sheet) get the whole table.

import (
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/views"
)

// rowsHeader is how a phone says which rows it holds: "count:sum".
const rowsHeader = "X-TK-Rows"

// rowSums is the sum of each prefix of rows, as drawn for lang: sums[k] is
// the sum of rows[:k] (sums[0] the empty table's).
func rowSums(lang string, rows []views.RoundRow) []string {
	h := fnv.New64a()
	sums := make([]string, 0, len(rows)+1)
	var b []byte
	b = append(b, lang...)
	h.Write(b)
	sums = append(sums, strconv.FormatUint(h.Sum64(), 36))
	for _, r := range rows {
		b = strconv.AppendInt(b[:0], r.ID, 10)
		for _, s := range []string{r.Label, r.Main, r.Sub, r.EditURL, r.HistURL} {
			b = append(append(b, 0), s...)
		}
		b = append(b, 0, flag(r.Undone), flag(r.Edited))
		for i, p := range r.Points {
			b = strconv.AppendInt(append(b, ' '), int64(p), 10)
			if i < len(r.Away) && r.Away[i] {
				b = append(b, '-')
			}
			if i < len(r.Shown) {
				b = append(append(b, '='), r.Shown[i]...)
			}
		}
		b = append(b, '\n')
		h.Write(b)
		sums = append(sums, strconv.FormatUint(h.Sum64(), 36))
	}
	return sums
}

func flag(on bool) byte {
	if on {
		return '1'
	}
	return '0'
}

// cutRows gives sh its rows' sum and, for a phone that holds the first of
// them already (rowsHeader), leaves those out. The answer is then the
// phone's alone: nothing may keep it (no-store).
func cutRows(c echo.Context, sh *views.Scoresheet) {
	sums := rowSums(lang(c), sh.Rounds)
	sh.RowsSum = sums[len(sums)-1]
	held := c.Request().Header.Get(rowsHeader)
	if held == "" || sh.Finished {
		return
	}
	count, sum, _ := strings.Cut(held, ":")
	k, err := strconv.Atoi(count)
	if err != nil || k <= 0 || k >= len(sums) || sums[k] != sum {
		return
	}
	sh.Rounds, sh.RowsFrom = sh.Rounds[k:], k
	secret(c)
}
