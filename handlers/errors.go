package handlers

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// handleError is the one place where an error becomes a status and a page:
// not found → 404, conflict → 409, an echo.HTTPError keeps its code, anything
// else → 500 with a safe sentence while the detail goes to the log. An htmx
// request gets a fragment instead of a page; the API gets JSON.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	if c.Request().Context().Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		// The phone went away (closed the page, lost the network) before the
		// answer: nothing to tell it, and nothing wrong on this side. A write
		// it interrupted was rolled back whole.
		s.log.Debug("request abandoned by the client", "method", c.Request().Method, "path", c.Path())
		return
	}
	status, key := http.StatusInternalServerError, "error.internal"
	var he *echo.HTTPError
	switch {
	case errors.Is(err, store.ErrNotFound):
		status, key = http.StatusNotFound, "error.notfound"
	case errors.Is(err, store.ErrConflict):
		status, key = http.StatusConflict, "error.conflict"
	case errors.Is(err, store.ErrInvalid):
		status, key = http.StatusUnprocessableEntity, "error.badrequest"
	case errors.As(err, &he):
		status = he.Code
		switch {
		case status == http.StatusNotFound || status == http.StatusMethodNotAllowed:
			status, key = http.StatusNotFound, "error.notfound"
		case status == http.StatusForbidden:
			key = "error.forbidden"
		case status == http.StatusTooManyRequests:
			key = "error.toomany"
		case status == http.StatusRequestEntityTooLarge:
			key = "error.toolarge"
		case status == http.StatusRequestTimeout:
			key = "error.slow"
		case status < 500:
			key = "error.badrequest"
		}
	}
	if status >= 500 {
		s.log.Error("request failed", "method", c.Request().Method, "path", c.Path(), "err", err)
	}
	if isAPI(c) {
		code := map[int]string{404: "not_found", 413: "too_large", 429: "too_many"}[status]
		if code == "" {
			code = "internal"
		}
		c.JSON(status, apiError{Error: apiErrorBody{Code: code, Message: views.T(s.viewCtx(c), key)}})
		return
	}
	ctx := s.viewCtx(c)
	page := views.ErrorPage{Status: status, Title: views.T(ctx, key+".title"), Message: views.T(ctx, key)}
	if isHTMX(c) {
		s.render(c, status, views.ErrorFragment(page))
		return
	}
	s.render(c, status, views.Error(page))
}
