package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

func (s *Server) refereePage(c echo.Context) error {
	g, ok := s.byID[c.Param("game")]
	page, ok2 := g.(RefereePage)
	if !ok || !ok2 {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	var ruling Ruling
	from := s.refereeFrom(c, g)
	comp, status := page.Referee(RefereeCtx{Ctx: s.viewCtx(c), Lang: lang(c), Form: form, Post: c.Request().Method == http.MethodPost,
		Action: pathTo(c, routeReferee, g.ID()), Ruling: &ruling, From: from})
	if from != nil && (status != http.StatusOK || ruling.Summary == "") {
		from.Form = "" // nothing judged, nothing to keep: only the way back
	}
	return s.render(c, status, comp)
}
