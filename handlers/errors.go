package handlers

import (
	"context"
	"database/sql/driver"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/serve"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// handleError is the one place where an error becomes a status and a page:
// not found → 404, conflict → 409, the database not answering → 503, an echo.HTTPError keeps its code, anything
// else → 500 with a safe sentence while the detail goes to the log. An htmx
// request gets a fragment instead of a page; the API gets JSON.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	if c.Request().Context().Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, driver.ErrBadConn)) {
		// The phone went away (closed the page, lost the network) before the
		// answer: nothing to tell it, and nothing wrong on this side. A write
		// it interrupted was rolled back whole. (pgx answers a query its
		// context ended with driver.ErrBadConn, having closed the connection.)
		s.log.Debug("request abandoned by the client", "method", c.Request().Method, "path", c.Path(), "client", c.RealIP())
		return
	}
	// A database that stopped answering is said as such (503), not as a
	// fault of this server (500).
	// An answer already decided (a 408 for a stalled body, whose cause is
	// the client's network, not the database's) is kept as it is.
	if he := (*echo.HTTPError)(nil); !errors.As(err, &he) {
		err = store.Unavailable(c.Request().Context(), err)
	}
	status, key := errorStatus(err)
	s.metrics.answered(err, status)
	if status == http.StatusServiceUnavailable {
		c.Response().Header().Set("Retry-After", "5")
	}
	var args []any // a refusal's message may say the limit
	if gr := (*serve.Refusal)(nil); errors.As(err, &gr) {
		args = gr.Args
	}
	if le := (*store.LimitError)(nil); errors.As(err, &le) {
		args = []any{"N", le.Max}
		if isImport(c.Path()) { // the group does not have them yet: the file would bring them
			key = "limit.import." + le.What
		}
	}
	if status == http.StatusServiceUnavailable {
		// Said once per request while the database is down: a warning,
		// the database's fault, not this server's.
		s.log.Warn("database not answering", "method", c.Request().Method, "path", c.Path(), "client", c.RealIP(), "err", err)
	} else if status >= 500 {
		s.log.Error("request failed", "method", c.Request().Method, "path", c.Path(), "client", c.RealIP(), "err", err)
	}
	if jsonRefusals(c) {
		code := map[int]string{400: "invalid_state", 403: "forbidden", 404: "not_found", 409: "conflict", 413: "too_large", 422: "invalid_state", 429: "too_many", 503: "unavailable"}[status]
		if code == "" {
			code = "internal"
		}
		c.JSON(status, apiError{Error: apiErrorBody{Code: code, Message: views.T(s.viewCtx(c), key, args...)}})
		return
	}
	ctx := s.viewCtx(c)
	page := views.ErrorPage{Status: status, Title: views.T(ctx, key+".title"), Message: views.T(ctx, key, args...)}
	component := views.Error(page)
	if isHTMX(c) {
		component = views.ErrorFragment(page)
	}
	if err := s.render(c, status, component); err != nil && !c.Response().Committed {
		// A refusal is never an empty 200: without its page, it is said in words.
		s.log.Debug("error page not rendered", "status", status, "err", err)
		c.Response().Header().Set(echo.HeaderContentType, echo.MIMETextPlainCharsetUTF8)
		c.String(status, page.Title+"\n"+page.Message+"\n")
	}
}

// errorStatus is the status an error becomes and the message that says so.
func errorStatus(err error) (status int, key string) {
	var he *echo.HTTPError
	var gr *serve.Refusal
	var le *store.LimitError
	switch {
	case errors.As(err, &le):
		return http.StatusRequestEntityTooLarge, "limit." + le.What
	case errors.As(err, &gr):
		return gr.Status, gr.Key
	case errors.Is(err, store.ErrNotFound):
		return http.StatusNotFound, "error.notfound"
	case errors.Is(err, store.ErrConflict):
		return http.StatusConflict, "error.conflict"
	case errors.Is(err, store.ErrBusy):
		return http.StatusServiceUnavailable, "error.busy"
	case errors.Is(err, store.ErrUnavailable):
		return http.StatusServiceUnavailable, "error.unavailable"
	case errors.Is(err, store.ErrInvalid):
		return http.StatusUnprocessableEntity, "error.badrequest"
	case !errors.As(err, &he):
		return http.StatusInternalServerError, "error.internal"
	}
	switch status = he.Code; {
	case status == http.StatusNotFound || status == http.StatusMethodNotAllowed:
		return http.StatusNotFound, "error.notfound"
	case status == http.StatusForbidden:
		return status, "error.forbidden"
	case status == http.StatusTooManyRequests:
		return status, "error.toomany"
	case status == http.StatusRequestEntityTooLarge:
		return status, "error.toolarge"
	case status == http.StatusRequestTimeout:
		return status, "error.slow"
	case status < 500:
		return status, "error.badrequest"
	}
	return status, "error.internal"
}
