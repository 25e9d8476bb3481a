package handlers

import (
	"context"
	"encoding/json"
	"net/url"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/referee"
	"github.com/tablekeeper/tablekeeper/scoring/standings"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// Game is what the scoresheet needs of a game. Each game is one value
// satisfying it (game_<id>.go), listed once in cmd; the generic handlers
// never name a game.
type Game interface {
	ID() string                      // URL and storage id: "fivecrowns"
	Name(lang string) string         // as players call it
	Seats() (min, max int)           // players allowed at a match
	HouseRules() []referee.HouseRule // the switches a group may set
	LowWins() bool                   // lowest total wins (Five Crowns)
	Options(oc OptionsCtx) templ.Component
	ParseOptions(oc OptionsCtx) (map[string]string, views.FieldErrors)
	Progress(m store.Match, played Played) Progress
	RoundLabel(ctx context.Context, m store.Match, played Played, number int) string
	Info(ctx context.Context, m store.Match, played Played, number int) templ.Component
	// RoundForm draws the form for round rc.Number, blank when entry is nil
	// or prefilled from a stored entry (an edit).
	RoundForm(rc RoundCtx, entry json.RawMessage) templ.Component
	// PostRound reads a posted round form. When the player asked to save and
	// the input is valid it returns the round to store; otherwise it returns
	// the form redrawn (after a tap on the card picker, or with the errors
	// in a sentence next to each field, invalid=true).
	PostRound(rc RoundCtx, form url.Values) (save *Scored, redraw templ.Component, invalid bool)
	// Detail says in a few words what was entered for a round ("JK 7♥").
	Detail(ctx context.Context, m store.Match, entry json.RawMessage) string
}

// OptionsCtx is the new-match form: the seated players' names and the posted values.
type OptionsCtx struct {
	Ctx   context.Context
	Names []string
	Form  url.Values
	Errs  views.FieldErrors
}

// Played is what a match's live rounds hold, in order: what was entered and
// the points. Games read it to know where the match stands (Take Five's phase
// follows the earlier winners; a Take 5! deal may be marked the last).
type Played struct {
	Entries []json.RawMessage
	Points  [][]int
}

// Before is the rounds played before round number (1-based).
func (p Played) Before(number int) Played {
	n := min(max(number-1, 0), len(p.Points))
	return Played{Entries: p.Entries[:n:n], Points: p.Points[:n:n]}
}

// With is the rounds with one more, or with round number replaced when it
// exists (a correction).
func (p Played) With(number int, entry any, points []int) Played {
	raw, _ := json.Marshal(entry)
	out := Played{Entries: append([]json.RawMessage(nil), p.Entries...), Points: append([][]int(nil), p.Points...)}
	if number >= 1 && number <= len(out.Points) {
		out.Entries[number-1], out.Points[number-1] = raw, points
		return out
	}
	out.Entries, out.Points = append(out.Entries, raw), append(out.Points, points)
	return out
}

// RoundCtx is everything a game needs to draw or read a round form.
type RoundCtx struct {
	Ctx       context.Context // carries the page language
	Match     store.Match
	Played    Played // the match's live rounds
	Number    int    // the round being entered or corrected
	Action    string
	Cancel    string
	SubmitKey string
	Version   int
}

// Scored is a valid round, ready to store.
type Scored struct {
	Entry  any
	Points []int
}

// Progress is where a match stands after its live rounds.
type Progress struct {
	Finished bool
	Winners  []int // seats, several on a tie; set when finished
	Leaders  []int // seats currently ahead
}

// leaders returns the seats with the best total (lowest when lowWins): the
// first places as the standings rank them, so the sheet, the group's list
// and the standings never disagree on who is ahead.
func leaders(totals []int, lowWins bool) []int {
	var out []int
	for i, place := range standings.Places(totals, lowWins) {
		if place == 1 {
			out = append(out, i)
		}
	}
	return out
}

// sums adds up the points of the rounds, seat by seat.
func sums(seats int, points [][]int) []int {
	out := make([]int, seats)
	for _, r := range points {
		for i := 0; i < seats && i < len(r); i++ {
			out[i] += r[i]
		}
	}
	return out
}
