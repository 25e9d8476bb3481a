package handlers

import (
	"crypto/subtle"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/serve"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// refereeLinks are the games that have a referee page: a game without one
// has no link to it.
func (s *Server) refereeLinks(c echo.Context, lang string) []views.GameLink {
	out := make([]views.GameLink, 0, len(s.games))
	for _, g := range s.games {
		if _, ok := g.(RefereePage); ok {
			out = append(out, views.GameLink{ID: g.ID(), Name: g.Name(lang), URL: pathTo(c, routeReferee, g.ID())})
		}
	}
	return out
}

func (s *Server) home(c echo.Context) error {
	return s.render(c, http.StatusOK, views.HomePage(s.homeModel(c, views.GroupForm{})))
}

func (s *Server) homeModel(c echo.Context, form views.GroupForm) views.Home {
	h := views.Home{Games: s.refereeLinks(c, lang(c)), Form: form}
	// The groups this browser belongs to, from its session cookie alone.
	groups, err := s.store.GroupsOf(c.Request().Context(), sessionToken(c))
	if err == nil {
		for _, g := range groups {
			h.Groups = append(h.Groups, views.GroupNav{Slug: g.Slug, Name: g.Name, Paths: groupPaths(c, g.Slug)})
		}
	}
	return h
}

func (s *Server) refereeIndex(c echo.Context) error {
	return s.render(c, http.StatusOK, views.RefereeIndex(s.refereeLinks(c, lang(c))))
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
	return c.Redirect(http.StatusSeeOther, pathTo(c, routeGroup, created.Group.Slug))
}

// showAdminLinkOnce has the group page show the admin link on its next
// visit, and never again: the link is kept hashed.
func showAdminLinkOnce(c echo.Context, slug, token string) {
	c.SetCookie(&http.Cookie{Name: "tk_admin_once", Value: token, Path: pathTo(c, routeGroup, slug), MaxAge: 300, HttpOnly: true, SameSite: http.SameSiteLaxMode})
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

// joinForm asks the new member which player they are. It changes nothing:
// joining is the form's POST, which Go's cross-origin protection guards, so
// a link opened from another site cannot switch anyone's groups.
func (s *Server) joinForm(c echo.Context) error {
	g, err := s.inviteFor(c)
	if err != nil {
		return err
	}
	secret(c) // reached by the invite link
	page, err := s.joinPage(c, g)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, views.JoinGroup(page))
}

// joinPage offers the group's current players that no member plays as.
func (s *Server) joinPage(c echo.Context, g store.Group) (views.JoinPage, error) {
	page := views.JoinPage{GroupName: g.Name, Action: c.Request().URL.Path}
	ps, err := s.store.Players(c.Request().Context(), g.ID)
	for _, p := range ps {
		if !p.Claimed && !p.Archived() {
			page.Players = append(page.Players, views.JoinPlayer{ID: strconv.FormatInt(p.ID, 10), Name: p.Name})
		}
	}
	return page, err
}

// join makes this browser a member playing as the player it picked
// (player=<id>) or as the name it typed (player=new or none: the group's
// player of that name when no member plays as them, else a new player).
func (s *Server) join(c echo.Context) error {
	g, err := s.inviteFor(c)
	if err != nil {
		return err
	}
	vctx := s.viewCtx(c)
	picked, display := c.FormValue("player"), c.FormValue("display")
	refuse := func(status int, msg string) error {
		page, err := s.joinPage(c, g)
		if err != nil {
			return err
		}
		page.Picked, page.Form = picked, views.NameForm{Name: display, Error: msg}
		return s.render(c, status, views.JoinGroup(page))
	}
	ctx := c.Request().Context()
	var tok string
	if picked != "" && picked != "new" {
		id, perr := strconv.ParseInt(picked, 10, 64)
		page, err := s.joinPage(c, g)
		if err != nil {
			return err
		}
		if perr != nil || !slices.ContainsFunc(page.Players, func(p views.JoinPlayer) bool { return p.ID == picked }) {
			picked = ""
			return refuse(http.StatusUnprocessableEntity, views.T(vctx, "join.gone"))
		}
		tok, err = s.store.JoinAsPlayer(ctx, g.Slug, c.Param("token"), id, sessionToken(c))
		if errors.Is(err, store.ErrClaimed) { // another phone picked them a moment ago
			picked = ""
			return refuse(http.StatusConflict, views.T(vctx, "join.gone"))
		}
	} else {
		if k := checkName(display); k != "" {
			if strings.TrimSpace(display) == "" && picked == "" {
				if page, _ := s.joinPage(c, g); len(page.Players) > 0 {
					k = "join.pickone"
				}
			}
			return refuse(http.StatusUnprocessableEntity, views.T(vctx, k))
		}
		tok, err = s.store.Join(ctx, g.Slug, c.Param("token"), display, sessionToken(c))
		name, _ := store.CheckName(display)
		switch {
		case errors.Is(err, store.ErrClaimed):
			return refuse(http.StatusConflict, views.T(vctx, "name.takenjoin", "Name", name))
		case errors.Is(err, store.ErrNameTaken):
			return refuse(http.StatusUnprocessableEntity, views.T(vctx, "name.archived", "Name", name))
		}
	}
	if errors.Is(err, store.ErrNotFound) { // the link was rotated meanwhile
		return s.joinRefused(c)
	}
	if err != nil {
		return err
	}
	setSession(c, tok)
	return c.Redirect(http.StatusSeeOther, pathTo(c, routeGroup, c.Param("group")))
}

// sameToken compares secrets in constant time.
func sameToken(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

// joinRefused counts a failed join or admin claim (a wrong or stale link)
// and answers 404, or 429 when this client has failed too often lately.
func (s *Server) joinRefused(c echo.Context) error {
	if s.joins.fail(serve.ClientKey(c)) {
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
	secret(c) // reached by the admin link
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
	return c.Redirect(http.StatusSeeOther, pathTo(c, routeGroup, c.Param("group")))
}
