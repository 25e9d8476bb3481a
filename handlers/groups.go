package handlers

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	qrcode "github.com/skip2/go-qrcode"

	"github.com/tablekeeper/tablekeeper/views"
)

// groupHome is the group's page: its games, its invite and its recent
// matches. It is kept in the page cache like the scoresheet (its QR code
// alone costs a millisecond), except on the one visit that shows the admin
// link.
func (s *Server) groupHome(c echo.Context) error {
	if _, err := c.Cookie("tk_admin_once"); err == nil && memberOf(c).who.IsAdmin {
		page, err := s.groupPage(c)
		if err != nil {
			return err
		}
		return s.render(c, http.StatusOK, views.GroupHome(page))
	}
	return s.cachedPage(c, func() ([]byte, error) {
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
	invite := s.baseURLFor(c.Request()) + "/join/" + m.group.Slug + "/" + m.group.InviteToken
	page := views.GroupPage{Group: m.nav(), InviteURL: invite, InviteQR: qrSVG(invite),
		Games: s.gameLinks(lang(c)), Players: len(players)}
	if ck, err := c.Cookie("tk_admin_once"); err == nil && m.who.IsAdmin {
		page.AdminURL = s.baseURLFor(c.Request()) + "/admin/" + m.group.Slug + "/" + ck.Value
		c.SetCookie(&http.Cookie{Name: "tk_admin_once", Path: "/g/" + m.group.Slug, MaxAge: -1})
	}
	if c.QueryParam("rotated") == "1" {
		page.Flash = views.T(vctx, "group.rotated")
	}
	for _, mt := range matches {
		g, ok := s.byID[mt.Game]
		if !ok {
			continue
		}
		line := views.MatchLine{URL: fmt.Sprintf("/g/%s/matches/%d", m.group.Slug, mt.ID), Game: g.Name(lang(c)), Finished: mt.Finished(),
			When: views.HumanTime(s.local(mt.CreatedAt), lang(c))}
		var names []string
		totals := make([]int, len(mt.Seats))
		for i, st := range mt.Seats {
			names = append(names, st.Name)
			totals[i] = st.Total
		}
		line.Players = strings.Join(names, ", ")
		if mt.Finished() {
			line.Status = views.T(vctx, "match.finished")
			var w []string
			for _, i := range leaders(totals, g.LowWins()) {
				w = append(w, names[i])
			}
			line.Winners = strings.Join(w, ", ")
		} else {
			line.Status = views.T(vctx, "match.inprogress")
		}
		page.Matches = append(page.Matches, line)
	}
	return page, nil
}

func (s *Server) rotateInvite(c echo.Context) error {
	m := memberOf(c)
	if _, err := s.store.RotateInvite(c.Request().Context(), m.group.ID); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/g/"+m.group.Slug+"?rotated=1")
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
