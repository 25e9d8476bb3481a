package handlers

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	qrcode "github.com/skip2/go-qrcode"

	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// groupHome is the group's page: its games, its invite and its recent
// matches. It is kept in the page cache like the scoresheet (its QR code
// alone costs a millisecond), except on the one visit that shows the admin
// link, which no cache keeps.
func (s *Server) groupHome(c echo.Context) error {
	if _, err := c.Cookie("tk_admin_once"); err == nil && memberOf(c).who.IsAdmin {
		secret(c) // the admin link: never kept
		page, err := s.groupPage(c)
		if err != nil {
			return err
		}
		return s.render(c, http.StatusOK, views.GroupHome(page))
	}
	// The ways back to the matches in progress come in the order of this
	// phone's own match and seats: the kept page is this phone's.
	who := strconv.FormatInt(memberOf(c).who.PlayerID, 10) + "/" + strconv.FormatInt(ownMatch(c), 10)
	return s.cachedPageFor(c, who, func() ([]byte, error) {
		page, err := s.groupPage(c)
		if err != nil {
			return nil, err
		}
		return s.renderBytes(c, views.GroupHome(page))
	})
}

func (s *Server) groupPage(c echo.Context) (views.GroupPage, error) {
	m := memberOf(c)
	ctx := c.Request().Context()
	vctx := s.viewCtx(c)
	matches, err := s.store.Matches(ctx, m.group.ID, 50)
	if err != nil {
		return views.GroupPage{}, err
	}
	players, err := s.store.Players(ctx, m.group.ID)
	if err != nil {
		return views.GroupPage{}, err
	}
	gs, err := s.groupGames(ctx, m.group.ID)
	if err != nil {
		return views.GroupPage{}, err
	}
	invite := s.baseURLFor(c.Request()) + pathTo(c, routeJoin, m.group.Slug, m.group.InviteToken)
	page := views.GroupPage{Group: m.nav(c), InviteURL: invite, InviteQR: qrSVG(invite), InviteLocal: loopbackURL(invite),
		Games: gs.links(lang(c)), Players: len(players)}
	if ck, err := c.Cookie("tk_admin_once"); err == nil && m.who.IsAdmin {
		page.JustCreated = true // the one visit right after the group was made
		page.AdminURL = s.baseURLFor(c.Request()) + pathTo(c, routeClaimAdmin, m.group.Slug, ck.Value)
		c.SetCookie(&http.Cookie{Name: "tk_admin_once", Path: pathTo(c, routeGroup, m.group.Slug), MaxAge: -1})
	}
	switch {
	case c.QueryParam("rotated") == "1":
		page.Flash = views.T(vctx, "group.rotated")
	case c.QueryParam("adminrotated") == "1" && page.AdminURL != "":
		page.Flash = views.T(vctx, "members.adminrotated")
	case c.QueryParam("deletedby") != "": // the deleting phone, and those that had the match open
		page.Flash = views.T(vctx, "match.deletedby", "Name", c.QueryParam("deletedby"))
	case c.QueryParam("gone") == "1": // the match this phone had open went while it was away
		page.Flash = views.T(vctx, "match.gone")
	}
	var inPlay []int64
	for _, mt := range matches {
		if !mt.Finished() {
			inPlay = append(inPlay, mt.ID)
		}
	}
	active, err := s.store.LastActive(ctx, inPlay)
	if err != nil {
		return views.GroupPage{}, err
	}
	var continues []continueLine
	for _, mt := range matches {
		g, ok := gs.get(mt.Game)
		if !ok {
			continue
		}
		line := views.MatchLine{URL: pathTo(c, routeMatch, m.group.Slug, mt.ID), GameID: g.ID(), Game: g.Name(lang(c)), Finished: mt.Finished(),
			When: views.HumanTime(s.local(mt.CreatedAt), lang(c)), WhenISO: mt.CreatedAt.Format(time.RFC3339)}
		var names []string
		totals := make([]int, len(mt.Seats))
		for i, st := range mt.Seats {
			names = append(names, st.Name)
			totals[i] = st.Total
		}
		line.Players = strings.Join(names, ", ")
		if mt.Finished() {
			line.Status = views.T(vctx, "match.finished")
			if mt.EndedEarly() {
				line.Status += " · " + views.T(vctx, "comego.early.short")
			}
			if r := matchResult(g, mt.Play.Result, totals); r != "" { // won or lost together, no winner
				line.Outcome = resultText(vctx, r, len(mt.Seats))
			} else {
				places := mt.Play.Places // a BG Stats play's own places
				if len(places) != len(totals) {
					places = scoring.PlacesLeft(totals, g.LowWins(), leftSeats(mt))
				}
				var w []string
				for _, i := range (scoring.Progress{Places: places}).Leaders() {
					w = append(w, names[i])
				}
				line.Winners = strings.Join(w, ", ")
			}
		} else {
			line.Status = views.T(vctx, "match.inprogress")
		}
		page.Matches = append(page.Matches, line)
		if !line.Finished {
			line.Seated = seated(mt.Seats, m.who.PlayerID)
			at, ok := active[mt.ID]
			if !ok {
				at = mt.CreatedAt
			}
			continues = append(continues, continueLine{MatchLine: line, id: mt.ID, active: at})
		}
	}
	// Two tables at once: each match in progress has its own way back, this
	// phone's own table first.
	page.Continue = orderContinues(continues, ownMatch(c))
	return page, nil
}

// seated reports whether player has a seat among seats (player 0, a member
// not yet linked to a player, has none).
func seated(seats []store.Seat, player int64) bool {
	for _, st := range seats {
		if player != 0 && st.PlayerID == player {
			return true
		}
	}
	return false
}

func (s *Server) rotateInvite(c echo.Context) error {
	m := memberOf(c)
	if _, err := s.store.RotateInvite(c.Request().Context(), m.group.ID); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, pathTo(c, routeGroup, m.group.Slug)+"?rotated=1")
}

// members lists the group's members for its admin, who can remove them and
// replace the admin link there.
func (s *Server) members(c echo.Context) error {
	page, err := s.membersPage(c)
	if err != nil {
		return err
	}
	if c.QueryParam("removed") == "1" {
		page.Flash = views.T(s.viewCtx(c), "members.removed")
	}
	return s.render(c, http.StatusOK, views.Members(page))
}

func (s *Server) membersPage(c echo.Context) (views.MembersPage, error) {
	m := memberOf(c)
	ms, err := s.store.Members(c.Request().Context(), m.group.ID)
	page := views.MembersPage{Group: m.nav(c), AdminRotate: pathTo(c, routeAdminRotate, m.group.Slug), IdleDays: store.SessionIdleDays}
	for _, x := range ms {
		page.Members = append(page.Members, views.MemberLine{Name: x.Display, Unlinked: x.PlayerID == 0, IsAdmin: x.IsAdmin, You: x.SessionID == m.who.SessionID,
			Joined: views.DayText(lang(c), s.local(x.JoinedAt)), Remove: pathTo(c, routeMemberRemove, m.group.Slug, x.SessionID)})
	}
	return page, err
}

// removeMember takes a member out of the group: that browser's session no
// longer opens the group (it sees the "not found, ask for the invite link"
// page). An admin cannot remove themselves: the group would lose its admin.
func (s *Server) removeMember(c echo.Context) error {
	m := memberOf(c)
	id, err := strconv.ParseInt(c.Param("member"), 10, 64)
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	if id == m.who.SessionID {
		page, err := s.membersPage(c)
		if err != nil {
			return err
		}
		page.Error = views.T(s.viewCtx(c), "members.notyourself")
		return s.render(c, http.StatusUnprocessableEntity, views.Members(page))
	}
	if err := s.store.RemoveMember(c.Request().Context(), m.group.ID, id); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, pathTo(c, routeMembers, m.group.Slug)+"?removed=1")
}

// leaveGroup takes this phone out of the group; its admin cannot leave
// (the group would lose its admin). What the phone kept of the group goes
// too: the browser's cache (Clear-Site-Data), and the service worker's
// copies and the waiting rounds (static/app.js, as the form is sent).
func (s *Server) leaveGroup(c echo.Context) error {
	m := memberOf(c)
	if m.who.IsAdmin {
		return echo.NewHTTPError(http.StatusForbidden)
	}
	if err := s.store.RemoveMember(c.Request().Context(), m.group.ID, m.who.SessionID); err != nil {
		return err
	}
	c.Response().Header().Set("Clear-Site-Data", `"cache"`)
	return c.Redirect(http.StatusSeeOther, "/")
}

// rotateAdmin replaces the admin link: the old one stops working at once and
// the new one is shown once, on the group page.
func (s *Server) rotateAdmin(c echo.Context) error {
	m := memberOf(c)
	tok, err := s.store.RotateAdmin(c.Request().Context(), m.group.ID)
	if err != nil {
		return err
	}
	showAdminLinkOnce(c, m.group.Slug, tok)
	return c.Redirect(http.StatusSeeOther, pathTo(c, routeGroup, m.group.Slug)+"?adminrotated=1")
}

// qrSVG draws the QR code of text as an SVG, on the server, so no request
// leaves for a QR service.
func qrSVG(text string) string {
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return ""
	}
	q.DisableBorder = true
	bm := q.Bitmap()
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges"><path fill="#000" d="`, len(bm), len(bm))
	for y, row := range bm {
		for x, on := range row {
			if on {
				fmt.Fprintf(&b, "M%d %dh1v1h-1z", x, y)
			}
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String()
}

// loopbackURL reports whether u names this computer only (localhost, an
// address of 127.0.0.0/8 or ::1): a link no other phone can open.
func loopbackURL(u string) bool {
	parsed, err := url.Parse(u)
	if err != nil {
		return false
	}
	host := strings.ToLower(parsed.Hostname())
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
