// Package kit is what every game's web adapter (games/<game>) builds on and the
// handlers call: the Game interface and the round and referee contexts, the
// round form's frame, the game's Profile, and the helpers the games share
// (citations, the card picker, engine errors placed next to their fields).
// It names no game.
package kit

import (
	"context"
	"encoding/json"
	"net/url"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// Game is a game on the pages. Its rules are its engine's (scoring.Game,
// embedded: seats, house rules, options, the one validator of a round and
// the match's progress); what a game adds here is only the mapping between
// the pages and that engine: its name, drawing a form from a stored entry,
// reading a posted form into an entry, and naming a round for people. Each
// game is one value satisfying it (games/<game>/adapter.go), listed once in
// games/games.go; the generic handlers never name a game. What a game offers
// beyond it is declared: fields of its Profile, and the optional interfaces
// RefereePage, API, Auditor, Sampler and Variants, each asserted beside the
// game (var _ kit.RefereePage = Game{}).
type Game interface {
	scoring.Game
	Name(lang string) string // as players call it
	Profile() Profile        // its icon, first dealer, BG Stats names
	// Options draws the new-match options; ReadOptions maps them to the
	// engine's options (no checks: CheckOptions does them).
	Options(oc OptionsCtx) templ.Component
	ReadOptions(oc OptionsCtx) map[string]string
	// RoundLabel names round number (1-based) for people ("Round 3 (5
	// cards)"). Neither it nor Detail is asked about a match imported from
	// BG Stats, whose one round holds final scores: the handlers name it.
	RoundLabel(ctx context.Context, m store.Match, played Played, number int) string
	Info(ctx context.Context, m store.Match, played Played, number int) templ.Component
	// RoundForm draws the form for round rc.Number, blank when entry is nil
	// or prefilled from a stored entry (an edit).
	RoundForm(rc RoundCtx, entry json.RawMessage) templ.Component
	// ReadRound maps a posted round form to the engine's entry.
	ReadRound(rc RoundCtx, form url.Values) RoundPost
	// Detail says in a few words what was entered for a round ("JK 7♥").
	Detail(ctx context.Context, m store.Match, entry json.RawMessage) string
}

// Saving reports whether a posted round form asks to save (the Save button
// RoundForm draws, or Enter in a field), not to redraw (a tap on a picker).
func Saving(form url.Values) bool { return form.Get("op") == "save" }

// RoundPost is a posted round form as a game read it.
type RoundPost struct {
	// Save is true when the player asked to save (Saving), not a tap on a picker.
	Save bool
	// Entry is the round in the engine's stored form; nil when Err is set.
	Entry json.RawMessage
	// Err is a field the form could not map (text where a number goes), as
	// a *rulebook.InputError naming the form's field.
	Err error
	// Form draws the form as posted, with err (the engine's or Err) shown
	// next to the field it names; nil draws it without a message.
	Form func(err error) templ.Component
}

// EngineMatch is what the engine needs of a stored match: the house rules
// in force are resolved here, once, for every game (unknown keys dropped).
func EngineMatch(g Game, m store.Match) scoring.Match {
	return scoring.Match{Seats: len(m.Seats), Options: m.Options, Rules: rulebook.ResolveKnown(g.HouseRules(), m.Rules), AwayFrom: m.AwayFrom()}
}

// EngineRounds is the played rounds in the engine's form.
func EngineRounds(p Played) []scoring.Round {
	out := make([]scoring.Round, len(p.Points))
	for i := range p.Points {
		out[i] = scoring.Round{Entry: p.Entries[i], Points: p.Points[i]}
	}
	return out
}

// OptionsCtx is the new-match form: the seated players' names and the posted values.
type OptionsCtx struct {
	Ctx   context.Context
	Names []string
	Form  url.Values
	Errs  views.FieldErrors
	// Dealer is the seat, counted from 1, that deals (or starts) the first
	// round, for a game whose Profile names a FirstDealer option: the
	// handlers decide it from the seating. A game's ReadOptions writes it
	// into that option (as the engine counts seats); a seat off the table
	// (0 for a posted seat that is not a number) is the engine's to refuse.
	Dealer int
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
	// Seated is, when a player left before this round, the match's seat of
	// each seat the form asks for (Match and Played then hold only those
	// seats); nil when every seat plays. Table is the match's seat count.
	Seated []int
	Table  int
	// Colours is each of the match's seats' colour (kit.Colours), by the
	// match's seat.
	Colours []int
	// Player is the phone's member's own player (0 for none): the row the
	// form draws as theirs (Own).
	Player int64
}

// Own says whether the form's row i is the phone's member's own player.
func (rc RoundCtx) Own(i int) bool {
	return rc.Player != 0 && i >= 0 && i < len(rc.Match.Seats) && rc.Match.Seats[i].PlayerID == rc.Player
}

// NoOptions is for a game whose new match asks nothing but its players:
// embedded in its value, it draws no options and reads none. A game that
// draws something (a sentence on how it is won) still reads nothing with
// it, and defines only Options.
type NoOptions struct{}

func (NoOptions) Options(OptionsCtx) templ.Component       { return templ.NopComponent }
func (NoOptions) ReadOptions(OptionsCtx) map[string]string { return map[string]string{} }
