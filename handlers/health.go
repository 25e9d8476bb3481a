package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// healthPath is the health check's address, for a load balancer, a
// container platform or a monitor.
const healthPath = "/healthz"

// health answers 200 while the database answers a small query within
// store.HealthTimeout, 503 when it does not: no cookie, no rate limit, no
// turn to wait for (see route), and no log line, however often it is asked.
func (s *Server) health(c echo.Context) error {
	h := c.Response().Header()
	h.Set("Cache-Control", "no-store")
	if err := s.store.Healthy(c.Request().Context()); err != nil {
		h.Set("Retry-After", "5")
		return c.String(http.StatusServiceUnavailable, "database not answering\n")
	}
	return c.String(http.StatusOK, "ok\n")
}
