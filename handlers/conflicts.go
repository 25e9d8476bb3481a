package handlers

import "github.com/labstack/echo/v4"

// Why a post of the round form, a correction, an undo or a line met a
// conflict (409) is said in a word as well as in its sentence (issue 37):
// a phone whose round kept offline is refused for good tells its player
// the true reason from it (static/app.js), and a client reads it
// (docs/API.md, "A match's lines": the X-TK-Conflict header, the lines'
// JSON "reason").

// conflictHeader carries the word on every 409 of those routes that says why.
const conflictHeader = "X-TK-Conflict"

// Reasons a 409 gives, besides a conflict's (conflict.reason).
const lineTaken = "line" // another member sent this player's line with other values

// reason is the word for why the match moved on.
func (w conflict) reason() string {
	switch w {
	case matchFinished:
		return "finished" // the match ended meanwhile
	case seatsChanged:
		return "seats" // a player left or came back since the form was drawn
	case undoneMeanwhile:
		return "undone" // a round was taken back: the form's round no longer comes next
	case editedMeanwhile:
		return "edited" // another phone corrected the round first
	case notLast:
		return "notlast" // the round to take back is no longer the last
	case finalOnlyUndo:
		return "final" // the match is its final scores (BG Stats): nothing to take back
	}
	return "saved" // another phone saved this round first
}

// tellConflict says why on the answer of a 409.
func tellConflict(c echo.Context, reason string) {
	c.Response().Header().Set(conflictHeader, reason)
}
