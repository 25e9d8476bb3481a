package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// routes is the site map, top to bottom.
func (s *Server) routes(e *echo.Echo) {
	e.Pre(headAsGet)
	e.Use(middleware.Recover())
	// HSTS and the security headers go on every answer, the refusals of
	// the rate limit included; a refused request takes no turn.
	e.Use(s.strictTransport, securityHeaders, s.requestLimit())
	e.Use(s.admitted)
	e.Use(securityHeaders)
	e.Use(s.secureCookies)
	// Cross-site form posts are refused. The JSON API is meant for other
	// clients, reads no session and stores nothing, so it is left open.
	cop := http.NewCrossOriginProtection()
	cop.AddInsecureBypassPattern("/api/")
	e.Use(echo.WrapMiddleware(cop.Handler))
	// Pages are gzipped in render (stateless: no compressor kept,
	// so memory stays flat under load) and static files once at start-up.

	// Static files under content-hashed names, and the two fixed names a phone asks for.
	e.GET("/static/*", echo.WrapHandler(s.assets))
	e.GET("/manifest.webmanifest", s.fixedAsset("manifest.webmanifest"))
	e.GET("/icon.svg", s.fixedAsset("icon.svg"))
	e.GET("/sw.js", s.serviceWorker)             // the offline worker, at the root for its scope (handlers/offline.go)
	e.GET("/app-strings/:file", s.clientStrings) // app.js's own sentences, en.json or fr.json

	// Public pages: no login.
	e.GET("/", s.home)
	e.GET("/lang", s.setLang)
	newGroups := s.groupLimit() // one count for both ways of making a group
	e.POST("/groups", s.createGroup, newGroups)
	e.POST("/import", s.importFromHome, newGroups)
	e.GET("/join/:group/:token", s.joinForm)
	e.POST("/join/:group/:token", s.join)
	e.GET("/admin/:group/:token", s.claimAdminForm) // asks to confirm: a GET changes nothing
	e.POST("/admin/:group/:token", s.claimAdmin)
	e.GET("/referee", s.refereeIndex)
	e.GET("/referee/:game", s.refereePage)
	e.POST("/referee/:game", s.refereePage)

	// A group's pages: members only; everyone else gets 404.
	g := e.Group("/g/:group", s.requireMember)
	g.GET("", s.groupHome)
	g.POST("/invite/rotate", s.rotateInvite, requireAdmin)
	g.POST("/admin/rotate", s.rotateAdmin, requireAdmin)
	g.POST("/leave", s.leaveGroup) // this phone leaves (groups.go)
	g.GET("/members", s.members, requireAdmin)
	g.POST("/members/:member/remove", s.removeMember, requireAdmin)
	g.GET("/players", s.players)
	g.POST("/players", s.addPlayer)
	g.POST("/players/:player", s.updatePlayer)
	g.GET("/games", s.otherGames) // the group's other games (othergames_page.go)
	g.POST("/games", s.addOtherGame, requireAdmin)
	g.GET("/rules", s.houseRules)
	g.POST("/rules/:game", s.saveHouseRules)
	g.GET("/matches/new", s.newMatch)
	g.POST("/matches", s.createMatch)
	g.GET("/matches/:match", s.scoresheet)
	g.GET("/matches/:match/events", s.matchEvents)
	g.GET("/matches/:match/chart", s.matchChart)     // opened from a match still played
	g.GET("/matches/:match/changes", s.matchChanges) // what the others changed while a phone was away
	g.POST("/matches/:match/rounds", s.postRound)
	g.GET("/matches/:match/rounds", s.backToMatch) // a reload after a form posted without JavaScript
	g.GET("/matches/:match/rounds/:round/edit", s.editRound)
	g.POST("/matches/:match/rounds/:round", s.postEdit)
	g.GET("/matches/:match/rounds/:round/history", s.roundHistory)
	g.POST("/matches/:match/undo", s.undoRound)
	g.POST("/matches/:match/leave", s.playerLeaves)
	g.POST("/matches/:match/return", s.playerReturns)
	g.POST("/matches/:match/end", s.endMatch)
	g.GET("/matches/:match/referee", s.openReferee)
	g.POST("/matches/:match/rulings", s.saveRuling)

	// Season standings, player pages, records, charts, export and import (issue 7).
	g.GET("/standings", s.standingsPage)
	g.POST("/seasons", s.addSeason)
	g.POST("/seasons/:season/delete", s.deleteSeason, requireAdmin)
	g.GET("/players/:player", s.playerPage)
	g.GET("/records", s.recordsPage)
	g.GET("/export", s.exportPage)
	g.GET("/export.csv", s.exportCSV)
	g.GET("/export.json", s.exportJSON)
	g.GET("/export.json.gz", s.exportJSON)
	g.GET("/export.bgstats.json", s.exportBGStats)
	g.POST("/import", s.importGroup)
	g.POST("/import/bgstats", s.uploadBGStats, requireAdmin)
	g.POST("/import/bgstats/confirm", s.confirmBGStats, requireAdmin)
	g.POST("/public", s.publicLink, requireAdmin)
	g.POST("/matches/:match/delete", s.deleteMatch, requireAdmin)
	g.POST("/players/:player/admit", s.admitGuest, requireAdmin)
	e.GET("/s/:group/:token", s.publicStandings) // read-only standings behind the admin's public link

	// The JSON API (API.md): no login, no stored data.
	api := e.Group("/api/v1", bodyLimit)
	s.apiRoutes(api)
}

// securityHeaders: no inline script, no framing, no sniffing, no referrer to other sites.
func securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		h["Content-Security-Policy"] = cspHeader
		h["X-Content-Type-Options"] = nosniffHeader
		h["Referrer-Policy"] = referrerHeader
		h["X-Frame-Options"] = frameHeader
		return next(c)
	}
}

// The security headers' values, one slice each for every answer (Set
// allocated four per request). Nothing changes a header's values in place;
// a later Set replaces the slice and an Add copies it (each is full: len = cap).
var (
	cspHeader      = fixedHeader("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'")
	nosniffHeader  = fixedHeader("nosniff")
	referrerHeader = fixedHeader("same-origin")
	frameHeader    = fixedHeader("DENY")
)

func fixedHeader(values ...string) []string { return values[:len(values):len(values)] }

func (s *Server) fixedAsset(name string) echo.HandlerFunc {
	return func(c echo.Context) error {
		s.assets.ServeFixed(c.Response(), c.Request(), name)
		return nil
	}
}

// headAsGet answers HEAD like GET on every page (link checkers and previews
// ask HEAD first): the router and the handler see a GET, the body is dropped,
// and the method is HEAD again before net/http writes the headers (it writes
// them after the handler, as nothing reached it), so no body is announced.
func headAsGet(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if r.Method != http.MethodHead {
			return next(c)
		}
		r.Method = http.MethodGet
		defer func() { r.Method = http.MethodHead }()
		c.Response().Writer = headWriter{c.Response().Writer}
		return next(c)
	}
}

// headWriter keeps the headers and the status of an answer, not its body.
type headWriter struct{ http.ResponseWriter }

func (headWriter) Write(p []byte) (int, error) { return len(p), nil }
