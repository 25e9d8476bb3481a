package handlers

import (
	"context"
	"net/http"
	"net/url"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
)

// RefereePage is what a game with a dispute page provides: given the posted
// form (nil on a first visit), the whole page to show and its status (200,
// or 422 when the described table cannot occur). The page needs no login.
type RefereePage interface {
	Referee(rc RefereeCtx) (templ.Component, int)
}

// RefereeCtx is a referee page request: the language and the posted form.
type RefereeCtx struct {
	Ctx  context.Context // carries the page language for views.T
	Lang string
	Form url.Values // the query on GET, the body on POST
	Post bool
}

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
	comp, status := page.Referee(RefereeCtx{Ctx: s.viewCtx(c), Lang: lang(c), Form: form, Post: c.Request().Method == http.MethodPost})
	return s.render(c, status, comp)
}
