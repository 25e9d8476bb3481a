package handlers

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/games/custom"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// The group's other games page: the list, and the admin's form adding one.

func (s *Server) otherGamesModel(c echo.Context) (views.OtherGamesPage, error) {
	m := memberOf(c)
	gs, err := s.groupGames(c.Request().Context(), m.group.ID)
	if err != nil {
		return views.OtherGamesPage{}, err
	}
	vctx := s.viewCtx(c)
	page := views.OtherGamesPage{Group: m.nav(c), Form: views.OtherGameForm{How: "high", Entry: "rounds", Places: "winner", End: "hand"}}
	for _, g := range gs.own {
		cg := g.(custom.Game)
		page.Games = append(page.Games, views.OtherGameLine{ID: cg.ID(), Name: cg.Def.Name, Summary: custom.Summary(vctx, cg.Def)})
	}
	if c.QueryParam("added") != "" {
		page.Flash = views.T(vctx, "custom.added", "Name", c.QueryParam("added"))
	}
	return page, nil
}

func (s *Server) otherGames(c echo.Context) error {
	page, err := s.otherGamesModel(c)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, views.OtherGames(page))
}

// addOtherGame is the admin adding a game: refused with the field when the
// name is empty, taken (by one of ours or the group's) or the numbers are not.
func (s *Server) addOtherGame(c echo.Context) error {
	m := memberOf(c)
	vctx := s.viewCtx(c)
	f := views.OtherGameForm{Name: strings.TrimSpace(c.FormValue("name")), BGGID: strings.TrimSpace(c.FormValue("bgg")),
		How: c.FormValue("how"), Entry: c.FormValue("entry"), Places: c.FormValue("places"), End: c.FormValue("end"),
		Target: strings.TrimSpace(c.FormValue("target")), Rounds: strings.TrimSpace(c.FormValue("rounds")), Errors: views.FieldErrors{}}
	def, errs := readGameForm(f)
	for field, key := range errs {
		f.Errors[field] = views.T(vctx, key)
	}
	if len(f.Errors) == 0 && s.registeredName(def.Name) {
		f.Errors["name"] = views.T(vctx, "custom.err.ours", "Name", def.Name)
	}
	if len(f.Errors) == 0 {
		def.GroupID = m.group.ID
		switch _, err := s.store.AddGroupGame(c.Request().Context(), def); {
		case errors.Is(err, store.ErrNameTaken), errors.Is(err, store.ErrConflict):
			f.Errors["name"] = views.T(vctx, "custom.err.taken", "Name", def.Name)
		case errors.Is(err, store.ErrInvalid):
			f.Errors["form"] = views.T(vctx, "custom.err.invalid")
		case err != nil:
			return err
		}
	}
	if len(f.Errors) > 0 {
		page, err := s.otherGamesModel(c)
		if err != nil {
			return err
		}
		page.Form = f
		return s.render(c, http.StatusUnprocessableEntity, views.OtherGames(page))
	}
	return c.Redirect(http.StatusSeeOther, pathTo(c, routeGames, m.group.Slug)+"?added="+url.QueryEscape(def.Name))
}

// readGameForm maps the form to a definition; errs maps a field to the
// message id of what is wrong with it.
func readGameForm(f views.OtherGameForm) (store.GroupGame, map[string]string) {
	errs := map[string]string{}
	d := store.GroupGame{Name: f.Name}
	if _, why := store.CheckGameName(f.Name); why == store.NameTooLong {
		errs["name"] = "custom.err.toolong"
	} else if why != "" {
		errs["name"] = "form.name." + why
	}
	num := func(field, v string) int {
		if v == "" {
			return 0
		}
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 || n > 1_000_000_000 {
			errs[field] = "custom.err.number"
		}
		return n
	}
	d.BGGID = num("bgg", f.BGGID)
	switch f.How {
	case "high", "low":
		d.LowWins = f.How == "low"
		d.Kind = store.KindFinal
		if f.Entry != "final" {
			d.Kind = store.KindRounds
		}
	case "places":
		d.Kind = store.KindWinner
		switch f.Places {
		case "ranking":
			d.Kind = store.KindRanking
		case "together":
			d.Coop = true
		}
	default:
		errs["form"] = "custom.err.how"
	}
	if d.Kind == store.KindRounds {
		switch f.End {
		case "target":
			if d.Target = num("target", f.Target); d.Target == 0 {
				errs["target"] = "custom.err.number"
			}
		case "rounds":
			if d.Rounds = num("rounds", f.Rounds); d.Rounds == 0 {
				errs["rounds"] = "custom.err.number"
			}
		}
	}
	return d, errs
}

// registeredName reports whether a name is one of the registered games'
// (in any language, or as BG Stats knows it): those are played with their
// own engine, not as a group's other game.
func (s *Server) registeredName(name string) bool {
	key := strings.ToLower(strings.TrimSpace(name))
	for _, g := range s.games {
		names := append([]string{g.Name("en"), g.Name("fr"), g.ID()}, g.Profile().BGStats.Known...)
		for _, n := range names {
			if strings.ToLower(n) == key {
				return true
			}
		}
	}
	return false
}

// OtherGameOf is what the BG Stats import needs to find or add a group's
// other game for a game of the file: BG Stats's name and BoardGameGeek id
// of it, and how it is won (BG Stats's highestWins and noPoints flags).
type OtherGameOf struct {
	Name        string
	BGGID       int
	HighestWins bool
	NoPoints    bool
	Cooperative bool // won or lost together
}

// findOrAddOtherGame is the group's other game for a BG Stats game: the one
// with its BoardGameGeek id, else its name (any case), else a new one, won
// as BG Stats says (with points: final scores, the highest or lowest
// winning; noPoints: a ranking; cooperative: won or lost together). It refuses (ok false) a name of one of the
// registered games, which the import matches to those instead. The game is
// returned ready to check and score the file's plays (checkMatchIn with
// s.groupGames, or gs.get(g.ID())).
func (s *Server) findOrAddOtherGame(ctx context.Context, groupID int64, want OtherGameOf) (g Game, created, ok bool, err error) {
	if s.registeredName(want.Name) {
		return nil, false, false, nil
	}
	got, created, err := s.store.FindOrAddGroupGame(ctx, otherGameDef(groupID, want))
	if err != nil {
		if errors.Is(err, store.ErrInvalid) {
			return nil, false, false, nil
		}
		return nil, false, false, err
	}
	return custom.New(got), created, true, nil
}

// otherGameDef is the definition a BG Stats game gets as a new game of the
// group (see findOrAddOtherGame).
func otherGameDef(groupID int64, want OtherGameOf) store.GroupGame {
	def := store.GroupGame{GroupID: groupID, Name: strings.TrimSpace(want.Name), BGGID: max(want.BGGID, 0), Kind: store.KindFinal, LowWins: !want.HighestWins}
	if want.NoPoints {
		def.Kind, def.LowWins = store.KindRanking, false
	}
	if want.Cooperative { // won or lost together, whatever its points
		def.Kind, def.LowWins, def.Coop = store.KindWinner, false, true
	}
	if len([]rune(def.Name)) > store.MaxGameNameLen {
		def.Name = string([]rune(def.Name)[:store.MaxGameNameLen])
	}
	return def
}
