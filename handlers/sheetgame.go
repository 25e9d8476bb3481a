package handlers

import (
	"errors"
	"net/url"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// readRound reads a posted round form through its game: the game maps the
// form to an entry, and for a save the engine checks and scores it, so the
// scoresheet uses the same validator as the API and the import. It returns
// the round to store, or the form to draw again (invalid when the save was
// refused). Only a failure that is not about the input is returned as err.
func readRound(g Game, rc RoundCtx, form url.Values) (save *Scored, redraw templ.Component, invalid bool, err error) {
	post, points := checkRound(g, rc, form)
	if !post.Save {
		return nil, post.Form(nil), false, nil
	}
	if post.Err == nil {
		return &Scored{Entry: post.Entry, Points: seatedPoints(rc, points)}, nil, false, nil
	}
	var ie *rulebook.InputError
	if !errors.As(post.Err, &ie) {
		return nil, nil, false, post.Err
	}
	// Every mistake is also said next to Save, naming its player.
	return nil, kit.WithRefusals(post.Form(post.Err), kit.Refusals(rc.Ctx, post.Err, seatNames(rc.Match))), true, nil
}

// checkRound is the one check of a posted round form: the game maps it to
// an entry and, for a save, the engine scores it. post.Err is what refused
// it (the game's or the engine's); points are the engine's, one per seat
// of rc.Match.
func checkRound(g Game, rc RoundCtx, form url.Values) (post kit.RoundPost, points []int) {
	post = g.ReadRound(rc, form)
	if !post.Save || post.Err != nil {
		return post, nil
	}
	before := kit.EngineRounds(rc.Played.Before(rc.Number))
	points, post.Err = g.Score(kit.EngineMatch(g, rc.Match), before, post.Entry)
	return post, points
}

// seatNames are the names of a match's seats, in order.
func seatNames(m store.Match) []string {
	seats := make([]string, len(m.Seats))
	for i, st := range m.Seats {
		seats[i] = st.Name
	}
	return seats
}

// readOptions reads and checks a new match's options through its game.
func readOptions(g Game, oc OptionsCtx) (map[string]string, views.FieldErrors) {
	opts, err := g.CheckOptions(len(oc.Names), g.ReadOptions(oc))
	errs := views.FieldErrors{}
	if err != nil {
		var ie *rulebook.InputError
		if errors.As(err, &ie) {
			errs[ie.Field] = views.Mistake(oc.Ctx, ie)
		} else {
			errs["options"] = views.T(oc.Ctx, "error.badrequest")
		}
	}
	return opts, errs
}
