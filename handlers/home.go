package handlers

import (
	"crypto/subtle"
	"errors"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

func (s *Server) gameLinks(lang string) []views.GameLink {
	out := make([]views.GameLink, 0, len(s.games))
	for _, g := range s.games {
		out = append(out, views.GameLink{ID: g.ID(), Name: g.Name(lang)})
	}
	return out
}

func (s *Server) home(c echo.Context) error {
	return s.render(c, http.StatusOK, views.HomePage(s.homeModel(c, views.GroupForm{})))
}

func (s *Server) homeModel(c echo.Context, form views.GroupForm) views.Home {
	h := views.Home{Games: s.gameLinks(lang(c)), Form: form}
	// The groups this browser belongs to, from its session cookie alone.
	groups, err := s.store.GroupsOf(c.Request().Context(), sessionToken(c))
	if err == nil {
		for _, g := range groups {
			h.Groups = append(h.Groups, views.GroupNav{Slug: g.Slug, Name: g.Name})
		}
	}
	return h
}

func (s *Server) refereeIndex(c echo.Context) error {
	return s.render(c, http.StatusOK, views.RefereeIndex(s.gameLinks(lang(c))))
}

// checkName returns the translated problem with a name, "" when it is fine.
func checkName(name string) string {
	switch n := utf8.RuneCountInString(strings.TrimSpace(name)); {
	case n == 0:
		return "form.name.required"
	case n > store.MaxNameLen:
		return "form.name.toolong"
	}
	return ""
}

func (s *Server) createGroup(c echo.Context) error {
	form := views.GroupForm{Name: c.FormValue("name"), Display: c.FormValue("display"), Errors: views.FieldErrors{}}
	ctx := s.viewCtx(c)
	if k := checkName(form.Name); k != "" {
		form.Errors["name"] = views.T(ctx, k)
	}
	if k := checkName(form.Display); k != "" {
		form.Errors["display"] = views.T(ctx, k)
	}
	if len(form.Errors) > 0 {
		return s.render(c, http.StatusUnprocessableEntity, views.HomePage(s.homeModel(c, form)))
	}
	created, err := s.store.CreateGroup(c.Request().Context(), form.Name, form.Display, sessionToken(c))
	if err != nil {
		return err
	}
	setSession(c, created.SessionToken)
	// The admin link is shown once, on the group page right after creation.
	c.SetCookie(&http.Cookie{Name: "tk_admin_once", Value: created.AdminToken, Path: "/g/" + created.Group.Slug, MaxAge: 300, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	return c.Redirect(http.StatusSeeOther, "/g/"+created.Group.Slug)
}

func (s *Server) joinForm(c echo.Context) error {
	if s.joins.blocked(c.RealIP()) {
		return echo.NewHTTPError(http.StatusTooManyRequests)
	}
	g, err := s.store.GroupBySlug(c.Request().Context(), c.Param("group"))
	if err != nil || !sameToken(g.InviteToken, c.Param("token")) {
		return s.joinRefused(c)
	}
	return s.render(c, http.StatusOK, views.JoinGroup(views.JoinPage{GroupName: g.Name, Action: c.Request().URL.Path}))
}

func (s *Server) join(c echo.Context) error {
	ip := c.RealIP()
	if s.joins.blocked(ip) {
		return echo.NewHTTPError(http.StatusTooManyRequests)
	}
	display := c.FormValue("display")
	if k := checkName(display); k != "" {
		g, err := s.store.GroupBySlug(c.Request().Context(), c.Param("group"))
		if err != nil || !sameToken(g.InviteToken, c.Param("token")) {
			return s.joinRefused(c)
		}
		return s.render(c, http.StatusUnprocessableEntity, views.JoinGroup(views.JoinPage{GroupName: g.Name, Action: c.Request().URL.Path,
			Form: views.NameForm{Name: display, Error: views.T(s.viewCtx(c), k)}}))
	}
	tok, err := s.store.Join(c.Request().Context(), c.Param("group"), c.Param("token"), display, sessionToken(c))
	if errors.Is(err, store.ErrNotFound) {
		return s.joinRefused(c)
	}
	if err != nil {
		return err
	}
	setSession(c, tok)
	return c.Redirect(http.StatusSeeOther, "/g/"+c.Param("group"))
}

// sameToken compares secrets in constant time.
func sameToken(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

// joinRefused counts a failed join (a wrong or stale link) and answers 404.
func (s *Server) joinRefused(c echo.Context) error {
	s.joins.fail(c.RealIP())
	return echo.NewHTTPError(http.StatusNotFound)
}

func (s *Server) claimAdmin(c echo.Context) error {
	if s.joins.blocked(c.RealIP()) {
		return echo.NewHTTPError(http.StatusTooManyRequests)
	}
	tok, err := s.store.ClaimAdmin(c.Request().Context(), c.Param("group"), c.Param("token"), sessionToken(c))
	if errors.Is(err, store.ErrNotFound) {
		return s.joinRefused(c)
	}
	if err != nil {
		return err
	}
	setSession(c, tok)
	return c.Redirect(http.StatusSeeOther, "/g/"+c.Param("group"))
}
