package handlers

import (
	"encoding/json"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/store/bgstats"
)

// exportBGStats sends the group's finished matches as a BG Stats file
// (see bgstats.Export): players, dates in the server's zone, final scores,
// winners and places. Only what a match's seats say is kept from each
// match (not its rounds), so a large group costs a few hundred bytes a match.
func (s *Server) exportBGStats(c echo.Context) error {
	m := memberOf(c)
	var e store.Export
	err := s.store.ExportTo(c.Request().Context(), m.group.ID, func(head store.Export) error {
		e = head
		return nil
	}, func(mt store.ExportMatch) error {
		mt.Rounds, mt.Rulings, mt.Options, mt.Rules = nil, nil, nil, nil
		e.Matches = append(e.Matches, mt)
		return nil
	})
	if err != nil {
		return err
	}
	gs, err := s.groupGames(c.Request().Context(), m.group.ID)
	if err != nil {
		return err
	}
	f := bgstatsNames(gs.all()).Export(e, s.zone, func(game string) bool {
		g, ok := gs.get(game)
		return ok && g.LowWins()
	})
	// The group's other games carry their BoardGameGeek id, when told.
	for i, fg := range f.Games {
		for _, g := range gs.own {
			if id := bggID(g); id > 0 && g.Profile().BGStats.Export == fg.Name {
				f.Games[i].BGGID = int64(id)
			}
		}
	}
	h := c.Response().Header()
	h.Set("Content-Disposition", `attachment; filename="`+exportName(m.group.Slug, "bgstats.json", s.store.Now())+`"`)
	h.Set(echo.HeaderContentType, "application/json; charset=utf-8")
	c.Response().WriteHeader(http.StatusOK)
	return json.NewEncoder(c.Response()).Encode(f)
}

// bgstatsNames are the games' names in BG Stats files, as each declares them.
func bgstatsNames(games []Game) bgstats.Names {
	var names []bgstats.GameNames
	for _, g := range games {
		p := g.Profile().BGStats
		names = append(names, bgstats.GameNames{ID: g.ID(), Export: p.Export, Known: p.Known})
	}
	return bgstats.NewNames(names...)
}
