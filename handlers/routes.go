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
	if s.metrics != nil {
		e.Use(s.metrics.observe) // every answer, refusals included
	}
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
	for _, png := range homeScreenIcons {
		e.GET("/"+png, s.fixedAsset(png))
	}
	e.GET(healthPath, s.health)
	e.GET("/sw.js", s.serviceWorker)             // the offline worker, at the root for its scope (handlers/offline.go)
	e.GET("/app-strings/:file", s.clientStrings) // app.js's own sentences, en.json or fr.json

	// Public pages: no login.
	e.GET("/", s.home)
	e.GET("/lang", s.setLang)
	newGroups := s.groupLimit() // one count for both ways of making a group
	e.POST("/groups", s.createGroup, newGroups)
	e.POST("/import", s.importFromHome, newGroups)
	e.GET("/join/:group/:token", s.joinForm).Name = routeJoin
	e.POST("/join/:group/:token", s.join)
	e.GET("/admin/:group/:token", s.claimAdminForm).Name = routeClaimAdmin // asks to confirm: a GET changes nothing
	e.POST("/admin/:group/:token", s.claimAdmin)
	e.GET("/referee", s.refereeIndex)
	e.GET("/referee/:game", s.refereePage).Name = routeReferee
	e.POST("/referee/:game", s.refereePage)

	// A group's pages: members only; everyone else gets 404.
	g := e.Group("/g/:group", s.requireMember)
	g.GET("", s.groupHome).Name = routeGroup
	g.POST("/invite/rotate", s.rotateInvite, requireAdmin).Name = routeInviteRotate
	g.POST("/admin/rotate", s.rotateAdmin, requireAdmin).Name = routeAdminRotate
	g.POST("/leave", s.leaveGroup).Name = routeLeave // this phone leaves (groups.go)
	g.GET("/members", s.members, requireAdmin).Name = routeMembers
	g.POST("/members/:member/remove", s.removeMember, requireAdmin).Name = routeMemberRemove
	g.GET("/players", s.players).Name = routePlayers
	g.POST("/players", s.addPlayer)
	g.POST("/players/:player", s.updatePlayer)
	g.GET("/games", s.otherGames).Name = routeGames // the group's other games (othergames_page.go)
	g.POST("/games", s.addOtherGame, requireAdmin)
	g.GET("/rules", s.houseRules).Name = routeRules
	g.POST("/rules/:game", s.saveHouseRules).Name = routeRulesSave
	g.GET("/matches/new", s.newMatch).Name = routeNewMatch
	g.POST("/matches", s.createMatch).Name = routeMatches
	g.GET("/matches/:match", s.scoresheet).Name = routeMatch
	g.GET("/matches/:match/events", s.matchEvents).Name = routeMatchEvents
	g.GET("/matches/:match/chart", s.matchChart).Name = routeMatchChart // opened from a match still played
	g.GET("/matches/:match/changes", s.matchChanges)                    // what the others changed while a phone was away
	g.POST("/matches/:match/rounds", s.postRound).Name = routeRounds
	g.POST(linesRoute, s.postLine).Name = routeLines // a player's own line of the next round (issue 37); its refusals are JSON to JSON clients
	g.GET(linesRoute, s.backToMatch)
	g.GET("/matches/:match/rounds", s.backToMatch) // a reload after a form posted without JavaScript
	g.GET("/matches/:match/rounds/:round/edit", s.editRound).Name = routeRoundEdit
	g.POST("/matches/:match/rounds/:round", s.postEdit).Name = routeRound
	g.GET("/matches/:match/rounds/:round/history", s.roundHistory).Name = routeRoundHistory
	g.POST("/matches/:match/undo", s.undoRound).Name = routeMatchUndo
	g.POST("/matches/:match/leave", s.playerLeaves).Name = routeMatchLeave
	g.POST("/matches/:match/return", s.playerReturns).Name = routeMatchReturn
	g.POST("/matches/:match/end", s.endMatch).Name = routeMatchEnd
	g.GET("/matches/:match/referee", s.openReferee).Name = routeMatchReferee
	g.POST("/matches/:match/rulings", s.saveRuling).Name = routeMatchRulings

	// Season standings, player pages, records, charts, export and import (issue 7).
	g.GET("/standings", s.standingsPage).Name = routeStandings
	g.POST("/seasons", s.addSeason).Name = routeSeasons
	g.POST("/seasons/:season/delete", s.deleteSeason, requireAdmin).Name = routeSeasonDelete
	g.GET("/players/:player", s.playerPage).Name = routePlayer
	g.GET("/records", s.recordsPage).Name = routeRecords
	g.GET("/export", s.exportPage).Name = routeExport
	g.GET("/export.csv", s.exportCSV).Name = routeExportCSV
	g.GET("/export.json", s.exportJSON).Name = routeExportJSON
	g.GET("/export.json.gz", s.exportJSON).Name = routeExportJSONGzip
	g.GET("/export.bgstats.json", s.exportBGStats).Name = routeExportBGStats
	g.POST("/import", s.importGroup).Name = routeImport
	g.POST("/import/bgstats", s.uploadBGStats, requireAdmin).Name = routeImportBGStats
	g.POST("/import/bgstats/confirm", s.confirmBGStats, requireAdmin).Name = routeImportBGStatsConfirm
	g.POST("/public", s.publicLink, requireAdmin).Name = routePublic
	g.POST("/matches/:match/delete", s.deleteMatch, requireAdmin).Name = routeMatchDelete
	g.POST("/players/:player/admit", s.admitGuest, requireAdmin).Name = routePlayerAdmit
	e.GET("/s/:group/:token", s.publicStandings).Name = routePublicStandings // read-only standings behind the admin's public link

	// The JSON API (API.md): no login, no stored data.
	api := e.Group("/api/v1", bodyLimit)
	s.apiRoutes(api)
}

// The routes' names: pathTo builds a path by its route's name, so that the
// site map above is the one place a path is spelled.
const (
	routeJoin                 = "join"
	routeClaimAdmin           = "claimAdmin"
	routeReferee              = "referee"
	routeGroup                = "group"
	routeInviteRotate         = "inviteRotate"
	routeAdminRotate          = "adminRotate"
	routeLeave                = "leave"
	routeMembers              = "members"
	routeMemberRemove         = "memberRemove"
	routePlayers              = "players"
	routeGames                = "games"
	routeRules                = "rules"
	routeRulesSave            = "rulesSave"
	routeNewMatch             = "newMatch"
	routeMatches              = "matches"
	routeMatch                = "match"
	routeMatchEvents          = "matchEvents"
	routeRounds               = "rounds"
	routeRound                = "round"
	routeLines                = "lines"
	routeRoundEdit            = "roundEdit"
	routeRoundHistory         = "roundHistory"
	routeMatchChart           = "matchChart"
	routeMatchUndo            = "matchUndo"
	routeMatchLeave           = "matchLeave"
	routeMatchReturn          = "matchReturn"
	routeMatchEnd             = "matchEnd"
	routeMatchReferee         = "matchReferee"
	routeMatchRulings         = "matchRulings"
	routeStandings            = "standings"
	routePlayer               = "player"
	routeRecords              = "records"
	routeSeasons              = "seasons"
	routeSeasonDelete         = "seasonDelete"
	routePlayerAdmit          = "playerAdmit"
	routeExport               = "export"
	routeExportCSV            = "exportCSV"
	routeExportJSON           = "exportJSON"
	routeExportJSONGzip       = "exportJSONGzip"
	routeExportBGStats        = "exportBGStats"
	routeImport               = "import"
	routeImportBGStats        = "importBGStats"
	routeImportBGStatsConfirm = "importBGStatsConfirm"
	routePublic               = "public"
	routeMatchDelete          = "matchDelete"
	routePublicStandings      = "publicStandings"
)

// pathTo is the path of the route named name, its parameters filled in
// order (Echo's Reverse).
func pathTo(c echo.Context, name string, params ...any) string {
	return c.Echo().Reverse(name, params...)
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

// homeScreenIcons are the PNG icons a phone's home screen asks for, at the
// root: the manifest's, and the apple-touch-icon iOS looks for there. They
// were drawn once from static/icon.svg with rsvg-convert (Debian's
// librsvg2-bin); the maskable one and the apple-touch-icon fill the square,
// the drawing in its middle 80 %.
var homeScreenIcons = []string{"icon-192.png", "icon-512.png", "icon-maskable-512.png", "apple-touch-icon.png"}

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
