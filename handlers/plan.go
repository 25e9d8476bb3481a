package handlers

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// A post of a round form (a save, a tap on the card picker, a correction)
// and an undo are decided by one plan: a pure function of the game, the
// match, its rounds and what was posted (planRound). For a write the store
// runs it inside the write transaction (store.ChangeRound), on the match as
// it then stands, so that no other phone's write comes between what the
// post is judged on and what is written; a tap on the picker runs it on the
// match as a page reads it. The plan writes nothing and draws no answer: it
// says what to write, or why nothing is, and the handler answers from that
// once the transaction has ended.

// roundPost is what was posted, read from the request once before the
// write, and what the plan draws a form with: nothing of the request itself
// crosses into the transaction.
type roundPost struct {
	form   url.Values
	env    context.Context // the answer's language and view environment
	url    string          // the match's address
	links  formLinks       // the round forms' actions, by route name
	key    string          // this answer's fresh submit key (submitKey)
	author string
	player int64 // the member's own player, 0 for none: the form's own row
	round  int64 // a correction or an undo: the round's id; 0 for a new round
	undo   bool
}

// formLinks is where a match's round forms post, built by route name
// (pathTo) from the request before the write: a new round's form, and a
// correction's form for the round of an id.
type formLinks struct {
	rounds string
	round  func(id int64) string
}

// planKind is what a post of a round form comes to.
type planKind int

const (
	planNone     planKind = iota // the plan did not run: a repeated post, answered with the round it saved
	planWrite                    // the change is written; the sheet is shown
	planRefused                  // the form is drawn again with its mistakes (422)
	planRedraw                   // the form is drawn again (a tap on the card picker)
	planConflict                 // the match moved on since the form was drawn (409)
)

// conflict says how the match moved on (planConflict).
type conflict int

const (
	matchFinished   conflict = iota // the form is for a round the match will not have
	seatsChanged                    // drawn before a player left or came back
	savedFirst                      // another phone saved this round first
	undoneMeanwhile                 // the round the form is for was undone
	editedMeanwhile                 // another phone corrected the round first
	notLast                         // an undo of a round that is no longer the last
	finalOnlyUndo                   // an undo of a match that is its final scores (BG Stats): deleting it is the way back
)

// roundPlan is what a post comes to on the match as it stands.
type roundPlan struct {
	kind   planKind
	why    conflict         // planConflict
	write  store.RoundWrite // planWrite
	number int              // the round the form is for, counted among the live rounds
	form   templ.Component  // planRefused, planRedraw: the form drawn again
	title  string           // a correction: its page's title
	// prog is where the match stands once the plan is carried out (after
	// the write, for planWrite): the answer's sheet is drawn on it.
	prog scoring.Progress
	err  error // a refusal that is not about the form (404), or a failure
}

// planRound decides what p calls for on match and its rounds (undone ones
// included, in order), played as g. It reads and writes nothing: as a
// save's plan it may run inside another request's write transaction (a
// shared commit) and, on PostgreSQL, more than once.
func planRound(g Game, match store.Match, rounds []store.Round, p roundPost) roundPlan {
	switch {
	case match.Game != g.ID(): // a match id the store gave again, after a hard delete: not the match meant
		return roundPlan{err: fmt.Errorf("handlers: match %d is of %q, not %q: %w", match.ID, match.Game, g.ID(), store.ErrNotFound)}
	case p.undo:
		return planUndo(g, match, rounds, p)
	case p.round != 0:
		return planEdit(g, match, rounds, p)
	}
	return planNew(g, match, rounds, p)
}

// planNew plans the next round: the form says which round it was drawn for
// (its submit key), so a round another phone saved meanwhile is a conflict,
// not the next round.
func planNew(g Game, match store.Match, rounds []store.Round, p roundPost) roundPlan {
	live := livePlayed(rounds)
	out := roundPlan{number: roundOfKey(p.form.Get("submitKey"), len(live.Points)+1), prog: progress(g, match, live)}
	switch {
	case out.number > len(live.Points) && out.prog.Finished:
		// Drawn for a round the match will not have. (A round that another
		// phone's save of it ended goes on: a conflict, what was typed kept.)
		return out.conflict(matchFinished)
	case out.number > len(live.Points)+1: // drawn for a round that no longer comes next (an undo)
		return out.conflict(undoneMeanwhile)
	}
	rc := roundCtxFor(p, match, live, out.number, 0)
	if key := p.form.Get("submitKey"); key != "" && keyTag(key) != seatsTag(rc.Seated) {
		return out.conflict(seatsChanged)
	}
	rc.SubmitKey = p.form.Get("submitKey")
	save, ok := out.read(g, rc, p.form)
	switch {
	case !ok:
		return out
	case out.number <= len(live.Points):
		return out.conflict(savedFirst)
	}
	after := Played{Entries: append(slices.Clip(live.Entries), save.Entry), Points: append(slices.Clip(live.Points), save.Points)}
	out.prog = progress(g, match, after)
	out.kind, out.write = planWrite, store.RoundWrite{Kind: store.WriteAdd, Number: out.number, Entry: save.Entry,
		Points: save.Points, Author: p.author, Finished: out.prog.Finished}
	return out
}

// planEdit plans a correction of round p.round, judged on the rounds before
// it as they stand, at the version its form was drawn at.
func planEdit(g Game, match store.Match, rounds []store.Round, p roundPost) roundPlan {
	r, n, ok := roundByID(rounds, p.round)
	live := livePlayed(rounds)
	out := roundPlan{number: n, prog: progress(g, match, live)}
	switch {
	case !ok:
		out.err = echo.NewHTTPError(http.StatusNotFound)
		return out
	case r.Undone(): // undone on another phone before this correction
		return out.conflict(undoneMeanwhile)
	case finalOnly(live): // final scores from BG Stats are not a game round
		out.err = echo.NewHTTPError(http.StatusNotFound)
		return out
	}
	version, _ := strconv.Atoi(p.form.Get("version"))
	ec := editCtxFor(g, p, match, live, r, n)
	ec.Version = version
	out.title = ec.title
	save, ok := out.read(g, ec.RoundCtx, p.form)
	switch {
	case !ok:
		return out
	case version != r.Version && bytes.Equal(save.Entry, r.Entry):
		// The round already holds this correction: the same post sent
		// again after its answer was lost (a phone's kept correction), or
		// another phone's identical one. Nothing to write, nothing to tell.
		return out
	case version != r.Version: // someone corrected it meanwhile
		return out.conflict(editedMeanwhile)
	}
	after := Played{Entries: slices.Clone(live.Entries), Points: slices.Clone(live.Points)}
	after.Entries[n-1], after.Points[n-1] = save.Entry, save.Points
	out.prog = progress(g, match, after)
	out.kind, out.write = planWrite, store.RoundWrite{Kind: store.WriteEdit, Round: r.ID, Version: version,
		Entry: save.Entry, Points: save.Points, Author: p.author, Finished: out.prog.Finished}
	return out
}

// planUndo plans an undo of round p.round, which must be the last.
func planUndo(g Game, match store.Match, rounds []store.Round, p roundPost) roundPlan {
	live := livePlayed(rounds)
	out := roundPlan{number: len(live.Points), prog: progress(g, match, live)}
	var last int64
	for _, r := range rounds {
		if !r.Undone() {
			last = r.ID
		}
	}
	switch {
	case finalOnly(live): // a BG Stats match is its final scores: deleting it is the way back
		return out.conflict(finalOnlyUndo)
	case last == 0:
		out.err = echo.NewHTTPError(http.StatusNotFound)
		return out
	case last != p.round:
		return out.conflict(notLast)
	}
	before := Played{Entries: live.Entries[:len(live.Entries)-1], Points: live.Points[:len(live.Points)-1]}
	if len(before.Points) == 0 {
		before = Played{}
	}
	out.prog = progress(g, match, before)
	out.kind, out.write = planWrite, store.RoundWrite{Kind: store.WriteUndo, Round: last, Author: p.author, Finished: out.prog.Finished}
	return out
}

func (p roundPlan) conflict(why conflict) roundPlan {
	p.kind, p.why = planConflict, why
	return p
}

// read reads the posted form through its game (readRound): the round to
// write and true, or false with p set to what the form comes to instead.
func (p *roundPlan) read(g Game, rc RoundCtx, form url.Values) (*Scored, bool) {
	save, redraw, invalid, err := readRound(g, rc, form)
	switch {
	case err != nil:
		p.err = err
	case save == nil && invalid:
		p.kind, p.form = planRefused, redraw
	case save == nil:
		p.kind, p.form = planRedraw, redraw
	default:
		return save, true
	}
	return nil, false
}

// roundByID finds round id among rounds, with its place among the live
// rounds (an undone round: its number).
func roundByID(rounds []store.Round, id int64) (store.Round, int, bool) {
	n := 0
	for _, r := range rounds {
		if r.Undone() {
			if r.ID == id {
				return r, r.Number, true
			}
			continue
		}
		n++
		if r.ID == id {
			return r, n, true
		}
	}
	return store.Round{}, 0, false
}

// roundOfKey reads the round number a form was drawn for from its submit key
// ("<number>.<random>"); a form without one is for the next round.
func roundOfKey(key string, next int) int {
	n, _, ok := strings.Cut(key, ".")
	if !ok {
		return next
	}
	if v, err := strconv.Atoi(n); err == nil && v >= 1 {
		return v
	}
	return next
}

// roundCtxFor is the round form's context for round number of match, drawn
// for p's answer.
func roundCtxFor(p roundPost, match store.Match, played Played, number int, version int) RoundCtx {
	rc := RoundCtx{Ctx: p.env, Match: match, Played: played, Number: number, Table: len(match.Seats),
		Action: p.links.rounds, SubmitKey: strconv.Itoa(number) + "." + p.key, Version: version, Player: p.player}
	rc.Colours = kit.Colours(match.Seats)
	rc.Match, rc.Played, rc.Seated = atRound(match, played, number)
	rc.SubmitKey += seatsTag(rc.Seated)
	return rc
}

// editCtx is a correction's form context, with the round's label and the
// page's title.
type editCtx struct {
	RoundCtx
	label, title string
}

func editCtxFor(g Game, p roundPost, match store.Match, played Played, r store.Round, n int) editCtx {
	rc := roundCtxFor(p, match, played, n, r.Version)
	rc.Action = p.links.round(r.ID)
	rc.Cancel = p.url
	label := roundLabel(rc.Ctx, g, match, played, n)
	return editCtx{RoundCtx: rc, label: label, title: views.T(rc.Ctx, "round.correct", "Round", label)}
}
