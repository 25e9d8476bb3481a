package handlers

import (
	"context"
	"encoding/json"
	"net/url"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/referee"
	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// Game is what the web layer needs of a game. Each game is one value
// satisfying it (game_<id>.go), listed once in games.go; the generic
// handlers never name a game.
//
// A game's rules live in its engine (scoring/<game> satisfies scoring.Game):
// what stays here is only the mapping between the pages and the engine:
// drawing a form from a stored entry, reading a posted form into an entry,
// and naming a round for people.
type Game interface {
	ID() string                      // URL and storage id: "fivecrowns"
	Name(lang string) string         // as players call it
	Seats() (min, max int)           // players allowed at a match
	HouseRules() []referee.HouseRule // the switches a group may set
	LowWins() bool                   // lowest total wins (Five Crowns)
	Options(oc OptionsCtx) templ.Component
	RoundLabel(ctx context.Context, m store.Match, played Played, number int) string
	Info(ctx context.Context, m store.Match, played Played, number int) templ.Component
	// RoundForm draws the form for round rc.Number, blank when entry is nil
	// or prefilled from a stored entry (an edit).
	RoundForm(rc RoundCtx, entry json.RawMessage) templ.Component
	// Detail says in a few words what was entered for a round ("JK 7♥").
	Detail(ctx context.Context, m store.Match, entry json.RawMessage) string
}

// SheetGame is a game whose rules are all in its engine: the generic
// handlers check and score its rounds, decide its progress and validate its
// options through scoring.Game alone. Every game moves to it; legacyGame
// is the shape it replaces.
type SheetGame interface {
	Game
	Engine() scoring.Game
	// ReadOptions maps the new-match form to the engine's options (no
	// checks: the engine's CheckOptions does them).
	ReadOptions(oc OptionsCtx) map[string]string
	// ReadRound maps a posted round form to the engine's entry.
	ReadRound(rc RoundCtx, form url.Values) RoundPost
}

// RoundPost is a posted round form as a game read it.
type RoundPost struct {
	// Save is true when the player asked to save (not a tap on a picker).
	Save bool
	// Entry is the round in the engine's stored form; nil when Err is set.
	Entry json.RawMessage
	// Err is a field the form could not map (text where a number goes), as
	// a *referee.InputError naming the form's field.
	Err error
	// Form draws the form as posted, with err (the engine's or Err) shown
	// next to the field it names; nil draws it without a message.
	Form func(err error) templ.Component
}

// legacyGame is the shape of a game whose round checks still live in its
// handler file.
type legacyGame interface {
	Game
	ParseOptions(oc OptionsCtx) (map[string]string, views.FieldErrors)
	Progress(m store.Match, played Played) Progress
	// PostRound reads a posted round form. When the player asked to save and
	// the input is valid it returns the round to store; otherwise it returns
	// the form redrawn (after a tap on the card picker, or with the errors
	// in a sentence next to each field, invalid=true).
	PostRound(rc RoundCtx, form url.Values) (save *Scored, redraw templ.Component, invalid bool)
}

// engineMatch is what the engine needs of a stored match: the house rules
// in force are resolved here, once, for every game (unknown keys dropped).
func engineMatch(g Game, m store.Match) scoring.Match {
	return scoring.Match{Seats: len(m.Seats), Options: m.Options, Rules: referee.ResolveKnown(g.HouseRules(), m.Rules)}
}

// engineRounds is the played rounds in the engine's form.
func engineRounds(p Played) []scoring.Round {
	out := make([]scoring.Round, len(p.Points))
	for i := range p.Points {
		out[i] = scoring.Round{Entry: p.Entries[i], Points: p.Points[i]}
	}
	return out
}

// progress is where a match stands, as its game decides.
func progress(g Game, m store.Match, played Played) Progress {
	if sg, ok := g.(SheetGame); ok {
		p := sg.Engine().Progress(engineMatch(g, m), engineRounds(played))
		return Progress{Finished: p.Finished, Winners: p.Winners, Leaders: p.Leaders()}
	}
	return g.(legacyGame).Progress(m, played)
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
// first places as scoring.Places ranks them, so the sheet, the group's list
// and the standings never disagree on who is ahead.
func leaders(totals []int, lowWins bool) []int {
	return scoring.Progress{Places: scoring.Places(totals, lowWins)}.Leaders()
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
