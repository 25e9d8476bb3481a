package handlers

import (
	"crypto/subtle"
	"errors"
	"net/http"

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

// checkName returns the message id of the problem with a name, "" when it
// is fine: store.CheckName is the one rule, for every form and the import.
func checkName(name string) string {
	if _, why := store.CheckName(name); why != "" {
		return "form.name." + why
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
	showAdminLinkOnce(c, created.Group.Slug, created.AdminToken)
	return c.Redirect(http.StatusSeeOther, "/g/"+created.Group.Slug)
}

// showAdminLinkOnce has the group page show the admin link on its next
// visit, and never again: the link is kept hashed.
func showAdminLinkOnce(c echo.Context, slug, token string) {
	c.SetCookie(&http.Cookie{Name: "tk_admin_once", Value: token, Path: "/g/" + slug, MaxAge: 300, HttpOnly: true, SameSite: http.SameSiteLaxMode})
}

// inviteFor returns the group when token is its current invite token. A
// wrong link is counted against the client (see limiter) and answered 404,
// or 429 once the client has failed too often; a right link always passes.
func (s *Server) inviteFor(c echo.Context) (store.Group, error) {
	g, err := s.store.GroupBySlug(c.Request().Context(), c.Param("group"))
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return store.Group{}, err
	}
	if err != nil || !sameToken(g.InviteToken, c.Param("token")) {
		return store.Group{}, s.joinRefused(c)
	}
	return g, nil
}

// joinForm asks for the new member's name. It changes nothing: joining is
// the form's POST, which Go's cross-origin protection guards, so a link
// opened from another site cannot switch anyone's groups.
func (s *Server) joinForm(c echo.Context) error {
	g, err := s.inviteFor(c)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, views.JoinGroup(views.JoinPage{GroupName: g.Name, Action: c.Request().URL.Path}))
}

func (s *Server) join(c echo.Context) error {
	g, err := s.inviteFor(c)
	if err != nil {
		return err
	}
	display := c.FormValue("display")
	if k := checkName(display); k != "" {
		return s.render(c, http.StatusUnprocessableEntity, views.JoinGroup(views.JoinPage{GroupName: g.Name, Action: c.Request().URL.Path,
			Form: views.NameForm{Name: display, Error: views.T(s.viewCtx(c), k)}}))
	}
	tok, err := s.store.Join(c.Request().Context(), c.Param("group"), c.Param("token"), display, sessionToken(c))
	if errors.Is(err, store.ErrNotFound) { // the link was rotated meanwhile
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

// joinRefused counts a failed join or admin claim (a wrong or stale link)
// and answers 404, or 429 when this client has failed too often lately.
func (s *Server) joinRefused(c echo.Context) error {
	if s.joins.fail(clientKey(c)) {
		return echo.NewHTTPError(http.StatusTooManyRequests)
	}
	return echo.NewHTTPError(http.StatusNotFound)
}

// adminFor returns the group when the URL carries its current admin token;
// a wrong or revoked link is refused like a wrong invite.
func (s *Server) adminFor(c echo.Context) (store.Group, error) {
	g, err := s.store.AdminLink(c.Request().Context(), c.Param("group"), c.Param("token"))
	if errors.Is(err, store.ErrNotFound) {
		return store.Group{}, s.joinRefused(c)
	}
	return g, err
}

// claimAdminForm is what the admin link opens: a page that asks to confirm.
// It changes nothing, so a link or image on another site cannot make a
// visitor the admin of someone else's group; the claim is the POST.
func (s *Server) claimAdminForm(c echo.Context) error {
	g, err := s.adminFor(c)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, views.ClaimAdmin(views.ClaimAdminPage{GroupName: g.Name, Action: c.Request().URL.Path}))
}

// claimAdmin makes this browser an admin of the group: a same-site form post
// (Go's cross-origin protection refuses one from another site).
func (s *Server) claimAdmin(c echo.Context) error {
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
