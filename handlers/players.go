package handlers

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

func (s *Server) players(c echo.Context) error {
	r, err := s.roster(c)
	if err != nil {
		return err
	}
	if c.QueryParam("claimed") == "1" && memberOf(c).who.PlayerID != 0 {
		r.Flash = views.T(s.viewCtx(c), "players.claimed", "Name", memberOf(c).who.Display)
	}
	return s.render(c, http.StatusOK, views.PlayersPage(r))
}

func (s *Server) roster(c echo.Context) (views.Roster, error) {
	m := memberOf(c)
	ps, err := s.store.Players(c.Request().Context(), m.group.ID)
	r := views.Roster{Group: m.nav(c), Pick: m.who.PlayerID == 0}
	for _, p := range ps {
		if p.Guest {
			g := views.RosterPlayer{ID: p.ID, Name: p.Name}
			if m.who.IsAdmin {
				g.Action = pathTo(c, routePlayerAdmit, m.group.Slug, p.ID)
			}
			r.Guests = append(r.Guests, g)
			continue
		}
		r.Players = append(r.Players, views.RosterPlayer{ID: p.ID, Name: p.Name, Archived: p.Archived(), Action: pathTo(c, routePlayer, m.group.Slug, p.ID),
			You: p.ID == m.who.PlayerID, Claimed: p.Claimed, Rename: views.NameForm{Name: p.Name}})
	}
	return r, err
}

// nameRefused is the sentence for a name the store refused as another
// player's, "" for any other error.
func (s *Server) nameRefused(c echo.Context, err error, name string) string {
	if errors.Is(err, store.ErrNameTaken) {
		name, _ = store.CheckName(name)
		return views.T(s.viewCtx(c), "name.taken", "Name", name)
	}
	return ""
}

func (s *Server) addPlayer(c echo.Context) error {
	m := memberOf(c)
	name := c.FormValue("name")
	msg := ""
	if k := checkName(name); k != "" {
		msg = views.T(s.viewCtx(c), k)
	} else if _, err := s.store.AddPlayer(c.Request().Context(), m.group.ID, name); err != nil {
		if msg = s.nameRefused(c, err, name); msg == "" {
			return err
		}
	}
	if msg != "" {
		r, err := s.roster(c)
		if err != nil {
			return err
		}
		r.Form = views.NameForm{Name: name, Error: msg}
		return s.render(c, http.StatusUnprocessableEntity, views.PlayersPage(r))
	}
	return c.Redirect(http.StatusSeeOther, pathTo(c, routePlayers, m.group.Slug))
}

func (s *Server) updatePlayer(c echo.Context) error {
	m := memberOf(c)
	id, err := strconv.ParseInt(c.Param("player"), 10, 64)
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	ctx := c.Request().Context()
	// refuse draws the roster again with msg under the player's line.
	refuse := func(status int, name, msg string) error {
		r, err := s.roster(c)
		if err != nil {
			return err
		}
		for i := range r.Players {
			if r.Players[i].ID == id {
				r.Players[i].Rename = views.NameForm{Name: name, Error: msg}
			}
		}
		return s.render(c, status, views.PlayersPage(r))
	}
	done := pathTo(c, routePlayers, m.group.Slug)
	switch c.FormValue("op") {
	case "rename":
		name := c.FormValue("name")
		if k := checkName(name); k != "" {
			return refuse(http.StatusUnprocessableEntity, name, views.T(s.viewCtx(c), k))
		}
		err = s.store.RenamePlayer(ctx, m.group.ID, id, name)
		if msg := s.nameRefused(c, err, name); msg != "" {
			return refuse(http.StatusUnprocessableEntity, name, msg)
		}
	case "archive", "restore":
		err = s.store.SetArchived(ctx, m.group.ID, id, c.FormValue("op") == "archive")
	case "claim": // a member who plays as no player yet says which one they are
		err = s.store.ClaimPlayer(ctx, m.group.ID, m.who.SessionID, id)
		if errors.Is(err, store.ErrClaimed) {
			p, _ := s.store.Player(ctx, m.group.ID, id)
			return refuse(http.StatusConflict, p.Name, views.T(s.viewCtx(c), "name.claimed", "Name", p.Name))
		}
		done += "?claimed=1"
	default:
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, done)
}
