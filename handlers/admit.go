package handlers

import (
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/serve"
)

// admitted is the admission of every request (serve.Admission): the
// handlers say what each route is, the security headers go on every answer,
// refusals made there included.
func (s *Server) admitted(next echo.HandlerFunc) echo.HandlerFunc {
	return securityHeaders(s.admission.Admit(next))
}

// route is what admission needs to know of c's route.
func (s *Server) route(c echo.Context) serve.Route {
	path := c.Path()
	return serve.Route{Direct: strings.HasSuffix(path, "/events") || path == healthPath, Export: isExport(path), Import: isImport(path),
		Free: needsNoDatabase(c), Limit: bodySize(path)}
}

// Size limits of a request body, by route.
const (
	// formLimit bounds a form: a round of seven players with every card
	// typed is a few kilobytes.
	formLimit = 64 << 10
	// uploadLimit bounds an import's request: the file and the form around it.
	uploadLimit = maxImport + 64<<10
)

// needsNoDatabase reports whether c's request is answered without the
// database: the JSON API, the referee (unless opened from a match, whose
// cookie it reads the match by) and the static files.
func needsNoDatabase(c echo.Context) bool {
	switch path := c.Path(); {
	case strings.HasPrefix(path, "/api/"), strings.HasPrefix(path, "/static/"):
		return true
	case path == "/referee" || path == "/referee/:game":
		_, err := c.Cookie(rulingCookie)
		return err != nil
	case path == "/manifest.webmanifest", path == "/icon.svg", path == "/sw.js", path == "/app-strings/:file", strings.HasSuffix(path, ".png"):
		return true
	}
	return false
}

func isExport(path string) bool {
	switch path {
	case "/g/:group/export.csv", "/g/:group/export.json", "/g/:group/export.json.gz", "/g/:group/export.bgstats.json":
		return true
	}
	return false
}

func isImport(path string) bool {
	switch path {
	case "/import", "/g/:group/import", "/g/:group/import/bgstats", "/g/:group/import/bgstats/confirm":
		return true
	}
	return false
}

// bodySize is the size limit of the body of a request to route path.
func bodySize(path string) int64 {
	switch {
	case isImport(path):
		return uploadLimit
	case strings.HasPrefix(path, "/api/"):
		return maxBody
	}
	return formLimit
}
