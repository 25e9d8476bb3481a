package handlers

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/games/custom"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// A group's games are the registered ones (s.games, the same for every
// group) and the group's own other games, which are data (store.GroupGame,
// played through the one generic kind games/custom). A game id is resolved
// here only: first in the registered list, then in the group's definitions.

// gameSet is the games one group can play.
type gameSet struct {
	s   *Server
	own []Game // the group's other games, in the order they were added
}

// groupGames reads the group's other games once, for a page that resolves
// many matches.
func (s *Server) groupGames(ctx context.Context, groupID int64) (gameSet, error) {
	defs, err := s.store.GroupGames(ctx, groupID)
	if err != nil {
		return gameSet{}, err
	}
	gs := gameSet{s: s}
	for _, d := range defs {
		gs.own = append(gs.own, custom.New(d))
	}
	return gs, nil
}

// get resolves a game id: a registered game, then one of the group's.
func (gs gameSet) get(id string) (Game, bool) {
	if g, ok := gs.s.byID[id]; ok {
		return g, true
	}
	for _, g := range gs.own {
		if g.ID() == id {
			return g, true
		}
	}
	return nil, false
}

// all is every game the group can play: the registered ones, then its own.
func (gs gameSet) all() []Game {
	return append(append([]Game(nil), gs.s.games...), gs.own...)
}

// fileGames is the registered games and an export file's other games.
func (s *Server) fileGames(defs []store.ExportGame) gameSet {
	gs := gameSet{s: s}
	for _, d := range defs {
		gs.own = append(gs.own, custom.New(d.GroupGame(0)))
	}
	return gs
}

// gameOf resolves the game id of one of the group's matches (or of a new
// match): the one function that knows where games live.
func (s *Server) gameOf(ctx context.Context, groupID int64, id string) (Game, bool, error) {
	if g, ok := s.byID[id]; ok {
		return g, true, nil
	}
	if _, ok := store.GroupGameNum(id); !ok {
		return nil, false, nil
	}
	gs, err := s.groupGames(ctx, groupID)
	if err != nil {
		return nil, false, err
	}
	g, ok := gs.get(id)
	return g, ok, nil
}

// gameParam is the game a request names, of the member's group: 404 when
// the group has no such game.
func (s *Server) gameParam(c echo.Context, name string) (Game, error) {
	g, ok, err := s.gameOf(c.Request().Context(), memberOf(c).group.ID, name)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, echo.NewHTTPError(http.StatusNotFound)
	}
	return g, nil
}

// links are the new-match buttons: every game the group can play.
func (gs gameSet) links(lang string) []views.GameLink {
	all := gs.all()
	out := make([]views.GameLink, 0, len(all))
	for _, g := range all {
		out = append(out, views.GameLink{ID: g.ID(), Name: g.Name(lang)})
	}
	return out
}
