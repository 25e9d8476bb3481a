package handlers

import (
	"encoding/json"
	"net/http"
	"strconv"

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
		if len(mt.Rounds) != 1 || !bgstats.IsFinal(mt.Rounds[0].Entry) {
			mt.Rounds = nil // only a play's final-scores round says something the seats do not
		}
		mt.Rulings, mt.Rules = nil, nil
		e.Matches = append(e.Matches, mt)
		return nil
	})
	if err != nil {
		return err
	}
	f := bgstats.Export(e, s.zone, s.bgstatsGame)
	h := c.Response().Header()
	h.Set("Content-Disposition", `attachment; filename="`+exportName(m.group.Slug, "bgstats.json", s.store.Now())+`"`)
	h.Set(echo.HeaderContentType, "application/json; charset=utf-8")
	c.Response().WriteHeader(http.StatusOK)
	return json.NewEncoder(c.Response()).Encode(f)
}

// bgstatsGame is what the BG Stats export says of one of our games: which
// way it counts and who started a match recorded here (the seat after the
// first dealer, or the first starter, as the game's new-match option says).
func (s *Server) bgstatsGame(game string) bgstats.GameInfo {
	g, ok := s.byID[game]
	return bgstats.GameInfo{LowWins: ok && g.LowWins(), StartSeat: func(opts map[string]string, seats int) int {
		key := firstDealerOption[game]
		n, err := strconv.Atoi(opts[key])
		if key == "" || err != nil || n < 1 || n > seats {
			return -1
		}
		if game == "fivecrowns" { // the player after the dealer starts (RULES.md, Five Crowns)
			return n % seats
		}
		return n - 1
	}}
}
